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

/// `frequency.columns`: where each row holds the lemma, the tag and the count.
package struct FrequencyColumns: Codable, Sendable, Equatable {
    /// The lemma's column (`"lemma"` in COCA's layout).
    package var lemma: ColumnRef
    /// The source tag's column (`"PoS"` in COCA's layout), mapped through `frequency.tags`.
    package var partOfSpeech: ColumnRef
    /// The count's column (`"freq"` in COCA's layout).
    package var frequency: ColumnRef

    enum CodingKeys: String, CodingKey, CaseIterable { case lemma, partOfSpeech, frequency }

    /// The three columns, each a header name or a 1-based number.
    package init(lemma: ColumnRef, partOfSpeech: ColumnRef, frequency: ColumnRef) {
        self.lemma = lemma
        self.partOfSpeech = partOfSpeech
        self.frequency = frequency
    }

    /// Decodes the three required keys, rejecting unknown ones.
    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        lemma = try c.decode(ColumnRef.self, forKey: .lemma)
        partOfSpeech = try c.decode(ColumnRef.self, forKey: .partOfSpeech)
        frequency = try c.decode(ColumnRef.self, forKey: .frequency)
    }
}
