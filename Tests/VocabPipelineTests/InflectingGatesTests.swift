import StageSelect
import Testing
@testable import VocabCore
@testable import VocabPipeline

/// Issue 46's gates: what would have caught the derived releases' failures. A few very frequent
/// lemmas lost to `no-entry` (Russian `год²`'s forms) weigh their frequency, not their number; a
/// part of speech the lexicon barely has (OMW Polish's verbs) leaves a release without it.
@Suite struct InflectingGatesTests {
    static func selected(_ lemma: String, _ partOfSpeech: PartOfSpeech, _ frequency: Int64) -> SelectedWord {
        SelectedWord(rank: 1, sourceLemma: lemma, lemma: lemma, partOfSpeech: partOfSpeech, frequency: frequency, line: 2, entryId: lemma)
    }

    static func dropped(_ lemma: String, _ frequency: Int64, _ reason: DropReason) -> DroppedWord {
        DroppedWord(sourceLemma: lemma, tag: "", partOfSpeech: .noun, frequency: frequency, line: 3, reason: reason)
    }

    @Test func theFrequencyLostIsTheShareOfTheConsideredWordsFrequency() {
        // Two words kept (700), one dropped for no-entry (300), one not reached (never considered).
        let result = SelectionResult(
            selected: [Self.selected("a", .noun, 400), Self.selected("b", .verb, 300)],
            dropped: [Self.dropped("год²", 300, .noEntry), Self.dropped("z", 5000, .notReached)], distinctWords: 4, notReached: 1)
        #expect(SelectStage.frequencyLost(result) == ["no-entry": 30])
    }

    @Test func theGatesJudgeWordsPerPartOfSpeechAndTheFrequencyLost() {
        var gates = GatesConfig()
        gates.minimumPartsOfSpeech = ["verb": 400, "noun": 10]
        gates.maximumFrequencyLost = ["no-entry": 6]
        let counts = ReleaseCounts(words: 3000, partsOfSpeech: ["noun": 2990, "adjective": 10])
        let report = QualityGates.evaluate(gates, counts: counts, targetLanguages: [], comparison: nil, frequencyLost: ["no-entry": 7.4])
        #expect(report.results.map(\.gate) == ["minimumPartsOfSpeech.noun", "minimumPartsOfSpeech.verb", "maximumFrequencyLost.no-entry"])
        #expect(report.results.map(\.status) == [.passed, .failed, .failed])
        #expect(report.results[1].value == 0)
        // Figures from before frequencies were recorded: the gate is skipped, not failed.
        let older = QualityGates.evaluate(gates, counts: counts, targetLanguages: [], comparison: nil, frequencyLost: nil)
        #expect(older.results.last?.status == .skipped)
    }
}
