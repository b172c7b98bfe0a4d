import SQLiteDatabase
import ReleaseFormat

/// Checks a table of a release database against the format before any of its rows is read: it
/// is a table (not a view, not missing), it has each column the reader will read with the
/// declared type the format gives it, and it holds no more rows than a release may. A release
/// edited by hand or by another tool then gives one ``ReleaseReadError`` naming the file, the
/// table and the column, never a trap in the database library.
package enum TableCheck {
    /// Checks `table` for `columns` (the format's, as ``ReleaseFormat`` defines them); with
    /// `maximumRows`, counts its rows too.
    package static func check(_ db: SQLiteConnection, table: String, columns: [SQLColumn], maximumRows: Int? = nil, file: String) throws {
        let type = try String.fetchOne(
            db, sql: "SELECT type FROM sqlite_master WHERE name = ? COLLATE NOCASE AND type != 'index'", arguments: [table])
        guard let type else { throw ReleaseReadError(file: file, item: table, .missingTable) }
        guard type == "table" else { throw ReleaseReadError(file: file, item: table, .notATable(type: type)) }
        var declared: [String: String] = [:]
        for row in try SQLiteRow.fetchAll(db, sql: "SELECT name, type FROM pragma_table_info(?)", arguments: [table]) {
            let name: SQLiteValue = row[0], type: SQLiteValue = row[1]
            if let name = String(sqliteValue: name), declared[name.lowercased()] == nil {
                declared[name.lowercased()] = String(sqliteValue: type) ?? ""
            }
        }
        for column in columns {
            guard let found = declared[column.name.lowercased()] else {
                throw ReleaseReadError(file: file, item: "\(table), column \(column.name)", .missingColumn)
            }
            guard found.uppercased() == column.type.rawValue else {
                throw ReleaseReadError(file: file, item: "\(table), column \(column.name)",
                                       .columnType(expected: column.type.rawValue, found: found))
            }
        }
        if let maximumRows {
            // Counting stops past the limit: a table of a billion rows is not counted through.
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM (SELECT 1 FROM \(table) LIMIT \(maximumRows + 1))") ?? 0
            if count > maximumRows { throw ReleaseReadError(file: file, item: table, .tooManyRows(limit: maximumRows)) }
        }
    }
}
