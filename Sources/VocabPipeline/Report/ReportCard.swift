import Foundation
import VocabCore

/// A released word's card as the report shows it beside a finding: the sense (rank, concept,
/// synset), the definition, a few synonyms, the first example and the translations. Never a
/// frequency or a rank of the list.
package struct ReportCard: Codable, Sendable, Equatable {
    /// The lexicon's written form.
    package var lemma: String
    /// The frequency list's spelling (what a sense pin names).
    package var sourceLemma: String
    /// The part of speech.
    package var pos: PartOfSpeech
    /// 1-based rank of the sense in its entry.
    package var senseRank: Int
    /// The sense's concept; nil when it has none.
    package var ili: String?
    /// The synset id.
    package var synset: String
    /// The definition shown.
    package var definition: String?
    /// Its language when it is not the source lexicon's (a gloss).
    package var definitionLanguage: String?
    /// The first synonyms.
    package var synonyms: [String]
    /// The first example sentence.
    package var example: String?
    /// Translations per target language (a language without one: an empty list).
    package var translations: [String: [String]]
    /// True when a sense pin chose the sense.
    package var pinned: Bool

    /// Synonyms shown at most.
    static let synonymLimit = 6

    /// The card of `card`; its definition's language is kept only when it is not
    /// `sourceLanguage` (a gloss from another lexicon).
    package init(_ card: WordCard, sourceLanguage: String?) {
        lemma = card.lemma
        sourceLemma = card.sourceLemma
        pos = card.partOfSpeech
        senseRank = card.provenance.senseRank
        ili = card.provenance.ili
        synset = card.provenance.synsetId
        definition = card.definition
        definitionLanguage = card.definitionLanguage == sourceLanguage ? nil : card.definitionLanguage
        synonyms = Array(card.synonyms.prefix(Self.synonymLimit))
        example = card.examples.first?.text
        translations = Dictionary(card.translations.map { ($0.language, $0.lemmas) }, uniquingKeysWith: { first, _ in first })
        pinned = card.provenance.pinned
    }

    /// `lemma/pos`.
    package var word: String { "\(lemma)/\(pos.rawValue)" }

    /// A sense-pin line choosing the concept `ili` for this word (the pins file's syntax).
    package func pinLine(_ ili: String) -> String { "\(sourceLemma) \(pos.rawValue) \(ili)" }
}
