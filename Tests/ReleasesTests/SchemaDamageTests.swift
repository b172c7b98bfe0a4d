import Foundation
import SQLiteDatabase
import TestSupport
import Testing

/// A release whose schema was changed after it was built (by hand, by another tool): SQLite opens
/// it, the format does not allow it. `vocab validate`, `vocab diff` and `vocab lookup` check each
/// table's columns against the format before reading a row, so each case is a failed check or
/// one error line naming the file, the table and the column, exit status 1, never a trap.
@Suite struct SchemaDamageTests {
    /// One damage: what the SQL does, which file it edits, and what the error must name.
    struct Damage: CustomTestStringConvertible, Sendable {
        var label: String
        var dictionary = false
        var sql: [String]
        /// What the error line (diff, lookup) and a FAIL line of validate must contain.
        var names: [String]
        /// Whether `vocab lookup time` reads the damaged file (the release's words are read first;
        /// the dictionary only when the release lacks the word).
        var lookupWord = "time"

        var testDescription: String { label }
    }

    /// The schema text edited in place (as `PRAGMA writable_schema` allows): no `NOT NULL`, or
    /// another declared type.
    static func editSchema(_ table: String, _ from: String, _ to: String) -> [String] {
        ["PRAGMA writable_schema = ON",
         "UPDATE sqlite_master SET sql = replace(sql, '\(from)', '\(to)') WHERE name = '\(table)'",
         "PRAGMA writable_schema = OFF"]
    }

    static let damages: [Damage] = [
        Damage(label: "a dropped column", sql: ["ALTER TABLE words DROP COLUMN freq"], names: ["words, column freq", "no such column"]),
        Damage(label: "a renamed column", sql: ["ALTER TABLE words RENAME COLUMN band TO frequencyBand"],
               names: ["words, column band", "no such column"]),
        Damage(label: "a column of another declared type", sql: editSchema("words", "sentences TEXT", "sentences BLOB"),
               names: ["words, column sentences", "declared BLOB", "TEXT"]),
        Damage(label: "a missing table", sql: ["DROP TABLE words_fts", "DROP TABLE translations", "DROP TABLE words"],
               names: ["words", "no such table"]),
        Damage(label: "a NULL in a NOT NULL column",
               sql: editSchema("words", "name TEXT NOT NULL", "name TEXT") + ["UPDATE words SET name = NULL WHERE id = 1"],
               names: ["words id 1, column name", "NULL"]),
        Damage(label: "a view in place of the table",
               sql: ["ALTER TABLE words RENAME TO words_data", "CREATE VIEW words AS SELECT * FROM words_data"],
               names: ["words", "is a view, not a table"]),
        Damage(label: "text in an integer column", sql: ["PRAGMA ignore_check_constraints = ON", "UPDATE words SET band = 'seven' WHERE id = 1"],
               names: ["words id 1, column band", "the text \"seven\""]),
        Damage(label: "a metadata column renamed", sql: ["ALTER TABLE metadata RENAME COLUMN value TO text"],
               names: ["metadata, column value", "no such column"]),
        Damage(label: "a dictionary column dropped", dictionary: true, sql: ["ALTER TABLE entries DROP COLUMN definition"],
               names: ["entries, column definition", "no such column"], lookupWord: "automobile"),
    ]

    func database(_ release: URL, dictionary: Bool) throws -> URL {
        let names = try FileManager.default.contentsOfDirectory(atPath: release.path)
        let name = try #require(names.first { $0.hasSuffix(".sqlite") && $0.hasSuffix("-dictionary.sqlite") == dictionary })
        return release.appendingPathComponent(name)
    }

    /// Runs `statements` on `file`; after an edit of the schema's text, in a new session (where
    /// the edited schema applies).
    func edit(_ file: URL, _ statements: [String]) throws {
        var queue = try SQLiteConnection(path: file.path, foreignKeys: false)
        for statement in statements {
            try queue.execute(sql: statement)
            if statement.hasSuffix("writable_schema = OFF") {
                try queue.close()
                queue = try SQLiteConnection(path: file.path, foreignKeys: false)
            }
        }
        try queue.close()
    }

    func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> VocabRun {
        let run = try TestProject.runVocab(arguments, timeout: 180)
        #expect(!run.timedOut && !run.signalled && !run.stderr.contains("Fatal error"), "trapped: \(run)", sourceLocation: sourceLocation)
        return run
    }

    /// Exit status 1 and exactly one error line, naming the file and every one of `names`.
    func expectOneErrorLine(_ run: VocabRun, file: URL, names: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 1, "\(run)", sourceLocation: sourceLocation)
        let lines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(lines.count == 1, "\(run)", sourceLocation: sourceLocation)
        let line = String(lines.first ?? "")
        #expect(line.contains(file.lastPathComponent), "\(line)", sourceLocation: sourceLocation)
        for name in names { #expect(line.contains(name), "\(line) lacks \(name)", sourceLocation: sourceLocation) }
    }

    @Test(arguments: damages)
    func aDamagedSchemaIsOneLocatedErrorOrAFailedCheck(_ damage: Damage) throws {
        let release = try Fixtures.sampleCopy()
        defer { Fixtures.discard(release) }
        let file = try database(release, dictionary: damage.dictionary)
        try edit(file, damage.sql)

        let validate = try run(["validate", release.path])
        #expect(validate.status == 1, "\(validate.stdout.suffix(1500))")
        let failed = validate.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(failed.contains { line in damage.names.allSatisfy { line.contains($0) } },
                "no FAIL line names \(damage.names): \(failed)")

        let original = try Fixtures.sampleRelease.get()
        expectOneErrorLine(try run(["diff", original.path, release.path]), file: file, names: damage.names)
        expectOneErrorLine(try run(["lookup", release.path, damage.lookupWord]), file: file, names: damage.names)
    }

    /// A `words` table of more rows than a release may have is refused before its rows are read.
    @Test func aHugeWordsTableIsRefusedBeforeReading() throws {
        let release = try Fixtures.sampleCopy()
        defer { Fixtures.discard(release) }
        let file = try database(release, dictionary: false)
        try edit(file, Self.editSchema("words", "NOT NULL", "") + [
            "DROP INDEX words_name_nocase", "DROP INDEX words_sourceLemma",
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 1000000)
            INSERT INTO words(id, name, pos) SELECT 100 + i, 'w' || i, 'noun' FROM n
            """,
        ])
        let names = ["words", "more than the 1000000 rows"]
        let validate = try run(["validate", release.path])
        #expect(validate.status == 1)
        #expect(validate.stdout.split(separator: "\n").contains { $0.hasPrefix("FAIL") && names.allSatisfy($0.contains) },
                "\(validate.stdout.suffix(1500))")
        expectOneErrorLine(try run(["diff", try Fixtures.sampleRelease.get().path, release.path]), file: file, names: names)
        expectOneErrorLine(try run(["lookup", release.path, "time"]), file: file, names: names)
    }
}
