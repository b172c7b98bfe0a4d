import Foundation
import GRDB
import ReleaseFormat
import VocabCore

/// Writes a database file of the release (the release database, the dictionary): a
/// ``DatabaseSchema``'s objects, the metadata mirroring the manifest, then the rows. Every
/// statement runs in a fixed order, so the same input on the same SQLite version gives a
/// byte-identical file.
enum DatabaseWriter {
    /// `sqlite_version()` of the library GRDB links, which writes the files (recorded in the manifest).
    static func sqliteVersion() throws -> String {
        let queue = try DatabaseQueue()
        defer { try? queue.close() }
        return try queue.read { try String.fetchOne($0, sql: "SELECT sqlite_version()") } ?? "unknown"
    }

    /// Creates `url` (which must not exist) with `schema` and `metadata`, and fills it with `rows`.
    static func write(
        _ schema: DatabaseSchema, to url: URL, metadata: [(key: String, value: String)],
        rows: (Database) throws -> Void
    ) throws {
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
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = DELETE")
                // The file sits in a temporary folder that is thrown away on failure and synced
                // to disk before it is published, so SQLite's own syncs only cost time.
                try db.execute(sql: "PRAGMA synchronous = OFF")
                try db.execute(sql: "PRAGMA application_id = \(ReleaseSchema.applicationID)")
                try db.execute(sql: "PRAGMA user_version = \(ReleaseSchema.version)")
                try db.inTransaction {
                    for statement in schema.createStatements { try db.execute(sql: statement) }
                    let insert = try db.makeStatement(sql: "INSERT INTO metadata(key, value) VALUES (?, ?)")
                    for (key, value) in metadata { try insert.execute(arguments: [key, value]) }
                    try rows(db)
                    for index in schema.fullTextTables {
                        // The index is built from its content table once, merged into one
                        // segment, and ranks exact matches first.
                        try db.execute(sql: "INSERT INTO \(index.name)(\(index.name)) VALUES ('rebuild')")
                        try db.execute(sql: "INSERT INTO \(index.name)(\(index.name)) VALUES ('optimize')")
                        try db.execute(sql: "INSERT INTO \(index.name)(\(index.name), rank) VALUES ('rank', ?)", arguments: [index.rank])
                    }
                    return .commit
                }
                let violations = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
                if !violations.isEmpty {
                    throw EmitError(file: url.path, .foreignKeyViolations(violations.count))
                }
                try db.execute(sql: "VACUUM")
            }
            try queue.close()
        } catch {
            try? queue.close()
            throw fail(error)
        }
    }

    /// The release's words and their translations, in id order.
    static func insertWords(_ db: Database, _ words: [ReleaseWord], targetLanguages: [String]) throws {
        let word = try db.makeStatement(sql: CardColumns.insertStatement(ReleaseSchema.database.table(ReleaseSchema.cardTable)!))
        let translation = try db.makeStatement(
            sql: CardColumns.insertStatement(ReleaseSchema.database.table("translations")!))
        for published in words {
            try word.execute(arguments: StatementArguments(CardColumns.wordRow(published, targetLanguages: targetLanguages).map(\.databaseValue)))
            for language in targetLanguages {
                for (position, lemma) in published.translations(for: language).enumerated() {
                    try translation.execute(arguments: [published.id, language, position, lemma])
                }
            }
        }
    }

    /// The dictionary's entries, in their order, ids from 1.
    static func insertEntries(_ db: Database, _ cards: [WordCard], targetLanguages: [String]) throws {
        let entry = try db.makeStatement(sql: CardColumns.insertStatement(DictionarySchema.database.table(DictionarySchema.cardTable)!))
        for (index, card) in cards.enumerated() {
            try entry.execute(arguments: StatementArguments(
                CardColumns.entryRow(id: index + 1, card, targetLanguages: targetLanguages).map(\.databaseValue)))
        }
    }
}

extension SQLValue {
    /// The value GRDB binds.
    var databaseValue: DatabaseValue {
        switch self {
        case .integer(let value): value.databaseValue
        case .text(let value): value.databaseValue
        case .null: .null
        }
    }
}
