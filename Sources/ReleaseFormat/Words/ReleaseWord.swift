import VocabCore

/// One word of a published release, as the app reads it: the model the emitter writes to the
/// SQLite database and the JSON bundle, and the one `vocab validate` and `vocab diff` read back.
///
/// In JSON it is one record of `words`, keys in this order: `name`, `pos`, `freq`, `rank`,
/// `band`, `definition`, `translations` (every target language, configuration order),
/// `synonyms`, `sentences`, `sourceLemma`, `provenance` {`lexicon`, `entry`, `sense`, `synset`,
/// `ili`, `senseRank`}; absent values are `null`.
public struct ReleaseWord: Sendable, Equatable {
    /// 1-based position in the release (the SQLite `words.id`; a record's place in the JSON).
    public var id: Int
    /// The lexicon's written form (JSON `name`).
    public var lemma: String
    /// The frequency list's spelling.
    public var sourceLemma: String
    public var partOfSpeech: PartOfSpeech
    /// Nil when the release publishes frequency bands only.
    public var frequency: Int64?
    /// Nil when the release publishes frequency bands only.
    public var rank: Int?
    /// 1 (most frequent) ... the release's number of bands.
    public var band: Int
    public var definition: String?
    public var synonyms: [String]
    /// Example sentences (JSON `sentences`).
    public var examples: [String]
    /// One element per target language, in configuration order (lemmas possibly empty).
    public var translations: [Translation]
    public var provenance: Provenance

    public init(
        id: Int, lemma: String, sourceLemma: String, partOfSpeech: PartOfSpeech, frequency: Int64?, rank: Int?,
        band: Int, definition: String?, synonyms: [String], examples: [String], translations: [Translation],
        provenance: Provenance
    ) {
        self.id = id
        self.lemma = lemma
        self.sourceLemma = sourceLemma
        self.partOfSpeech = partOfSpeech
        self.frequency = frequency
        self.rank = rank
        self.band = band
        self.definition = definition
        self.synonyms = synonyms
        self.examples = examples
        self.translations = translations
        self.provenance = provenance
    }

    /// The word as published from a joined record: its id, band and, when the frequency source
    /// may be redistributed, its count and rank.
    public init(_ record: WordRecord, id: Int, band: Int, publishesCounts: Bool) {
        self.init(
            id: id, lemma: record.lemma, sourceLemma: record.sourceLemma, partOfSpeech: record.partOfSpeech,
            frequency: publishesCounts ? record.frequency : nil, rank: publishesCounts ? record.rank : nil,
            band: band, definition: record.definition, synonyms: record.synonyms, examples: record.examples,
            translations: record.translations, provenance: record.provenance)
    }

    /// The key that identifies a word across releases.
    public var key: WordKey { WordKey(lemma: lemma, partOfSpeech: partOfSpeech) }

    /// The lemmas for `language`, empty when there are none.
    public func translations(for language: String) -> [String] {
        translations.first { $0.language == language }?.lemmas ?? []
    }
}

/// A word's identity across releases: its lemma and part of speech (never its row id).
public struct WordKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var lemma: String
    public var partOfSpeech: PartOfSpeech

    public init(lemma: String, partOfSpeech: PartOfSpeech) {
        self.lemma = lemma
        self.partOfSpeech = partOfSpeech
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.lemma, lhs.partOfSpeech) < (rhs.lemma, rhs.partOfSpeech)
    }

    /// `lemma/pos`.
    public var description: String { "\(lemma)/\(partOfSpeech.rawValue)" }
}
