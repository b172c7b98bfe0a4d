import Foundation
import GRDB
import ReleaseFormat
import VocabCore

/// Reads a published release back, read-only. Every value read is checked (a corrupted
/// database gives a ``ReleaseReadError``, never a trap), and nothing outside the release folder
/// and nothing but a regular file is ever opened (a FIFO would block the reader for ever).
public enum ReleaseReader {
    /// Opens a release folder or a SQLite file.
    public static func open(_ url: URL) throws -> PublishedRelease {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ReleaseReadError(file: url.path, .noSuchReleaseOrFile)
        }
        if isDirectory.boolValue {
            var release = try read(database: try databaseFile(in: url))
            release.folder = url
            return release
        }
        guard isRegularFile(url, followingLinks: true) else { throw ReleaseReadError(file: url.path, .notARegularFile) }
        return try read(database: url)
    }

    /// Whether `url` is a regular file (not a FIFO, a device, a folder; with `followingLinks`
    /// false, not a symbolic link either).
    public static func isRegularFile(_ url: URL, followingLinks: Bool) -> Bool {
        var status = stat()
        let result = followingLinks ? stat(url.path, &status) : lstat(url.path, &status)
        return result == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether `path` is a plain file name (no folder, no `..`), so that it stays in the folder.
    public static func isPlainFileName(_ path: String) -> Bool {
        !path.isEmpty && !path.contains("/") && path != "." && path != ".." && !path.contains("\0")
    }

    /// The folder's database: the manifest's `sqlite` resource, else its only `.sqlite` file.
    static func databaseFile(in folder: URL) throws -> URL {
        let manifest = folder.appendingPathComponent(ReleaseFiles.manifest)
        if isRegularFile(manifest, followingLinks: false), let data = try? FileContents.read(manifest),
           let value = try? JSONValue.parse(data),
           let path = value["resources"]?.arrayValue?.first(where: { $0["format"]?.stringValue == "sqlite" })?["path"]?.stringValue {
            guard isPlainFileName(path) else {
                throw ReleaseReadError(file: folder.path, item: ReleaseFiles.manifest, .databaseOutsideRelease(path))
            }
            let url = folder.appendingPathComponent(path)
            guard isRegularFile(url, followingLinks: false) else { throw ReleaseReadError(file: url.path, .notARegularFile) }
            return url
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let databases = files.filter { $0.hasSuffix(".sqlite") }.sorted()
        guard databases.count == 1 else {
            throw ReleaseReadError(file: folder.path, databases.isEmpty ? .noDatabase : .severalDatabases)
        }
        let url = folder.appendingPathComponent(databases[0])
        guard isRegularFile(url, followingLinks: false) else { throw ReleaseReadError(file: url.path, .notARegularFile) }
        return url
    }

    /// Reads everything from one database file.
    static func read(database url: URL) throws -> PublishedRelease {
        do {
            return try readOnly(url) { db in
                let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                let userVersion = try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                let schema = try schemaRows(db)
                var metadata: [String: String] = [:]
                if try db.tableExists("metadata") {
                    for (index, row) in try Row.fetchAll(db, sql: "SELECT key, value FROM metadata").enumerated() {
                        let reader = DatabaseRow(row: row, table: "metadata", key: "row \(index + 1)", file: url.path)
                        metadata[try reader.text("key")] = try reader.text("value")
                    }
                }
                let languages = PublishedRelease.targetLanguages(metadata)
                return PublishedRelease(
                    folder: nil, database: url, applicationID: applicationID, userVersion: userVersion,
                    metadata: metadata, schema: schema, words: try words(db, targetLanguages: languages, file: url.path),
                    exclusions: try db.tableExists("exclusions") ? exclusions(db, file: url.path) : [])
            }
        } catch let error as ReleaseReadError {
            throw error
        } catch let error as DatabaseError {
            throw ReleaseReadError(file: url.path, .unreadableDatabase(error.message ?? "\(error.resultCode)"))
        } catch {
            throw ReleaseReadError(file: url.path, .unreadableDatabase("\(error)"))
        }
    }

    /// Runs `body` in a read-only session on `url`.
    static func readOnly<T>(_ url: URL, _ body: (Database) throws -> T) throws -> T {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "ReleaseReader"
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read(body)
    }

    /// `sqlite_master` as sorted `type name: sql` lines.
    static func schemaRows(_ db: Database) throws -> [String] {
        try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master ORDER BY type, name").map { row in
            let type: DatabaseValue = row["type"], name: DatabaseValue = row["name"], sql: DatabaseValue = row["sql"]
            return "\(String.fromDatabaseValue(type) ?? "") \(String.fromDatabaseValue(name) ?? ""): \(String.fromDatabaseValue(sql) ?? "")"
        }
    }

    static func exclusions(_ db: Database, file: String) throws -> [PublishedRelease.Exclusion] {
        try Row.fetchAll(db, sql: "SELECT source_lemma, pos, tag, reason FROM exclusions ORDER BY reason, source_lemma, tag")
            .enumerated().map { index, row in
            let reader = DatabaseRow(row: row, table: "exclusions", key: "row \(index + 1)", file: file)
            return PublishedRelease.Exclusion(
                sourceLemma: try reader.text("source_lemma"), partOfSpeech: try partOfSpeech(reader, optional: true),
                tag: try reader.text("tag"), reason: try reader.text("reason"))
        }
    }

    static func partOfSpeech(_ reader: DatabaseRow, optional: Bool = false) throws -> PartOfSpeech? {
        guard let text = optional ? try reader.optionalText("pos") : try reader.text("pos") else { return nil }
        guard let value = PartOfSpeech(rawValue: text) else {
            throw ReleaseReadError(
                file: reader.file, item: "\(reader.table) \(reader.key), column pos",
                .badValue(expected: "a part of speech (\(PartOfSpeech.allCases.map(\.rawValue).joined(separator: ", ")))", found: "\"\(text.prefix(40))\""))
        }
        return value
    }

    /// The words in id order, each with its definition, synonyms, examples and translations
    /// (one per target language, in order; languages that are not targets after them).
    static func words(_ db: Database, targetLanguages: [String], file: String) throws -> [ReleaseWord] {
        var words: [ReleaseWord] = []
        var index: [Int: Int] = [:]
        var extra: [Int: [Translation]] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT w.id, w.lemma, w.source_lemma, w.pos, w.frequency, w.rank, w.band, w.sense_rank, w.lexicon,
                   w.entry_id, w.sense_id, w.synset_id, w.ili, d.text AS definition
            FROM words w LEFT JOIN definitions d ON d.word_id = w.id ORDER BY w.id
            """) {
            let id: DatabaseValue = row["id"]
            let reader = DatabaseRow(row: row, table: "words", key: "id \(id)", file: file)
            let word = ReleaseWord(
                id: try reader.int("id"), band: try reader.int("band"), frequency: try reader.optionalInteger("frequency"),
                rank: try reader.optionalInt("rank"),
                card: WordCard(
                    lemma: try reader.text("lemma"), sourceLemma: try reader.text("source_lemma"),
                    partOfSpeech: try partOfSpeech(reader)!, definition: try reader.optionalText("definition"),
                    synonyms: [], examples: [], translations: targetLanguages.map { Translation(language: $0, lemmas: []) },
                    provenance: Provenance(
                        lexicon: try reader.text("lexicon"), entryId: try reader.text("entry_id"),
                        senseId: try reader.text("sense_id"), synsetId: try reader.text("synset_id"),
                        ili: try reader.optionalText("ili"), senseRank: try reader.int("sense_rank"))))
            index[word.id] = words.count
            words.append(word)
        }
        func rows(_ table: String, _ sql: String, _ each: (DatabaseRow, Int) throws -> Void) throws {
            for row in try Row.fetchAll(db, sql: sql) {
                let wordID: DatabaseValue = row["word_id"]
                let reader = DatabaseRow(row: row, table: table, key: "of word \(wordID)", file: file)
                if let position = index[try reader.int("word_id")] { try each(reader, position) }
            }
        }
        try rows("synonyms", "SELECT word_id, lemma FROM synonyms ORDER BY word_id, position") { reader, i in
            words[i].synonyms.append(try reader.text("lemma"))
        }
        try rows("examples", "SELECT word_id, text FROM examples ORDER BY word_id, position") { reader, i in
            words[i].examples.append(try reader.text("text"))
        }
        try rows("translations", "SELECT word_id, language, lemma FROM translations ORDER BY word_id, language, position") { reader, i in
            let language = try reader.text("language"), lemma = try reader.text("lemma")
            if let slot = words[i].translations.firstIndex(where: { $0.language == language }) {
                words[i].translations[slot].lemmas.append(lemma)
            } else if let slot = extra[i]?.firstIndex(where: { $0.language == language }) {
                extra[i]![slot].lemmas.append(lemma)
            } else {
                extra[i, default: []].append(Translation(language: language, lemmas: [lemma]))
            }
        }
        for (i, translations) in extra { words[i].translations += translations }
        return words
    }
}
