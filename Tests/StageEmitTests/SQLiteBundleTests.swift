import Foundation
import GRDB
import Testing
import ReleaseFormat
import VocabCore
@testable import StageEmit

@Suite struct SQLiteBundleTests {
    let scratch = Scratch()

    /// Emits the fixture and opens its database read-only.
    func emitAndOpen() throws -> (URL, DatabaseQueue) {
        let release = try scratch.folder().appendingPathComponent("test-vocab-1.2.3")
        _ = try ReleaseEmitter.emit(try Fixture.input(), to: release)
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(
            path: release.appendingPathComponent("test-vocab.sqlite").path, configuration: configuration)
        return (release, queue)
    }

    @Test func pragmasIdentifyTheBundle() throws {
        let (release, queue) = try emitAndOpen()
        try queue.read { db throws in
            #expect(try Int32.fetchOne(db, sql: "PRAGMA application_id") == ReleaseSchema.applicationID)
            #expect(try Int32.fetchOne(db, sql: "PRAGMA user_version") == ReleaseSchema.version)
            #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode")?.lowercased() == "delete")
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
        }
        try queue.close()
        let files = try FileManager.default.contentsOfDirectory(atPath: release.path).sorted()
        #expect(files == ["datapackage.json", "test-vocab.json", "test-vocab.sqlite"])
    }

