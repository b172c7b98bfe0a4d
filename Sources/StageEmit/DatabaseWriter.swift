import Foundation
import SQLiteDatabase
import ReleaseFormat
import VocabCore

/// Writes a database file of the release (the release database, the dictionary): a
/// ``DatabaseSchema``'s objects, the metadata mirroring the manifest, then the rows. Every
/// statement runs in a fixed order, so the same input on the same SQLite version gives a
/// byte-identical file.
enum DatabaseWriter {
    /// `sqlite_version()` of the system's library (CSQLite), which writes the files (recorded in the manifest).
    static func sqliteVersion() throws -> String {
        let db = try SQLiteConnection.inMemory()
        defer { try? db.close() }
        return try String.fetchOne(db, sql: "SELECT sqlite_version()") ?? "unknown"
    }

    /// The emit error for `error` while writing `url`.
    static func failure(_ error: Error, writing url: URL) -> Error {
        if error is EmitError { return error }
        if let passed = error as? PassedThrough { return passed.error }
        if let error = error as? SQLiteError {
            return EmitError(file: url.path, .sqlite(error.message))
        }
        return EmitError(file: url.path, .other("\(error)"))
    }

    /// A connection to `url` as the writer configures it.
    static func open(_ url: URL) throws -> SQLiteConnection {
        do {
            return try SQLiteConnection(path: url.path)
        } catch {
            throw failure(error, writing: url)
        }
    }

    /// Runs `body` on a connection to `file` (``open(_:)``), then closes it; an error of
    /// `body` or of the close names `url` (`file` itself unless given), as ``failure(_:writing:)``
    /// words it.
    static func withConnection<T>(to file: URL, naming url: URL? = nil, _ body: (SQLiteConnection) throws -> T) throws -> T {
        let db = try open(file)
        do {
            let result = try body(db)
            try db.close()
            return result
        } catch {
            try? db.close()
            throw failure(error, writing: url ?? file)
        }
    }

    /// A read-only connection to `url`.
    static func openForReading(_ url: URL) throws -> SQLiteConnection {
        return try SQLiteConnection(path: url.path, readOnly: true)
    }

    /// Creates `url` (which must not exist) with `schema` and `metadata`, and fills it with `rows`;
    /// then `VACUUM`s it unless `vacuum` is false (a file still to be finished by
    /// ``finish(_:metadata:into:)``, whose `VACUUM` gives the same bytes).
    static func write(
        _ schema: DatabaseSchema, to url: URL, metadata: [(key: String, value: String)], vacuum: Bool = true,
        rows: (SQLiteConnection) throws -> Void
    ) throws {
        try withConnection(to: url) { db in
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
            // The file sits in a temporary folder that is thrown away on failure and synced
            // to disk before it is published, so SQLite's own syncs only cost time.
            try db.execute(sql: "PRAGMA synchronous = OFF")
            try db.execute(sql: "PRAGMA application_id = \(ReleaseSchema.applicationID)")
            try db.execute(sql: "PRAGMA user_version = \(ReleaseSchema.version)")
            // SQLite evaluates a `CHECK (pos IN (...))` by building a table of the list for
            // every row inserted: a third of the dictionary's insert time. The constraints are
            // checked once, on every row, after the inserts instead (`checkConstraints`).
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.inTransaction {
                for statement in schema.createStatements { try db.execute(sql: statement) }
                let insert = try db.makeStatement(sql: "INSERT INTO metadata(key, value) VALUES (?, ?)")
                for (key, value) in metadata { try insert.execute(arguments: [key, value]) }
                try rows(db)
                try checkConstraints(schema, db, url: url)
                for index in schema.fullTextTables {
                    // The index is built from its content table once, merged into one
                    // segment, and ranks exact matches first.
                    try db.execute(sql: "INSERT INTO \(index.name)(\(index.name)) VALUES ('rebuild')")
                    try db.execute(sql: "INSERT INTO \(index.name)(\(index.name)) VALUES ('optimize')")
                    try db.execute(sql: "INSERT INTO \(index.name)(\(index.name), rank) VALUES ('rank', ?)", arguments: [index.rank])
                }
                return .commit
            }
            let violations = try SQLiteRow.fetchAll(db, sql: "PRAGMA foreign_key_check")
            if !violations.isEmpty {
                throw EmitError(file: url.path, .foreignKeyViolations(violations.count))
            }
            if vacuum { try db.execute(sql: "VACUUM") }
        }
    }

