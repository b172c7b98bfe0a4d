import CSQLite
import Foundation

/// A Swift type read from a result column: `String`, `Int`, `Int32`, `Int64`, `Double` or
/// ``SQLiteValue`` itself.
///
/// Two ways, as GRDB read them: ``init(sqliteValue:)`` converts a value already copied into a
/// ``SQLiteRow`` (nil for NULL or a value of another type: a BLOB converts to text only if it is
/// UTF-8, a real to an integer only if it fits), and ``read(_:column:)`` reads the column of the
/// current row through SQLite's own conversions (`sqlite3_column_text`, `sqlite3_column_int64`),
/// which `fetchOne` and `fetchAll` use.
package protocol SQLiteColumnValue {
    init?(sqliteValue: SQLiteValue)
    /// The value of `column` in `statement`'s current row, which is not NULL; nil when SQLite's
    /// conversion does not fit the type.
    static func read(_ statement: SQLiteStatement, column: Int32) -> Self?
}

extension SQLiteValue: SQLiteColumnValue {
    package init?(sqliteValue: SQLiteValue) { self = sqliteValue }
    package static func read(_ statement: SQLiteStatement, column: Int32) -> SQLiteValue? { statement.value(at: column) }
}

extension String: SQLiteColumnValue {
    package init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .text(let text): self = text
        // As SQLite converts a BLOB to text, when it is UTF-8.
        case .blob(let bytes):
            guard let text = String(bytes: bytes, encoding: .utf8) else { return nil }
            self = text
        default: return nil
        }
    }

    package static func read(_ statement: SQLiteStatement, column: Int32) -> String? {
        String(cString: sqlite3_column_text(statement.handle, column))
    }
}

extension Int64: SQLiteColumnValue {
    package init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .integer(let number): self = number
        case .real(let number):
            guard number >= Double(Int64.min), number < Double(Int64.max) else { return nil }
            self = Int64(number)
        default: return nil
        }
    }

    package static func read(_ statement: SQLiteStatement, column: Int32) -> Int64? {
        sqlite3_column_int64(statement.handle, column)
    }
}

// `Int` and `Int32`: SQLite's 64-bit integer when it fits.
extension SQLiteColumnValue where Self: FixedWidthInteger {
    package init?(sqliteValue: SQLiteValue) {
        guard let number = Int64(sqliteValue: sqliteValue).flatMap({ Self(exactly: $0) }) else { return nil }
        self = number
    }

    package static func read(_ statement: SQLiteStatement, column: Int32) -> Self? {
        Self(exactly: sqlite3_column_int64(statement.handle, column))
    }
}

extension Int: SQLiteColumnValue {}

extension Int32: SQLiteColumnValue {}

extension Double: SQLiteColumnValue {
    package init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .integer(let number): self = Double(number)
        case .real(let number): self = number
        default: return nil
        }
    }

    package static func read(_ statement: SQLiteStatement, column: Int32) -> Double? {
        sqlite3_column_double(statement.handle, column)
    }
}
