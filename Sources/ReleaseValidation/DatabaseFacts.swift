import Foundation
import SQLiteDatabase
import ReleaseFormat
import Releases
import VocabCore

/// What the checks need from a SQLite file of the release.
struct DatabaseFacts {
    struct Object: Equatable {
        var type: String
        var name: String
        var sql: String?
        var label: String { "\(type) \(name)" }
    }

    var applicationID: Int32
    var userVersion: Int32
    var objects: [Object]
    /// Column names and declared types per table of the schema.
    var columns: [String: [(name: String, type: String)]]
    var integrity: [String]
    var foreignKeyViolations: [String]
    var foreignKeyViolationCount: Int
    var metadata: [String: String]
    /// Each full-text table's persistent `rank` setting (absent when it has none or cannot be read).
    var searchRank: [String: String]
    /// Rows of the card table that a phrase query of their own name in its full-text table does
    /// not find (`id name`, the first few), and how many.
    var searchMisses: [String]
    var searchMissCount: Int

    static func read(_ file: URL, schema: DatabaseSchema) throws -> DatabaseFacts {
        try ReleaseReader.readOnly(file) { db in
            let objects = try SQLiteRow.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master ORDER BY type, name").map { row in
                let type: SQLiteValue = row[0], name: SQLiteValue = row[1], sql: SQLiteValue = row[2]
                return Object(type: String(sqliteValue: type) ?? "?", name: String(sqliteValue: name) ?? "?",
                              sql: String(sqliteValue: sql))
            }
            var columns: [String: [(name: String, type: String)]] = [:]
            for table in schema.tables where try db.tableExists(table.name) {
                columns[table.name] = try SQLiteRow.fetchAll(db, sql: "SELECT name, type FROM pragma_table_info(?)", arguments: [table.name]).map { row in
                    let name: SQLiteValue = row[0], type: SQLiteValue = row[1]
                    return (String(sqliteValue: name) ?? "?", String(sqliteValue: type) ?? "?")
                }
            }
            let integrity = try SQLiteRow.fetchAll(db, sql: "PRAGMA integrity_check(20)").map { row -> String in
                let value: SQLiteValue = row[0]
                return String(sqliteValue: value) ?? "\(value)"
            }
            let violations = try SQLiteRow.fetchAll(db, sql: "PRAGMA foreign_key_check")
            let described = violations.prefix(ReleaseValidator.shownProblems).map { row -> String in
                let table: SQLiteValue = row[0], rowid: SQLiteValue = row[1], parent: SQLiteValue = row[2]
                let id = Int64(sqliteValue: rowid).map { " (rowid \($0))" } ?? ""
                return "a \(String(sqliteValue: table) ?? "?") row\(id) refers to a missing \(String(sqliteValue: parent) ?? "?") row"
            }
            var metadata: [String: String] = [:]
            if try db.tableExists("metadata") {
                // A metadata table without these columns holds nothing the checks can use.
                for row in (try? SQLiteRow.fetchAll(db, sql: "SELECT key, value FROM metadata")) ?? [] {
                    let key: SQLiteValue = row[0], value: SQLiteValue = row[1]
                    if let key = String(sqliteValue: key), let value = String(sqliteValue: value) { metadata[key] = value }
                }
            }
            var searchRank: [String: String] = [:]
            var misses: [String] = []
            var missCount = 0
            for index in schema.fullTextTables where try db.tableExists("\(index.name)_config") {
                // A rank that is not text is recorded as none (the search check then reports it).
                searchRank[index.name] = try? String.fetchOne(db, sql: "SELECT v FROM \(index.name)_config WHERE k = 'rank'")
                // The probe needs the content table's id and name: without them the schema check reports the table.
                let names = Set((columns[index.content] ?? []).map { $0.name.lowercased() })
                guard try db.tableExists(index.content), try db.tableExists(index.name), names.isSuperset(of: ["id", "name"]) else { continue }
                // A table of more rows than a release may have is not probed row by row (the
                // records check refuses it).
                let rows = try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM (SELECT 1 FROM \(index.content) LIMIT \(ReleaseSchema.maximumRows + 1))") ?? 0
                guard rows <= ReleaseSchema.maximumRows else { continue }
                let probe = try db.makeStatement(
                    sql: "SELECT count(*) FROM \(index.name) WHERE \(index.name) MATCH ? AND rowid = ?")
                for row in try SQLiteRow.fetchAll(db, sql: "SELECT id, name FROM \(index.content) ORDER BY id") {
                    let id: SQLiteValue = row[0], name: SQLiteValue = row[1]
                    // A name without a letter or digit gives no token to look for; one of fewer
                    // than three characters no trigram.
                    guard let text = String(sqliteValue: name), let key = Int64(sqliteValue: id),
                          text.contains(where: { $0.isLetter || $0.isNumber }),
                          !index.findsSubstrings || text.unicodeScalars.count >= WordSearch.trigramLength else { continue }
                    let found = (try? Int.fetchOne(probe, arguments: ["name : " + WordSearch.phrase(text), key])) ?? 0
                    if found == 0 {
                        missCount += 1
                        if misses.count < ReleaseValidator.shownProblems { misses.append("\(index.content) \(key) \"\(text)\"") }
                    }
                }
            }
            return DatabaseFacts(
                applicationID: try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
                userVersion: try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0,
                objects: objects, columns: columns, integrity: integrity,
                foreignKeyViolations: Array(described), foreignKeyViolationCount: violations.count,
                metadata: metadata, searchRank: searchRank, searchMisses: misses, searchMissCount: missCount)
        }
    }
}
