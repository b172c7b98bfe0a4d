import Foundation
import SQLiteDatabase
import Testing

/// The layer over SQLite on its own: what opening sets up (as GRDB's `DatabaseQueue` did), the
/// arguments, the values read back, the errors' codes and messages, the transactions.
@Suite struct SQLiteDatabaseTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("vocab-sqlite-\(UUID().uuidString.lowercased())", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func file(_ name: String = "t.sqlite") -> String { folder.appendingPathComponent(name).path }

    // MARK: Opening

    @Test func aFileThatIsNotADatabaseFailsAtOpen() throws {
        try Data("not a database\n".utf8).write(to: URL(fileURLWithPath: file()))
        let error = try #require(throws: SQLiteError.self) { try SQLiteConnection(path: file(), readOnly: true) }
        #expect(error.resultCode == 26)  // SQLITE_NOTADB
        #expect(error.message == "file is not a database")
    }

    @Test func aMissingFileOpenedReadOnlyFailsWithTheCodesText() throws {
        let error = try #require(throws: SQLiteError.self) { try SQLiteConnection(path: file("missing.sqlite"), readOnly: true) }
        #expect(error.resultCode == 14)  // SQLITE_CANTOPEN
        #expect(error.message == "unable to open database file")
    }

    @Test func foreignKeysAreOnUnlessTurnedOff() throws {
        #expect(try Int.fetchOne(SQLiteConnection(path: file()), sql: "PRAGMA foreign_keys") == 1)
        #expect(try Int.fetchOne(SQLiteConnection(path: file(), foreignKeys: false), sql: "PRAGMA foreign_keys") == 0)
        let db = try SQLiteConnection.inMemory()
        try db.execute(sql: "CREATE TABLE p(id INTEGER PRIMARY KEY); CREATE TABLE c(p INTEGER REFERENCES p(id))")
        let error = try #require(throws: SQLiteError.self) { try db.execute(sql: "INSERT INTO c VALUES (1)") }
        #expect(error.extendedResultCode == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY
        #expect(error.message == "FOREIGN KEY constraint failed")
    }

    @Test func doubleQuotedStringLiteralsAreIdentifiersOnly() throws {
        let db = try SQLiteConnection.inMemory()
        let error = try #require(throws: SQLiteError.self) { try String.fetchOne(db, sql: #"SELECT "x""#) }
        #expect(error.message == "no such column: x")
    }

    @Test func aReadOnlyConnectionRefusesWrites() throws {
        try SQLiteConnection(path: file()).execute(sql: "CREATE TABLE t(a)")
        let db = try SQLiteConnection(path: file(), readOnly: true)
        let error = try #require(throws: SQLiteError.self) { try db.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") } }
        #expect(error.resultCode == 8)  // SQLITE_READONLY
        #expect(error.sql == "INSERT INTO t VALUES (1)")
    }

    @Test func aReadOfAWritableConnectionIsQueryOnly() throws {
        let db = try SQLiteConnection.inMemory()
        try db.execute(sql: "CREATE TABLE t(a)")
        #expect(throws: SQLiteError.self) { try db.read { try $0.execute(sql: "INSERT INTO t VALUES (1)") } }
        try db.execute(sql: "INSERT INTO t VALUES (1)")
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM t") == 1)
    }

    // MARK: Arguments and values

    @Test func positionalAndNamedArguments() throws {
        let db = try SQLiteConnection.inMemory()
        #expect(try SQLiteRow.fetchOne(db, sql: "SELECT ?, ?, ?, ?", arguments: [1, "two", 3.5, nil])?.values
            == [.integer(1), .text("two"), .real(3.5), .null])
        #expect(try String.fetchOne(db, sql: "SELECT :a || $b || @a", arguments: ["a": "x", "b": "y"]) == "xyx")
        let error = try #require(throws: SQLiteError.self) { try Int.fetchOne(db, sql: "SELECT ?", arguments: [1, 2]) }
        #expect(error.message == "wrong number of statement arguments: 2")
    }

    @Test func executeRunsEveryStatementSharingTheArguments() throws {
        let db = try SQLiteConnection.inMemory()
        try db.execute(sql: "CREATE TABLE t(a); INSERT INTO t VALUES (?); INSERT INTO t VALUES (?);", arguments: [1, 2])
        #expect(try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") == [1, 2])
        #expect(throws: SQLiteError.self) { try db.makeStatement(sql: "SELECT 1; SELECT 2") }
    }

    @Test func valuesOfEveryStorageClass() throws {
        let db = try SQLiteConnection.inMemory()
        let row = try #require(try SQLiteRow.fetchOne(db, sql: "SELECT NULL AS n, 7 AS i, 0.5 AS r, 'é' AS t, x'00ff' AS b"))
        #expect(row.values == [.null, .integer(7), .real(0.5), .text("é"), .blob([0x00, 0xFF])])
        #expect(row["I"] as Int64 == 7)
        #expect(row["n"] as String? == nil)
        #expect(row["missing"] as Int? == nil)
        #expect(row.value(named: "T") == .text("é"))
        #expect(try Int.fetchOne(db, sql: "SELECT NULL") == nil)
        #expect(try String.fetchOne(db, sql: "SELECT 12") == "12")
        #expect(try Int32.fetchOne(db, sql: "SELECT 1 WHERE 0") == nil)
        #expect(throws: SQLiteError.self) { try Int32.fetchOne(db, sql: "SELECT 4294967296") }
        #expect(throws: SQLiteError.self) { try String.fetchAll(db, sql: "SELECT NULL") }
    }

    @Test func textIsBoundUpToItsFirstNul() throws {
        let db = try SQLiteConnection.inMemory()
        #expect(try String.fetchOne(db, sql: "SELECT ?", arguments: ["a\u{0}b"]) == "a")
    }

    @Test func aPreparedStatementRunsAgainWithNewArguments() throws {
        let db = try SQLiteConnection.inMemory()
        try db.execute(sql: "CREATE TABLE t(a INTEGER, b TEXT)")
        let insert = try db.makeStatement(sql: "INSERT INTO t VALUES (?, ?)")
        for (a, b) in [(1, "x"), (2, "y")] { try insert.execute(arguments: [a, b]) }
        try insert.reset()
        try insert.bind(.integer(3), at: 1)
        try insert.bind(.text("z"), at: 2)
        #expect(try insert.step() == false)
        #expect(try String.fetchAll(db, sql: "SELECT a || b FROM t ORDER BY a") == ["1x", "2y", "3z"])
        let probe = try db.makeStatement(sql: "SELECT b FROM t WHERE a = ?")
        #expect(try String.fetchOne(probe, arguments: [2]) == "y")
        #expect(try String.fetchOne(probe, arguments: [9]) == nil)
    }

    // MARK: Transactions

    @Test func aTransactionRollsBackOnAnError() throws {
        let db = try SQLiteConnection.inMemory()
        try db.execute(sql: "CREATE TABLE t(a UNIQUE)")
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                throw Stop()
            }
        }
        try db.inTransaction {
            try db.execute(sql: "INSERT INTO t VALUES (2)")
            return .rollback
        }
        try db.inTransaction {
            try db.execute(sql: "INSERT INTO t VALUES (3)")
            return .commit
        }
        #expect(try Int.fetchAll(db, sql: "SELECT a FROM t") == [3])
        #expect(try db.tableExists("T"))
        #expect(try !db.tableExists("u"))
    }
}
