/// A column of the frequency list: a header name (`"lemma"`) or a 1-based index (`2`).
package enum ColumnRef: Codable, Sendable, Equatable, CustomStringConvertible {
    /// A header name, matched exactly (needs `header: true`).
    case name(String)
    /// A 1-based column number.
    case index(Int)

    /// A JSON number is a column number, a string a header name; anything else is a wrong type.
    package init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let index = try? c.decode(Int.self) {
            self = .index(index)
        } else if let name = try? c.decode(String.self) {
            self = .name(name)
        } else {
            throw DecodingError.typeMismatch(
                String.self,
                .init(codingPath: decoder.codingPath, debugDescription: "expected a header name or a 1-based column number"))
        }
    }

    /// Writes the number or the name back as the config gave it.
    package func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .name(let name): try c.encode(name)
        case .index(let index): try c.encode(index)
        }
    }

    /// `column "PoS"` or `column 2`, for messages.
    package var description: String {
        switch self {
        case .name(let name): return "column \"\(name)\""
        case .index(let index): return "column \(index)"
        }
    }
}

/// `frequency.columns`: where each row holds the word, the tag and the count.
///
/// Only the word's column is required. Without a part-of-speech column the list is a list of
/// word forms whose part of speech the lemmatize step gives (the config then needs a
/// `lemmatization` section); without a frequency column the file order is the rank.
package struct FrequencyColumns: Codable, Sendable, Equatable {
    /// The lemma's (or word form's) column (`"lemma"` in COCA's layout, `"word"` in wordfreq's).
    package var lemma: ColumnRef
    /// The source tag's column (`"PoS"` in COCA's layout), mapped through `frequency.tags`; nil
    /// for a list without parts of speech.
    package var partOfSpeech: ColumnRef?
    /// The count's column (`"freq"` in COCA's layout); nil when the list gives no counts (the
    /// file order is the rank: see `FrequencySourceConfig`).
    package var frequency: ColumnRef?

    enum CodingKeys: String, CodingKey, CaseIterable { case lemma, partOfSpeech, frequency }

    /// The columns, each a header name or a 1-based number.
    package init(lemma: ColumnRef, partOfSpeech: ColumnRef?, frequency: ColumnRef?) {
        self.lemma = lemma
        self.partOfSpeech = partOfSpeech
        self.frequency = frequency
    }

    /// Decodes the keys (`lemma` required), rejecting unknown ones.
    package init(from decoder: Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        lemma = try c.decode(ColumnRef.self, forKey: .lemma)
        partOfSpeech = try c.decodeIfPresent(ColumnRef.self, forKey: .partOfSpeech)
        frequency = try c.decodeIfPresent(ColumnRef.self, forKey: .frequency)
    }
}
