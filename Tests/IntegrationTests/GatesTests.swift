import Foundation
import TestSupport
import Testing
import VocabCore
import VocabPipeline

/// Quality gates through the `vocab` executable on the sample corpus: a missed gate exits 3 and
/// publishes nothing, the report folder names every gate, `--previous` feeds the comparison gates.
@Suite struct GatesTests {
    /// A scratch folder with a copy of the sample config (its corpus made absolute), edited.
    struct Scratch {
        let root: URL
        var output: URL { root.appendingPathComponent("out") }
        var work: URL { root.appendingPathComponent("work") }
        var release: URL { output.appendingPathComponent("sample-en-es-0.1.0") }
        var report: URL { output.appendingPathComponent("sample-en-es-0.1.0.report") }

        init() throws { root = try Project.temporaryFolder() }

        /// Writes the sample config edited by `edit` as `name` and returns its path.
        func config(_ name: String = "pipeline.json", _ edit: (inout [String: Any]) -> Void) throws -> URL {
            var json = try JSONSerialization.jsonObject(with: Data(contentsOf: Project.sampleConfig)) as! [String: Any]
            TestProject.relocate(&json, corpus: TestProject.sampleCorpus)
            edit(&json)
            let file = root.appendingPathComponent(name)
            try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: file)
            return file
        }

        func build(_ config: URL, _ extra: [String] = []) throws -> VocabRun {
            try Project.vocab(["build", "--config", config.path, "--output", output.path, "--work", work.path, "--json"] + extra)
        }

