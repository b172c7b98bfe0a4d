import Foundation
import SQLiteDatabase
import ReleaseFormat
import TestSupport
import Testing

/// The release as its consumers use it: the app opens the shipped SQLite file read-only and
/// immutable (SQLite's C API, as GRDB or any other layer opens it) and reads each word card with one query; the original app decoded the
/// JSON bundle with `Codable` into its record shape. On the sample release, and on the real one
/// when `../shared/corpus` is present.
@Suite struct ConsumerContractTests {
    /// The original app's record: `freq` optional (null in a bands-only release).
    struct AppWord: Codable, Equatable {
        var name: String
        var pos: String
        var freq: Int?
        var definition: String?
        var translations: [String: [String]]
        var synonyms: [String]
        var sentences: [String]
    }

    struct AppBundle: Codable {
        var words: [AppWord]
    }

    /// An example as the app shows it (schema 7): the sentence, its translation into the
    /// learner's language (none for the lexicon's own), where it comes from, and whether it is
    /// known to show the card's sense.
    struct AppExample: Codable, Equatable {
        var text: String
        var translation: String?
        var source: String
        var sameSense: Bool
    }

    /// The app's examples of a card, beside the original record's fields.
    struct AppExamples: Codable, Equatable {
        var name: String
        var sentences: [String]
        var examples: [AppExample]
    }

    struct AppExamplesBundle: Codable {
        var words: [AppExamples]
    }

    /// The one query per card an app runs, and a card decoded from its row.
    static let cardQuery = "SELECT name, pos, freq, definition, translations, synonyms, sentences FROM words ORDER BY id"
    /// The examples with their translations (schema 7).
    static let examplesQuery = "SELECT name, sentences, examples FROM words ORDER BY id"

    static func card(_ row: SQLiteRow) throws -> AppWord {
        let decoder = JSONDecoder()
        return AppWord(
            name: row["name"], pos: row["pos"], freq: row["freq"], definition: row["definition"],
            translations: try decoder.decode([String: [String]].self, from: Data((row["translations"] as String).utf8)),
            synonyms: try decoder.decode([String].self, from: Data((row["synonyms"] as String).utf8)),
            sentences: try decoder.decode([String].self, from: Data((row["sentences"] as String).utf8)))
    }

    /// Opens `file` as the app does: read-only, `immutable=1` (no lock, no journal looked for).
    static func openAsTheApp(_ file: URL) throws -> SQLiteConnection {
        return try SQLiteConnection(path: "file:\(file.path)?immutable=1", readOnly: true)
    }

    /// Builds a release with `vocab build` into a new folder; returns the release folder.
    static func build(config: URL, corpus: URL, name: String) throws -> URL {
        let root = try TestProject.temporaryFolder("consumers")
        let run = try TestProject.runVocab([
            "build", "--config", config.path, "--corpus", corpus.path, "--output", root.appendingPathComponent("out").path,
            "--work", root.appendingPathComponent("work").path, "--quiet",
        ], environment: ["SOURCE_DATE_EPOCH": "1767225600"])
        guard run.status == 0 else { throw TestSetupError("vocab build failed: \(run)") }
        return root.appendingPathComponent("out/\(name)")
    }

    /// The app's examples of every card, from the database and from the bundle: the same, each
    /// card's `sentences` its examples' texts; the cards' examples returned.
    static func checkExamples(release: URL, dataset: String) throws -> [AppExamples] {
        let queue = try openAsTheApp(release.appendingPathComponent("\(dataset).sqlite"))
        defer { try? queue.close() }
        let decoder = JSONDecoder()
        let cards = try queue.read { db in
            try SQLiteRow.fetchAll(db, sql: examplesQuery).map { row in
                AppExamples(
                    name: row["name"], sentences: try decoder.decode([String].self, from: Data((row["sentences"] as String).utf8)),
                    examples: try decoder.decode([AppExample].self, from: Data((row["examples"] as String).utf8)))
            }
        }
        let bundle = try decoder.decode(AppExamplesBundle.self, from: Data(contentsOf: release.appendingPathComponent("\(dataset).json")))
        #expect(bundle.words == cards, "the bundle's examples are the database's")
        #expect(cards.allSatisfy { $0.sentences == $0.examples.map(\.text) }, "sentences are the examples' texts")
        #expect(cards.allSatisfy { $0.examples.allSatisfy { ($0.source == "lexicon") == ($0.translation == nil) } })
        return cards
    }

