/// Translations of one word into one target language, from the lexicons of that language.
package struct Translation: Codable, Sendable, Equatable {
    /// BCP 47 language tag, as configured (`es`).
    package var language: String
    /// Target lemmas in the target synsets' `members` order, without duplicates.
    package var lemmas: [String]

    /// Translations into `language`, in order.
    package init(language: String, lemmas: [String]) {
        self.language = language
        self.lemmas = lemmas
    }
}

/// Where a record's text comes from.
package struct Provenance: Codable, Sendable, Equatable {
    /// `id:version` of the source lexicon (`oewn:2025`).
    package var lexicon: String
    /// The `LexicalEntry` id (`oewn-bank-n`).
    package var entryId: String
    /// The emitted `Sense` id.
    package var senseId: String
    /// The sense's `Synset` id (`oewn-08420278-n`), where the text comes from.
    package var synsetId: String
    /// The synset's interlingual index (`i35545`), nil when absent, empty or `in`.
    package var ili: String?
    /// 1-based rank of the emitted sense among the entry's senses.
    package var senseRank: Int
    /// True when a maintainer's sense pin chose the sense (and the entry), not the first-sense rule.
    package var pinned: Bool

    /// Provenance of one record.
    package init(
        lexicon: String, entryId: String, senseId: String, synsetId: String, ili: String?,
        senseRank: Int, pinned: Bool = false
    ) {
        self.lexicon = lexicon
        self.entryId = entryId
        self.senseId = senseId
        self.synsetId = synsetId
        self.ili = ili
        self.senseRank = senseRank
        self.pinned = pinned
    }

    enum CodingKeys: String, CodingKey { case lexicon, entryId, senseId, synsetId, ili, senseRank, pinned }

    /// Decodes a provenance; `pinned` is false when absent (artifacts written before pins existed).
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            lexicon: try c.decode(String.self, forKey: .lexicon), entryId: try c.decode(String.self, forKey: .entryId),
            senseId: try c.decode(String.self, forKey: .senseId), synsetId: try c.decode(String.self, forKey: .synsetId),
            ili: try c.decodeIfPresent(String.self, forKey: .ili), senseRank: try c.decode(Int.self, forKey: .senseRank),
            pinned: try c.decodeIfPresent(Bool.self, forKey: .pinned) ?? false)
    }
}

/// What the app shows of one word, its card: the lexicon's written form and the list's
/// spelling, the part of speech, and one sense's definition, synonyms, examples and
/// translations, with where they come from. Shared by the join stage's records and the
/// release's words.
package struct WordCard: Codable, Sendable, Equatable {
    /// The lexicon's written form (`American` for the list's `american`).
    package var lemma: String
    /// The frequency list's spelling.
    package var sourceLemma: String
    /// The part of speech the list's tag maps to (not the WN-LMF letter).
    package var partOfSpeech: PartOfSpeech
    /// The sense's synset's first definition.
    package var definition: String?
    /// The other members of the synset, in `members` order.
    package var synonyms: [String]
    /// The synset's example sentences.
    package var examples: [String]
    /// One element per configured target language, in configuration order (possibly empty lemmas).
    package var translations: [Translation]
    /// The lexicon, entry, sense and synset the text comes from.
    package var provenance: Provenance

    /// A card from its fields; `translations` in configuration order.
    package init(
        lemma: String, sourceLemma: String, partOfSpeech: PartOfSpeech, definition: String?, synonyms: [String],
        examples: [String], translations: [Translation], provenance: Provenance
    ) {
        self.lemma = lemma
        self.sourceLemma = sourceLemma
        self.partOfSpeech = partOfSpeech
        self.definition = definition
        self.synonyms = synonyms
        self.examples = examples
        self.translations = translations
        self.provenance = provenance
    }

    /// The lemmas for `language`, empty when there are none.
    package func translations(for language: String) -> [String] {
        translations.first { $0.language == language }?.lemmas ?? []
    }
}

/// One word of the release: the join stage's output and the emit stage's input — a card with
/// the word's rank and merged frequency. The card's fields read through it (`record.lemma`).
package struct WordRecord: CarriesWordCard, Codable, Sendable, Equatable {
    /// 1-based rank in the release (frequency order after drops).
    package var rank: Int
    /// The merged frequency from the list.
    package var frequency: Int64
    /// The word itself: forms, part of speech, sense text, translations, provenance.
    package var card: WordCard

    /// A record of `card` at `rank`.
    package init(rank: Int, frequency: Int64, card: WordCard) {
        self.rank = rank
        self.frequency = frequency
        self.card = card
    }

}

/// A word that carries a card (``WordRecord``, and the release's published word): the card's
/// fields read through it (`record.lemma`, `record.translations`).
@dynamicMemberLookup
package protocol CarriesWordCard {
    /// The card the word's fields read through.
    var card: WordCard { get set }
}

extension CarriesWordCard {
    /// A field of the card.
    package subscript<T>(dynamicMember keyPath: WritableKeyPath<WordCard, T>) -> T {
        get { card[keyPath: keyPath] }
        set { card[keyPath: keyPath] = newValue }
    }

    /// The card's translations (spelt out: the method below would hide the card's field).
    package var translations: [Translation] {
        get { card.translations }
        set { card.translations = newValue }
    }

    /// The lemmas for `language`, empty when there are none.
    package func translations(for language: String) -> [String] { card.translations(for: language) }
}
