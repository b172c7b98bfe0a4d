import Foundation
import SQLiteDatabase
import Testing
import ReleaseFormat
import VocabCore
@testable import StageEmit

@Suite struct SQLiteBundleTests {
    let scratch = Scratch()

    /// Emits the fixture and opens its database read-only.
    func emitAndOpen() throws -> (URL, SQLiteConnection) {
        let release = try scratch.folder().appendingPathComponent("test-vocab-1.2.3")
        _ = try ReleaseEmitter.emit(try Fixture.input(), to: release)
        let queue = try SQLiteConnection(
            path: release.appendingPathComponent("test-vocab.sqlite").path, readOnly: true)
        return (release, queue)
    }

    @Test func pragmasIdentifyTheBundle() throws {
        let (release, queue) = try emitAndOpen()
        try queue.read { db throws in
            #expect(try Int32.fetchOne(db, sql: "PRAGMA application_id") == ReleaseSchema.applicationID)
            #expect(try Int32.fetchOne(db, sql: "PRAGMA user_version") == ReleaseSchema.version)
            #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode")?.lowercased() == "delete")
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            #expect(try SQLiteRow.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
        }
        try queue.close()
        let files = try FileManager.default.contentsOfDirectory(atPath: release.path).sorted()
        #expect(files == ["datapackage.json", "metadata.json", "test-vocab.json", "test-vocab.sqlite"])
    }

    @Test func rowsMatchTheRecords() throws {
        let (_, queue) = try emitAndOpen()
        defer { try? queue.close() }
        try queue.read { db throws in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM words") == 5)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM translations") == 9)
            for table in ["definitions", "synonyms", "examples", "exclusions", "word_search"] {
                #expect(try !db.tableExists(table), "\(table) is not in schema 2")
            }

            // One query per card, under the bundle's names.
            let row = try #require(try SQLiteRow.fetchOne(db, sql: "SELECT * FROM words WHERE name = 'time'"))
            #expect(row["id"] as Int64 == 1)
            #expect(row["freqRank"] as Int64 == 1)
            #expect(row["pos"] as String == "noun")
            #expect(row["freq"] as Int64 == 10_000)
            #expect(row["definition"] as String == "the continuum of experience")
            #expect(row["translations"] as String == #"{"es":["tiempo","época"],"fr":["temps"]}"#)
            #expect(row["synonyms"] as String == #"["clip"]"#)
            #expect(row["sentences"] as String == #"["it's time to go","time flies"]"#)
            #expect(row["sourceLemma"] as String == "time")
            #expect(row["lexicon"] as String == "test-en:1.0")
            #expect(row["entry"] as String == "e-time-noun")
            #expect(row["sense"] as String == "s-time-1")
            #expect(row["synset"] as String == "syn-1")
            #expect(row["ili"] as String? == "i1")
            #expect(row["senseRank"] as Int64 == 1)
            #expect(row["searchTranslations"] as String == "tiempo\népoca\ntemps")
            #expect(row["searchFolded"] as String == "time\ntiempo\nepoca\ntemps")

