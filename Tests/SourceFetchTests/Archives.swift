import Foundation
import TestSupport
import VocabCore

/// Archives for the tests, written by `Server/make_archive.py` with Python's tarfile and zipfile
/// (not the libarchive `vocab fetch` reads them with), as their publishers make them or broken
/// on purpose.
enum TestArchive {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Server/make_archive.py")

    /// One entry: a `name` and its content or kind (see the script: `file`, `text`, `zeros`,
    /// `type` with `target`).
    typealias Entry = [String: any Sendable]

    /// Writes an archive of `format` (`tar`, `tar.gz`, `tar.xz`, `tar.bz2`, `zip`) holding
    /// `entries`, in order, at `url`; returns its bytes.
    @discardableResult
    static func write(_ format: String, _ entries: [Entry], to url: URL) throws -> Data {
        let spec = try JSONSerialization.data(withJSONObject: ["format": format, "entries": entries])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, url.path]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: spec)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestSetupError("make_archive.py \(format) failed") }
        return try Data(contentsOf: url)
    }

    /// OMW's way (`omw-es-1.4.tar.xz`): a folder holding the licence, the lexicon `xml` and
    /// its citation, as `tar -cJf omw-es-1.4.tar.xz omw-es/` writes them.
    static func omw(_ xml: URL, folder: String = "omw-es", format: String = "tar.xz") -> [Entry] {
        [["name": "\(folder)/", "type": "dir"],
         ["name": "\(folder)/LICENSE", "text": "Creative Commons Attribution 3.0 Unported\n"],
         ["name": "\(folder)/\(folder).xml", "file": xml.path],
         ["name": "\(folder)/citation.bib", "text": "@inproceedings{mcr,\n  title = {Multilingual Central Repository}\n}\n"]]
    }

    /// manythings.org/anki's way (`spa-eng.zip`): the pairs as `spa.txt` beside `_about.txt`.
    static func tatoeba(_ pairs: URL) -> [Entry] {
        [["name": "spa.txt", "file": pairs.path],
         ["name": "_about.txt", "text": "Tab-delimited Bilingual Sentence Pairs from the Tatoeba Project\n"]]
    }
}

extension FetchScene {
    /// The sample config, its corpus the scene's (every sample file copied there but those of
    /// `archived`), its output under the scene's folder, with the sample's sentence pairs when
    /// `examples`; then each source of `archived` (`translations[0]`, `examples`) pinned as the
    /// member `member` of the archive served as `served`, fetched from `url`. `edit` changes the
    /// JSON last; the config is written as `name` in the scene's folder.
    func archiveConfig(
        _ archived: [(keyPath: String, served: String, member: String, url: URL)], examples: Bool = false,
        maxBytes: Int? = nil, name: String = "pipeline.json", edit: (inout [String: Any]) -> Void = { _ in }
    ) throws -> URL {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: TestProject.sampleConfig)) as! [String: Any]
        TestProject.relocate(&json, corpus: corpus)
        json["output"] = ["directory": folder.appendingPathComponent("Output").path,
                          "work": folder.appendingPathComponent("work").path]
        if examples { json["examples"] = TestProject.sampleExamplesSection }
        var unpacked: Set<String> = []
        for item in archived {
            let archive = try Data(contentsOf: served.appendingPathComponent(item.served))
            let member = try Data(contentsOf: TestProject.sampleCorpus.appendingPathComponent(path(item.keyPath, in: json)))
            var pin: [String: Any] = ["url": item.url.absoluteString, "sha256": Checksum.sha256(of: archive), "bytes": archive.count,
                                      "archive": ["member": item.member, "sha256": Checksum.sha256(of: member), "bytes": member.count]]
            if let maxBytes { pin["archive"] = (pin["archive"] as! [String: Any]).merging(["maxBytes": maxBytes]) { $1 } }
            unpacked.insert(path(item.keyPath, in: json))
            set(item.keyPath, in: &json) { $0.merge(pin) { $1 } }
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: TestProject.sampleCorpus.path) where !unpacked.contains(name) {
            let target = corpus.appendingPathComponent(name)
            if !FileManager.default.fileExists(atPath: target.path) {
                try FileManager.default.copyItem(at: TestProject.sampleCorpus.appendingPathComponent(name), to: target)
            }
        }
        edit(&json)
        let file = folder.appendingPathComponent(name)
        try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys]).write(to: file)
        return file
    }

    /// The `path` of the source at `keyPath` (`translations[0]`, `examples`).
    func path(_ keyPath: String, in json: [String: Any]) -> String {
        var copy = json
        var object: [String: Any] = [:]
        set(keyPath, in: &copy) { object = $0 }
        return object["path"] as! String
    }

    /// Applies `change` to the source object at `keyPath` of `json`.
    func set(_ keyPath: String, in json: inout [String: Any], _ change: (inout [String: Any]) -> Void) {
        if keyPath == "translations[0]" {
            var items = json["translations"] as! [[String: Any]]
            change(&items[0])
            json["translations"] = items
        } else {
            var object = json[keyPath] as! [String: Any]
            change(&object)
            json[keyPath] = object
        }
    }
}
