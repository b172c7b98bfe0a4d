import Testing
import VocabCore
@testable import StageSelect

@Suite struct WordMergerTests {
    typealias S = SampleCorpus

    @Test func repeatedRowsOfOneTagKeepTheLargestCount() {
        let merged = WordMerger.merge([S.row(2, "house", "n", .noun, 900), S.row(9, "house", "n", .noun, 200)])
        #expect(merged.count == 1)
        #expect(merged[0].frequency == 900)
        #expect(merged[0].line == 2)
    }

    @Test func differentTagsOfOnePartOfSpeechAreAdded() {
        let merged = WordMerger.merge([S.row(2, "cat", "NN1", .noun, 70), S.row(3, "cat", "NN2", .noun, 30)])
        #expect(merged.map(\.frequency) == [100])
        #expect(merged[0].tags == ["NN1", "NN2"])
    }

    @Test func samLemmaUnderAnotherPartOfSpeechStaysApart() {
        let merged = WordMerger.merge([S.row(2, "spring", "n", .noun, 8), S.row(3, "spring", "v", .verb, 5)])
        #expect(merged.map(\.partOfSpeech) == [.noun, .verb])
    }

    @Test func ordersByFrequencyThenSourceOrder() {
        let merged = WordMerger.merge([
            S.row(2, "low", "n", .noun, 1), S.row(3, "tie-first", "n", .noun, 5),
            S.row(4, "high", "n", .noun, 9), S.row(5, "tie-second", "n", .noun, 5),
        ])
        #expect(merged.map(\.lemma) == ["high", "tie-first", "tie-second", "low"])
    }

    @Test func sumSaturatesInsteadOfOverflowing() {
        let merged = WordMerger.merge([S.row(2, "x", "a", .noun, .max), S.row(3, "x", "b", .noun, 5)])
        #expect(merged[0].frequency == .max)
    }
}