            // Unicode and apostrophes survive; no definition is NULL; empty lists are [].
            let naive = try #require(try SQLiteRow.fetchOne(db, sql: "SELECT id, ili, definition FROM words WHERE name = ?", arguments: ["naïve"]))
            #expect(naive["id"] as Int64 == 3)
            #expect(naive["ili"] as String? == nil)
            #expect(naive["definition"] as String? == nil)
            #expect(try String.fetchOne(db, sql: "SELECT definition FROM words WHERE id = 4")
                    == "according to the clock \"exactly\"\n/ line two")
            #expect(try String.fetchOne(db, sql: "SELECT translations FROM words WHERE name = ?", arguments: ["o'clock"])
                    == #"{"es":[],"fr":[]}"#)
            #expect(try String.fetchOne(db, sql: "SELECT synonyms FROM words WHERE id = 4") == "[]")
            #expect(try String.fetchOne(db, sql: "SELECT definition FROM words WHERE id = 5") == "a small restaurant 🍵")

            // The translations table holds the same lemmas, in order, by language.
            #expect(try String.fetchAll(
                db, sql: "SELECT lemma FROM translations WHERE wordId = 1 AND language = 'es' ORDER BY position")
                    == ["tiempo", "época"])
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM translations WHERE wordId = 2 AND language = 'fr'") == 0)
        }
    }

    @Test func metadataMirrorsTheManifest() throws {
        let (_, queue) = try emitAndOpen()
        defer { try? queue.close() }
        let metadata = try queue.read { db throws in
            try Dictionary(uniqueKeysWithValues: SQLiteRow.fetchAll(db, sql: "SELECT key, value FROM metadata").map {
                ($0["key"] as String, $0["value"] as String)
            })
        }
        #expect(metadata["name"] == "test-vocab")
        #expect(metadata["version"] == "1.2.3")
        #expect(metadata["schemaVersion"] == "\(ReleaseSchema.version)")
        #expect(metadata["tool"] == #"{"name":"\#(ToolInfo.name)","version":"\#(ToolInfo.version)"}"#)
        #expect(metadata["created"] == "2025-01-01T00:00:00Z")
        #expect(metadata["sourceLanguage"] == "en")
        #expect(metadata["targetLanguages"] == #"["es","fr"]"#)
        #expect(metadata["title"] == "Test vocabulary")
        #expect(metadata["attribution"] == "Test English WordNet, CC BY 4.0\nTest Spanish wordnet\nEnglish test wordnet")
        #expect(metadata["sqliteVersion"]?.hasPrefix("3.") == true)
        let counts = try JSONDecoder().decode(ReleaseCounts.self, from: Data(try #require(metadata["counts"]).utf8))
        #expect(counts == (try Fixture.input()).release.counts)
        let sources = try JSONSerialization.jsonObject(with: Data(try #require(metadata["sources"]).utf8)) as? [Any]
        #expect(sources?.count == 4)
        let licenses = try JSONSerialization.jsonObject(with: Data(try #require(metadata["licenses"]).utf8)) as? [[String: Any]]
        #expect(licenses?.count == 2)
        #expect(licenses?.first?["name"] as? String == "LicenseRef-Test")
    }

    /// The documented query for user input (`WordSearch.query`), on `words`.
    static func search(_ db: SQLiteConnection, _ input: String) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT name FROM (\(WordSearch.query(table: "words")))",
                            arguments: ["input": input, "limit": 20])
    }

    @Test func fullTextSearchFindsWordsByNameAndTranslation() throws {
        let (_, queue) = try emitAndOpen()
        defer { try? queue.close() }
        try queue.read { db throws in
            #expect(try Self.search(db, "tiempo") == ["time"])
            #expect(try Self.search(db, "TIME") == ["time"])
            // Typed without accents: the folded column finds the accented word.
            #expect(try Self.search(db, "epoca") == ["time"])
            #expect(try Self.search(db, "cafeteria") == ["café"])
            #expect(try Self.search(db, "naive") == ["naïve"])
            #expect(try Self.search(db, "bistrot") == ["café"])
            // Query syntax in the input is text.
            #expect(try Self.search(db, "o'clock") == ["o'clock"])
            for input in ["\"", "*", "AND", "self-esteem", "a\"b", "NEAR(", "name:x", "^time"] {
                #expect(throws: Never.self, "\(input)") { _ = try Self.search(db, input) }
            }
            #expect(try Self.search(db, "^time") == ["time"])
        }
    }

    @Test func schemaRejectsUnknownPartOfSpeechAndDanglingRows() throws {
        // Copy the bundle and try to break the constraints on a writable copy.
        let (release, queue) = try emitAndOpen()
        try queue.close()
        let copy = release.deletingLastPathComponent().appendingPathComponent("copy.sqlite")
        try FileManager.default.copyItem(at: release.appendingPathComponent("test-vocab.sqlite"), to: copy)
        let writable = try SQLiteConnection(path: copy.path)
        defer { try? writable.close() }
        #expect(throws: SQLiteError.self) {
            try writable.write { db throws in
                try db.execute(sql: """
                    INSERT INTO words(id, name, pos, band, translations, synonyms, sentences, sourceLemma, lexicon, entry,
                                      sense, synset, senseRank, searchTranslations, searchFolded)
                    VALUES (9, 'x', 'pronoun', 1, '{}', '[]', '[]', 'x', 'l', 'e', 's', 'y', 1, '', 'x')
                    """)
            }
        }
        #expect(throws: SQLiteError.self) {
            try writable.write { db throws in
                try db.execute(sql: "INSERT INTO translations(wordId, language, position, lemma) VALUES (42, 'es', 0, 'orphan')")
            }
        }
        #expect(throws: SQLiteError.self) {
            try writable.write { db throws in
                try db.execute(sql: """
                    INSERT INTO words(id, name, pos, band, translations, synonyms, sentences, sourceLemma, lexicon, entry,
                                      sense, synset, senseRank, searchTranslations, searchFolded)
                    VALUES (9, 'time', 'noun', 1, '{}', '[]', '[]', 'x', 'l', 'e', 's', 'y', 1, '', 'time')
                    """)
            }
        }
    }
}
