import TestSupport
import Testing
import VocabCore
import WNLMF
@testable import StageJoin

/// The dictionary makes its cards from the source lexicon kept compactly: every entry's card
/// is the card the same entry gets from the lexicon loaded whole, under both policies.
@Suite struct CompactCardTests {
    @Test(arguments: [TranslationPolicy.none, .sense])
    func everyEntrysCardIsTheSameFromTheCompactLexicon(policy: TranslationPolicy) throws {
        let url = TestProject.sampleCorpus.appendingPathComponent("lexicon-en.xml")
        let whole = try LexiconReader.read(.file(url), displayPath: "en", keeping: .lexicon())
        let compact = try LexiconReader.read(.file(url), displayPath: "en", keeping: .compact())
        let targets = try ["es", "fr", "de"].map { language in
            TranslationSource(language: language, lexicons: [try TestProject.sampleLexicon("lexicon-\(language).xml")])
        }
        var cards = 0
        for (index, entry) in whole.entries.enumerated() where !entry.senses.isEmpty {
            let fromCompact = compact.entry(at: index)
            let expected = try SenseJoiner.card(
                of: entry, sourceLemma: entry.writtenForm, partOfSpeech: entry.partOfSpeech.coarse, source: whole,
                targets: targets, policy: policy)
            let card = try SenseJoiner.card(
                of: fromCompact, sourceLemma: fromCompact.writtenForm, partOfSpeech: fromCompact.partOfSpeech.coarse,
                source: compact, targets: targets, policy: policy)
            #expect(card == expected)
            cards += 1
        }
        #expect(cards >= 20, "the sample lexicon has cards to compare")
    }
}