        func buildReport() throws -> BuildReport {
            try JSONDecoder().decode(BuildReport.self, from: Data(contentsOf: report.appendingPathComponent("build-report.json")))
        }
    }

    @Test func aMissedGateExitsThreeAndPublishesNothing() throws {
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let config = try scratch.config { $0["gates"] = ["minimumWords": 19, "minimumCoverage": ["es": 90, "de": 80]] }
        let run = try scratch.build(config)
        #expect(run.status == 3, "\(run)")
        #expect(run.stderr.contains("gate failed: minimumCoverage.es: 89.5 % (must be ≥ 90.0 %): failed"), "\(run.stderr)")
        #expect(!run.stderr.contains("gate failed: minimumCoverage.de"))
        #expect(!run.stderr.contains("error:"))
        // Nothing published, nothing left behind beside it but the report folder.
        #expect(!FileManager.default.fileExists(atPath: scratch.release.path))
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.output.path).filter { !$0.hasSuffix(".lock") }
        #expect(left == ["sample-en-es-0.1.0.report"], "\(left)")
        // The report folder names every gate with its value and threshold.
        let report = try scratch.buildReport()
        #expect(report.release == nil)
        let gates = try #require(report.gates)
        #expect(!gates.passed)
        #expect(gates.results.map(\.gate) == ["minimumWords", "minimumCoverage.es", "minimumCoverage.de"])
        #expect(gates.results.map(\.status) == [.passed, .failed, .passed])
        #expect(gates.results[1].threshold == 90 && abs(gates.results[1].value! - 1700.0 / 19) < 1e-9)
        // --json prints the same report on standard output.
        let printed = try JSONDecoder().decode(BuildReport.self, from: Data(run.stdout.utf8))
        #expect(printed.gates == report.gates)
        let markdown = try String(contentsOf: scratch.report.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(markdown.hasPrefix("### ❌ sample-en-es 0.1.0: not published, 1 of 3 gates failed"), "\(markdown)")
        #expect(markdown.contains("| minimumCoverage.es | 89.5 % | ≥ 90.0 % | ❌ failed |"), "\(markdown)")
        let html = try String(contentsOf: scratch.report.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("Not published: 1 of 3 gates failed"))
        // No exclusions were written for a release that was not published.
        #expect(!FileManager.default.fileExists(atPath: scratch.report.appendingPathComponent("exclusions.json").path))
    }

    @Test func aMissedGateLeavesThePublishedReleaseAndItsExclusionsAsTheyWere() throws {
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let first = try scratch.build(try scratch.config { _ in })
        #expect(first.status == 0, "\(first)")
        let published = try TestProject.fileDigests(under: scratch.release)
        let exclusions = try Data(contentsOf: scratch.report.appendingPathComponent("exclusions.json"))

        // A smaller release (one word fewer) that misses its gate.
        let config = try scratch.config {
            $0["selection"] = ["partsOfSpeech": ["noun", "verb", "adjective"], "count": 18, "stopList": TestProject.sampleCorpus.appendingPathComponent("stoplist.txt").path]
            $0["gates"] = ["minimumWords": 19]
        }
        let run = try scratch.build(config)
        #expect(run.status == 3, "\(run)")
        #expect(try TestProject.fileDigests(under: scratch.release) == published)
        #expect(try Data(contentsOf: scratch.report.appendingPathComponent("exclusions.json")) == exclusions)
        #expect(try scratch.buildReport().gates?.failures.map(\.gate) == ["minimumWords"])
    }

    @Test func passingGatesPublishAndAreReported() throws {
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let config = try scratch.config {
            $0["gates"] = ["minimumWords": 19, "minimumCoverage": ["es": 85], "maximumDropShare": ["pos-not-kept": 10], "maximumRemoved": 0]
        }
        let run = try scratch.build(config)
        #expect(run.status == 0, "\(run)")
        #expect(FileManager.default.fileExists(atPath: scratch.release.appendingPathComponent("datapackage.json").path))
        let gates = try #require(try scratch.buildReport().gates)
        #expect(gates.passed)
        #expect(gates.results.map(\.status) == [.passed, .passed, .passed, .skipped])
        // 2 of the 23 words considered (19 kept, 4 dropped) were dropped as pos-not-kept.
        #expect(abs(gates.results[2].value! - 200.0 / 23) < 1e-9)
        #expect(gates.results[3].note == "no --previous release to compare with")
        #expect(run.stderr.contains("gate maximumRemoved: not evaluated (must be ≤ 0): skipped"), "\(run.stderr)")
    }

    @Test func thePreviousReleaseFeedsTheComparisonGates() throws {
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let previousOutput = scratch.root.appendingPathComponent("previous")
        let first = try Project.vocab(["build", "--config", try scratch.config("v1.json") { _ in }.path,
                                       "--output", previousOutput.path, "--work", scratch.work.path])
        #expect(first.status == 0, "\(first)")
        let previous = previousOutput.appendingPathComponent("sample-en-es-0.1.0")

        func config(maximumRemoved: Int) throws -> URL {
            try scratch.config("v2.json") {
                $0["dataset"] = ["name": "sample-en-es", "version": "0.2.0"]
                $0["selection"] = ["partsOfSpeech": ["noun", "verb", "adjective"], "count": 18, "stopList": TestProject.sampleCorpus.appendingPathComponent("stoplist.txt").path]
                $0["gates"] = ["maximumRemoved": maximumRemoved, "maximumAdded": 0]
            }
        }
        let strict = try scratch.build(try config(maximumRemoved: 0), ["--previous", previous.path])
        #expect(strict.status == 3, "\(strict)")
        #expect(strict.stderr.contains("gate failed: maximumRemoved: 1 (must be ≤ 0): failed"), "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.output.appendingPathComponent("sample-en-es-0.2.0").path))

        let lenient = try scratch.build(try config(maximumRemoved: 1), ["--previous", previous.path])
        #expect(lenient.status == 0, "\(lenient)")
        let report = try JSONDecoder().decode(BuildReport.self, from: Data(contentsOf: scratch.output
            .appendingPathComponent("sample-en-es-0.2.0.report/build-report.json")))
        let comparison = try #require(report.previous)
        #expect(comparison.previous == "sample-en-es 0.1.0")
        #expect((comparison.added, comparison.removed) == (0, 1))
        let removed = try #require(comparison.words.first { $0.change == "removed" })
        #expect(removed.details == ["left the top 18"], "\(removed)")
        #expect(comparison.suggestedBump == "minor")
        #expect(report.gates?.results.map(\.status) == [.passed, .passed])
        let html = try String(contentsOf: scratch.output.appendingPathComponent("sample-en-es-0.2.0.report/report.html"), encoding: .utf8)
        #expect(html.contains("Against the previous release") && html.contains("left the top 18"))
    }

    @Test func anUnreadablePreviousReleaseIsAnErrorBeforeTheBuild() throws {
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let missing = scratch.root.appendingPathComponent("no-such-release")
        let run = try scratch.build(try scratch.config { _ in }, ["--previous", missing.path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.hasPrefix("error: \(missing.path): "), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.work.path))
    }

    @Test func emitChecksTheGatesToo() throws {
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let plain = try scratch.config { _ in }
        #expect(try scratch.build(plain).status == 0)
        try FileManager.default.removeItem(at: scratch.release)
        let gated = try scratch.config("gated.json") { $0["gates"] = ["minimumCoverage": ["pt": 95]] }
        let run = try Project.vocab(["emit", "--config", gated.path, "--output", scratch.output.path, "--work", scratch.work.path])
        #expect(run.status == 3, "\(run)")
        #expect(run.stderr.contains("gate failed: minimumCoverage.pt"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.release.path))
    }

    @Test(arguments: ["build", "emit"])
    func helpDocumentsExitStatusThree(_ command: String) throws {
        let run = try Project.vocab([command, "--help"])
        #expect(run.stdout.contains("\n  3   a gate of the config failed"), "\(run.stdout)")
        #expect(run.stdout.contains("--previous <RELEASE>"), "\(run.stdout)")
    }
}

