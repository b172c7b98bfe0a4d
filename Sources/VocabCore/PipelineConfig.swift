import Foundation

/// The declarative pipeline, as `pipeline.json` states it. Unknown keys, wrong types and
/// missing required keys are errors naming the key path. See the README for every key.
package struct PipelineConfig: Codable, Sendable, Equatable {
    /// `dataset`: the release's package name, version and manifest text.
    package var dataset: DatasetConfig
    /// Folder that relative source paths are resolved against, relative to the config
    /// file's folder. `--corpus` overrides it.
    package var corpus: String
    /// `frequency`: the frequency list and how to read it.
    package var frequency: FrequencySourceConfig
    /// The source-language lexicon (definitions, synonyms, examples).
    package var lexicon: LexiconSourceConfig
    /// Lexicons that provide translations, one or more per target language.
    package var translations: [TranslationSourceConfig]
    /// `selection`: which words the release keeps (the defaults when absent).
    package var selection: SelectionConfig
    /// `translation`: the translation policy (`none` when absent).
    package var translation: TranslationConfig
    /// `output`: where releases and stage artifacts go (the defaults when absent).
    package var output: OutputConfig
    /// `dictionary`: whether the release also carries every entry of the source lexicon (off when absent).
    package var dictionary: DictionaryConfig
    /// `sensePins`: a file of sense pins (`lemma part-of-speech ILI` per line), relative to the
    /// config file's folder (a maintainer's file, kept with the config, not a source); nil for none.
    package var sensePins: String?
    /// `gates`: what a release must meet to be published (none when absent). Not encoded: gates
    /// are left out of the config the manifest embeds (see ``GatesConfig``).
    package var gates: GatesConfig

    enum CodingKeys: String, CodingKey, CaseIterable {
        case dataset, corpus, frequency, lexicon, translations, selection, translation, output, dictionary, sensePins
    }

    /// Keys decoded but never encoded.
    enum UnembeddedKeys: String, CodingKey, CaseIterable { case gates }

    /// Decodes `pipeline.json`, rejecting unknown keys and filling in the README's defaults.
    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self, UnembeddedKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        dataset = try c.decode(DatasetConfig.self, forKey: .dataset)
        corpus = try c.decodeIfPresent(String.self, forKey: .corpus) ?? "Corpus"
        frequency = try c.decode(FrequencySourceConfig.self, forKey: .frequency)
        lexicon = try c.decode(LexiconSourceConfig.self, forKey: .lexicon)
        translations = try c.decodeIfPresent([TranslationSourceConfig].self, forKey: .translations) ?? []
        selection = try c.decodeIfPresent(SelectionConfig.self, forKey: .selection) ?? SelectionConfig()
        translation = try c.decodeIfPresent(TranslationConfig.self, forKey: .translation) ?? TranslationConfig()
        output = try c.decodeIfPresent(OutputConfig.self, forKey: .output) ?? OutputConfig()
        dictionary = try c.decodeIfPresent(DictionaryConfig.self, forKey: .dictionary) ?? DictionaryConfig()
        sensePins = try c.decodeIfPresent(String.self, forKey: .sensePins)
        gates = try decoder.container(keyedBy: UnembeddedKeys.self).decodeIfPresent(GatesConfig.self, forKey: .gates) ?? GatesConfig()
    }

    /// The target languages, in configuration order, without repeats.
    package var targetLanguages: [String] {
        var seen = Set<String>()
        return translations.map(\.language).filter { seen.insert($0).inserted }
    }
}

/// The `dataset` section: what the release is called and how it describes itself.
package struct DatasetConfig: Codable, Sendable, Equatable {
    /// Lower-case letters, digits, `-`, `_`, `.` (a Frictionless package name).
    package var name: String
    /// Semantic version `MAJOR.MINOR.PATCH` (pre-release/build suffixes allowed).
    package var version: String
    /// A title for the manifest; none when absent.
    package var title: String?
    /// A description for the manifest; none when absent.
    package var description: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case name, version, title, description }

    /// Decodes the section, rejecting unknown keys; `name` and `version` are required.
    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        version = try c.decode(String.self, forKey: .version)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        description = try c.decodeIfPresent(String.self, forKey: .description)
    }
}

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

