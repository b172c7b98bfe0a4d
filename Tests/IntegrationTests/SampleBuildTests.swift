import Foundation
import SQLiteDatabase
import ReleaseFormat
import TestSupport
import Testing
import VocabPipeline
import VocabCore

/// The whole pipeline on the sample corpus, in process and through the `vocab` executable.
@Suite struct SampleBuildTests {
    @Test func buildsTheSampleRelease() throws {
        let output = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let pipeline = try Project.pipeline(Project.sampleConfig, output: output)
        let report = try PipelineBuild.run(pipeline)

        #expect(report.counts.words == 19)
        #expect(report.counts.partsOfSpeech == ["noun": 10, "verb": 3, "adjective": 6])
        #expect(report.counts.dropped == ["pos-not-kept": 2, "stoplisted": 1, "no-entry": 1])
        #expect(report.counts.translated == ["es": 17, "fr": 17, "pt": 17, "de": 17])
        #expect(report.counts.dictionaryEntries == 30)
        #expect(report.notReached == 2)
        #expect(report.coverage["es"]?.percent == 89.5)

        let release = pipeline.releaseFolder
        for file in ["sample-en-es.sqlite", "sample-en-es-dictionary.sqlite", "sample-en-es.json", "datapackage.json"] {
            #expect(FileManager.default.fileExists(atPath: release.appendingPathComponent(file).path), "\(file)")
        }
        let database = try SQLiteConnection(path: release.appendingPathComponent("sample-en-es.sqlite").path)
        let lemmas = try database.read { try String.fetchAll($0, sql: "SELECT name FROM words ORDER BY freqRank") }
        #expect(lemmas.count == 19)
        #expect(lemmas.prefix(3) == ["time", "know", "make"])
        #expect(lemmas.contains("American"))

        // Every left-out word is recorded with its reason, without counts, in the report folder
        // beside the release; the release's database has no list of them.
        #expect(try database.read { try !$0.tableExists("exclusions") })
        let list = try JSONDecoder().decode(
            ExclusionList.self, from: Data(contentsOf: pipeline.reportFolder.appendingPathComponent(ReportFiles.exclusions)))
        let exclusions = list.exclusions.map { "\($0.sourceLemma)/\($0.pos?.rawValue ?? "-")/\($0.reason)" }
        #expect(list.notReachedOmitted == 0)
        #expect(Set(exclusions) == [
            "the/other/pos-not-kept", "of/other/pos-not-kept", "be/verb/stoplisted", "okay/adjective/no-entry",
            "spring/verb/not-reached", "American/noun/not-reached",
        ])

        // Stage artifacts are inspectable JSON Lines.
        let records = try JSONLines.read(
            WordRecord.self, from: pipeline.stageFolder("join").appendingPathComponent("records.jsonl"))
        #expect(records.map(\.lemma) == lemmas)
    }

    @Test func sensePolicyMovesRunToItsTranslatedSense() throws {
        let output = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        var pipeline = try Project.pipeline(Project.sampleConfig, output: output)
        pipeline.config.translation.policy = .sense
        let report = try PipelineBuild.run(pipeline)
        #expect(report.counts.senseMoved == 1)
        #expect(report.counts.translated == ["es": 18, "fr": 18, "pt": 18, "de": 18])
        let records = try JSONLines.read(
            WordRecord.self, from: pipeline.stageFolder("join").appendingPathComponent("records.jsonl"))
        let run = try #require(records.first { $0.lemma == "run" })
        #expect(run.translations(for: "es") == ["correr"])
        #expect(run.provenance.senseRank == 2)
    }

    @Test func stagesRunOneByOneGiveTheSameRecordsAsBuild() throws {
        let output = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let config = try writeConfig(outputFolder: output)
        for stage in ["read", "select", "join", "forms", "dictionary", "emit"] {
            let run = try Project.vocab([stage, "--config", config.path] + (stage == "emit" ? ["--quiet"] : []))
            #expect(run.status == 0, "\(stage): \(run.stderr)")
        }
        let stagesRecords = try Data(contentsOf: output.appendingPathComponent(".stages/sample-en-es-0.1.0/join/records.jsonl"))
        let build = try Project.vocab(["build", "--config", config.path, "--json", "--quiet"])
        #expect(build.status == 0, "\(build.stderr)")
        let buildRecords = try Data(contentsOf: output.appendingPathComponent(".stages/sample-en-es-0.1.0/join/records.jsonl"))
        #expect(stagesRecords == buildRecords)
        let report = try JSONDecoder().decode(BuildReport.self, from: Data(build.stdout.utf8))
        #expect(report.counts.words == 19)
        #expect(report.stages.map(\.stage) == [.hash, .read, .lexicons, .select, .join, .forms, .dictionary, .emit])
        #expect(report.stages.allSatisfy { !$0.reused }, "stages run one by one record no cache key")
    }

    @Test func badConfigFailsWithTheKeyPath() throws {
        let output = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: Project.sampleConfig)) as! [String: Any]
        var selection = json["selection"] as! [String: Any]
        selection["cuont"] = 3
        json["selection"] = selection
        let config = output.appendingPathComponent("bad.json")
        try JSONSerialization.data(withJSONObject: json).write(to: config)
        let run = try Project.vocab(["build", "--config", config.path])
        #expect(run.status != 0)
        #expect(run.stderr.contains("selection.cuont"))
        #expect(run.stderr.contains("unknown key"))
    }

    /// A copy of pipeline.json with absolute corpus and output folders.
    func writeConfig(outputFolder: URL) throws -> URL {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: Project.sampleConfig)) as! [String: Any]
        TestProject.relocate(&json, corpus: Project.root.appendingPathComponent("Corpus/sample"))
        json["output"] = ["directory": outputFolder.path, "work": outputFolder.appendingPathComponent(".stages").path]
        let url = outputFolder.appendingPathComponent("pipeline.json")
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: url)
        return url
    }
}
