import Foundation
import SQLiteDatabase
import ReleaseFormat
import Testing
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
    case truncateManifest
    case manifestWrongTypeRehashed
    case notSQLiteRehashed
    case changeApplicationIDRehashed
    case corruptIndexRehashed
    case editJSONHeaderRehashed
    case wrongBandRehashed
    case editTableSchema
    case editSearchColumnRehashed
    case deleteTranslationRowRehashed
    case editSentencesRehashed
    case dictionaryNotSQLiteRehashed
    case dictionaryDropIndexRehashed
    case dictionaryEditMetadataRehashed
    case dictionaryEditEntryRehashed
    case dictionaryFormOfItselfRehashed
    case formNotAKeyRehashed
    case editDatasetteLicence
    case machinePathInManifest

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
        case .truncateManifest: ["manifest.json"]
        case .manifestWrongTypeRehashed: ["manifest.schema"]
        case .notSQLiteRehashed: ["sqlite.file"]
        case .changeApplicationIDRehashed: ["sqlite.application-id"]
        case .corruptIndexRehashed: ["sqlite.integrity"]
        case .editJSONHeaderRehashed: ["json.header"]
        case .wrongBandRehashed: ["records.order"]
        case .editTableSchema: ["manifest.tables"]
        case .editSearchColumnRehashed: ["sqlite.search"]
        case .deleteTranslationRowRehashed: ["sqlite.translations"]
        case .editSentencesRehashed: ["records.sentences"]
        case .dictionaryNotSQLiteRehashed: ["dictionary.file"]
        case .dictionaryDropIndexRehashed: ["dictionary.tables"]
        case .dictionaryEditMetadataRehashed: ["dictionary.metadata"]
        case .dictionaryEditEntryRehashed: ["dictionary.entries"]
        case .dictionaryFormOfItselfRehashed: ["dictionary.forms"]
        case .formNotAKeyRehashed: ["sqlite.forms"]
        case .editDatasetteLicence: ["datasette.metadata"]
        case .machinePathInManifest: ["manifest.location-free"]
        }
    }

    /// Checks that must still pass (the damage is confined to what the failing checks see).
    var passingChecks: Set<String> {
        switch self {
        case .deleteWordsRowRehashed, .editJSONDefinitionRehashed, .badPartOfSpeechRehashed, .dropTableRehashed,
             .notSQLiteRehashed, .changeApplicationIDRehashed, .corruptIndexRehashed, .editJSONHeaderRehashed:
            ["manifest.schema", "resources.exist", "resources.checksums", "folder.unlisted"]
        case .wrongBandRehashed:
            ["manifest.schema", "resources.checksums", "sqlite.integrity", "sqlite.tables", "json.schema"]
        case .editTableSchema: ["manifest.schema", "resources.checksums", "records.match"]
        case .editSearchColumnRehashed, .deleteTranslationRowRehashed:
            ["resources.checksums", "sqlite.integrity", "sqlite.tables", "records.match", "dictionary.entries"]
        // The words' examples (what a reader of schema 7 reads) still agree with the bundle.
        case .editSentencesRehashed: ["resources.checksums", "sqlite.integrity", "sqlite.tables", "records.match", "sqlite.search"]
        case .dictionaryNotSQLiteRehashed, .dictionaryDropIndexRehashed, .dictionaryEditMetadataRehashed, .dictionaryEditEntryRehashed:
            ["resources.checksums", "sqlite.tables", "sqlite.metadata", "records.match"]
        case .dictionaryFormOfItselfRehashed: ["resources.checksums", "dictionary.tables", "dictionary.entries", "datasette.metadata"]
        case .formNotAKeyRehashed: ["resources.checksums", "sqlite.tables", "records.match", "dictionary.forms"]
        case .editDatasetteLicence: ["resources.checksums", "folder.unlisted", "manifest.schema", "sqlite.metadata"]
        case .machinePathInManifest: ["manifest.schema", "resources.checksums", "sqlite.metadata", "datasette.metadata"]
        case .strayFile: ["resources.checksums", "sqlite.integrity", "records.match", "counts.match"]
        case .changeManifestHash: ["manifest.schema", "resources.exist", "records.match"]
        default: []
        }
    }

    /// The SQL statement a corruption runs on a database of the release, and whether on the
    /// dictionary's; nil for the others (``apply(to:)``'s).
    private var databaseEdit: (dictionary: Bool, sql: String)? {
        switch self {
        case .changeUserVersion:
            (false, "PRAGMA user_version = \(ReleaseSchema.version + 1)")
        case .deleteWordsRow, .deleteWordsRowRehashed:
            (false, "DELETE FROM words WHERE id = 2")
        case .editMetadataCreated:
            (false, "UPDATE metadata SET value = '2000-01-01T00:00:00Z' WHERE key = 'created'")
        case .dropTableRehashed:
            (false, "DROP INDEX translations_lemma")
        case .changeApplicationIDRehashed:
            (false, "PRAGMA application_id = 42")
        case .wrongBandRehashed:
            (false, "UPDATE words SET band = 5 WHERE id = 1")
        case .editSearchColumnRehashed:
            (false, "UPDATE words SET searchFolded = 'x' WHERE id = 1")
        case .deleteTranslationRowRehashed:
            (false, "DELETE FROM translations WHERE wordId = 1 AND position = 0")
        case .editSentencesRehashed:
            // time has an example: its sentences no longer its examples' texts.
            (false, #"UPDATE words SET sentences = '["another sentence"]' WHERE name = 'time'"#)
        case .dictionaryDropIndexRehashed:
            (true, "DROP INDEX entries_name_nocase")
        case .dictionaryEditMetadataRehashed:
            (true, "UPDATE metadata SET value = '2000-01-01T00:00:00Z' WHERE key = 'created'")
        case .dictionaryEditEntryRehashed:
            (true, "UPDATE entries SET lexicon = 'other:1' WHERE id = 1")
        case .formNotAKeyRehashed:
            // A form of the release as written, not as a look-up asks for it (lower-cased).
            (false, "UPDATE forms SET form = upper(form) WHERE form = 'knew'")
        case .dictionaryFormOfItselfRehashed:
            // A form that is its entry's own name (in another case).
            (true, "INSERT INTO forms(form, entryId, inflectionId, rank) SELECT lower(name), id, 1, 1 FROM entries WHERE name = 'time'")
        default: nil
        }
    }

    func apply(to release: URL) throws {
        let sqlite = release.appendingPathComponent("sample-en-es.sqlite")
        let json = release.appendingPathComponent("sample-en-es.json")
        let manifest = release.appendingPathComponent("datapackage.json")
        let dictionary = release.appendingPathComponent("sample-en-es-dictionary.sqlite")
        if let edit = databaseEdit {
            try withDatabase(edit.dictionary ? dictionary : sqlite) { try $0.execute(sql: edit.sql) }
            if rawValue.hasSuffix("Rehashed") { try Self.rehash(release) }
            return
        }
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
        case .editJSONDefinition, .editJSONDefinitionRehashed:
            let text = try String(contentsOf: json, encoding: .utf8)
            let range = try #require(text.range(of: "\"definition\":\""), "no definition in the bundle")
            try text.replacingCharacters(in: range, with: "\"definition\":\"EDITED ")
                .write(to: json, atomically: false, encoding: .utf8)
        case .strayFile:
            try Data("left behind\n".utf8).write(to: release.appendingPathComponent("notes.txt"))
        case .walJournal:
            try withDatabase(sqlite) { _ = try String.fetchOne($0, sql: "PRAGMA journal_mode = WAL") }
            // Leave no -wal/-shm behind: only the header's journal mode is wrong.
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: sqlite.path + suffix) }
        case .wrongManifestCount:
            var object = try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as! [String: Any]
            var counts = object["counts"] as! [String: Any]
            counts["words"] = (counts["words"] as! Int) - 1
            object["counts"] = counts
            try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: manifest)
        case .badPartOfSpeechRehashed:
            let text = try String(contentsOf: json, encoding: .utf8)
            let range = try #require(text.range(of: "\"pos\":\"noun\""), "no noun in the bundle")
            try text.replacingCharacters(in: range, with: "\"pos\":\"pronoun\"").write(to: json, atomically: false, encoding: .utf8)
        case .deleteManifest:
            try FileManager.default.removeItem(at: manifest)
        case .truncateManifest:
            let data = try Data(contentsOf: manifest)
            try data.prefix(data.count / 2).write(to: manifest)
        case .manifestWrongTypeRehashed:
            let text = try String(contentsOf: manifest, encoding: .utf8)
            try text.replacingOccurrences(of: "\"schemaVersion\": \(ReleaseSchema.version),", with: "\"schemaVersion\": \"two\",")
                .write(to: manifest, atomically: false, encoding: .utf8)
        case .notSQLiteRehashed:
            try Data("not a database\n".utf8).write(to: sqlite)
        case .corruptIndexRehashed:
            // Overwrite the cells of the words_sourceLemma index page: the index no longer
            // matches the table, which only the integrity check reads.
            let (page, pageSize) = try withDatabaseRead(sqlite) { db in
                (try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'words_sourceLemma'")!,
                 try Int.fetchOne(db, sql: "PRAGMA page_size")!)
            }
            var data = try Data(contentsOf: sqlite)
            let start = (page - 1) * pageSize
            let text = String(decoding: data[start..<start + pageSize], as: UTF8.self)
            let target = try #require(text.range(of: "time")).lowerBound
            let offset = start + text.utf8.distance(from: text.startIndex, to: target)
            data.replaceSubrange(offset..<offset + 4, with: Data("zzzz".utf8))
            try data.write(to: sqlite)
        case .editJSONHeaderRehashed:
            let text = try String(contentsOf: json, encoding: .utf8)
            try text.replacingOccurrences(of: "\"version\": \"0.1.0\"", with: "\"version\": \"9.9.9\"")
                .write(to: json, atomically: false, encoding: .utf8)
        case .editTableSchema:
            var object = try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as! [String: Any]
            var resources = object["resources"] as! [[String: Any]]
            let index = try #require(resources.firstIndex { $0["name"] as? String == "sample-en-es-words" })
            var schema = resources[index]["schema"] as! [String: Any]
            schema["primaryKey"] = ["name"]
            resources[index]["schema"] = schema
            object["resources"] = resources
            try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: manifest)
        case .dictionaryNotSQLiteRehashed:
            try Data("not a database\n".utf8).write(to: dictionary)
        case .editDatasetteLicence:
            let file = release.appendingPathComponent("metadata.json")
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(of: "\"license\": \"", with: "\"license\": \"CC0-1.0 OR ").write(to: file, atomically: false, encoding: .utf8)
        case .machinePathInManifest:
            // The config as a build before schema 7 recorded it: where its folders were.
            var object = try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as! [String: Any]
            var config = object["config"] as! [String: Any]
            config["corpus"] = "/home/builder/corpus"
            var selection = config["selection"] as! [String: Any]
            selection["stopList"] = "/home/builder/stoplist.txt"
            config["selection"] = selection
            object["config"] = config
            try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: manifest)
        default: break  // databaseEdit's
        }
        if rawValue.hasSuffix("Rehashed") { try Self.rehash(release) }
    }

    /// Opens the database for writing without foreign-key enforcement (so damage is possible).
    private func withDatabase(_ url: URL, _ body: (SQLiteConnection) throws -> Void) throws {
        let db = try SQLiteConnection(path: url.path, foreignKeys: false)
        try body(db)
        try db.close()
    }

    private func withDatabaseRead<T>(_ url: URL, _ body: (SQLiteConnection) throws -> T) throws -> T {
        let queue = try SQLiteConnection(path: url.path, readOnly: true)
        defer { try? queue.close() }
        return try queue.read(body)
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
