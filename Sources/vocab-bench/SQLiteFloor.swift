import Foundation
import SQLiteDatabase

/// What SQLite alone must spend to write a finished dictionary database again (issue 19's
/// floor): into a new file, its tables' rows copied inside SQLite (`INSERT … SELECT` from the
/// attached finished file), its indexes and its FTS5 index rebuilt from the copied rows, then
/// `VACUUM INTO` a second file, with the writer's pragmas. No Swift value is made per row, so
/// no design of the build's own can write that file in less time.
struct SQLiteFloor {
    /// The published dictionary to copy.
    var finished: URL
    /// A folder for the copies (removed after each run).
    var work: URL

    /// Seconds of one copy.
    func time() throws -> Double {
        let copy = work.appendingPathComponent("floor-copy.sqlite"), vacuumed = work.appendingPathComponent("floor-vacuumed.sqlite")
        for file in [copy, vacuumed] { try? FileManager.default.removeItem(at: file) }
        defer { for file in [copy, vacuumed] { try? FileManager.default.removeItem(at: file) } }
        let start = DispatchTime.now().uptimeNanoseconds
        let db = try SQLiteConnection(path: copy.path)
        try db.execute(sql: "PRAGMA journal_mode = DELETE")
        try db.execute(sql: "PRAGMA synchronous = OFF")
        try db.execute(sql: "ATTACH DATABASE ? AS finished", arguments: ["file:\(finished.path)?mode=ro"])
        let objects = try SQLiteRow.fetchAll(db, sql: """
            SELECT type, name, sql FROM finished.sqlite_master
            WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid
            """)
        // FTS5 keeps its index in shadow tables named after it: rebuilt, never copied.
        let fullText = objects.filter { ($0["sql"] as String).uppercased().contains("USING FTS5") }.map { $0["name"] as String }
        func isShadow(_ name: String) -> Bool { fullText.contains { name.hasPrefix($0 + "_") } }
        try db.inTransaction {
            for object in objects where object["type"] == "table" && !isShadow(object["name"]) && !fullText.contains(object["name"]) {
                let name: String = object["name"]
                try db.execute(sql: object["sql"])
                try db.execute(sql: "INSERT INTO main.\"\(name)\" SELECT * FROM finished.\"\(name)\"")
            }
            for object in objects where object["type"] == "index" { try db.execute(sql: object["sql"]) }
            for name in fullText {
                try db.execute(sql: objects.first { $0["name"] == name }!["sql"])
                try db.execute(sql: "INSERT INTO \"\(name)\"(\"\(name)\") VALUES ('rebuild')")
            }
            return .commit
        }
        try db.execute(sql: "DETACH DATABASE finished")
        try db.execute(sql: "VACUUM INTO ?", arguments: [vacuumed.path])
        try db.close()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
