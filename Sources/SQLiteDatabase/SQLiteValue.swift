/// One SQLite value, in the storage class SQLite gives it
/// (<https://www.sqlite.org/datatype3.html>).
package enum SQLiteValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

extension SQLiteValue: CustomStringConvertible {
    /// `NULL`, the number, the text quoted, or the BLOB's size (GRDB's descriptions, for messages).
    package var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let number): String(number)
        case .real(let number): String(number)
        case .text(let text): String(reflecting: text)
        case .blob(let bytes): "Data(\(bytes.count) bytes)"
        }
    }
}

/// A Swift value that binds as an SQLite value (``SQLiteArguments``).
package protocol SQLiteBindable {
    var sqliteValue: SQLiteValue { get }
}

extension SQLiteValue: SQLiteBindable {
    package var sqliteValue: SQLiteValue { self }
}

extension String: SQLiteBindable {
    package var sqliteValue: SQLiteValue { .text(self) }
}

extension Int: SQLiteBindable {
    package var sqliteValue: SQLiteValue { .integer(Int64(self)) }
}

extension Int32: SQLiteBindable {
    package var sqliteValue: SQLiteValue { .integer(Int64(self)) }
}

extension Int64: SQLiteBindable {
    package var sqliteValue: SQLiteValue { .integer(self) }
}

extension Double: SQLiteBindable {
    package var sqliteValue: SQLiteValue { .real(self) }
}

extension Bool: SQLiteBindable {
    package var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) }
}

extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    package var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }
}
