import Foundation
import GRDB
import VocabCore

/// Writes the release's SQLite database. The schema (see `SCHEMA.md` next to this file):
///
/// ```sql
/// PRAGMA application_id = 0x566F6361;   -- "Voca"
/// PRAGMA user_version = 1;              -- BundleSchema.version
/// -- journal_mode = DELETE (no -wal/-shm files), foreign keys on, VACUUM last.
///
/// CREATE TABLE metadata(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
/// CREATE TABLE words(
///     id INTEGER PRIMARY KEY,           -- = rank
///     lemma TEXT NOT NULL, source_lemma TEXT NOT NULL,
///     pos TEXT NOT NULL CHECK (pos IN ('noun','verb','adjective','adverb','other')),
///     frequency INTEGER, rank INTEGER UNIQUE,  -- NULL when the frequency list is not redistributable
///     band INTEGER NOT NULL CHECK (band BETWEEN 1 AND 20), sense_rank INTEGER NOT NULL,
///     lexicon TEXT NOT NULL, entry_id TEXT NOT NULL, sense_id TEXT NOT NULL, synset_id TEXT NOT NULL,
///     ili TEXT, UNIQUE(lemma, pos));
/// CREATE TABLE definitions(word_id INTEGER PRIMARY KEY REFERENCES words(id), text TEXT NOT NULL);
/// CREATE TABLE synonyms(word_id INTEGER NOT NULL REFERENCES words(id), position INTEGER NOT NULL,
///     lemma TEXT NOT NULL, PRIMARY KEY(word_id, position)) WITHOUT ROWID;
/// CREATE TABLE examples(word_id ..., position ..., text TEXT NOT NULL, PRIMARY KEY(word_id, position)) WITHOUT ROWID;
/// CREATE TABLE translations(word_id INTEGER NOT NULL REFERENCES words(id), language TEXT NOT NULL,
///     position INTEGER NOT NULL, lemma TEXT NOT NULL, PRIMARY KEY(word_id, language, position)) WITHOUT ROWID;
/// CREATE VIRTUAL TABLE word_search USING fts5(lemma, translations,
///     tokenize = 'unicode61 remove_diacritics 2');   -- rowid = words.id
/// ```
/// Positions are 0-based, in the record's order. Every statement runs in a fixed order, so
/// the same input on the same SQLite version gives a byte-identical file.
enum SQLiteBundle {
    static let schema: [String] = [
        """
        CREATE TABLE metadata(
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE words(
            id INTEGER PRIMARY KEY,
            lemma TEXT NOT NULL,
            source_lemma TEXT NOT NULL,
            pos TEXT NOT NULL CHECK (pos IN ('noun','verb','adjective','adverb','other')),
            frequency INTEGER,
            rank INTEGER UNIQUE,
            band INTEGER NOT NULL CHECK (band BETWEEN 1 AND 20),
            sense_rank INTEGER NOT NULL,
            lexicon TEXT NOT NULL,
            entry_id TEXT NOT NULL,
            sense_id TEXT NOT NULL,
            synset_id TEXT NOT NULL,
            ili TEXT,
            UNIQUE(lemma, pos)
        )
        """,
        "CREATE INDEX words_lemma_nocase ON words(lemma COLLATE NOCASE)",
        "CREATE INDEX words_source_lemma ON words(source_lemma)",
        """
        CREATE TABLE definitions(
            word_id INTEGER PRIMARY KEY REFERENCES words(id),
            text TEXT NOT NULL
        )
        """,
        """
        CREATE TABLE synonyms(
            word_id INTEGER NOT NULL REFERENCES words(id),
            position INTEGER NOT NULL,
            lemma TEXT NOT NULL,
            PRIMARY KEY(word_id, position)
        ) WITHOUT ROWID
        """,
        "CREATE INDEX synonyms_lemma ON synonyms(lemma)",
        """
        CREATE TABLE exclusions(
            source_lemma TEXT NOT NULL,
            pos TEXT,
            tag TEXT NOT NULL,
            reason TEXT NOT NULL,
            PRIMARY KEY(source_lemma, tag, reason)
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE examples(
            word_id INTEGER NOT NULL REFERENCES words(id),
            position INTEGER NOT NULL,
            text TEXT NOT NULL,
            PRIMARY KEY(word_id, position)
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE translations(
            word_id INTEGER NOT NULL REFERENCES words(id),
            language TEXT NOT NULL,
            position INTEGER NOT NULL,
            lemma TEXT NOT NULL,
            PRIMARY KEY(word_id, language, position)
        ) WITHOUT ROWID
        """,
        "CREATE INDEX translations_lemma ON translations(language, lemma)",
        """
        CREATE VIRTUAL TABLE word_search USING fts5(
            lemma, translations, tokenize = 'unicode61 remove_diacritics 2'
        )
        """,
    ]

