import TestSupport
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

    /// The compact merge against the rule written plainly (a dictionary of per-tag maxima), on
    /// random lists with many repeats, several tags per part of speech and ties in frequency.
    @Test(arguments: [1, 2, 3, 4, 5])
    func agreesWithThePlainRuleOnRandomLists(seed: UInt64) {
        var random = SplitMix64(state: seed)
        let lemmas = ["a", "b", "c", "d", "e", "f", "TRUE", "true", "caf\u{E9}", "cafe\u{301}"]
        let tags: [(String, PartOfSpeech)] = [("NN1", .noun), ("NN2", .noun), ("VV0", .verb), ("JJ", .adjective)]
        let rows = (0 ..< 300).map { index in
            let (tag, pos) = tags[Int(random.next() % UInt64(tags.count))]
            return S.row(index + 2, lemmas[Int(random.next() % UInt64(lemmas.count))], tag, pos, Int64(random.next() % 20))
        }
        #expect(Array(WordMerger.merge(rows)) == Self.plainMerge(rows))
    }

    static func plainMerge(_ rows: [FrequencyRow]) -> [MergedWord] {
        struct Key: Hashable { var lemma: String; var pos: PartOfSpeech }
        var order: [Key] = []
        var words: [Key: MergedWord] = [:]
        var perTag: [Key: [String: Int64]] = [:]
        for row in rows {
            let key = Key(lemma: row.lemma, pos: row.partOfSpeech)
            if words[key] == nil {
                order.append(key)
                words[key] = MergedWord(lemma: row.lemma, partOfSpeech: row.partOfSpeech, tags: [], frequency: 0, line: row.line)
            }
            var counts = perTag[key] ?? [:]
            if counts[row.tag] == nil { words[key]!.tags.append(row.tag) }
            counts[row.tag] = max(counts[row.tag] ?? 0, row.frequency)
            perTag[key] = counts
        }
        return order.map { key in
            var word = words[key]!
            word.frequency = word.tags.reduce(0) { $0 + perTag[key]![$1]! }
            return word
        }.sorted { ($0.frequency, -$0.line) > ($1.frequency, -$1.line) }
    }
}
