import Foundation
import SQLiteDatabase
import ReleaseFormat

/// The dictionary's `forms` table (``DictionarySchema/formsTable``): the inflected forms the
/// source lexicon lists for each entry, written into a dictionary database whose entries are
/// already written (``DictionaryDatabase``), in a step of its own.
package enum DictionaryForms {
    /// Writes the forms of each entry into the dictionary database at `url`: `forms(id)` gives
    /// the inflected forms of the entry of id `id` (1 to `count`, the `entries` table's ids) and
    /// `name(id)` its name. A form repeated, or one that is the entry's name (any case), is left
    /// out. Returns the number of rows written.
    ///
    /// Throws ``EmitError`` naming `url`.
    @discardableResult
    package static func write(
        count: Int, into url: URL, name: (_ id: Int) -> String, forms: (_ id: Int) -> [String]
    ) throws -> Int {
        try DatabaseWriter.withConnection(to: url) { db in
            try db.execute(sql: "PRAGMA synchronous = OFF")
            var written = 0
            try db.inTransaction {
                let insert = try db.makeStatement(sql: "INSERT INTO \(DictionarySchema.formsTable)(entryId, form) VALUES (?, ?)")
                for id in stride(from: 1, through: count, by: 1) {
                    let entryForms = forms(id)
                    guard !entryForms.isEmpty else { continue }
                    let lemma = name(id).lowercased()
                    var seen = Set<String>()
                    for form in entryForms where form.lowercased() != lemma && seen.insert(form).inserted {
                        try insert.execute(arguments: [id, form])
                        written += 1
                    }
                }
                return .commit
            }
            let violations = try SQLiteRow.fetchAll(db, sql: "PRAGMA foreign_key_check(\(DictionarySchema.formsTable))")
            if !violations.isEmpty { throw EmitError(file: url.path, .foreignKeyViolations(violations.count)) }
            return written
        }
    }
}