    /// Creates `url` (which must not exist) and fills it. Returns `sqlite_version()`.
    static func write(_ input: EmitInput, manifest: Manifest, to url: URL) throws -> String {
        func fail(_ error: Error) -> VocabError {
            if let error = error as? VocabError { return error }
            if let error = error as? DatabaseError {
                return VocabError(.emit, file: url.path, "SQLite: \(error.message ?? "\(error.resultCode)")")
            }
            return VocabError(.emit, file: url.path, "\(error)")
        }
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.label = "StageEmit"
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: url.path, configuration: configuration)
        } catch {
            throw fail(error)
        }
        do {
            let version = try queue.writeWithoutTransaction { db -> String in
                try db.execute(sql: "PRAGMA journal_mode = DELETE")
                // The file sits in a temporary folder that is thrown away on failure and synced
                // to disk before it is published, so SQLite's own syncs only cost time.
                try db.execute(sql: "PRAGMA synchronous = OFF")
                try db.execute(sql: "PRAGMA application_id = \(BundleSchema.applicationID)")
                try db.execute(sql: "PRAGMA user_version = \(BundleSchema.version)")
                let version = try String.fetchOne(db, sql: "SELECT sqlite_version()") ?? "unknown"
                try db.inTransaction {
                    for statement in schema { try db.execute(sql: statement) }
                    try insertMetadata(db, manifest: manifest, sqliteVersion: version)
                    try insertWords(db, input: input)
                    try insertExclusions(db, input: input)
                    return .commit
                }
                let violations = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
                if !violations.isEmpty {
                    throw VocabError(.emit, file: url.path, "\(violations.count) rows break a foreign key")
                }
                try db.execute(sql: "VACUUM")
                return version
            }
            try queue.close()
            return version
        } catch {
            try? queue.close()
            throw fail(error)
        }
    }

    static func insertMetadata(_ db: Database, manifest: Manifest, sqliteVersion: String) throws {
        var pairs: [(String, String)] = [
            ("name", manifest.name),
            ("version", manifest.version),
            ("schema_version", String(BundleSchema.version)),
            ("tool_name", ToolInfo.name),
            ("tool_version", ToolInfo.version),
            ("sqlite_version", sqliteVersion),
            ("created", manifest.created),
            ("source_language", manifest.sourceLanguage),
            ("target_languages", OrderedJSON.strings(manifest.targetLanguages).compact),
            ("counts", try manifest.countsJSON().compact),
            ("sources", manifest.sourcesJSON.compact),
            ("licenses", manifest.licensesJSON.compact),
            ("attribution", manifest.attribution),
            ("frequencies", manifest.frequencies),
            ("bands", String(manifest.bands)),
        ]
        if let title = manifest.title { pairs.append(("title", title)) }
        if let description = manifest.description { pairs.append(("description", description)) }
        let statement = try db.makeStatement(sql: "INSERT INTO metadata(key, value) VALUES (?, ?)")
        for (key, value) in pairs.sorted(by: { $0.0 < $1.0 }) {
            try statement.execute(arguments: [key, value])
        }
    }

    /// Sorted by reason, lemma and tag, so the table gives no frequency order away.
    static func insertExclusions(_ db: Database, input: EmitInput) throws {
        let statement = try db.makeStatement(sql: "INSERT OR IGNORE INTO exclusions(source_lemma, pos, tag, reason) VALUES (?, ?, ?, ?)")
        let sorted = input.exclusions.sorted {
            ($0.reason.rawValue, $0.sourceLemma, $0.tag) < ($1.reason.rawValue, $1.sourceLemma, $1.tag)
        }
        for word in sorted {
            try statement.execute(arguments: [word.sourceLemma, word.partOfSpeech?.rawValue, word.tag, word.reason.rawValue])
        }
    }

    static func insertWords(_ db: Database, input: EmitInput) throws {
        let word = try db.makeStatement(sql: """
            INSERT INTO words(id, lemma, source_lemma, pos, frequency, rank, band, sense_rank,
                              lexicon, entry_id, sense_id, synset_id, ili)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let definition = try db.makeStatement(sql: "INSERT INTO definitions(word_id, text) VALUES (?, ?)")
        let synonym = try db.makeStatement(sql: "INSERT INTO synonyms(word_id, position, lemma) VALUES (?, ?, ?)")
        let example = try db.makeStatement(sql: "INSERT INTO examples(word_id, position, text) VALUES (?, ?, ?)")
        let translation = try db.makeStatement(
            sql: "INSERT INTO translations(word_id, language, position, lemma) VALUES (?, ?, ?, ?)")
        let search = try db.makeStatement(
            sql: "INSERT INTO word_search(rowid, lemma, translations) VALUES (?, ?, ?)")

        for published in input.publishedWords {
            let record = published.record
            let id = Int64(published.id)
            let p = record.provenance
            try word.execute(arguments: [
                id, record.lemma, record.sourceLemma, record.partOfSpeech.rawValue, published.frequency,
                published.rank, published.band, p.senseRank, p.lexicon, p.entryId, p.senseId, p.synsetId, p.ili,
            ])
            if let text = record.definition {
                try definition.execute(arguments: [id, text])
            }
            for (position, lemma) in record.synonyms.enumerated() {
                try synonym.execute(arguments: [id, position, lemma])
            }
            for (position, text) in record.examples.enumerated() {
                try example.execute(arguments: [id, position, text])
            }
            var all: [String] = []
            for language in input.targetLanguages {
                let lemmas = record.translations(for: language)
                for (position, lemma) in lemmas.enumerated() {
                    try translation.execute(arguments: [id, language, position, lemma])
                }
                all.append(contentsOf: lemmas)
            }
            try search.execute(arguments: [id, record.lemma, all.joined(separator: " ")])
        }
    }
}
