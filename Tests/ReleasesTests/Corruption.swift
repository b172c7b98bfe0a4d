import Foundation
import GRDB
import VocabCore

/// One way to damage a copy of the sample release, and the checks that must then fail.
enum Corruption: String, CaseIterable, CustomStringConvertible {
    case flipSQLiteByte
    case truncateJSON
    case deleteResource
    case changeManifestHash
    case changeUserVersion
    case deleteWordsRow
    case deleteWordsRowRehashed
    case editJSONDefinition
    case editJSONDefinitionRehashed
    case strayFile
    case walJournal
    case editMetadataCreated
    case wrongManifestCount
    case badPartOfSpeechRehashed
    case deleteManifest
    case dropTableRehashed

    var description: String { rawValue }

    /// Checks that must fail (others may fail too, as a consequence).
    var failingChecks: Set<String> {
        switch self {
        case .flipSQLiteByte: ["resources.checksums"]
        case .truncateJSON: ["json.valid", "resources.checksums"]
        case .deleteResource: ["resources.exist"]
        case .changeManifestHash: ["resources.checksums"]
        case .changeUserVersion: ["sqlite.user-version", "resources.checksums"]
        case .deleteWordsRow: ["resources.checksums", "sqlite.foreign-keys", "records.match", "counts.match"]
        case .deleteWordsRowRehashed: ["sqlite.foreign-keys", "records.match", "counts.match"]
        case .editJSONDefinition: ["resources.checksums", "records.match"]
        case .editJSONDefinitionRehashed: ["records.match"]
        case .strayFile: ["folder.unlisted"]
        case .walJournal: ["sqlite.journal-mode"]
        case .editMetadataCreated: ["sqlite.metadata"]
        case .wrongManifestCount: ["counts.match", "sqlite.metadata"]
        case .badPartOfSpeechRehashed: ["json.schema", "records.match"]
        case .deleteManifest: ["manifest.exists"]
        case .dropTableRehashed: ["sqlite.tables"]
        }
    }

    /// Checks that must still pass (the damage is confined to what the failing checks see).
    var passingChecks: Set<String> {
        switch self {
        case .deleteWordsRowRehashed, .editJSONDefinitionRehashed, .badPartOfSpeechRehashed, .dropTableRehashed:
            ["manifest.schema", "resources.exist", "resources.checksums", "folder.unlisted"]
        case .strayFile: ["resources.checksums", "sqlite.integrity", "records.match", "counts.match"]
        case .changeManifestHash: ["manifest.schema", "resources.exist", "records.match"]
        default: []
        }
    }

    func apply(to release: URL) throws {
        let sqlite = release.appendingPathComponent("sample-en-es.sqlite")
        let json = release.appendingPathComponent("sample-en-es.json")
        let manifest = release.appendingPathComponent("datapackage.json")
        switch self {
        case .flipSQLiteByte:
            var data = try Data(contentsOf: sqlite)
            data[data.count / 2] ^= 0x5A
            try data.write(to: sqlite)
        case .truncateJSON:
            let data = try Data(contentsOf: json)
            try data.prefix(data.count / 2).write(to: json)
        case .deleteResource:
            try FileManager.default.removeItem(at: json)
        case .changeManifestHash:
            let hex = try Checksum.sha256(of: sqlite).hex
            let changed = (hex.first == "0" ? "1" : "0") + hex.dropFirst()
            let text = try String(contentsOf: manifest, encoding: .utf8)
            try text.replacingOccurrences(of: "\"sha256\": \"\(hex)\"", with: "\"sha256\": \"\(changed)\"")
                .write(to: manifest, atomically: false, encoding: .utf8)
        case .changeUserVersion:
            try withDatabase(sqlite) { try $0.execute(sql: "PRAGMA user_version = 7") }
        case .deleteWordsRow, .deleteWordsRowRehashed:
            try withDatabase(sqlite) { try $0.execute(sql: "DELETE FROM words WHERE id = 2") }
        case .editJSONDefinition, .editJSONDefinitionRehashed:
            let text = try String(contentsOf: json, encoding: .utf8)
            guard let range = text.range(of: "\"definition\":\"") else { throw VocabError(.io, "no definition in the bundle") }
            try text.replacingCharacters(in: range, with: "\"definition\":\"EDITED ")
                .write(to: json, atomically: false, encoding: .utf8)
        case .strayFile:
            try Data("left behind\n".utf8).write(to: release.appendingPathComponent("notes.txt"))
        case .walJournal:
            try withDatabase(sqlite) { _ = try String.fetchOne($0, sql: "PRAGMA journal_mode = WAL") }
            // Leave no -wal/-shm behind: only the header's journal mode is wrong.
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: sqlite.path + suffix) }
        case .editMetadataCreated:
            try withDatabase(sqlite) { try $0.execute(sql: "UPDATE metadata SET value = '2000-01-01T00:00:00Z' WHERE key = 'created'") }
        case .wrongManifestCount:
            var object = try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as! [String: Any]
            var counts = object["counts"] as! [String: Any]
            counts["words"] = (counts["words"] as! Int) - 1
            object["counts"] = counts
            try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: manifest)
        case .badPartOfSpeechRehashed:
            let text = try String(contentsOf: json, encoding: .utf8)
            guard let range = text.range(of: "\"pos\":\"noun\"") else { throw VocabError(.io, "no noun in the bundle") }
            try text.replacingCharacters(in: range, with: "\"pos\":\"pronoun\"").write(to: json, atomically: false, encoding: .utf8)
        case .deleteManifest:
            try FileManager.default.removeItem(at: manifest)
        case .dropTableRehashed:
            try withDatabase(sqlite) { try $0.execute(sql: "DROP INDEX synonyms_lemma") }
        }
        if rawValue.hasSuffix("Rehashed") { try Self.rehash(release) }
    }

    /// Opens the database for writing without foreign-key enforcement (so damage is possible).
    private func withDatabase(_ url: URL, _ body: (Database) throws -> Void) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        try queue.writeWithoutTransaction(body)
        try queue.close()
    }

    /// Records the current size and SHA-256 of every resource in `datapackage.json`, so only the
    /// content checks can tell the damage.
    static func rehash(_ release: URL) throws {
        let manifest = release.appendingPathComponent("datapackage.json")
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as! [String: Any]
        var resources = object["resources"] as! [[String: Any]]
        for index in resources.indices {
            let path = resources[index]["path"] as! String
            let (bytes, hex) = try Checksum.sha256(of: release.appendingPathComponent(path))
            resources[index]["bytes"] = bytes
            resources[index]["sha256"] = hex
            resources[index]["hash"] = "sha256:\(hex)"
        }
        object["resources"] = resources
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            .write(to: manifest)
    }
}
