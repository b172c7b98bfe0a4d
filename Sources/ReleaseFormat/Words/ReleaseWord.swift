import VocabCore

/// One word of a published release, as the app reads it: the model the emitter writes to the
/// SQLite database and the JSON bundle, and the one `vocab validate` and `vocab diff` read back.
///
/// In JSON it is one record of `words`, keys in ``CardField``'s order: `name`, `pos`, `freq`,
/// `freqRank`, `band`, `definition`, `definitionLanguage`, `translations` (every target language,
/// configuration order), `translationSources`, `synonyms`, `sentences` (the examples' texts),
/// `examples` (each with its translation and source), `pronunciations`, `sourceLemma`,
/// `provenance` {`lexicon`, `entry`, `sense`, `synset`, `ili`, `senseRank`, `pinned`}; absent
/// values are `null`.
package struct ReleaseWord: CarriesWordCard, Sendable, Equatable {
    /// 1-based position in the release (the SQLite `words.id`; a record's place in the JSON).
    package var id: Int
    /// 1 (most frequent) ... the release's number of bands.
    package var band: Int
    /// Nil when the release publishes frequency bands only.
    package var frequency: Int64?
    /// Nil when the release publishes frequency bands only.
    package var rank: Int?
    /// What the app shows: lemma (JSON `name`), part of speech, definition, synonyms, examples
    /// (JSON `examples`, their texts `sentences`), translations and provenance.
    package var card: WordCard

    /// A published word; `frequency` and `rank` are nil in a release that publishes bands only.
    package init(id: Int, band: Int, frequency: Int64?, rank: Int?, card: WordCard) {
        self.id = id
        self.band = band
        self.frequency = frequency
        self.rank = rank
        self.card = card
    }

    /// The key that identifies a word across releases.
    package var key: WordKey { WordKey(lemma: card.lemma, partOfSpeech: card.partOfSpeech) }
}

/// A word's identity across releases: its lemma and part of speech (never its row id).
package struct WordKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The lexicon's written form (`American`), compared exactly.
    package var lemma: String
    /// The part of speech: `can`/noun and `can`/verb are two words.
    package var partOfSpeech: PartOfSpeech

    /// The key of `lemma` as `partOfSpeech`.
    package init(lemma: String, partOfSpeech: PartOfSpeech) {
        self.lemma = lemma
        self.partOfSpeech = partOfSpeech
    }

    /// By lemma (Unicode scalar order), then part of speech, so that reports list words stably.
    package static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.lemma, lhs.partOfSpeech) < (rhs.lemma, rhs.partOfSpeech)
    }

    /// `lemma/pos`.
    package var description: String { "\(lemma)/\(partOfSpeech.rawValue)" }
}
