/// Translations of one word into one target language, from the lexicons of that language.
public struct Translation: Codable, Sendable, Equatable {
    /// BCP 47 language tag, as configured (`es`).
    public var language: String
    /// Target lemmas in the target synsets' `members` order, without duplicates.
    public var lemmas: [String]

    public init(language: String, lemmas: [String]) {
        self.language = language
        self.lemmas = lemmas
    }
}

/// Where a record's text comes from.
public struct Provenance: Codable, Sendable, Equatable {
    /// `id:version` of the source lexicon (`oewn:2025`).
    public var lexicon: String
    public var entryId: String
    public var senseId: String
    public var synsetId: String
    /// The synset's interlingual index (`i35545`), nil when absent, empty or `in`.
    public var ili: String?
    /// 1-based rank of the emitted sense among the entry's senses.
    public var senseRank: Int

    public init(
        lexicon: String, entryId: String, senseId: String, synsetId: String, ili: String?,
        senseRank: Int
    ) {
        self.lexicon = lexicon
        self.entryId = entryId
        self.senseId = senseId
        self.synsetId = synsetId
        self.ili = ili
        self.senseRank = senseRank
    }
}

/// One word of the release: the join stage's output and the emit stage's input.
public struct WordRecord: Codable, Sendable, Equatable {
    public var rank: Int
    /// The lexicon's written form.
    public var lemma: String
    /// The frequency list's spelling.
    public var sourceLemma: String
    public var partOfSpeech: PartOfSpeech
    public var frequency: Int64
    public var definition: String?
    public var synonyms: [String]
    public var examples: [String]
    /// One element per configured target language, in configuration order (possibly empty lemmas).
    public var translations: [Translation]
    public var provenance: Provenance

    public init(
        rank: Int, lemma: String, sourceLemma: String, partOfSpeech: PartOfSpeech,
        frequency: Int64, definition: String?, synonyms: [String], examples: [String],
        translations: [Translation], provenance: Provenance
    ) {
        self.rank = rank
        self.lemma = lemma
        self.sourceLemma = sourceLemma
        self.partOfSpeech = partOfSpeech
        self.frequency = frequency
        self.definition = definition
        self.synonyms = synonyms
        self.examples = examples
        self.translations = translations
        self.provenance = provenance
    }

    /// The lemmas for `language`, empty when there are none.
    public func translations(for language: String) -> [String] {
        translations.first { $0.language == language }?.lemmas ?? []
    }
}
