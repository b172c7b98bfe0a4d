import Foundation
import TestSupport
import Testing
import VocabPipeline
import VocabCore

/// Same inputs and config give byte-identical files; caching reruns only what changed.
@Suite struct ReproducibilityTests {
    /// SHA-256 of every file of a release, by file name.
    func hashes(_ folder: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            result[name] = try Checksum.sha256(of: folder.appendingPathComponent(name)).hex
        }
        return result
    }

    @Test func twoBuildsGiveByteIdenticalFiles() throws {
        let first = try Project.temporaryFolder()
        let second = try Project.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        let epoch = ["SOURCE_DATE_EPOCH": "1767225600"]
        let a = try Project.vocab(
            ["build", "--output", first.path, "--work", first.appendingPathComponent(".work").path, "--quiet"], environment: epoch)
        // Another locale, time zone and output folder must not change a byte.
        let b = try Project.vocab(
            ["build", "--output", second.path, "--work", second.appendingPathComponent(".work").path, "--quiet"],
            environment: epoch.merging(["LANG": "de_DE.UTF-8", "LC_ALL": "tr_TR.UTF-8", "TZ": "Asia/Tokyo"]) { $1 })
        #expect(a.status == 0, "\(a.stderr)")
        #expect(b.status == 0, "\(b.stderr)")
        let release = "sample-en-es-0.1.0"
        let firstHashes = try hashes(first.appendingPathComponent(release))
        #expect(firstHashes.keys.sorted() == ["ATTRIBUTION.md", "datapackage.json", "metadata.json", "sample-en-es-dictionary.sqlite", "sample-en-es.json", "sample-en-es.sqlite"])
        #expect(firstHashes == (try hashes(second.appendingPathComponent(release))))
        let manifest = try String(contentsOf: first.appendingPathComponent("\(release)/datapackage.json"), encoding: .utf8)
        #expect(manifest.contains(#""created": "2026-01-01T00:00:00Z""#))
    }

    /// The release's identity is its inputs, not where they lay: the sample built from two copies
    /// of the repository (its config and sample corpus) in different folders, one config giving the
    /// corpus, output and work folders relative to itself and run from another folder, the other
    /// giving them (and its stop list and frequency list) as absolute paths, publishes the same
    /// bytes; and no file of either release holds a path of the corpus, output, work folder or
    /// checkout (the `grep -r` the issue asks for).
    @Test func twoCheckoutsWithRelativeAndAbsolutePathsPublishTheSameBytes() throws {
        let scratch = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Real paths: a folder reached through a link must not hide in its other spelling.
        let root = URL(fileURLWithPath: scratch.resolvingSymlinksInPath().path)
        func checkout(_ path: String) throws -> URL {
            let folder = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("Corpus"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Project.sampleConfig, to: folder.appendingPathComponent("pipeline.json"))
            try FileManager.default.copyItem(at: TestProject.sampleCorpus, to: folder.appendingPathComponent("Corpus/sample"))
            return folder
        }
        let first = try checkout("a/vocab-pipeline")
        let second = try checkout("elsewhere/deeper/other-name")
        let (secondOutput, secondWork) = (root.appendingPathComponent("published"), root.appendingPathComponent("cache/work"))

        // The first as the repository has it (relative folders), run from a folder that is neither.
        let runFolder = root.appendingPathComponent("somewhere")
        try FileManager.default.createDirectory(at: runFolder, withIntermediateDirectories: true)
        let epoch = ["SOURCE_DATE_EPOCH": "1767225600"]
        let a = try Project.vocab(["build", "--config", first.appendingPathComponent("pipeline.json").path, "--quiet"],
                                  in: runFolder, environment: epoch)
        #expect(a.status == 0, "\(a)")
        // The second with every folder and file of its config absolute.
        let secondConfig = second.appendingPathComponent("pipeline.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: secondConfig)) as? [String: Any])
        let corpus = second.appendingPathComponent("Corpus/sample")
        json["corpus"] = corpus.path
        json["output"] = ["directory": secondOutput.path, "work": secondWork.path]
        var selection = try #require(json["selection"] as? [String: Any])
        selection["stopList"] = second.appendingPathComponent(try #require(selection["stopList"] as? String)).path
        json["selection"] = selection
        var frequency = try #require(json["frequency"] as? [String: Any])
        frequency["path"] = corpus.appendingPathComponent(try #require(frequency["path"] as? String)).path
        json["frequency"] = frequency
        try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted]).write(to: secondConfig)
        let b = try Project.vocab(["build", "--config", secondConfig.path, "--quiet"], in: root, environment: epoch)
        #expect(b.status == 0, "\(b)")

        let release = "sample-en-es-0.1.0"
        let releases = [first.appendingPathComponent("Output/\(release)"), secondOutput.appendingPathComponent(release)]
        let names = try releases.map { try FileManager.default.contentsOfDirectory(atPath: $0.path).sorted() }
        #expect(names[0] == ["ATTRIBUTION.md", "datapackage.json", "metadata.json", "sample-en-es-dictionary.sqlite", "sample-en-es.json", "sample-en-es.sqlite"])
        #expect(names[0] == names[1])
        for name in names[0] {
            let bytes = try releases.map { try Data(contentsOf: $0.appendingPathComponent(name)) }
            #expect(bytes[0] == bytes[1], "\(name) differs between the checkouts")
        }

        let machinePaths = [
            root.path, first.path, second.path, first.appendingPathComponent("Corpus/sample").path, corpus.path,
            first.appendingPathComponent("Output").path, secondOutput.path, first.appendingPathComponent(".vocab-work").path, secondWork.path,
            runFolder.path, Project.root.path, scratch.path,
        ]
        for folder in releases {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
                for path in machinePaths { #expect(bytes.range(of: Data(path.utf8)) == nil, "\(name) holds \(path)") }
            }
        }
    }

    @Test func unchangedInputsReuseEveryStageAndForceRunsThemAll() throws {
        let output = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let pipeline = try Project.pipeline(Project.sampleConfig, output: output)
        let first = try PipelineBuild.run(pipeline)
        #expect(first.stages.allSatisfy { !$0.reused })
        let releaseHashes = try hashes(pipeline.releaseFolder)

        let second = try PipelineBuild.run(pipeline)
        #expect(second.stages.filter(\.reused).map(\.stage) == [.read, .select, .join, .forms, .dictionary, .emit])
        #expect(!second.stages.contains { $0.stage == .lexicons }, "no lexicon is loaded when nothing runs")
        #expect(second.counts == first.counts)
        #expect(try hashes(pipeline.releaseFolder) == releaseHashes)

        let forced = try PipelineBuild.run(pipeline, options: .init(force: true))
        #expect(forced.stages.allSatisfy { !$0.reused })
    }

    @Test func aChangedInputRerunsOnlyTheStagesDownstreamOfIt() throws {
        let output = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        // A private copy of the corpus, so one input can be changed.
        let corpus = output.appendingPathComponent("corpus")
        try FileManager.default.copyItem(at: Project.root.appendingPathComponent("Corpus/sample"), to: corpus)
        var pipeline = try Project.pipeline(Project.sampleConfig, corpus: corpus, output: output)
        // The stop list is named relative to the config: this test changes its own copy's.
        pipeline.config.selection.stopList = corpus.appendingPathComponent("stoplist.txt").path
        _ = try PipelineBuild.run(pipeline)

        // The Spanish lexicon feeds join only (and the dictionary): the words' forms are reused.
        let spanish = corpus.appendingPathComponent("lexicon-es.xml")
        let text = try String(contentsOf: spanish, encoding: .utf8).replacingOccurrences(of: "\"primavera\"", with: "\"primaveral\"")
        try text.write(to: spanish, atomically: true, encoding: .utf8)
        var report = try PipelineBuild.run(pipeline)
        #expect(report.stages.filter(\.reused).map(\.stage) == [.read, .select, .forms])
        #expect(report.stages.filter { !$0.reused }.map(\.stage) == [.hash, .lexicons, .join, .dictionary, .emit])

        // The stop list feeds select, hence the forms, join and emit; not the dictionary.
        try "be\nknow\n".write(to: corpus.appendingPathComponent("stoplist.txt"), atomically: true, encoding: .utf8)
        report = try PipelineBuild.run(pipeline)
        #expect(report.stages.filter(\.reused).map(\.stage) == [.read, .dictionary])
        #expect(report.counts.dropped["stoplisted"] == 2)

        // A config change downstream of select: the translation policy.
        pipeline.config.translation.policy = .sense
        report = try PipelineBuild.run(pipeline)
        #expect(report.stages.filter(\.reused).map(\.stage) == [.read, .select, .forms])
        #expect(report.counts.senseMoved == 1)

        // The dataset title reaches the manifest only.
        pipeline.config.dataset.title = "Another title"
        report = try PipelineBuild.run(pipeline)
        #expect(report.stages.filter(\.reused).map(\.stage) == [.read, .select, .join, .forms, .dictionary])
    }

    /// The dictionary stage stores the dictionary database without the release's metadata; a
    /// build whose frequency list changed reuses it, and publishes the file a forced build writes.
    @Test func aChangedFrequencyListReusesTheDictionaryWithTheSameBytesAsAForcedBuild() throws {
        let output = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let corpus = output.appendingPathComponent("corpus")
        try FileManager.default.copyItem(at: Project.root.appendingPathComponent("Corpus/sample"), to: corpus)
        let epoch = ["SOURCE_DATE_EPOCH": "1767225600"]
        let release = output.appendingPathComponent("sample-en-es-0.1.0")
        let dictionary = release.appendingPathComponent("sample-en-es-dictionary.sqlite")
        func build(_ extra: [String] = []) throws -> [(stage: String, reused: Bool)] {
            let run = try Project.vocab(
                ["build", "--corpus", corpus.path, "--output", output.path, "--work", output.appendingPathComponent(".work").path,
                 "--quiet"] + extra, environment: epoch)
            #expect(run.status == 0, "\(run.stderr)")
            let report = try Data(contentsOf: output.appendingPathComponent("sample-en-es-0.1.0.report/build-report.json"))
            let stages = try #require((try JSONSerialization.jsonObject(with: report) as? [String: Any])?["stages"] as? [[String: Any]])
            return stages.map { ($0["stage"] as? String ?? "", $0["reused"] as? Bool ?? false) }
        }
        _ = try build()
        let first = try Data(contentsOf: dictionary)

        // One more row: the frequency list's figures (in the dictionary's metadata) change.
        let list = corpus.appendingPathComponent("frequency.csv")
        try (try String(contentsOf: list, encoding: .utf8) + "27,zyzzyva,n,5,not in the lexicon\n")
            .write(to: list, atomically: true, encoding: .utf8)
        let stages = try build()
        #expect(stages.filter(\.reused).map(\.stage) == ["dictionary"])
        let reused = try Data(contentsOf: dictionary)
        #expect(reused != first, "the metadata follows the new list")

        let forced = try build(["--force"])
        #expect(!forced.contains { $0.reused })
        #expect(try Data(contentsOf: dictionary) == reused)
    }

    @Test func aDamagedReleaseIsRebuiltEvenWhenTheInputsAreUnchanged() throws {
        let output = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let pipeline = try Project.pipeline(Project.sampleConfig, output: output)
        _ = try PipelineBuild.run(pipeline)
        let json = pipeline.releaseFolder.appendingPathComponent("sample-en-es.json")
        try Data("{}".utf8).write(to: json)
        let report = try PipelineBuild.run(pipeline)
        #expect(report.stages.first { $0.stage == .emit }?.reused == false)
        #expect(try Data(contentsOf: json).count > 100)
    }
}
