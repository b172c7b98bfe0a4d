import Foundation
import ReleaseFormat
import SQLiteDatabase

/// Rows of a table (``CardColumns``' values, in column order) packed into two buffers: every
/// text's bytes one after the other in one, a fixed-size record per value in the other.
///
/// The dictionary's rows are made on other threads than SQLite's writer. Handed over as
/// `[SQLValue]`, each row was a dozen strings that the writer's thread then freed one by one
/// (half of its time, and `free` of memory another thread allocated); packed, a batch of rows
/// is two allocations, and the writer binds the texts where they are (``bind(_:_:)``).
struct PackedRows: Sendable {
    private enum Kind: UInt8, Sendable { case null, integer, text }

    /// One value: NULL, an integer, or a text of `length` bytes at `payload` in `bytes`.
    private struct Value: Sendable {
        var kind: Kind
        var length: Int32
        var payload: Int64
    }

    /// The values per row.
    let columns: Int
    private var values: [Value] = []
    private var bytes: [UInt8] = []

    /// No rows yet, each of `columns` values; room for `rows` rows of `bytesPerRow` text bytes each.
    init(columns: Int, reservingRows rows: Int = 0, bytesPerRow: Int = 0) {
        self.columns = columns
        values.reserveCapacity(rows * columns)
        bytes.reserveCapacity(rows * bytesPerRow)
    }

    /// The number of rows.
    var count: Int { values.count / columns }

    /// The bytes of all the rows' texts.
    var textBytes: Int { bytes.count }

    /// Adds `row` (`columns` values). A text is kept up to its first NUL, as
    /// ``SQLiteStatement/bind(_:at:)`` binds a text.
    mutating func append(_ row: [SQLValue]) {
        precondition(row.count == columns, "a row of \(row.count) values in a table of \(columns) columns")
        for value in row {
            switch value {
            case .null:
                values.append(Value(kind: .null, length: 0, payload: 0))
            case .integer(let number):
                values.append(Value(kind: .integer, length: 0, payload: number))
            case .text(var text):
                let offset = bytes.count
                text.withUTF8 { utf8 in
                    let length = utf8.firstIndex(of: 0) ?? utf8.count
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<length]))
                }
                values.append(Value(kind: .text, length: Int32(bytes.count - offset), payload: Int64(offset)))
            }
        }
    }

    /// Binds each row in turn to `statement`'s parameters 1 to `columns` and calls `body` after
    /// each (which runs the statement); the texts are bound where they are, and the bindings are
    /// cleared before this returns.
    func bind(_ statement: SQLiteStatement, _ body: () throws -> Void) throws {
        defer { statement.clearBindings() }
        try bytes.withUnsafeBufferPointer { text in
            var index = 0
            for _ in 0..<count {
                try statement.reset()
                for column in 1...columns {
                    let value = values[index]
                    index += 1
                    switch value.kind {
                    case .null: try statement.bind(.null, at: Int32(column))
                    case .integer: try statement.bind(.integer(value.payload), at: Int32(column))
                    case .text:
                        try statement.bindText(
                            text.baseAddress.map { $0 + Int(value.payload) }, count: Int(value.length), at: Int32(column))
                    }
                }
                try body()
            }
        }
    }
}