/// The `frequency` section: the frequency list's file, layout, tag map and terms of use.
package struct FrequencySourceConfig: Codable, Sendable, Equatable {
    /// The frequency list (CSV, TSV, ...), relative to the corpus folder.
    package var path: String
    /// How fields are separated; `,` when absent.
    package var delimiter: Delimiter
    /// Whether the first line is a header. Column names need a header.
    package var header: Bool
    /// Where the lemma, the tag and the count are.
    package var columns: FrequencyColumns
    /// Source tag → part of speech. Tags are matched exactly (case-sensitive).
    package var tags: [String: PartOfSpeech]
    /// What a tag missing from ``tags`` does: stop the build (`error`, the default) or drop the row.
    package var unknownTags: UnknownTagPolicy
    /// The source's title, for the manifest.
    package var title: String?
    /// The source's licence and attribution, for the manifest.
    package var license: SourceLicense?
    /// False when the source's terms forbid showing exact counts or ranks: the release then
    /// carries frequency bands only.
    package var redistributable: Bool
    /// How many frequency bands the release uses (1 to 20).
    package var bands: Int
    /// The list's pin (`sha256`, `bytes`, `url`, `mirrors`); nil when the config gives none.
    /// Not encoded (see ``SourcePin``).
    package var pin: SourcePin?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case path, delimiter, header, columns, tags, unknownTags, title, license, redistributable, bands
    }

    /// A frequency source with the README's defaults: comma, header, unknown tags are errors,
    /// redistributable, 20 bands.
    package init(
        path: String, delimiter: Delimiter = .character(","), header: Bool = true,
        columns: FrequencyColumns, tags: [String: PartOfSpeech], unknownTags: UnknownTagPolicy = .error,
        title: String? = nil, license: SourceLicense? = nil, redistributable: Bool = true, bands: Int = 20,
        pin: SourcePin? = nil
    ) {
        self.path = path
        self.delimiter = delimiter
        self.header = header
        self.columns = columns
        self.tags = tags
        self.unknownTags = unknownTags
        self.title = title
        self.license = license
        self.redistributable = redistributable
        self.bands = bands
        self.pin = pin
    }

    /// Decodes the section, rejecting unknown keys; `path`, `columns` and `tags` are required.
    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self, SourcePin.CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        path = try c.decode(String.self, forKey: .path)
        delimiter = try c.decodeIfPresent(Delimiter.self, forKey: .delimiter) ?? .character(",")
        header = try c.decodeIfPresent(Bool.self, forKey: .header) ?? true
        columns = try c.decode(FrequencyColumns.self, forKey: .columns)
        tags = try c.decode([String: PartOfSpeech].self, forKey: .tags)
        unknownTags = try c.decodeIfPresent(UnknownTagPolicy.self, forKey: .unknownTags) ?? .error
        title = try c.decodeIfPresent(String.self, forKey: .title)
        license = try c.decodeIfPresent(SourceLicense.self, forKey: .license)
        redistributable = try c.decodeIfPresent(Bool.self, forKey: .redistributable) ?? true
        bands = try c.decodeIfPresent(Int.self, forKey: .bands) ?? 20
        pin = try SourcePin.decode(from: decoder)
    }
}

/// The `lexicon` section, and the lexicon part of each `translations` item: a WN-LMF file and
/// how to read it.
package struct LexiconSourceConfig: Codable, Sendable, Equatable {
    /// A WN-LMF `.xml` or `.xml.gz` file.
    package var path: String
    /// Which `Lexicon` of the file to use; required only when the file holds several.
    package var id: String?
    /// Attribution line for the bundle (the lexicon's own `citation` is kept too).
    package var attribution: String?
    /// Upper bound on the uncompressed size read from the file (guards against gzip bombs).
    package var maxBytes: Int64
    /// The file's pin (`sha256`, `bytes`, `url`, `mirrors`); nil when the config gives none.
    /// Not encoded (see ``SourcePin``).
    package var pin: SourcePin?

    /// 2 GiB, the default ``maxBytes``.
    package static let defaultMaxBytes: Int64 = 2 << 30

    enum CodingKeys: String, CodingKey, CaseIterable { case path, id, attribution, maxBytes }

    /// A lexicon source; `id` nil takes the file's only `Lexicon`.
    package init(
        path: String, id: String? = nil, attribution: String? = nil, maxBytes: Int64 = defaultMaxBytes, pin: SourcePin? = nil
    ) {
        self.path = path
        self.id = id
        self.attribution = attribution
        self.maxBytes = maxBytes
        self.pin = pin
    }

    /// Decodes the section, rejecting unknown keys; `path` is required.
    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self, SourcePin.CodingKeys.self)
        try self.init(fields: decoder)
    }

    /// Decodes the lexicon's keys and its pin from an object that may hold others (a
    /// translation's `language`).
    init(fields decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        path = try c.decode(String.self, forKey: .path)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        attribution = try c.decodeIfPresent(String.self, forKey: .attribution)
        maxBytes = try c.decodeIfPresent(Int64.self, forKey: .maxBytes) ?? Self.defaultMaxBytes
        pin = try SourcePin.decode(from: decoder)
    }
}

/// One item of `translations`: a lexicon that gives translations into `language`.
package struct TranslationSourceConfig: Codable, Sendable, Equatable {
    /// The target language (`es`); several lexicons may serve one language, merged in order.
    package var language: String
    /// The lexicon file and its options, written inline next to `language`.
    package var lexicon: LexiconSourceConfig

    /// The lexicon file (`path` of the item), relative to the corpus folder.
    package var path: String { lexicon.path }

    enum CodingKeys: String, CodingKey, CaseIterable { case language, path, id, attribution, maxBytes }

    /// A translation lexicon for `language`.
    package init(language: String, lexicon: LexiconSourceConfig) {
        self.language = language
        self.lexicon = lexicon
    }

    /// Decodes `language`, the lexicon's keys and its pin from one flat object, rejecting unknown keys.
    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self, SourcePin.CodingKeys.self)
        language = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .language)
        lexicon = try LexiconSourceConfig(fields: decoder)
    }

    /// Writes one flat object: `language` beside the lexicon's keys.
    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(language, forKey: .language)
        try lexicon.encode(to: encoder)
    }
}

