import Foundation
import SQLiteDatabase
import TestSupport
import Testing
import VocabCore
import VocabPipeline

/// The release build on the real corpus (COCA + OEWN 2025 + omw-es, N = 3000), when
/// `../shared/corpus` is present; reported as skipped, with the reason, otherwise.
@Suite(.serialized, .needsRealCorpus) struct RealCorpusTests {
    @Test func releaseBuildOnTheRealCorpus() throws {
        let corpus = TestProject.sharedCorpus
        let output = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let pipeline = try Project.pipeline(Project.releaseConfig, corpus: corpus, output: output)
        let report = try PipelineBuild.run(pipeline)
        print(report.text)

        let records = try JSONLines.read(
            WordRecord.self, from: pipeline.stageFolder(.join).appendingPathComponent("records.jsonl"))
        #expect(records.count == 3000)
        #expect(report.counts.words == 3000)

        // No duplicate (lemma, part of speech).
        let keys = records.map { "\($0.lemma)\t\($0.partOfSpeech.rawValue)" }
        #expect(Set(keys).count == records.count)

        // spring/noun is the season, with primavera.
        let spring = try #require(records.first { $0.sourceLemma == "spring" && $0.partOfSpeech == .noun })
        #expect(spring.definition?.contains("season") == true, "\(spring.definition ?? "nil")")
        #expect(spring.translations(for: "es").contains("primavera"))

        // american/adjective is emitted as American, keeping the source lemma.
        let american = try #require(records.first { $0.sourceLemma == "american" && $0.partOfSpeech == .adjective })
        #expect(american.lemma == "American")

        // Adjectives reach satellite synsets (OEWN synset ids end in -s).
        let satellites = records.filter { $0.partOfSpeech == .adjective && $0.provenance.synsetId.hasSuffix("-s") }
        #expect(satellites.count > 100)

        // Every record's translations belong to its own sense: same ILI, never "in".
        #expect(records.allSatisfy { $0.provenance.ili != "in" })
        #expect(records.filter { $0.provenance.ili == nil }.allSatisfy { $0.translations(for: "es").isEmpty })

        let coverage = try #require(report.coverage["es"])
        print("Spanish coverage: \(coverage.translated)/\(coverage.words) (\(coverage.percent)%)")
        #expect(coverage.translated > 2000)

        let database = try SQLiteConnection(
            path: pipeline.releaseFolder.appendingPathComponent("coca-oewn2025-es.sqlite").path)
        let count = try database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM words") }
        #expect(count == 3000)
    }
}
