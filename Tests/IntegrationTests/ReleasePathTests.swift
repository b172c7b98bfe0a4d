import Foundation
import SQLiteDatabase
import TestSupport
import Testing

/// A release never carries a machine path: the maintainer's files (`sensePins`,
/// `selection.stopList`) and the sources, given as absolute paths, are named relative to the config
/// file's folder (the corpus folder for a source) when inside it, else by their identity (the
/// Debian package that installed them, else their SHA-256), in the manifest's `sources` and
/// embedded config and in the SQLite `metadata`.
@Suite struct ReleasePathTests {
    /// SHA-256 of a file by coreutils' `sha256sum`, independent of the pipeline's own hashing.
    static func sha256sum(_ file: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [file.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(String(decoding: data, as: UTF8.self).prefix(64))
    }

    @Test func absolutePathsAreNamedRelativeToTheirFolderOrByHash() throws {
        let scratch = try GatesTests.Scratch()
        let elsewhere = try Project.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: scratch.root)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        // The pins inside the config file's folder, the stop list outside it; both named absolutely.
        let pins = scratch.root.appendingPathComponent("pins/sample.pins")
        try FileManager.default.createDirectory(at: pins.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "spring noun i102\n".write(to: pins, atomically: true, encoding: .utf8)
        let stopList = elsewhere.appendingPathComponent("stoplist.txt")
        try FileManager.default.copyItem(at: TestProject.sampleCorpus.appendingPathComponent("stoplist.txt"), to: stopList)
        // The frequency list named absolutely inside the corpus, the Spanish lexicon outside it.
        let spanish = elsewhere.appendingPathComponent("lexicon-es.xml")
        try FileManager.default.copyItem(at: TestProject.sampleCorpus.appendingPathComponent("lexicon-es.xml"), to: spanish)
        let config = try scratch.config {
            $0["sensePins"] = pins.path
            var selection = $0["selection"] as! [String: Any]
            selection["stopList"] = stopList.path
            $0["selection"] = selection
            var frequency = $0["frequency"] as! [String: Any]
            frequency["path"] = TestProject.sampleCorpus.appendingPathComponent("frequency.csv").path
            $0["frequency"] = frequency
            var translations = $0["translations"] as! [[String: Any]]
            translations[0]["path"] = spanish.path
            $0["translations"] = translations
            // The source lexicon pinned to a download from a folder of this machine: no `source_url` for Datasette.
            var lexicon = $0["lexicon"] as! [String: Any]
            lexicon["url"] = elsewhere.appendingPathComponent("mirror/lexicon-en.xml").absoluteString
            lexicon["sha256"] = try? Self.sha256sum(TestProject.sampleCorpus.appendingPathComponent("lexicon-en.xml"))
            $0["lexicon"] = lexicon
        }
        let run = try scratch.build(config)
        #expect(run.status == 0, "\(run)")

        let stopListName = "sha256:" + (try Self.sha256sum(stopList))
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.release.appendingPathComponent("datapackage.json"))) as? [String: Any])
        let sources = try #require(manifest["sources"] as? [[String: Any]])
        #expect(sources.first { $0["role"] as? String == "sensepins" }?["path"] as? String == "pins/sample.pins", "\(sources)")
        #expect(sources.first { $0["role"] as? String == "stoplist" }?["path"] as? String == stopListName, "\(sources)")
        // Known by its content, titled by its name; no package installed it.
        #expect(sources.first { $0["role"] as? String == "stoplist" }?["title"] as? String == "stoplist.txt", "\(sources)")
        #expect(sources.allSatisfy { $0["package"] == nil }, "\(sources)")
        let spanishName = "sha256:" + (try Self.sha256sum(spanish))
        #expect(sources.first { $0["role"] as? String == "frequency" }?["path"] as? String == "frequency.csv", "\(sources)")
        #expect(sources.first { $0["language"] as? String == "es" }?["path"] as? String == spanishName, "\(sources)")
        let embedded = try #require(manifest["config"] as? [String: Any])
        // Where the folders were is not recorded (the config gave them absolutely).
        #expect(embedded["corpus"] == nil && embedded["output"] == nil, "\(embedded.keys.sorted())")
        #expect(embedded["sensePins"] as? String == "pins/sample.pins")
        #expect((embedded["selection"] as? [String: Any])?["stopList"] as? String == stopListName)
        #expect((embedded["frequency"] as? [String: Any])?["path"] as? String == "frequency.csv")
        #expect((embedded["translations"] as? [[String: Any]])?.first?["path"] as? String == spanishName)

        // The database's metadata mirrors the manifest's sources.
        let database = try SQLiteConnection(path: scratch.release.appendingPathComponent("sample-en-es.sqlite").path,
                                         readOnly: true)
        let metadataSources = try database.read { try String.fetchOne($0, sql: "SELECT value FROM metadata WHERE key = 'sources'") }
        #expect(metadataSources?.contains("\"pins/sample.pins\"") == true && metadataSources?.contains(stopListName) == true)

        let datasette = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.release.appendingPathComponent("metadata.json"))) as? [String: Any])
        #expect(datasette["source_url"] == nil, "\(datasette["source_url"] ?? "")")

        // No file of the release holds either folder's absolute path.
        for name in try FileManager.default.contentsOfDirectory(atPath: scratch.release.path) {
            let bytes = try Data(contentsOf: scratch.release.appendingPathComponent(name))
            for folder in [scratch.root.path, elsewhere.path] {
                #expect(bytes.range(of: Data(folder.utf8)) == nil, "\(name) holds \(folder)")
            }
        }
    }

    /// Debian's English Hunspell dictionary, given by its absolute path under `/usr/share`: the
    /// release names it `system:<package>/<file>` with the package's version (as `dpkg-query`
    /// reports it), size and SHA-256, in `sources`, the embedded config and the metadata; the path
    /// is nowhere in the release.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/hunspell/en_US.aff")
                    && FileManager.default.fileExists(atPath: "/var/lib/dpkg/status"),
                   "Debian's hunspell-en-us is not installed (or this is no dpkg system)"))
    func aSystemDictionaryIsNamedByItsPackageNeverByItsPath() throws {
        let scratch = try GatesTests.Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let config = try scratch.config {
            $0["lemmatization"] = ["hunspell": ["aff": "/usr/share/hunspell/en_US.aff", "dic": "/usr/share/hunspell/en_US.dic"]]
        }
        let run = try scratch.build(config)
        #expect(run.status == 0, "\(run)")

        let version = try Self.dpkgVersion("hunspell-en-us")
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.release.appendingPathComponent("datapackage.json"))) as? [String: Any])
        let sources = try #require(manifest["sources"] as? [[String: Any]])
        let morphology = sources.filter { $0["role"] as? String == "morphology" }
        #expect(morphology.map { $0["path"] as? String } == ["system:hunspell-en-us/en_US.aff", "system:hunspell-en-us/en_US.dic"], "\(sources)")
        #expect(morphology.map { $0["title"] as? String } == ["en_US.aff", "en_US.dic"])
        for (source, file) in zip(morphology, ["en_US.aff", "en_US.dic"]) {
            let url = URL(fileURLWithPath: "/usr/share/hunspell").appendingPathComponent(file)
            #expect(source["sha256"] as? String == (try Self.sha256sum(url)))
            #expect((source["bytes"] as? Int).map(Int64.init) == (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value)
            #expect(source["package"] as? [String: String] == ["name": "hunspell-en-us", "version": version], "\(source)")
        }
        // Just after the frequency list, in the data's order.
        #expect(sources.map { $0["role"] as? String }.prefix(3) == ["frequency", "morphology", "morphology"])
        let embedded = try #require((manifest["config"] as? [String: Any])?["lemmatization"] as? [String: Any])
        #expect(embedded["hunspell"] as? [String: String] == ["aff": "system:hunspell-en-us/en_US.aff", "dic": "system:hunspell-en-us/en_US.dic"])

        let database = try SQLiteConnection(path: scratch.release.appendingPathComponent("sample-en-es.sqlite").path, readOnly: true)
        let metadataSources = try database.read { try String.fetchOne($0, sql: "SELECT value FROM metadata WHERE key = 'sources'") }
        #expect(metadataSources?.contains("\"system:hunspell-en-us/en_US.dic\"") == true)
        for name in try FileManager.default.contentsOfDirectory(atPath: scratch.release.path) {
            let bytes = try Data(contentsOf: scratch.release.appendingPathComponent(name))
            for path in ["/usr/share", scratch.root.path, TestProject.sampleCorpus.path] {
                #expect(bytes.range(of: Data(path.utf8)) == nil, "\(name) holds \(path)")
            }
        }
        let validate = try Project.vocab(["validate", scratch.release.path])
        #expect(validate.status == 0, "\(validate.stdout)")
    }

    /// The installed version of `package` as dpkg itself reports it, independent of the pipeline's reading of dpkg's files.
    static func dpkgVersion(_ package: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dpkg-query")
        process.arguments = ["-W", "-f=${Version}", package]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
