import Foundation
import TestSupport
import Testing
import VocabCore
import VocabPipeline

/// Issue 21's gate test on the real corpus: the COCA 2025 release built with `selection.count`
/// N − 50 against the same release at N loses 50 words and changes no card, but moves hundreds of
/// words by a band (the bands are equal shares of a smaller release). `maximumChanged` (content
/// only) passes; `maximumBandMoves` stops the build: exit 3, nothing published.
@Suite(.serialized, .needsRealCorpus) struct BandMoveGateRealCorpusTests {
    @Test func fiftyWordsFewerPassesMaximumChangedAndTripsTheBandMoveGate() throws {
        let folder = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The shipped config's release (shared with other suites), read only: `--previous` opens it.
        let shipped = try ShippedReleases.coca2025()
        let built = try JSONDecoder().decode(BuildReport.self, from: Data(shipped.run.stdout.utf8))
        let count = built.counts.words
        #expect(count == 3000)
        let previous = shipped.release

        let smaller = folder.appendingPathComponent("smaller")
        try FileManager.default.createDirectory(at: smaller, withIntermediateDirectories: true)
        let config = try ReleaseLoopRealCorpusTests.editedConfig("coca-oewn2025-es.json", in: smaller) { json in
            var dataset = json["dataset"] as! [String: Any]
            dataset["version"] = "1.1.0"
            json["dataset"] = dataset
            var selection = json["selection"] as! [String: Any]
            selection["count"] = count - 50
            json["selection"] = selection
            var gates = json["gates"] as! [String: Any]
            gates["minimumWords"] = count - 50
            gates["maximumBandMoves"] = 100
            json["gates"] = gates
        }
        let run = try Project.vocab([
            "build", "--config", config.path, "--corpus", TestProject.sharedCorpus.path, "--previous", previous.path,
            "--output", folder.appendingPathComponent("out").path, "--work", folder.appendingPathComponent("work").path, "--json",
        ])
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr.contains("gate failed: maximumBandMoves"), "\(run.stderr)")
        #expect(!run.stderr.contains("gate failed: maximumChanged"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/coca-oewn2025-es-1.1.0").path))

        let report = try JSONDecoder().decode(BuildReport.self, from: Data(contentsOf: folder
            .appendingPathComponent("out/coca-oewn2025-es-1.1.0.report/build-report.json")))
        let gates = try #require(report.gates)
        let changed = try #require(gates.results.first { $0.gate == "maximumChanged" })
        let moves = try #require(gates.results.first { $0.gate == "maximumBandMoves" })
        #expect(changed.status == .passed && moves.status == .failed)
        let comparison = try #require(report.previous)
        #expect(comparison.removed == 50 && comparison.added == 0, "\(comparison.removed) removed, \(comparison.added) added")
        #expect((comparison.bandMoves ?? 0) > 100 && moves.value == Double(comparison.bandMoves ?? -1))
        print("N − 50 against N: \(comparison.changed) changed in content, \(comparison.bandMoves ?? 0) band moves, \(comparison.removed) removed")
    }
}