    /// Fails with ``EmitError/checkViolations(table:column:count:)`` when a row of `schema`'s
    /// tables in `db` breaks a column's `CHECK` constraint, which the inserts did not evaluate.
    static func checkConstraints(_ schema: DatabaseSchema, _ db: SQLiteConnection, url: URL) throws {
        for table in schema.tables {
            for column in table.columns {
                for check in column.checks {
                    let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table.name) WHERE NOT (\(check))") ?? 0
                    if count > 0 {
                        throw EmitError(file: url.path, .checkViolations(table: table.name, column: column.name, count: count))
                    }
                }
            }
        }
    }

    /// Writes into `url` (which must not exist) the database `unfinished` (written by
    /// ``write(_:to:metadata:vacuum:rows:)`` with no metadata and no `VACUUM`) with `metadata`
    /// added: a copy gets the metadata, then `VACUUM INTO url`. `VACUUM` rebuilds a file from its
    /// content alone, so the bytes are those of writing everything at once (once the header's
    /// change counter is set to that file's); `unfinished` is left as it was.
    static func finish(_ unfinished: URL, metadata: [(key: String, value: String)], into url: URL) throws {
        let copy = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent)-unfinished")
        defer { try? FileManager.default.removeItem(at: copy) }
        do {
            try? FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(at: unfinished, to: copy)
        } catch {
            throw EmitError(file: url.path, .cannotCopyDictionary(from: unfinished.path, reason: ReleasePublisher.reason(error)))
        }
        try withConnection(to: copy, naming: url) { db in
            try db.execute(sql: "PRAGMA synchronous = OFF")
            try db.inTransaction {
                let insert = try db.makeStatement(sql: "INSERT INTO metadata(key, value) VALUES (?, ?)")
                for (key, value) in metadata { try insert.execute(arguments: [key, value]) }
                return .commit
            }
            try db.execute(sql: "VACUUM INTO ?", arguments: [url.path])
        }
        try setChangeCounter(of: url, to: writtenFileChangeCounter)
    }

    /// The header's file change counter of a file ``write(_:to:metadata:vacuum:rows:)`` wrote:
    /// one per write transaction (`application_id`, `user_version`, the content, `VACUUM`).
    /// A file made by `VACUUM INTO` starts again from 1.
    static let writtenFileChangeCounter: UInt32 = 4

    /// Sets the file change counter and the "version-valid-for" number (header offsets 24 and
    /// 92, big-endian; equal, so the header's page count stays valid) of the closed database `url`.
    static func setChangeCounter(of url: URL, to counter: UInt32) throws {
        guard let handle = FileHandle(forUpdatingAtPath: url.path) else {
            throw EmitError(file: url.path, .cannotCreateFile)
        }
        defer { try? handle.close() }
        let bytes = withUnsafeBytes(of: counter.bigEndian) { Data($0) }
        do {
            for offset: UInt64 in [24, 92] {
                try handle.seek(toOffset: offset)
                try handle.write(contentsOf: bytes)
            }
        } catch {
            throw EmitError(file: url.path, .cannotWrite(reason: ReleasePublisher.reason(error)))
        }
    }

    /// The release's words and their translations, in id order.
    static func insertWords(_ db: SQLiteConnection, _ words: [ReleaseWord], targetLanguages: [String], folding: SearchFolding) throws {
        let word = try db.makeStatement(sql: CardColumns.insertStatement(ReleaseSchema.database.table(ReleaseSchema.cardTable)!))
        let translation = try db.makeStatement(
            sql: CardColumns.insertStatement(ReleaseSchema.database.table("translations")!))
        for published in words {
            try word.execute(arguments: SQLiteArguments(CardColumns.wordRow(published, targetLanguages: targetLanguages, folding: folding).map(\.sqliteValue)))
            for language in targetLanguages {
                for (position, lemma) in published.translations(for: language).enumerated() {
                    try translation.execute(arguments: [published.id, language, position, lemma])
                }
            }
        }
    }

    /// The forms of the release's words (``FormTables``), each by its word's name and part of speech.
    static func insertForms(_ db: SQLiteConnection, _ forms: [WordForm], of words: [ReleaseWord]) throws {
        var ids: [String: Int] = [:]
        for word in words { ids["\(word.card.lemma)\u{0}\(word.card.partOfSpeech.rawValue)"] = word.id }
        let rows = forms.compactMap { form in
            ids["\(form.lemma)\u{0}\(form.partOfSpeech.rawValue)"].map {
                FormTables.Row(form: form.form, card: $0, tags: form.tags, description: form.description)
            }
        }
        try FormTables.insert(rows, into: db, column: "wordId")
    }

    /// The dictionary's entries, in their order, ids from 1.
    static func insertEntries(_ db: SQLiteConnection, _ cards: [WordCard], targetLanguages: [String], folding: SearchFolding) throws {
        var rows = PackedRows(columns: DictionarySchema.fields.count, reservingRows: cards.count)
        for (index, card) in cards.enumerated() {
            rows.append(CardColumns.entryRow(id: index + 1, card, targetLanguages: targetLanguages, folding: folding))
        }
        try entryInserter(db)(rows)
    }

    /// Inserts every `entries` row of a batch (``PackedRows``, each row as
    /// ``CardColumns/entryRow(id:_:targetLanguages:folding:)`` made it) per call, binding each value in
    /// place and the texts where they are: building a set of arguments for every column of a
    /// whole lexicon's rows costs more than SQLite's insert.
    static func entryInserter(_ db: SQLiteConnection) throws -> (PackedRows) throws -> Void {
        let statement = try db.makeStatement(sql: CardColumns.insertStatement(DictionarySchema.database.table(DictionarySchema.cardTable)!))
        return { rows in
            try rows.bind(statement) {
                guard try !statement.step() else {
                    throw SQLiteError(code: 1, message: "an insert returned a row", sql: statement.sql)
                }
            }
        }
    }
}

/// An error of the code that hands rows to the writer (the dictionary stage's cards): thrown
/// through the writer as it is, never reworded as an emit error.
struct PassedThrough: Error {
    let error: any Error
}

extension SQLValue {
    /// The value bound for it.
    var sqliteValue: SQLiteValue {
        switch self {
        case .integer(let value): .integer(value)
        case .text(let value): .text(value)
        case .null: .null
        }
    }
}
