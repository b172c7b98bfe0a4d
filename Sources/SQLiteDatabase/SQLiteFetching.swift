import CSQLite

/// `String.fetchAll(db, sql: …)`, `Int.fetchOne(statement, arguments: …)`: the first column of
/// a query's rows as one type, read through SQLite's own conversions (``SQLiteColumnValue``).
extension SQLiteColumnValue {
    /// The first column of every row; a NULL, or a value that does not fit, is an error.
    package static func fetchAll(_ db: SQLiteConnection, sql: String, arguments: SQLiteArguments = SQLiteArguments()) throws -> [Self] {
        try fetchAll(db.makeStatement(sql: sql), arguments: arguments)
    }

    /// The first column of the first row; nil when there is no row or the value is NULL.
    package static func fetchOne(_ db: SQLiteConnection, sql: String, arguments: SQLiteArguments = SQLiteArguments()) throws -> Self? {
        try fetchOne(db.makeStatement(sql: sql), arguments: arguments)
    }

    package static func fetchAll(_ statement: SQLiteStatement, arguments: SQLiteArguments = SQLiteArguments()) throws -> [Self] {
        try statement.bind(arguments)
        var values: [Self] = []
        while try statement.step() {
            guard let value = try read(statement) else {
                throw SQLiteError(code: SQLITE_MISMATCH, message: "could not read a \(Self.self) from NULL", sql: statement.sql)
            }
            values.append(value)
        }
        return values
    }

    package static func fetchOne(_ statement: SQLiteStatement, arguments: SQLiteArguments = SQLiteArguments()) throws -> Self? {
        try statement.bind(arguments)
        // Reset once read, so that the statement holds no read lock afterwards.
        defer { _ = sqlite3_reset(statement.handle) }
        guard try statement.step() else { return nil }
        return try read(statement)
    }

    /// The first column of the current row; nil for NULL; an error when it does not fit.
    private static func read(_ statement: SQLiteStatement) throws -> Self? {
        if sqlite3_column_type(statement.handle, 0) == SQLITE_NULL { return nil }
        guard let value = read(statement, column: 0) else {
            throw SQLiteError(code: SQLITE_MISMATCH, message: "could not read a \(Self.self) from \(statement.value(at: 0))", sql: statement.sql)
        }
        return value
    }
}
