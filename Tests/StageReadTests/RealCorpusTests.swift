import Foundation
@testable import StageRead
import TestSupport
import Testing
import VocabCore

@Suite("The real COCA list", .needsRealCorpus)
struct RealCorpusTests {
    /// `../shared/corpus/frequency/COCA_WordFrequency.csv`.
    static let cocaFile = TestProject.sharedCorpus.appendingPathComponent("frequency/COCA_WordFrequency.csv")

    static let config = Fixture.config(
        lemma: .name("lemma"), partOfSpeech: .name("PoS"), frequency: .name("freq"), tags: Fixture.cocaTags)

    @Test func readsTheWholeCOCAList() throws {
        let reader = FrequencyListReader(config: Self.config)
        let clock = ContinuousClock()
        var result = FrequencyReadResult()
        let elapsed = try clock.measure {
            result = try reader.read(Self.cocaFile, displayPath: "frequency/COCA_WordFrequency.csv")
        }
        print("read COCA_WordFrequency.csv (\(result.rows.count) rows) in \(elapsed)")

        #expect(result.rows.count == 5050)
        #expect(result.dataRows == 5050)
        #expect(result.dropped.isEmpty)
        let first = try #require(result.rows.first)
        #expect(first.lemma == "the")
        #expect(first.tag == "a")
        #expect(first.frequency == 50_033_612)
        #expect(first.line == 2)
        #expect(result.rows.last?.line == 5051)
        #expect(result.rows.last?.frequency == 11_875)

        let trueRow = try #require(result.rows.first { $0.lemma == "TRUE" })
        #expect(trueRow.tag == "j")
        #expect(trueRow.partOfSpeech == .adjective)
        #expect(result.rows.contains { $0.lemma == "FALSE" })
        #expect(!result.rows.contains { $0.lemma == "true" })

        var counts: [String: Int] = [:]
        for row in result.rows { counts[row.lemma, default: 0] += 1 }
        #expect(counts.values.filter { $0 > 1 }.count == 623)

        // Frequencies never increase down the file.
        #expect(zip(result.rows, result.rows.dropFirst()).allSatisfy { $0.frequency >= $1.frequency })

        // Per-tag counts as the corpus README states them.
        var perTag: [String: Int] = [:]
        for row in result.rows { perTag[row.tag, default: 0] += 1 }
        #expect(perTag == ["n": 2635, "v": 969, "j": 824, "r": 331, "i": 94, "p": 47, "c": 40, "d": 34,
                           "m": 33, "u": 28, "a": 11, "x": 2, "t": 1, "e": 1])

        // The same bytes read from memory give the same result.
        let data = try Data(contentsOf: Self.cocaFile)
        #expect(try reader.read(data: data, displayPath: "frequency/COCA_WordFrequency.csv") == result)
    }

    @Test func unknownCOCATagsCanBeDropped() throws {
        var config = Self.config
        config.tags = ["n": .noun, "v": .verb, "j": .adjective]
        config.unknownTags = .drop
        let result = try FrequencyListReader(config: config).read(Self.cocaFile, displayPath: "coca.csv")
        #expect(result.rows.count == 2635 + 969 + 824)
        #expect(result.dropped.count == 5050 - result.rows.count)
        #expect(result.dataRows == 5050)
        #expect(result.dropped.allSatisfy { $0.reason == .unknownTag && $0.partOfSpeech == nil })
        #expect(result.dropped.first?.sourceLemma == "the")
    }
}
