// Random SQL edits on a copy of a release database, driven by the fuzzer's bytes: what a hand
// edit or another tool can make of a release that SQLite still opens (a dropped, renamed or
// retyped column, NULLs and values of the wrong type or size, extra rows, a dropped index or
// table, a view in place of a table, metadata rows deleted, other header values). An edit
// SQLite refuses is skipped: only what SQLite accepts reaches the readers.
import Foundation
import SQLiteDatabase

/// The fuzzer's bytes, read one at a time.
struct FuzzBytes {
    let bytes: [UInt8]
    var position = 0

    mutating func next() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    /// An element of `items` picked by the next byte (the first when the bytes are used up).
    mutating func pick<T>(_ items: [T]) -> T? {
        guard !items.isEmpty else { return nil }
        return items[Int(next() ?? 0) % items.count]
    }
}

enum SchemaEdits {
    /// The values an edit writes into a column: the wrong type, the wrong size, NULL.
    static let values: [String] = [
        "NULL", "'x'", "''", "42", "-1", "0", "1", "2", "1.5", "x'00ff'", "9223372036854775807", "-9223372036854775808",
        "1e308", "printf('%.*c', 100000, 'w')", "'[]'", "'{}'", "'{\"es\":1}'", "'[\"a\",1]'", "'noun'", "'adjective'",
        "char(0)", "'time'", "'[\"a\"]'", "'{\"es\":[\"a\"],\"es\":[\"b\"]}'", "zeroblob(70000)", "'3'", "' 7 '",
    ]
    /// Declared types a column may be given.
    static let types = ["TEXT", "INTEGER", "REAL", "BLOB", "", "NUMERIC", "VARCHAR(3)", "INT"]

    /// Applies the edits `bytes` describe to the SQLite file at `path`, one after the other.
    static func apply(_ bytes: inout FuzzBytes, to path: String) {
        var edits = 0
        while let op = bytes.next(), edits < 12 {
            edits += 1
            // Each edit in a session of its own: an edit of sqlite_master takes effect on reopening.
            guard let db = try? SQLiteConnection(path: path, foreignKeys: false) else { return }
            defer { try? db.close() }
            try? edit(db, op: op, bytes: &bytes)
        }
    }

    static func tables(_ db: SQLiteConnection) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    }

    static func columns(_ db: SQLiteConnection, _ table: String) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
    }

    static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// The condition that picks the `n`-th row of `table` by its first column (tables WITHOUT ROWID have no rowid).
    static func nthRow(_ db: SQLiteConnection, _ table: String, _ n: UInt8) throws -> String? {
        guard let first = try columns(db, table).first else { return nil }
        let column = quoted(first)
        return "\(column) IS (SELECT \(column) FROM \(quoted(table)) LIMIT 1 OFFSET \(n % 8))"
    }

    static func edit(_ db: SQLiteConnection, op: UInt8, bytes: inout FuzzBytes) throws {
        let allTables = try tables(db)
        guard let table = bytes.pick(allTables) else { return }
        let t = quoted(table)
        let column = bytes.pick(try columns(db, table)) ?? "id"
        let c = quoted(column)
        switch op % 15 {
        case 0: // drop a column (its indexes first when SQLite refuses)
            do {
                try db.execute(sql: "ALTER TABLE \(t) DROP COLUMN \(c)")
            } catch {
                for index in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL", arguments: [table]) {
                    try db.execute(sql: "DROP INDEX \(quoted(index))")
                }
                try db.execute(sql: "ALTER TABLE \(t) DROP COLUMN \(c)")
            }
        case 1: // rename a column
            try db.execute(sql: "ALTER TABLE \(t) RENAME COLUMN \(c) TO \(quoted(column + (bytes.pick(["_", "X", "2"]) ?? "_")))")
        case 2: // change a column's declared type (or drop its constraints) in the schema's text
            let type = bytes.pick(types) ?? ""
            try db.execute(sql: "PRAGMA writable_schema = ON")
            try db.execute(sql: """
                UPDATE sqlite_master SET sql = replace(replace(sql, ?, ?), ?, ?) WHERE name = ?
                """, arguments: ["\n    \(column) TEXT", "\n    \(column) \(type)", "\n    \(column) INTEGER", "\n    \(column) \(type)", table])
            try db.execute(sql: "PRAGMA writable_schema = OFF")
        case 3: // relax the table: no NOT NULL, no CHECK, no UNIQUE
            try db.execute(sql: "PRAGMA writable_schema = ON")
            try db.execute(sql: """
                UPDATE sqlite_master SET sql = replace(replace(replace(sql, 'NOT NULL', ''), 'CHECK (', 'CHECK (1 OR '), ' UNIQUE', '')
                WHERE name = ?
                """, arguments: [table])
            try db.execute(sql: "PRAGMA writable_schema = OFF")
        case 4, 5: // a value of the wrong type or size (or NULL) in one row
            guard let row = try nthRow(db, table, bytes.next() ?? 0) else { return }
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: "UPDATE \(t) SET \(c) = \(bytes.pick(values) ?? "NULL") WHERE \(row)")
        case 6: // a row with one value and NULLs elsewhere
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: "INSERT INTO \(t)(\(c)) VALUES (\(bytes.pick(values) ?? "NULL"))")
        case 7: // many rows
            let count = 1 + Int(bytes.next() ?? 0) * 400
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT \(count))
                INSERT OR IGNORE INTO \(t)(\(c)) SELECT 1000000 + i FROM n
                """)
        case 8: // drop an index
            guard let index = bytes.pick(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")) else { return }
            try db.execute(sql: "DROP INDEX \(quoted(index))")
        case 9: // a view in place of the table (all its columns, or two of them)
            try db.execute(sql: "ALTER TABLE \(t) RENAME TO \(quoted(table + "_old"))")
            let select = (bytes.next() ?? 0) % 2 == 0 ? "*" : "rowid AS id, \(c)"
            try db.execute(sql: "CREATE VIEW \(t) AS SELECT \(select) FROM \(quoted(table + "_old"))")
        case 10: // delete a metadata row
            try db.execute(sql: "DELETE FROM metadata WHERE key IS (SELECT key FROM metadata ORDER BY key LIMIT 1 OFFSET \((bytes.next() ?? 0) % 24))")
        case 11: // drop the table
            try db.execute(sql: "DROP TABLE \(t)")
        case 12: // another schema version or application id
            let value = Int32(bitPattern: UInt32(bytes.next() ?? 0) << 24 | UInt32(bytes.next() ?? 0))
            try db.execute(sql: "PRAGMA \((bytes.next() ?? 0) % 2 == 0 ? "user_version" : "application_id") = \(value)")
        case 13: // delete rows
            try db.execute(sql: "DELETE FROM \(t) WHERE rowid % \(2 + Int(bytes.next() ?? 0) % 5) = 0")
        default: // a metadata value of the wrong shape
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: "UPDATE metadata SET value = \(bytes.pick(values) ?? "NULL") WHERE key IS (SELECT key FROM metadata ORDER BY key LIMIT 1 OFFSET \((bytes.next() ?? 0) % 24))")
        }
    }
}
