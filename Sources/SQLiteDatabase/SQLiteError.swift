import CSQLite

/// An SQLite failure: its result code, SQLite's message for it (`sqlite3_errmsg`, or the code's
/// own text, `sqlite3_errstr`, when there is no connection to ask), and the SQL that failed.
package struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The extended result code (<https://www.sqlite.org/rescode.html>), e.g. 2067 for
    /// SQLITE_CONSTRAINT_UNIQUE.
    package let extendedResultCode: Int32
    /// The message, as the user-facing error lines print it (`file is not a database`).
    package let message: String
    /// The SQL statement that failed, if any.
    package let sql: String?

    package init(code: Int32, message: String? = nil, sql: String? = nil) {
        self.extendedResultCode = code
        self.message = message ?? String(cString: sqlite3_errstr(code))
        self.sql = sql
    }

    /// The primary result code (the low byte of the extended one), e.g. 19 for SQLITE_CONSTRAINT.
    package var resultCode: Int32 { extendedResultCode & 0xFF }

    /// `SQLite error <code>: <message> - while executing `<sql>``, GRDB's wording.
    package var description: String {
        var text = "SQLite error \(resultCode): \(message)"
        if let sql { text += " - while executing `\(sql.trimmingSQL)`" }
        return text
    }
}

extension String {
    /// The statement without surrounding whitespace and trailing semicolons.
    fileprivate var trimmingSQL: String {
        var text = Substring(self)
        while let last = text.last, last.isWhitespace || last == ";" { text.removeLast() }
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        return String(text)
    }
}
