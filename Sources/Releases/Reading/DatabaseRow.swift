import GRDB

/// Typed access to one row of a release database that checks every value instead of trapping:
/// a NULL, a BLOB or a value of another type where the schema promises one is a
/// ``ReleaseReadError`` naming the table, the row and the column.
struct DatabaseRow {
    let row: Row
    let table: String
    /// The row's key, for messages (`id 12`).
    let key: String
    let file: String

    private func fail(_ column: String, _ expected: String, _ value: DatabaseValue) -> ReleaseReadError {
        let found: String
        switch value.storage {
        case .null: found = "NULL"
        case .int64(let number): found = "the integer \(number)"
        case .double(let number): found = "the real number \(number)"
        case .string(let text): found = "the text \"\(text.prefix(40))\""
        case .blob(let data): found = "a BLOB of \(data.count) bytes"
        }
        return ReleaseReadError(file: file, item: "\(table) \(key), column \(column)", .badValue(expected: expected, found: found))
    }

    func text(_ column: String) throws -> String {
        let value: DatabaseValue = row[column]
        guard case .string(let text) = value.storage else { throw fail(column, "text", value) }
        return text
    }

    func optionalText(_ column: String) throws -> String? {
        let value: DatabaseValue = row[column]
        switch value.storage {
        case .null: return nil
        case .string(let text): return text
        default: throw fail(column, "text or NULL", value)
        }
    }

    func integer(_ column: String) throws -> Int64 {
        let value: DatabaseValue = row[column]
        guard case .int64(let number) = value.storage else { throw fail(column, "an integer", value) }
        return number
    }

    func optionalInteger(_ column: String) throws -> Int64? {
        let value: DatabaseValue = row[column]
        switch value.storage {
        case .null: return nil
        case .int64(let number): return number
        default: throw fail(column, "an integer or NULL", value)
        }
    }

    /// An integer that fits `Int` and lies in `range`.
    func int(_ column: String, in range: ClosedRange<Int64> = Int64(Int.min)...Int64(Int.max)) throws -> Int {
        let number = try integer(column)
        guard range.contains(number) else { throw fail(column, "an integer from \(range.lowerBound) to \(range.upperBound)", row[column]) }
        return Int(number)
    }

    func optionalInt(_ column: String, in range: ClosedRange<Int64> = Int64(Int.min)...Int64(Int.max)) throws -> Int? {
        guard let number = try optionalInteger(column) else { return nil }
        guard range.contains(number) else { throw fail(column, "an integer from \(range.lowerBound) to \(range.upperBound)", row[column]) }
        return Int(number)
    }
}
