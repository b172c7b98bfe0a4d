import Testing
import VocabCore
@testable import VocabPipeline

/// The dictionary's figures are counted per batch of cards on the threads that make them, then
/// added up: the sum is what counting every card in one place gives.
@Suite struct DictionaryFiguresTests {
    /// Cards of every part of speech, translated or not into two languages from two sources,
    /// with a definition in one of two languages or none.
    var cards: [WordCard] {
        (0..<50).map { index in
            let languages = ["es", "fr"]
            let translations = languages.enumerated().map { offset, language in
                Translation(
                    language: language, lemmas: (index + offset) % 3 == 0 ? [] : ["l\(index)"],
                    sources: (index + offset) % 3 == 0 ? [] : [index % 4 == 0 ? "omw-\(language):1.4" : "wikt-\(language):2.0"])
            }
            return WordCard(
                lemma: "w\(index)", sourceLemma: "w\(index)", partOfSpeech: PartOfSpeech.allCases[index % PartOfSpeech.allCases.count],
                definition: index % 5 == 0 ? nil : "d", synonyms: [], examples: [], translations: translations,
                provenance: Provenance(lexicon: "oewn:2025", entryId: "e\(index)", senseId: "s\(index)", synsetId: "y\(index)", ili: nil, senseRank: 1),
                definitionLanguage: index % 5 == 0 ? nil : (index % 2 == 0 ? "en" : "es"))
        }
    }

    var none: DictionaryFigures {
        DictionaryFigures(entries: 0, partsOfSpeech: [:], translated: ["es": 0, "fr": 0], translatedBySource: [:], definitionLanguages: [:])
    }

    @Test(arguments: [1, 7, 16, 50])
    func countsAddedUpBatchByBatchAreTheCountsOfEveryCard(batch size: Int) {
        var whole = none
        for card in cards { whole.count(card) }
        var added = none
        for start in stride(from: 0, to: cards.count, by: size) {
            var tally = none
            for card in cards[start..<min(start + size, cards.count)] { tally.count(card) }
            added.add(tally)
        }
        #expect(added == whole)
        #expect(whole.entries == 50 && whole.translatedBySource?["es"]?.isEmpty == false && whole.definitionLanguages?.count == 2)
    }
}
