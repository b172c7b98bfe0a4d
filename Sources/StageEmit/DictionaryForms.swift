import Foundation
import SQLiteDatabase
import ReleaseFormat

/// The dictionary's `inflections` and `forms` tables (``DictionarySchema/formsTable``): the forms
/// a learner may read of each entry, written into a dictionary database whose entries are already
/// written (``DictionaryDatabase``), in a step of its own.
package enum DictionaryForms {
    /// Writes `rows` (each naming its entry by id, 1 to the `entries` table's count) into the
    /// dictionary database at `url` (``FormTables``), each form's entries ranked by `senses(id)`,
    /// the entry's senses: the most senses first. Returns the number of rows written.
    ///
    /// Throws ``EmitError`` naming `url`.
    @discardableResult
    package static func write(_ rows: [FormTables.Row], senses: @escaping (_ id: Int) -> Int, into url: URL) throws -> Int {
        try DatabaseWriter.withConnection(to: url) { db in
            try db.execute(sql: "PRAGMA synchronous = OFF")
            var written = 0
            try db.inTransaction {
                written = try FormTables.insert(rows, into: db, column: "entryId", weight: senses)
                return .commit
            }
            let violations = try SQLiteRow.fetchAll(db, sql: "PRAGMA foreign_key_check(\(DictionarySchema.formsTable))")
            if !violations.isEmpty { throw EmitError(file: url.path, .foreignKeyViolations(violations.count)) }
            return written
        }
    }
}
