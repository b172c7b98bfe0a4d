import Foundation
import VocabCore

/// The order a card's translations are shown in: the first one is the word a learner reads first
/// (docs/policy.md, the join: translation order).
///
/// A lexicon lists a concept's members in its own order: Open English WordNet's editors name the
/// concept first (`car, auto, automobile`), the Open Multilingual Wordnet 1.4 lexicons
/// alphabetically (omw-es: child → `alevín … niño`). Where the build reads sentence pairs, their
/// translations say which of a card's translations is the usual one for the card's word: the
/// translations are ordered by how many pairs showing the word contain each in their translation
/// (child → niño, in 60 pairs; alevín in none). Equal counts keep the lexicon's order when its
/// member order means something (``MemberOrder/meaningful``), and otherwise go by the learner
/// language's frequency in the pairs' translations, then the lexicon's order. Without pairs, or for
/// another language than the pairs', the lexicon's order stays.
package enum TranslationOrder {
    /// The fewest pairs showing the card's word that must contain another name of the concept for
    /// it to join the card (``ordered(_:names:word:partOfSpeech:evidence:arbitrary:)``)…
    package static let minimumAttestation = 2
    /// …and the smallest share of those pairs they must be.
    package static let minimumAttestationPercent = 5

    /// `translation` ordered by `evidence` for the word at `word` in `partOfSpeech`, with the
    /// concept's other `names` in the language (every layer's, a fallback's too) that the pairs
    /// attest added (at least ``minimumAttestation`` pairs, and ``minimumAttestationPercent`` % of
    /// the word's: `job` is *ocupación* in omw-es and *trabajo* in 300 of its pairs). The lemmas
    /// of the layers in `arbitrary` (`id:version`s) have an arbitrary member order. A translation
    /// into another language than the evidence's is returned as it is.
    package static func ordered(
        _ translation: Translation, names: Translation, word: Int, partOfSpeech: PartOfSpeech, evidence: any UsageEvidence,
        arbitrary: Set<String>
    ) -> Translation {
        guard translation.language == evidence.language else { return translation }
        let pairs = evidence.pairCount(word: word)
        // A word no pair shows attests no other name.
        let extra = pairs == 0 ? [] : names.lemmas.indices.filter { !translation.lemmas.contains(names.lemmas[$0]) }
        guard translation.lemmas.count + extra.count > 1 else { return translation }
        let counts = evidence.occurrences(word: word, partOfSpeech: partOfSpeech, of: translation.lemmas + extra.map { names.lemmas[$0] })
        var lemmas = translation.lemmas
        var sources = translation.sources.count == lemmas.count ? translation.sources : Array(repeating: "", count: lemmas.count)
        var kept = Array(counts.prefix(lemmas.count))
        for (offset, index) in extra.enumerated() {
            let count = counts[translation.lemmas.count + offset]
            guard count >= minimumAttestation, count * 100 >= pairs * minimumAttestationPercent else { continue }
            lemmas.append(names.lemmas[index])
            sources.append(index < names.sources.count ? names.sources[index] : "")
            kept.append(count)
        }
        // The frequencies decide only when every lemma comes from a lexicon whose member order
        // means nothing (a curated order is never overruled by frequency alone), and they are
        // asked for only where they decide: between equal counts.
        let byFrequency = sources.allSatisfy(arbitrary.contains)
        var frequencies: [Int?] = Array(repeating: nil, count: lemmas.count)
        func frequency(_ index: Int) -> Int {
            if let known = frequencies[index] { return known }
            let value = evidence.frequency(of: lemmas[index])
            frequencies[index] = value
            return value
        }
        let order = lemmas.indices.stablySorted { left, right in
            if kept[left] != kept[right] { return kept[left] > kept[right] }
            if byFrequency {
                let (a, b) = (frequency(left), frequency(right))
                if a != b { return a > b }
            }
            return left < right
        }
        guard order != Array(translation.lemmas.indices) else { return translation }
        return Translation(
            language: translation.language, lemmas: order.map { lemmas[$0] },
            sources: translation.sources.count == translation.lemmas.count ? order.map { sources[$0] } : translation.sources)
    }
}

/// A word of the list the evidence was made for: what the join orders the word's translations by.
package struct WordUsage {
    /// What the sentence pairs say of the list's words.
    package var evidence: any UsageEvidence
    /// The word's index in that list.
    package var word: Int

    /// The word at `word` of `evidence`'s list.
    package init(_ evidence: any UsageEvidence, word: Int) {
        self.evidence = evidence
        self.word = word
    }

    /// `translations` (one per target language) of the concept `ili` with the evidence's language
    /// ordered and completed (``TranslationOrder``); `targets` give the concept's other names and
    /// say which layers have an arbitrary member order.
    func ordered(_ translations: [Translation], ili: String?, partOfSpeech: PartOfSpeech, targets: [TranslationSource]) -> [Translation] {
        translations.map { translation in
            guard translation.language == evidence.language, let target = targets.first(where: { $0.language == translation.language })
            else { return translation }
            // The concept's other names are looked up only for a word some pair shows.
            let names = evidence.pairCount(word: word) == 0 ? translation : target.allNames(ili: ili)
            return TranslationOrder.ordered(
                translation, names: names, word: word, partOfSpeech: partOfSpeech, evidence: evidence, arbitrary: target.arbitrarilyOrdered)
        }
    }
}
