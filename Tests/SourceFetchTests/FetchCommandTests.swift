import Foundation
import Testing
import TestSupport
import VocabCore
import VocabPipeline

/// `vocab fetch` and the build's pin check, run as the real executable on the sample corpus
/// served by the test server.
@Suite struct FetchCommandTests {
    /// The sample config's list and lexicons (every source a pin can name).
    static let sampleFiles: [String] = {
        let json = try! JSONSerialization.jsonObject(with: Data(contentsOf: TestProject.sampleConfig)) as! [String: Any]
        let translations = (json["translations"] as? [[String: Any]] ?? []).map { $0["path"] as! String }
        return [(json["frequency"] as! [String: Any])["path"] as! String, (json["lexicon"] as! [String: Any])["path"] as! String]
            + translations
    }()

    /// The sample config with its three sources pinned to the sample files and fetched from
    /// `<server>/<mode>/<file>` (`modes` per source, `files` when absent); the stop list is
    /// copied into the corpus, the output goes to the scene's folder.
    func pinnedConfig(_ scene: FetchScene, _ server: FetchTestServer, modes: [String: String] = [:]) throws -> URL {
        for name in Self.sampleFiles {
            try FileManager.default.copyItem(at: TestProject.sampleCorpus.appendingPathComponent(name),
                                             to: scene.served.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(at: TestProject.sampleCorpus.appendingPathComponent("stoplist.txt"),
                                         to: scene.corpus.appendingPathComponent("stoplist.txt"))
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: TestProject.sampleConfig)) as! [String: Any]
        TestProject.relocate(&json, corpus: scene.corpus)
        json["output"] = ["directory": scene.folder.appendingPathComponent("Output").path,
                          "work": scene.folder.appendingPathComponent("Output/.stages").path]
        func pin(_ object: [String: Any], _ key: String) throws -> [String: Any] {
            var object = object
            let name = object["path"] as! String
            let data = try Data(contentsOf: scene.served.appendingPathComponent(name))
            object["sha256"] = Checksum.sha256(of: data)
            object["bytes"] = data.count
            object["url"] = server.url("\(modes[key] ?? "files")/\(name)").absoluteString
            return object
        }
        json["frequency"] = try pin(json["frequency"] as! [String: Any], "frequency")
        json["lexicon"] = try pin(json["lexicon"] as! [String: Any], "lexicon")
        json["translations"] = try (json["translations"] as! [[String: Any]]).enumerated().map { try pin($1, "translations[\($0)]") }
        let file = scene.folder.appendingPathComponent("pipeline.json")
        try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys]).write(to: file)
        return file
    }

    @Test func fetchFillsAnEmptyCorpusTheBuildUsesItAndASecondFetchStaysOffline() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served)
        let config = try pinnedConfig(scene, server)

        let fetch = try TestProject.runVocab(["fetch", "--config", config.path, "--cache", scene.cache.path])
        #expect(fetch.status == 0, "\(fetch)")
        for name in Self.sampleFiles {
            #expect(scene.contents(scene.corpus.appendingPathComponent(name))
                    == scene.contents(TestProject.sampleCorpus.appendingPathComponent(name)), "\(name)")
        }
        #expect(fetch.stderr.components(separatedBy: ": downloaded from ").count == Self.sampleFiles.count + 1, "\(fetch)")
        #expect(try server.requests().count == Self.sampleFiles.count)

        let build = try TestProject.runVocab(["build", "--config", config.path, "--quiet"])
        #expect(build.status == 0, "\(build)")

        let again = try TestProject.runVocab(["fetch", "--config", config.path, "--cache", scene.cache.path])
        #expect(again.status == 0, "\(again)")
        #expect(again.stderr.components(separatedBy: ": in place").count == Self.sampleFiles.count + 1, "\(again)")
        #expect(try server.requests().count == Self.sampleFiles.count)
    }

    @Test func aTamperedDownloadIsOneErrorLineAndExitStatus1() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served)
        let config = try pinnedConfig(scene, server, modes: ["frequency": "tamper"])
        let data = try Data(contentsOf: scene.served.appendingPathComponent("frequency.csv"))

        let run = try TestProject.runVocab(["fetch", "--config", config.path, "--cache", scene.cache.path, "--quiet"])

        #expect(run.status == 1, "\(run)")
        let target = scene.corpus.appendingPathComponent("frequency.csv").path
        #expect(run.stderr == "error: \(target): frequency.url: the file from \(server.url("tamper/frequency.csv").absoluteString) "
                + "has SHA-256 \(Checksum.sha256(of: data.tampered)), the pin is \(Checksum.sha256(of: data)); not installed\n")
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func theBuildRefusesAFileThatDoesNotMatchItsPin() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served)
        let config = try pinnedConfig(scene, server)
        let fetch = try TestProject.runVocab(["fetch", "--config", config.path, "--cache", scene.cache.path, "--quiet"])
        #expect(fetch.status == 0, "\(fetch)")
        let lexicon = scene.corpus.appendingPathComponent("lexicon-en.xml")
        let pinned = Checksum.sha256(of: try Data(contentsOf: lexicon))
        let edited = try Data(contentsOf: lexicon) + Data("<!-- edited -->\n".utf8)
        try edited.write(to: lexicon)

        let run = try TestProject.runVocab(["build", "--config", config.path, "--quiet"])

        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.hasPrefix("error: \(lexicon.path): lexicon.sha256: the file does not match its pin: "
                                     + "SHA-256 \(Checksum.sha256(of: edited)), pinned \(pinned)"), "\(run)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run)")
        #expect(!FileManager.default.fileExists(atPath: scene.folder.appendingPathComponent("Output/sample-en-es-0.1.0").path))
        // The stage command that reads the lexicon refuses it too.
        let select = try TestProject.runVocab(["select", "--config", config.path])
        #expect(select.status == 1 && select.stderr.contains("lexicon.sha256"), "\(select)")
    }

    @Test func theBuildPinCheckIsATypedErrorBeforeAnyStage() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served)
        let config = try pinnedConfig(scene, server)
        for name in Self.sampleFiles {
            try FileManager.default.copyItem(at: scene.served.appendingPathComponent(name), to: scene.corpus.appendingPathComponent(name))
        }
        let frequency = scene.corpus.appendingPathComponent("frequency.csv")
        let pinned = try Data(contentsOf: frequency)
        let edited = pinned.tampered
        try edited.write(to: frequency)
        let pipeline = try Pipeline.load(configFile: config)

        let error = #expect(throws: SourcePinError.self) { try PipelineBuild.run(pipeline) }

        #expect(error?.location == ErrorLocation(file: frequency.path, item: "frequency.sha256"))
        #expect(error?.problem == .mismatch(
            expectedSHA256: Checksum.sha256(of: pinned), actualSHA256: Checksum.sha256(of: edited),
            expectedBytes: Int64(pinned.count), actualBytes: Int64(edited.count)))
        #expect(!FileManager.default.fileExists(atPath: pipeline.workFolder.path))
    }

    @Test func aCacheInsideTheOutputFolderIsRefused() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served)
        let config = try pinnedConfig(scene, server)

        let run = try TestProject.runVocab(["fetch", "--config", config.path, "--cache", scene.folder.appendingPathComponent("Output/cache").path])

        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.hasPrefix("error: \(config.path): output.directory: the cache "), "\(run)")
        #expect(try server.requests().isEmpty)
    }

    @Test func helpListsTheExitStatuses() throws {
        let run = try TestProject.runVocab(["fetch", "--help"])
        #expect(run.status == 0, "\(run)")
        for line in ["Exit status:", "0   every pinned source's file matches its pin", "1   an error", "64  invalid arguments"] {
            #expect(run.stdout.contains(line), "\(line)\n\(run.stdout)")
        }
    }
}
