import CSQLite

/// A prepared statement (`sqlite3_stmt`) of one ``SQLiteConnection``, finalized on deinit.
///
/// ``bind(_:)`` resets the statement and binds a whole set of arguments, ``step()`` runs it to
/// its next row; ``execute(arguments:)`` does both to the end. A statement keeps its connection
/// alive.
package final class SQLiteStatement {
    /// The `sqlite3_stmt` pointer, for the C API.
    package let handle: OpaquePointer
    package let connection: SQLiteConnection
    /// The statement's SQL text.
    package let sql: String

    init(connection: SQLiteConnection, handle: OpaquePointer) {
        self.connection = connection
        self.handle = handle
        self.sql = String(cString: sqlite3_sql(handle))
    }

    deinit { sqlite3_finalize(handle) }

    /// The names of the result columns, in order.
    package var columnNames: [String] {
        (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
    }

    // MARK: Binding

    /// Resets the statement, clears its bindings and binds `arguments`, which must give a value
    /// to every parameter and have none left over.
    package func bind(_ arguments: SQLiteArguments) throws {
        var remaining = arguments
        try bind(consuming: &remaining)
        guard remaining.values.isEmpty else { throw wrongArgumentCount(arguments) }
    }

    /// ``bind(_:)``, taking the positional values it uses off the front of `arguments` (the
    /// statements of one ``SQLiteConnection/execute(sql:arguments:)`` share one set).
    func bind(consuming arguments: inout SQLiteArguments) throws {
        try reset()
        sqlite3_clear_bindings(handle)
        let count = sqlite3_bind_parameter_count(handle)
        guard count > 0 else { return }
        let original = arguments
        var consumed = 0
        for index in 1...count {
            let value: SQLiteValue
            // The name without its prefix (`:`, `@`, `$`); positional `?` parameters have none.
            if let name = sqlite3_bind_parameter_name(handle, index).map({ String(String(cString: $0).dropFirst()) }),
               let named = arguments.named[name] {
                value = named
            } else if consumed < arguments.values.count {
                value = arguments.values[consumed]
                consumed += 1
            } else if let name = sqlite3_bind_parameter_name(handle, index) {
                throw SQLiteError(code: SQLITE_MISUSE, message: "missing statement argument: \(String(cString: name).dropFirst())", sql: sql)
            } else {
                throw wrongArgumentCount(original)
            }
            try bind(value, at: index)
        }
        arguments.values.removeFirst(consumed)
    }

    private func wrongArgumentCount(_ arguments: SQLiteArguments) -> SQLiteError {
        SQLiteError(code: SQLITE_MISUSE, message: "wrong number of statement arguments: \(arguments.values.count)", sql: sql)
    }

    /// Binds one value to the parameter at `index` (1-based). Text and BLOBs are copied
    /// (SQLITE_TRANSIENT); text is bound up to its first NUL, as GRDB bound it.
    package func bind(_ value: SQLiteValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
        case .real(let number): code = sqlite3_bind_double(handle, index, number)
        case .text(let text): code = sqlite3_bind_text(handle, index, text, -1, csqlite_transient())
        case .blob(let bytes):
            code = bytes.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), csqlite_transient()) }
        }
        guard code == SQLITE_OK else { throw connection.error(code, sql: sql) }
    }

    /// Binds the `count` UTF-8 bytes at `text` as TEXT to the parameter at `index` (1-based)
    /// without copying them (SQLITE_STATIC): they must stay where they are, unchanged, until the
    /// parameter is bound again or ``clearBindings()`` is called. No byte is a NUL (the caller
    /// cuts the text at its first, as ``bind(_:at:)`` binds it). For rows bound by the hundred
    /// thousand, where each copy is a `malloc` of SQLite's and a `strlen`.
    package func bindText(_ text: UnsafePointer<UInt8>?, count: Int, at index: Int32) throws {
        let bytes = count > 0 ? UnsafeRawPointer(text)?.assumingMemoryBound(to: CChar.self) : nil
        let code = sqlite3_bind_text(handle, index, bytes ?? csqlite_empty_text(), Int32(count), csqlite_static())
        guard code == SQLITE_OK else { throw connection.error(code, sql: sql) }
    }

    /// Binds NULL to every parameter (after ``bindText(_:count:at:)``, before its bytes go).
    package func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    // MARK: Running

    /// Runs the statement to its next row: true when there is one (read it with ``value(at:)``
    /// or ``row()``), false when the statement is done.
    package func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw connection.error(code, sql: sql)
        }
    }

    /// Resets the statement to run again; its bindings stay.
    package func reset() throws {
        let code = sqlite3_reset(handle)
        guard code == SQLITE_OK else { throw connection.error(code, sql: sql) }
    }

    /// Binds `arguments` and runs the statement to its end, ignoring any rows.
    package func execute(arguments: SQLiteArguments = SQLiteArguments()) throws {
        try bind(arguments)
        while try step() {}
    }

    // MARK: Reading the current row

    /// The value of `column` (0-based) in the current row, copied.
    package func value(at column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        // Up to the first NUL, invalid UTF-8 repaired, as GRDB read text.
        case SQLITE_TEXT: return .text(String(cString: sqlite3_column_text(handle, column)))
        case SQLITE_BLOB:
            guard let bytes = sqlite3_column_blob(handle, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column)))))
        default: return .null
        }
    }

    /// The current row, copied.
    package func row(columnNames: [String]) -> SQLiteRow {
        SQLiteRow(columnNames: columnNames, values: (0..<Int32(columnNames.count)).map(value(at:)))
    }

    /// Binds `arguments` and returns every row.
    package func rows(arguments: SQLiteArguments = SQLiteArguments()) throws -> [SQLiteRow] {
        var rows: [SQLiteRow] = []
        try forEachRow(arguments: arguments) { rows.append($0) }
        return rows
    }

    /// Binds `arguments` and calls `body` with each row in turn: a large result is never held
    /// whole.
    package func forEachRow(arguments: SQLiteArguments = SQLiteArguments(), _ body: (SQLiteRow) throws -> Void) throws {
        try bind(arguments)
        let names = columnNames
        while try step() { try body(row(columnNames: names)) }
    }
}