    @Test func rowsMatchTheRecords() throws {
        let (_, queue) = try emitAndOpen()
        defer { try? queue.close() }
        try queue.read { db throws in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM words") == 5)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM definitions") == 4)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM synonyms") == 5)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM examples") == 3)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM translations") == 9)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM word_search") == 5)

            let row = try #require(try Row.fetchOne(db, sql: "SELECT * FROM words WHERE lemma = 'time'"))
            #expect(row["id"] as Int64 == 1)
            #expect(row["rank"] as Int64 == 1)
            #expect(row["pos"] as String == "noun")
            #expect(row["frequency"] as Int64 == 10_000)
            #expect(row["lexicon"] as String == "test-en:1.0")
            #expect(row["entry_id"] as String == "e-time-noun")
            #expect(row["sense_id"] as String == "s-time-1")
            #expect(row["synset_id"] as String == "syn-1")
            #expect(row["ili"] as String? == "i1")
            #expect(row["sense_rank"] as Int64 == 1)

            // Unicode and apostrophes survive; a word without definition has no definitions row.
            let naive = try #require(try Row.fetchOne(db, sql: "SELECT id, ili FROM words WHERE lemma = ?", arguments: ["naïve"]))
            #expect(naive["id"] as Int64 == 3)
            #expect(naive["ili"] as String? == nil)
            #expect(try String.fetchOne(db, sql: "SELECT text FROM definitions WHERE word_id = 3") == nil)
            #expect(try String.fetchOne(db, sql: "SELECT text FROM definitions WHERE word_id = 4")
                    == "according to the clock \"exactly\"\n/ line two")
            #expect(try Int64.fetchOne(db, sql: "SELECT id FROM words WHERE lemma = ?", arguments: ["o'clock"]) == 4)
            #expect(try String.fetchOne(db, sql: "SELECT text FROM definitions WHERE word_id = 5") == "a small restaurant 🍵")

            // Ordered lists keep their positions; languages are kept apart.
            #expect(try String.fetchAll(db, sql: "SELECT lemma FROM synonyms WHERE word_id = 5 ORDER BY position")
                    == ["coffeehouse", "bistro"])
            #expect(try String.fetchAll(db, sql: "SELECT text FROM examples WHERE word_id = 1 ORDER BY position")
                    == ["it's time to go", "time flies"])
            #expect(try String.fetchAll(
                db, sql: "SELECT lemma FROM translations WHERE word_id = 1 AND language = 'es' ORDER BY position")
                    == ["tiempo", "época"])
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM translations WHERE word_id = 2 AND language = 'fr'") == 0)
        }
    }

    @Test func metadataMirrorsTheManifest() throws {
        let (_, queue) = try emitAndOpen()
        defer { try? queue.close() }
        let metadata = try queue.read { db throws in
            try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT key, value FROM metadata").map {
                ($0["key"] as String, $0["value"] as String)
            })
        }
        #expect(metadata["name"] == "test-vocab")
        #expect(metadata["version"] == "1.2.3")
        #expect(metadata["schema_version"] == "1")
        #expect(metadata["tool_name"] == ToolInfo.name)
        #expect(metadata["tool_version"] == ToolInfo.version)
        #expect(metadata["created"] == "2025-01-01T00:00:00Z")
        #expect(metadata["source_language"] == "en")
        #expect(metadata["target_languages"] == #"["es","fr"]"#)
        #expect(metadata["title"] == "Test vocabulary")
        #expect(metadata["attribution"] == "Test English WordNet, CC BY 4.0\nTest Spanish wordnet\nEnglish test wordnet")
        #expect(metadata["sqlite_version"]?.hasPrefix("3.") == true)
        let counts = try JSONDecoder().decode(ReleaseCounts.self, from: Data(try #require(metadata["counts"]).utf8))
        #expect(counts == (try Fixture.input()).release.counts)
        let sources = try JSONSerialization.jsonObject(with: Data(try #require(metadata["sources"]).utf8)) as? [Any]
        #expect(sources?.count == 4)
        let licenses = try JSONSerialization.jsonObject(with: Data(try #require(metadata["licenses"]).utf8)) as? [[String: Any]]
        #expect(licenses?.count == 2)
        #expect(licenses?.first?["name"] as? String == "LicenseRef-Test")
    }

    @Test func fullTextSearchFindsWordsByTranslation() throws {
        let (_, queue) = try emitAndOpen()
        defer { try? queue.close() }
        try queue.read { db throws in
            #expect(try String.fetchAll(
                db, sql: "SELECT w.lemma FROM word_search s JOIN words w ON w.id = s.rowid WHERE word_search MATCH ?",
                arguments: ["translations:tiempo"]) == ["time"])
            // remove_diacritics: "epoca" finds "época", "cafeteria" finds "cafetería".
            #expect(try Int64.fetchAll(db, sql: "SELECT rowid FROM word_search WHERE word_search MATCH ?",
                                       arguments: ["epoca"]) == [1])
            #expect(try Int64.fetchAll(db, sql: "SELECT rowid FROM word_search WHERE word_search MATCH ?",
                                       arguments: ["cafeteria"]) == [5])
            // By lemma, and across languages.
            #expect(try Int64.fetchAll(db, sql: "SELECT rowid FROM word_search WHERE word_search MATCH ?",
                                       arguments: ["lemma:naive"]) == [3])
            #expect(try Int64.fetchAll(db, sql: "SELECT rowid FROM word_search WHERE word_search MATCH ?",
                                       arguments: ["bistrot"]) == [5])
        }
    }

    @Test func schemaRejectsUnknownPartOfSpeechAndDanglingRows() throws {
        // Copy the bundle and try to break the constraints on a writable copy.
        let (release, queue) = try emitAndOpen()
        try queue.close()
        let copy = release.deletingLastPathComponent().appendingPathComponent("copy.sqlite")
        try FileManager.default.copyItem(at: release.appendingPathComponent("test-vocab.sqlite"), to: copy)
        let writable = try DatabaseQueue(path: copy.path)
        defer { try? writable.close() }
        #expect(throws: DatabaseError.self) {
            try writable.write { db throws in
                try db.execute(sql: """
                    INSERT INTO words(id, lemma, source_lemma, pos, frequency, rank, sense_rank, lexicon,
                                      entry_id, sense_id, synset_id) VALUES (9, 'x', 'x', 'pronoun', 1, 9, 1, 'l', 'e', 's', 'y')
                    """)
            }
        }
        #expect(throws: DatabaseError.self) {
            try writable.write { db throws in
                try db.execute(sql: "INSERT INTO definitions(word_id, text) VALUES (42, 'orphan')")
            }
        }
        #expect(throws: DatabaseError.self) {
            try writable.write { db throws in
                try db.execute(sql: """
                    INSERT INTO words(id, lemma, source_lemma, pos, frequency, rank, sense_rank, lexicon,
                                      entry_id, sense_id, synset_id) VALUES (9, 'time', 'x', 'noun', 1, 9, 1, 'l', 'e', 's', 'y')
                    """)
            }
        }
    }
}
