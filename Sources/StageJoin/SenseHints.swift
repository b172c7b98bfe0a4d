import VocabCore
import WNLMF

/// What the join saw of a word's entry beside the sense the word took, for the report's review of
/// sense-pin candidates: entries that differ from the word's only in case (`Earth` for `earth`),
/// and, per target language, a later sense translated where the chosen one is not. Only the
/// lexicons can tell, so the join stage records it; the report reads it from `join/stage.json`.
package struct SenseHint: Codable, Sendable, Equatable {
    /// The released word's written form.
    package var lemma: String
    /// Its part of speech.
    package var pos: PartOfSpeech
    /// The senses of its case-variant entries of the same part of speech (the first
    /// ``SenseHints/variantSenses`` of each), with their concepts: what a pin could choose.
    package var variants: [SenseOption]
    /// Per target language whose translation the chosen sense lacks: the entry's first later
    /// sense with one.
    package var laterTranslated: [SenseOption]
}

/// A sense a pin could choose: its entry's written form, its rank there, its concept and gloss.
package struct SenseOption: Codable, Sendable, Equatable {
    /// The written form of the entry the sense belongs to.
    package var lemma: String
    /// 1-based rank of the sense in that entry.
    package var senseRank: Int
    /// The concept (`i85805`); nil when the synset has none (it cannot be pinned).
    package var ili: String?
    /// The synset's first definition in the source lexicon.
    package var definition: String?
    /// The target language whose translation the sense has (later-sense hints only).
    package var language: String?
    /// Its translations into ``language``.
    package var translations: [String]?

    /// A sense option.
    package init(
        lemma: String, senseRank: Int, ili: String?, definition: String?, language: String? = nil, translations: [String]? = nil
    ) {
        self.lemma = lemma
        self.senseRank = senseRank
        self.ili = ili
        self.definition = definition
        self.language = language
        self.translations = translations
    }
}

/// The rule that finds the hints: a pure function of the joined records and the lexicons.
package enum SenseHints {
    /// Senses listed per case-variant entry.
    package static let variantSenses = 3

    /// The hints of `records` (pinned words aside: a maintainer already chose their sense), in
    /// record order; a word with nothing to say has none. "Later" is later in the order the card
    /// took its entry's senses in (`ordering`: the lexicon's, or ranked through the ILI).
    package static func hints(
        _ records: [WordRecord], source: Lexicon, targets: [TranslationSource], ordering: SenseOrdering = .lexicon
    ) -> [SenseHint] {
        var hints: [SenseHint] = []
        for record in records where !record.provenance.pinned {
            guard let entry = source.entry(id: record.provenance.entryId) else { continue }
            let order = (try? SenseRanking.rank(entry, source: source, ordering: ordering).order) ?? Array(entry.senses.indices)
            let letters = record.partOfSpeech.wordNetLetters
            var variants: [SenseOption] = []
            for variant in source.entries(caseInsensitiveForm: record.lemma)
            where variant.id != entry.id && variant.writtenForm != record.lemma && letters.contains(variant.partOfSpeech) {
                for (index, sense) in variant.senses.prefix(variantSenses).enumerated() {
                    let synset = source.synset(id: sense.synset)
                    variants.append(SenseOption(
                        lemma: variant.writtenForm, senseRank: index + 1, ili: synset?.interlingualId, definition: synset?.definitions.first))
                }
            }
            var later: [SenseOption] = []
            let position = order.firstIndex(of: record.provenance.senseRank - 1) ?? order.count
            for target in targets where record.translations(for: target.language).isEmpty {
                for index in order.dropFirst(position + 1) {
                    guard let synset = source.synset(id: entry.senses[index].synset) else { continue }
                    let lemmas = target.lemmas(ili: synset.interlingualId)
                    if lemmas.isEmpty { continue }
                    later.append(SenseOption(
                        lemma: entry.writtenForm, senseRank: index + 1, ili: synset.interlingualId, definition: synset.definitions.first,
                        language: target.language, translations: lemmas))
                    break
                }
            }
            if !variants.isEmpty || !later.isEmpty {
                hints.append(SenseHint(lemma: record.lemma, pos: record.partOfSpeech, variants: variants, laterTranslated: later))
            }
        }
        return hints
    }
}
