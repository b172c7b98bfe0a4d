import Foundation
import GRDB
import VocabCore

/// One word of a published release, as its SQLite database holds it.
public struct BundleWord: Sendable, Equatable {
    public var id: Int
    public var lemma: String
    public var sourceLemma: String
    public var partOfSpeech: String
    /// Nil when the release publishes bands only.
    public var frequency: Int64?
    public var rank: Int?
    public var band: Int
    public var senseRank: Int
    public var lexicon: String
    public var entryId: String
    public var senseId: String
    public var synsetId: String
    public var ili: String?
    public var definition: String?
    public var synonyms: [String]
    public var examples: [String]
    /// Language → lemmas, for every language that has at least one.
    public var translations: [String: [String]]

    /// The diff key: a word is the same word across releases when lemma and part of speech match.
    public var key: WordKey { WordKey(lemma: lemma, partOfSpeech: partOfSpeech) }
}

public struct WordKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var lemma: String
    public var partOfSpeech: String

    public init(lemma: String, partOfSpeech: String) {
        self.lemma = lemma
        self.partOfSpeech = partOfSpeech
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.lemma, lhs.partOfSpeech) < (rhs.lemma, rhs.partOfSpeech)
    }

    public var description: String { "\(lemma)/\(partOfSpeech)" }
}

/// A release read back from disk.
public struct ReleaseBundle: Sendable {
    /// The release folder, when a folder was given.
    public var folder: URL?
    public var database: URL
    /// `PRAGMA application_id` and `PRAGMA user_version`.
    public var applicationID: Int32
    public var userVersion: Int32
    /// The `metadata` table.
    public var metadata: [String: String]
    /// `sqlite_master` rows (type, name, sql), sorted: the schema, to tell schema changes.
    public var schema: [String]
    /// Words in id order.
    public var words: [BundleWord]
    /// Frequency-list words left out, with the reason (`exclusions` table).
    public var exclusions: [Exclusion]

    public struct Exclusion: Sendable, Equatable {
        public var sourceLemma: String
        public var partOfSpeech: String?
        public var tag: String
        public var reason: String
    }

    public var targetLanguages: [String] {
        guard let json = metadata["target_languages"], let data = json.data(using: .utf8),
              let languages = try? JSONDecoder().decode([String].self, from: data)
        else { return [] }
        return languages
    }

    /// Opens a release folder (its SQLite file is the resource of format `sqlite` in
    /// `datapackage.json`, or the folder's only `.sqlite` file) or a SQLite file, read-only.
    public static func open(_ url: URL) throws -> ReleaseBundle {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw VocabError(.validation, file: url.path, "no such release folder or file")
        }
        if isDirectory.boolValue {
            var bundle = try read(database: try databaseFile(in: url))
            bundle.folder = url
            return bundle
        }
        return try read(database: url)
    }

    static func databaseFile(in folder: URL) throws -> URL {
        let manifest = folder.appendingPathComponent("datapackage.json")
        if let data = try? Data(contentsOf: manifest),
           let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           let resources = object["resources"] as? [[String: Any]],
           let path = resources.first(where: { ($0["format"] as? String) == "sqlite" })?["path"] as? String {
            return folder.appendingPathComponent(path)
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let databases = files.filter { $0.hasSuffix(".sqlite") }.sorted()
        guard databases.count == 1 else {
            throw VocabError(.validation, file: folder.path,
                             databases.isEmpty ? "holds no .sqlite file" : "holds several .sqlite files and no datapackage.json naming one")
        }
        return folder.appendingPathComponent(databases[0])
    }

    static func read(database url: URL) throws -> ReleaseBundle {
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: url.path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in
                let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                let userVersion = try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                let schema = try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master ORDER BY type, name")
                    .map { row -> String in
                        let sql: String? = row["sql"]
                        return "\(row["type"] as String? ?? "") \(row["name"] as String? ?? ""): \(sql ?? "")"
                    }
                var metadata: [String: String] = [:]
                if try db.tableExists("metadata") {
                    for row in try Row.fetchAll(db, sql: "SELECT key, value FROM metadata") {
                        metadata[row["key"]] = row["value"]
                    }
                }
                return ReleaseBundle(
                    folder: nil, database: url, applicationID: applicationID, userVersion: userVersion,
                    metadata: metadata, schema: schema, words: try words(db),
                    exclusions: try db.tableExists("exclusions") ? exclusions(db) : [])
            }
        } catch let error as VocabError {
            throw error
        } catch let error as DatabaseError {
            throw VocabError(.validation, file: url.path, "cannot read the release database: \(error.message ?? "\(error.resultCode)")")
        } catch {
            throw VocabError(.validation, file: url.path, "cannot read the release database: \(error)")
        }
    }

    static func exclusions(_ db: Database) throws -> [Exclusion] {
        try Row.fetchAll(db, sql: "SELECT source_lemma, pos, tag, reason FROM exclusions ORDER BY reason, source_lemma, tag").map {
            Exclusion(sourceLemma: $0["source_lemma"], partOfSpeech: $0["pos"], tag: $0["tag"], reason: $0["reason"])
        }
    }

    static func words(_ db: Database) throws -> [BundleWord] {
        var words: [BundleWord] = []
        var index: [Int: Int] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT w.id, w.lemma, w.source_lemma, w.pos, w.frequency, w.rank, w.band, w.sense_rank, w.lexicon,
                   w.entry_id, w.sense_id, w.synset_id, w.ili, d.text AS definition
            FROM words w LEFT JOIN definitions d ON d.word_id = w.id ORDER BY w.id
            """) {
            index[row["id"]] = words.count
            words.append(BundleWord(
                id: row["id"], lemma: row["lemma"], sourceLemma: row["source_lemma"], partOfSpeech: row["pos"],
                frequency: row["frequency"], rank: row["rank"], band: row["band"], senseRank: row["sense_rank"],
                lexicon: row["lexicon"], entryId: row["entry_id"], senseId: row["sense_id"], synsetId: row["synset_id"],
                ili: row["ili"], definition: row["definition"], synonyms: [], examples: [], translations: [:]))
        }
        for row in try Row.fetchAll(db, sql: "SELECT word_id, lemma FROM synonyms ORDER BY word_id, position") {
            if let i = index[row["word_id"]] { words[i].synonyms.append(row["lemma"]) }
        }
        for row in try Row.fetchAll(db, sql: "SELECT word_id, text FROM examples ORDER BY word_id, position") {
            if let i = index[row["word_id"]] { words[i].examples.append(row["text"]) }
        }
        for row in try Row.fetchAll(db, sql: "SELECT word_id, language, lemma FROM translations ORDER BY word_id, language, position") {
            if let i = index[row["word_id"]] { words[i].translations[row["language"], default: []].append(row["lemma"]) }
        }
        return words
    }
}
