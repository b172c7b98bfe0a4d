import Testing
import ReleaseFormat
import SQLiteDatabase
@testable import StageEmit

/// Rows packed for the writer bind as the same rows bound value by value: integers, NULL, the
/// empty text (not NULL), texts cut at their first NUL, and texts of any length and script.
@Suite struct PackedRowsTests {
    let rows: [[SQLValue]] = [
        [.integer(1), .text(""), .null, .text("a\u{0}b"), .text("ñandú")],
        [.integer(-7), .text(String(repeating: "long text ", count: 200)), .text("x"), .null, .text("短い")],
        [.integer(Int64.max), .null, .text("🙂"), .text(""), .text("\u{0}")],
    ]

    func table(_ db: SQLiteConnection) throws -> SQLiteStatement {
        try db.execute(sql: "CREATE TABLE t(a, b, c, d, e)")
        return try db.makeStatement(sql: "INSERT INTO t VALUES (?, ?, ?, ?, ?)")
    }

    /// Every value as SQLite stored it: its type and its bytes (a text read back as a string
    /// would stop at a NUL).
    func stored(_ db: SQLiteConnection) throws -> [[SQLiteValue]] {
        let columns = ["a", "b", "c", "d", "e"].map { "typeof(\($0)), hex(\($0))" }.joined(separator: ", ")
        return try SQLiteRow.fetchAll(db, sql: "SELECT \(columns) FROM t ORDER BY rowid").map(\.values)
    }

    @Test func packedRowsStoreWhatBindingEachValueStores() throws {
        let oneByOne = try SQLiteConnection.inMemory(), packed = try SQLiteConnection.inMemory()
        let insert = try table(oneByOne)
        for row in rows {
            try insert.reset()
            for (offset, value) in row.enumerated() { try insert.bind(value.sqliteValue, at: Int32(offset + 1)) }
            _ = try insert.step()
        }
        var batch = PackedRows(columns: 5)
        for row in rows { batch.append(row) }
        #expect(batch.count == 3)
        let statement = try table(packed)
        var steps = 0
        try batch.bind(statement) {
            steps += 1
            _ = try statement.step()
        }
        #expect(steps == 3)
        let expected = try stored(oneByOne)
        #expect(try stored(packed) == expected)
        // Column b is the empty text, c NULL, d the text up to its NUL.
        #expect(Array(expected[0][2...7]) == [.text("text"), .text(""), .text("null"), .text(""), .text("text"), .text("61")])

        // The bindings are cleared once the batch is bound: its bytes may go.
        _ = try statement.step()
        #expect(try SQLiteRow.fetchAll(packed, sql: "SELECT count(*) FROM t WHERE a IS NULL AND e IS NULL").first?[0] == .integer(1))
    }
}