/// The `selection` section: which words make the release.
package struct SelectionConfig: Codable, Sendable, Equatable {
    /// The parts of speech kept (`noun`, `verb`, `adjective` when absent); never `other`.
    package var partsOfSpeech: [PartOfSpeech]
    /// How many words the release holds (fewer only when the list runs out).
    package var count: Int
    /// A stop-list file (one `lemma` or `lemma:partOfSpeech` per line, `#` comments), relative to
    /// the corpus folder.
    package var stopList: String?
    /// Stop words given inline; merged with the file's.
    package var stopWords: [String]
    /// Words whose merged frequency is below it are dropped (`below-minimum-frequency`); 0 keeps all.
    package var minimumFrequency: Int64

    enum CodingKeys: String, CodingKey, CaseIterable {
        case partsOfSpeech, count, stopList, stopWords, minimumFrequency
    }

    /// A selection with the README's defaults: nouns, verbs and adjectives, 3000 words, no stop
    /// words, no minimum.
    package init(
        partsOfSpeech: [PartOfSpeech] = [.noun, .verb, .adjective], count: Int = 3000,
        stopList: String? = nil, stopWords: [String] = [], minimumFrequency: Int64 = 0
    ) {
        self.partsOfSpeech = partsOfSpeech
        self.count = count
        self.stopList = stopList
        self.stopWords = stopWords
        self.minimumFrequency = minimumFrequency
    }

    /// Decodes the section, rejecting unknown keys; every key is optional.
    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        partsOfSpeech = try c.decodeIfPresent([PartOfSpeech].self, forKey: .partsOfSpeech) ?? [.noun, .verb, .adjective]
        count = try c.decodeIfPresent(Int.self, forKey: .count) ?? 3000
        stopList = try c.decodeIfPresent(String.self, forKey: .stopList)
        stopWords = try c.decodeIfPresent([String].self, forKey: .stopWords) ?? []
        minimumFrequency = try c.decodeIfPresent(Int64.self, forKey: .minimumFrequency) ?? 0
    }
}

/// `translation.policy`: which sense a word's text comes from when its first sense lacks a
/// translation.
package enum TranslationPolicy: String, Codable, Sendable, Equatable {
    /// Translations only from the first sense; none is fine.
    case none
    /// Move to the first sense with translations in every target language.
    case sense
}

/// The `translation` section.
package struct TranslationConfig: Codable, Sendable, Equatable {
    /// The translation policy; `none` when absent.
    package var policy: TranslationPolicy

    enum CodingKeys: String, CodingKey, CaseIterable { case policy }

    /// A section with `policy`.
    package init(policy: TranslationPolicy = .none) { self.policy = policy }

    /// Decodes the section, rejecting unknown keys.
    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        policy = try c.decodeIfPresent(TranslationPolicy.self, forKey: .policy) ?? .none
    }
}

/// The `output` section: where a build writes.
package struct OutputConfig: Codable, Sendable, Equatable {
    /// Where releases are published (`<directory>/<name>-<version>/`, the report folder beside
    /// it), relative to the config file.
    package var directory: String
    /// Where stage artifacts go (`<work>/<name>-<version>/<stage>/`), relative to the config file:
    /// a hidden cache folder beside the config by default, never under the output folder (the
    /// artifacts hold exact counts of the frequency list).
    package var work: String

    /// The default work folder, relative to the config file's folder.
    package static let defaultWork = ".vocab-work"

    enum CodingKeys: String, CodingKey, CaseIterable { case directory, work }

    /// The folders, relative to the config file's folder (`Output` and `.vocab-work` by default).
    package init(directory: String = "Output", work: String = OutputConfig.defaultWork) {
        self.directory = directory
        self.work = work
    }

    /// Decodes the section, rejecting unknown keys.
    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        directory = try c.decodeIfPresent(String.self, forKey: .directory) ?? "Output"
        work = try c.decodeIfPresent(String.self, forKey: .work) ?? Self.defaultWork
    }
}

/// The `dictionary` section: whether the release carries the source lexicon's every entry as
/// a card (`<name>-dictionary.sqlite`), for a dictionary service that answers look-ups of words
/// outside the release.
package struct DictionaryConfig: Codable, Sendable, Equatable {
    /// Build the dictionary; off by default.
    package var enabled: Bool

    enum CodingKeys: String, CodingKey, CaseIterable { case enabled }

    /// A section; the dictionary is off unless `enabled`.
    package init(enabled: Bool = false) { self.enabled = enabled }

    /// Decodes the section, rejecting unknown keys.
    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        enabled = try c.decodeIfPresent(Bool.self, forKey: .enabled) ?? false
    }
}