/// Band moves are gated apart from content changes (`gates.maximumBandMoves`): a smaller release of
/// the same inputs moves words from band to band without changing a card, so `maximumChanged`
/// passes while the band-move gate stops it.
@Suite struct BandMoveGateTests {
    /// `lemma/pos` → band of a release's JSON bundle, read with JSONSerialization.
    static func bands(_ release: URL, _ name: String) throws -> [String: Int] {
        let bundle = try JSONSerialization.jsonObject(with: Data(contentsOf: release.appendingPathComponent("\(name).json"))) as! [String: Any]
        let words = bundle["words"] as! [[String: Any]]
        return Dictionary(uniqueKeysWithValues: words.map { ("\($0["name"]!)/\($0["pos"]!)", $0["band"] as! Int) })
    }

    @Test func aSmallerReleasePassesMaximumChangedAndTripsTheBandMoveGate() throws {
        let scratch = try GatesTests.Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        func config(_ name: String, version: String, count: Int, gates: [String: Any]) throws -> URL {
            try scratch.config(name) {
                $0["dataset"] = ["name": "sample-en-es", "version": version]
                var frequency = $0["frequency"] as! [String: Any]
                frequency["bands"] = 4
                // Bands only (as for a list that may not be redistributed): the diff compares bands, not ranks.
                frequency["redistributable"] = false
                $0["frequency"] = frequency
                $0["selection"] = ["partsOfSpeech": ["noun", "verb", "adjective"], "count": count,
                                   "stopList": TestProject.sampleCorpus.appendingPathComponent("stoplist.txt").path]
                $0["gates"] = gates
            }
        }
        let previousOutput = scratch.root.appendingPathComponent("previous")
        let first = try Project.vocab(["build", "--config", try config("v1.json", version: "0.1.0", count: 19, gates: [:]).path,
                                       "--output", previousOutput.path, "--work", scratch.work.path])
        #expect(first.status == 0, "\(first)")
        let previous = previousOutput.appendingPathComponent("sample-en-es-0.1.0")

        let strict = try scratch.build(try config("v2.json", version: "0.2.0", count: 17, gates: ["maximumChanged": 0, "maximumBandMoves": 0]),
                                       ["--previous", previous.path])
        #expect(strict.status == 3, "\(strict)")
        #expect(strict.stderr.contains("gate failed: maximumBandMoves"), "\(strict.stderr)")
        #expect(!strict.stderr.contains("gate failed: maximumChanged"), "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.output.appendingPathComponent("sample-en-es-0.2.0").path))

        // The same release without the band-move gate is published; its bands, read from the
        // bundles, give the moves the gate counted.
        let lenientOutput = scratch.root.appendingPathComponent("lenient")
        let lenient = try Project.vocab(["build", "--config", try config("v3.json", version: "0.2.0", count: 17, gates: ["maximumChanged": 0]).path,
                                         "--output", lenientOutput.path, "--work", scratch.work.path, "--previous", previous.path])
        #expect(lenient.status == 0, "\(lenient)")
        let before = try Self.bands(previous, "sample-en-es")
        let after = try Self.bands(lenientOutput.appendingPathComponent("sample-en-es-0.2.0"), "sample-en-es")
        let moves = after.filter { key, band in before[key].map { $0 != band } ?? false }.count
        #expect(moves > 0)
        let report = try JSONDecoder().decode(BuildReport.self, from: Data(contentsOf: scratch.output
            .appendingPathComponent("sample-en-es-0.2.0.report/build-report.json")))
        let gates = try #require(report.gates)
        #expect(gates.results.map(\.gate) == ["maximumChanged", "maximumBandMoves"])
        #expect(gates.results.map(\.status) == [.passed, .failed])
        #expect(gates.results[0].value == 0)
        #expect(gates.results[1].value == Double(moves), "\(gates.results[1])")
        #expect(report.previous?.bandMoves == moves && report.previous?.changed == 0)
    }
}
