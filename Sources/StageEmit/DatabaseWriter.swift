import Foundation
import GRDB
import ReleaseFormat
import VocabCore

/// Writes the release's SQLite database: ``ReleaseSchema``'s objects, the metadata mirroring
/// the manifest, the words, the exclusions. Every statement runs in a fixed order, so the same
/// input on the same SQLite version gives a byte-identical file.
enum DatabaseWriter {
    /// Creates `url` (which must not exist) and fills it. `manifest` builds the release's manifest
    /// once the SQLite version is known (it is recorded in the metadata); it is returned.
    static func write(
        _ input: EmitInput, words: [ReleaseWord], to url: URL, manifest: (_ sqliteVersion: String) throws -> DataPackage
    ) throws -> DataPackage {
        func fail(_ error: Error) -> Error {
            if error is EmitError { return error }
            if let error = error as? DatabaseError {
                return EmitError(file: url.path, .sqlite(error.message ?? "\(error.resultCode)"))
            }
            return EmitError(file: url.path, .other("\(error)"))
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
            let written = try queue.writeWithoutTransaction { db -> DataPackage in
                try db.execute(sql: "PRAGMA journal_mode = DELETE")
                // The file sits in a temporary folder that is thrown away on failure and synced
                // to disk before it is published, so SQLite's own syncs only cost time.
                try db.execute(sql: "PRAGMA synchronous = OFF")
                try db.execute(sql: "PRAGMA application_id = \(ReleaseSchema.applicationID)")
                try db.execute(sql: "PRAGMA user_version = \(ReleaseSchema.version)")
                let version = try String.fetchOne(db, sql: "SELECT sqlite_version()") ?? "unknown"
                let package = try manifest(version)
                try db.inTransaction {
                    for statement in ReleaseSchema.createStatements { try db.execute(sql: statement) }
                    try insertMetadata(db, try ReleaseMetadata.rows(for: package))
                    try insertWords(db, words, targetLanguages: input.release.targetLanguages)
                    try insertExclusions(db, input.exclusions)
                    return .commit
                }
                let violations = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
                if !violations.isEmpty {
                    throw EmitError(file: url.path, .foreignKeyViolations(violations.count))
                }
                try db.execute(sql: "VACUUM")
                return package
            }
            try queue.close()
            return written
        } catch {
            try? queue.close()
            throw fail(error)
        }
    }

    static func insertMetadata(_ db: Database, _ rows: [(key: String, value: String)]) throws {
        let statement = try db.makeStatement(sql: "INSERT INTO metadata(key, value) VALUES (?, ?)")
        for (key, value) in rows {
            try statement.execute(arguments: [key, value])
        }
    }

    /// Sorted by reason, lemma and tag, so the table gives no frequency order away.
    static func insertExclusions(_ db: Database, _ exclusions: [DroppedWord]) throws {
        let statement = try db.makeStatement(sql: "INSERT OR IGNORE INTO exclusions(source_lemma, pos, tag, reason) VALUES (?, ?, ?, ?)")
        let sorted = exclusions.sorted {
            ($0.reason.rawValue, $0.sourceLemma, $0.tag) < ($1.reason.rawValue, $1.sourceLemma, $1.tag)
        }
        for word in sorted {
            try statement.execute(arguments: [word.sourceLemma, word.partOfSpeech?.rawValue, word.tag, word.reason.rawValue])
        }
    }

    static func insertWords(_ db: Database, _ words: [ReleaseWord], targetLanguages: [String]) throws {
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

        for published in words {
            let id = Int64(published.id)
            let p = published.provenance
            try word.execute(arguments: [
                id, published.lemma, published.sourceLemma, published.partOfSpeech.rawValue, published.frequency,
                published.rank, published.band, p.senseRank, p.lexicon, p.entryId, p.senseId, p.synsetId, p.ili,
            ])
            if let text = published.definition {
                try definition.execute(arguments: [id, text])
            }
            for (position, lemma) in published.synonyms.enumerated() {
                try synonym.execute(arguments: [id, position, lemma])
            }
            for (position, text) in published.examples.enumerated() {
                try example.execute(arguments: [id, position, text])
            }
            var all: [String] = []
            for language in targetLanguages {
                let lemmas = published.translations(for: language)
                for (position, lemma) in lemmas.enumerated() {
                    try translation.execute(arguments: [id, language, position, lemma])
                }
                all.append(contentsOf: lemmas)
            }
            try search.execute(arguments: [id, published.lemma, all.joined(separator: " ")])
        }
    }
}
