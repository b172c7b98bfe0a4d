/// The `frequency` section: the frequency list's file, layout, tag map and terms of use.
package struct FrequencySourceConfig: Codable, Sendable, Equatable {
    /// The frequency list (CSV, TSV, ...), relative to the corpus folder.
    package var path: String
    /// How fields are separated; `,` when absent.
    package var delimiter = Delimiter.character(",")
    /// Whether the first line is a header (the default). Column names need a header.
    package var header = true
    /// Where the lemma, the tag and the count are.
    package var columns: FrequencyColumns
    /// Source tag → part of speech. Tags are matched exactly (case-sensitive).
    package var tags: [String: PartOfSpeech]
    /// What a tag missing from ``tags`` does: stop the build (`error`, the default) or drop the row.
    package var unknownTags = UnknownTagPolicy.error
    /// The source's title, for the manifest.
    package var title: String?
    /// The source's licence and attribution, for the manifest.
    package var license: SourceLicense?
    /// False when the source's terms forbid showing exact counts or ranks: the release then
    /// carries frequency bands only. True by default.
    package var redistributable = true
    /// How many frequency bands the release uses (1 to 20; 20 by default).
    package var bands = 20
    /// The list's pin (`sha256`, `bytes`, `url`, `mirrors`); nil when the config gives none.
    /// Not encoded (see ``SourcePin``).
    package var pin: SourcePin?
    /// The list's character encoding, an ICU converter name (`ISO-8859-1`, `windows-1252`,
    /// `UTF-16`, ...); nil is UTF-8 (with or without a byte-order mark), as before the key existed.
    package var encoding: String?
    /// What a malformed row does: stop the build (`error`, the default) or leave the row out,
    /// counted and listed with its line (`skip`). Nil is `error` (and keeps the config's bytes).
    package var malformedRows: MalformedRowPolicy?
    /// How many decimal places a frequency may have (`64600.0000` per million: 4); the value is
    /// kept as a whole number of those units (646000000), so sums and order stay exact. Nil or 0:
    /// whole numbers only.
    package var decimalPlaces: Int?
    /// Whether empty fields after the last column a row needs are ignored (`ignore`) or make the
    /// row's field count wrong (`error`, the default, as before the key existed).
    package var trailingEmptyFields: TrailingFieldPolicy?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case path, delimiter, header, columns, tags, unknownTags, title, license, redistributable, bands
        case encoding, malformedRows, decimalPlaces, trailingEmptyFields
    }

    /// The largest ``decimalPlaces``: a frequency per million with 9 places still fits Int64 up
    /// to 9,223,372,036.
    package static let maxDecimalPlaces = 9

    /// A frequency source with the defaults of docs/configuration.md, declared once on the
    /// properties (the decoder falls back to them too): redistributable, 20 bands; the layout
    /// (by default comma, header, unknown tags are errors) may be given here.
    package init(
        path: String, columns: FrequencyColumns, tags: [String: PartOfSpeech], delimiter: Delimiter? = nil, header: Bool? = nil,
        unknownTags: UnknownTagPolicy? = nil
    ) {
        self.path = path
        self.columns = columns
        self.tags = tags
        if let delimiter { self.delimiter = delimiter }
        if let header { self.header = header }
        if let unknownTags { self.unknownTags = unknownTags }
    }

    /// Decodes the section, rejecting unknown keys; `path`, `columns` and `tags` are required.
    package init(from decoder: Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, alsoAllowing: SourcePin.CodingKeys.self)
        path = try c.decode(String.self, forKey: .path)
        delimiter = try c.decodeIfPresent(Delimiter.self, forKey: .delimiter) ?? delimiter
        header = try c.decodeIfPresent(Bool.self, forKey: .header) ?? header
        columns = try c.decode(FrequencyColumns.self, forKey: .columns)
        // A list without a part-of-speech column has no tags to map.
        tags = try c.decodeIfPresent([String: PartOfSpeech].self, forKey: .tags) ?? [:]
        unknownTags = try c.decodeIfPresent(UnknownTagPolicy.self, forKey: .unknownTags) ?? unknownTags
        title = try c.decodeIfPresent(String.self, forKey: .title)
        license = try c.decodeIfPresent(SourceLicense.self, forKey: .license)
        redistributable = try c.decodeIfPresent(Bool.self, forKey: .redistributable) ?? redistributable
        bands = try c.decodeIfPresent(Int.self, forKey: .bands) ?? bands
        pin = try SourcePin.decode(from: decoder)
        encoding = try c.decodeIfPresent(String.self, forKey: .encoding)
        malformedRows = try c.decodeIfPresent(MalformedRowPolicy.self, forKey: .malformedRows)
        decimalPlaces = try c.decodeIfPresent(Int.self, forKey: .decimalPlaces)
        trailingEmptyFields = try c.decodeIfPresent(TrailingFieldPolicy.self, forKey: .trailingEmptyFields)
    }
}

/// What to do with a malformed row (a wrong field count, an empty word, a frequency that is not
/// a number, an unknown tag under `unknownTags: "error"`).
package enum MalformedRowPolicy: String, Codable, Sendable, Equatable {
    /// `error` stops the build at the row; `skip` leaves it out, counted, and lists it with its
    /// line and reason in the report folder.
    case error, skip
}

/// How fields are separated.
package enum Delimiter: Codable, Sendable, Equatable {
    /// One character (`,`, `;`, `|`, or a tab written `"\t"` or `"tab"`), RFC 4180 quoting.
    case character(Character)
    /// Runs of spaces and tabs; no quoting.
    case whitespace

    /// `"whitespace"`, `"tab"` (or a tab character), or any one character but a double quote or
    /// a line break.
    package init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        switch text {
        case "whitespace": self = .whitespace
        case "tab", "\t": self = .character("\t")
        default:
            guard text.count == 1, let character = text.first, character != "\"", !character.isNewline else {
                throw DecodingError.config(.invalidDelimiter(text), at: decoder.codingPath)
            }
            self = .character(character)
        }
    }

    /// Writes the config's spelling back: `whitespace`, `tab` or the character.
    package func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .whitespace: try c.encode("whitespace")
        case .character(let character): try c.encode(character == "\t" ? "tab" : String(character))
        }
    }
}

/// What to do with a row whose tag the map does not list.
package enum UnknownTagPolicy: String, Codable, Sendable, Equatable {
    /// `error` stops the build at the row (file, line and column); `drop` leaves the row out with
    /// the reason `unknown-tag`.
    case error, drop
}

/// `frequency.trailingEmptyFields`: `error` (a field more than the header is a wrong field count)
/// or `ignore` (empty fields at a row's end, beyond the fields expected, are dropped: `de,64600,`
/// under a two-column header).
package enum TrailingFieldPolicy: String, Codable, Sendable, Equatable {
    case error, ignore
}
