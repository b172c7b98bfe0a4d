import Foundation
import SQLiteDatabase
import TestSupport
import Testing

/// A release never carries a machine path: the maintainer's files (`sensePins`,
/// `selection.stopList`) and the sources, given as absolute paths, are named relative to the config
/// file's folder (the corpus folder for a source) when inside it, else by their SHA-256, in the
/// manifest's `sources` and embedded config and in the SQLite `metadata`.
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
        }
        let run = try scratch.build(config)
        #expect(run.status == 0, "\(run)")

        let stopListName = "sha256:" + (try Self.sha256sum(stopList))
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.release.appendingPathComponent("datapackage.json"))) as? [String: Any])
        let sources = try #require(manifest["sources"] as? [[String: Any]])
        #expect(sources.first { $0["role"] as? String == "sensepins" }?["path"] as? String == "pins/sample.pins", "\(sources)")
        #expect(sources.first { $0["role"] as? String == "stoplist" }?["path"] as? String == stopListName, "\(sources)")
        let spanishName = "sha256:" + (try Self.sha256sum(spanish))
        #expect(sources.first { $0["role"] as? String == "frequency" }?["path"] as? String == "frequency.csv", "\(sources)")
        #expect(sources.first { $0["language"] as? String == "es" }?["path"] as? String == spanishName, "\(sources)")
        let embedded = try #require(manifest["config"] as? [String: Any])
        #expect(embedded["sensePins"] as? String == "pins/sample.pins")
        #expect((embedded["selection"] as? [String: Any])?["stopList"] as? String == stopListName)
        #expect((embedded["frequency"] as? [String: Any])?["path"] as? String == "frequency.csv")
        #expect((embedded["translations"] as? [[String: Any]])?.first?["path"] as? String == spanishName)

        // The database's metadata mirrors the manifest's sources.
        let database = try SQLiteConnection(path: scratch.release.appendingPathComponent("sample-en-es.sqlite").path,
                                         readOnly: true)
        let metadataSources = try database.read { try String.fetchOne($0, sql: "SELECT value FROM metadata WHERE key = 'sources'") }
        #expect(metadataSources?.contains("\"pins/sample.pins\"") == true && metadataSources?.contains(stopListName) == true)

        // No file of the release holds either folder's absolute path.
        for name in try FileManager.default.contentsOfDirectory(atPath: scratch.release.path) {
            let bytes = try Data(contentsOf: scratch.release.appendingPathComponent(name))
            for folder in [scratch.root.path, elsewhere.path] {
                #expect(bytes.range(of: Data(folder.utf8)) == nil, "\(name) holds \(folder)")
            }
        }
    }
}