    /// What a consumer relies on, checked on one release.
    static func checkContract(release: URL, dataset: String, minimumWords: Int) throws {
        let queue = try openAsTheApp(release.appendingPathComponent("\(dataset).sqlite"))
        defer { try? queue.close() }
        let cards = try queue.read { db in try SQLiteRow.fetchAll(db, sql: cardQuery).map(card) }
        #expect(cards.count >= minimumWords)
        // The file is read-only to the app.
        #expect(throws: SQLiteError.self) { try queue.write { try $0.execute(sql: "DELETE FROM words") } }

        let data = try Data(contentsOf: release.appendingPathComponent("\(dataset).json"))
        let bundle = try JSONDecoder().decode(AppBundle.self, from: data)
        #expect(bundle.words == cards, "the JSON records and the SQLite cards are the same words, in the same order")
        #expect(bundle.words.allSatisfy { !$0.name.isEmpty && ["noun", "verb", "adjective", "adverb", "other"].contains($0.pos) })

        // One card by name, as the app's search result opens it.
        let first = try #require(cards.first)
        let again = try queue.read { db in
            try SQLiteRow.fetchOne(db, sql: cardQuery.replacingOccurrences(of: "ORDER BY id", with: "WHERE name = ? AND pos = ?"),
                             arguments: [first.name, first.pos]).map(card)
        }
        #expect(again == first)

        // The user's input, through the documented query: the card itself comes back.
        let found = try queue.read { db in
            try SQLiteRow.fetchAll(db, sql: "SELECT * FROM (\(WordSearch.query(table: "words")))", arguments: ["input": first.name, "limit": 5])
                .map(card)
        }
        #expect(found.first == first)

        // A form the learner reads (schema 8), through the documented form query, bound lower-cased:
        // every row a card of the release, read by one of its readings.
        let forms = try queue.read { db in try String.fetchAll(db, sql: "SELECT DISTINCT form FROM forms ORDER BY form LIMIT 20") }
        #expect(!forms.isEmpty, "the release has forms")
        for form in forms {
            let rows = try queue.read { db in
                try SQLiteRow.fetchAll(db, sql: FormSearch.query(table: "words"), arguments: ["form": form.uppercased().lowercased()])
            }
            #expect(!rows.isEmpty, "\(form)")
            #expect(try rows.allSatisfy { cards.contains(try card($0)) }, "\(form)")
        }
    }

    @Test func theSampleRelease() throws {
        let release = try Self.build(config: TestProject.sampleConfig, corpus: TestProject.sampleCorpus, name: "sample-en-es-0.1.0")
        defer { try? FileManager.default.removeItem(at: release.deletingLastPathComponent().deletingLastPathComponent()) }
        try Self.checkContract(release: release, dataset: "sample-en-es", minimumWords: 19)
        let cards = try Self.checkExamples(release: release, dataset: "sample-en-es")
        #expect(cards.contains { !$0.examples.isEmpty } && cards.allSatisfy { $0.examples.allSatisfy { $0.source == "lexicon" && $0.sameSense } })
    }

    @Test func theSampleReleaseWithSentencePairs() throws {
        let root = try TestProject.temporaryFolder("consumers")
        defer { try? FileManager.default.removeItem(at: root) }
        let release = try Self.build(config: try TestProject.sampleConfigWithExamples(in: root), corpus: TestProject.sampleCorpus,
                                     name: "sample-en-es-0.1.0")
        defer { try? FileManager.default.removeItem(at: release.deletingLastPathComponent().deletingLastPathComponent()) }
        try Self.checkContract(release: release, dataset: "sample-en-es", minimumWords: 19)
        let cards = try Self.checkExamples(release: release, dataset: "sample-en-es")
        let house = try #require(cards.first { $0.name == "house" })
        #expect(house.examples.contains(AppExample(text: "This is my house.", translation: "Esta es mi casa.", source: "sample-pairs", sameSense: true)))
    }

    @Test(.needsRealCorpus) func theRealRelease() throws {
        let release = try ShippedReleases.coca2025().release
        try Self.checkContract(release: release, dataset: "coca-oewn2025-es", minimumWords: 3000)
        let cards = try Self.checkExamples(release: release, dataset: "coca-oewn2025-es")
        #expect(cards.count { $0.examples.contains { $0.source == "tatoeba" && $0.sameSense } } * 10 >= cards.count * 8)
    }
}
