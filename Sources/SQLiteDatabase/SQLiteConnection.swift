import CSQLite

/// One connection to an SQLite database (`sqlite3`), closed on deinit.
///
/// Opening does what GRDB's `DatabaseQueue` did with its default configuration, so that the
/// files written, and the errors read, stay the same: `sqlite3_open_v2` with READWRITE|CREATE
/// (or READONLY), extended result codes and SQLITE_OPEN_NOMUTEX (GRDB's `SerializedDatabase`
/// opened every connection in multi-thread mode: a connection is used from one thread at a time,
/// so SQLite's own per-call mutex is pure cost), no URI flag, no busy handler (a locked database
/// fails at once); double-quoted string literals off;
/// `PRAGMA foreign_keys = ON` unless asked otherwise; then one read of `sqlite_master`, so that
/// a file that is not a database fails at open ("file is not a database").
///
/// A connection is used from one thread at a time (its owner's).
package final class SQLiteConnection {
    /// The `sqlite3` pointer, for the C API.
    package let handle: OpaquePointer
    /// The path it was opened with (`:memory:` for ``inMemory()``).
    package let path: String
    /// Opened with SQLITE_OPEN_READONLY.
    package let isReadOnly: Bool
    private var closed = false
    /// Depth of nested ``read(_:)`` calls (`PRAGMA query_only` is on while above zero).
    private var readDepth = 0

    /// Opens the database at `path`, creating it unless `readOnly`; `foreignKeys` turns
    /// `PRAGMA foreign_keys` on.
    package init(path: String, readOnly: Bool = false, foreignKeys: Bool = true) throws {
        var flags = (readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)) | SQLITE_OPEN_NOMUTEX
        let extendedCodesFlag: Int32 = 0x0200_0000  // SQLITE_OPEN_EXRESCODE, SQLite 3.37 and later
        if sqlite3_libversion_number() >= 3_037_000 { flags |= extendedCodesFlag }
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            sqlite3_close(connection)
            // The code's own text: the connection's message is not kept (GRDB's message).
            throw SQLiteError(code: code == SQLITE_OK ? SQLITE_INTERNAL : code)
        }
        self.handle = connection
        self.path = path
        self.isReadOnly = readOnly
        csqlite_disable_double_quoted_strings(connection)
        if foreignKeys { try execute(sql: "PRAGMA foreign_keys = ON") }
        if flags & extendedCodesFlag == 0 {
            let code = sqlite3_extended_result_codes(connection, 1)
            guard code == SQLITE_OK else { throw error(code) }
        }
        _ = try makeStatement(sql: "SELECT * FROM sqlite_master LIMIT 1").step()
    }

    /// A new, empty database in memory.
    package static func inMemory() throws -> SQLiteConnection {
        try SQLiteConnection(path: ":memory:")
    }

    deinit {
        if !closed { sqlite3_close_v2(handle) }
    }

    /// Closes the connection now (statements still alive close it when they are finalized).
    package func close() throws {
        guard !closed else { return }
        closed = true
        let code = sqlite3_close_v2(handle)
        guard code == SQLITE_OK else { throw SQLiteError(code: code) }
    }

    /// The error for `code`, with the connection's message (`sqlite3_errmsg`).
    func error(_ code: Int32, sql: String? = nil) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    // MARK: Statements

    /// Prepares one statement; SQL with more than one is an error.
    package func makeStatement(sql: String) throws -> SQLiteStatement {
        try sql.withCString { text in
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v2(handle, text, -1, &statement, &tail)
            guard code == SQLITE_OK else { throw error(code, sql: sql) }
            guard let statement else {
                throw SQLiteError(code: SQLITE_ERROR, message: "no statement in the SQL", sql: sql)
            }
            let prepared = SQLiteStatement(connection: self, handle: statement)
            if let tail, hasStatement(tail) {
                throw SQLiteError(code: SQLITE_MISUSE, message: "multiple statements found", sql: sql)
            }
            return prepared
        }
    }

    /// Whether `text` holds another statement (or SQL that does not prepare), beyond whitespace
    /// and comments.
    private func hasStatement(_ text: UnsafePointer<CChar>) -> Bool {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        return sqlite3_prepare_v2(handle, text, -1, &statement, nil) != SQLITE_OK || statement != nil
    }

    /// Runs every statement of `sql` to its end; positional `arguments` are taken in order
    /// across the statements, and must all be used.
    package func execute(sql: String, arguments: SQLiteArguments = SQLiteArguments()) throws {
        var remaining = arguments
        try sql.withCString { text in
            var position: UnsafePointer<CChar>? = text
            while let current = position, current.pointee != 0 {
                var statement: OpaquePointer?
                let code = sqlite3_prepare_v2(handle, current, -1, &statement, &position)
                guard code == SQLITE_OK else { throw error(code, sql: String(cString: current)) }
                guard let statement else { break }  // only whitespace or comments were left
                let prepared = SQLiteStatement(connection: self, handle: statement)
                try prepared.bind(consuming: &remaining)
                while try prepared.step() {}
            }
        }
        guard remaining.values.isEmpty else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "wrong number of statement arguments: \(arguments.values.count)", sql: sql)
        }
    }

    /// Whether the database has a table named `name`, compared without case (SQLite's
    /// identifiers are), as GRDB's `tableExists` answered.
    package func tableExists(_ name: String) throws -> Bool {
        let lowered = name.lowercased()
        return try String.fetchAll(self, sql: "SELECT name FROM sqlite_master WHERE type = 'table'").contains { $0.lowercased() == lowered }
    }

    // MARK: Transactions

    /// How a transaction's body ends.
    package enum TransactionCompletion {
        case commit
        case rollback
    }

    /// Runs `body` in a transaction (`BEGIN IMMEDIATE`, or `DEFERRED` when reading only), which
    /// commits when `body` returns ``TransactionCompletion/commit`` and rolls back when it
    /// returns ``TransactionCompletion/rollback`` or throws. The first error is thrown.
    package func inTransaction(_ body: () throws -> TransactionCompletion) throws {
        try execute(sql: "BEGIN \(isReadOnly || readDepth > 0 ? "DEFERRED" : "IMMEDIATE") TRANSACTION")
        var firstError: Error?
        do {
            switch try body() {
            case .commit:
                // An error inside the body may have rolled SQLite's transaction back already.
                guard sqlite3_get_autocommit(handle) == 0 else {
                    throw SQLiteError(code: SQLITE_ABORT, message: "Transaction was aborted")
                }
                try execute(sql: "COMMIT TRANSACTION")
                return
            case .rollback:
                break
            }
        } catch {
            firstError = error
        }
        if sqlite3_get_autocommit(handle) == 0 {
            do { try execute(sql: "ROLLBACK TRANSACTION") } catch { firstError = firstError ?? error }
        }
        if let firstError { throw firstError }
    }

    /// `body`'s writes in one transaction, committed unless it throws.
    package func write<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        var result: T?
        try inTransaction {
            result = try body(self)
            return .commit
        }
        return result!
    }

    /// `body`'s reads in one deferred transaction (one snapshot of the file), with
    /// `PRAGMA query_only` on so that a write there fails (a read-only connection needs neither).
    package func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        if !isReadOnly, readDepth == 0 { try execute(sql: "PRAGMA query_only = 1") }
        readDepth += 1
        defer {
            readDepth -= 1
            if !isReadOnly, readDepth == 0 { _ = try? execute(sql: "PRAGMA query_only = 0") }
        }
        if sqlite3_get_autocommit(handle) == 0 { return try body(self) }
        var result: T?
        try inTransaction {
            result = try body(self)
            return .commit
        }
        return result!
    }
}
