import Foundation
import SQLiteDatabase
import TestSupport
import Testing

/// `vocab validate` and `vocab diff` run on releases built elsewhere: whatever a release holds,
/// they answer (FAIL lines or one error line, exit status 1), never trap, hang or open a file
/// outside the release folder.
@Suite struct HostileReleaseTests {
    /// Runs `vocab arguments` with a short time-out; it must end by itself, without a trap.
    func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> VocabRun {
        let run = try TestProject.runVocab(arguments, timeout: 30)
        #expect(!run.timedOut, "hung: \(arguments)", sourceLocation: sourceLocation)
        #expect(!run.signalled && !run.stderr.contains("Fatal error"), "trapped: \(run)", sourceLocation: sourceLocation)
        return run
    }

    /// Validate fails (exit 1) and diff against the intact sample fails or reports, both cleanly.
    func expectRefused(_ release: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let validate = try run(["validate", release.path], sourceLocation: sourceLocation)
        #expect(validate.status == 1, "validate: \(validate.stdout.suffix(600))", sourceLocation: sourceLocation)
        #expect(validate.stdout.contains("FAIL") || validate.stderr.hasPrefix("error: "), sourceLocation: sourceLocation)
        let original = try Fixtures.sampleRelease.get()
        for pair in [[original.path, release.path], [release.path, original.path]] {
            let diff = try run(["diff"] + pair + ["--format", "json"], sourceLocation: sourceLocation)
            #expect(diff.status == 0 || diff.status == 1, "diff: \(diff)", sourceLocation: sourceLocation)
            if diff.status == 1 {
                #expect(diff.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }.count == 1, "\(diff)",
                        sourceLocation: sourceLocation)
            }
        }
    }

    func database(_ release: URL) throws -> URL {
        let names = try FileManager.default.contentsOfDirectory(atPath: release.path)
        return release.appendingPathComponent(try #require(names.first { $0.hasSuffix(".sqlite") }))
    }

    func bundle(_ release: URL) throws -> URL {
        let names = try FileManager.default.contentsOfDirectory(atPath: release.path)
        return release.appendingPathComponent(try #require(names.first { $0.hasSuffix(".json") && $0 != "datapackage.json" }))
    }

    /// Writes into the database without its constraints (as a hostile release could be made).
    func damage(_ release: URL, _ sql: @escaping (String, String) -> String) throws {
        let db = try SQLiteConnection(path: try database(release).path, foreignKeys: false)
        try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
        let columns = try SQLiteRow.fetchAll(db, sql: "PRAGMA table_info(words)").map { ($0["name"] as String, $0["type"] as String) }
        let text = try #require(columns.first { $0.1 == "TEXT" }?.0)
        let integer = try #require(columns.first { $0.1 == "INTEGER" && $0.0 != "id" }?.0)
        try db.execute(sql: sql(text, integer))
        try db.close()
    }

    @Test(arguments: [
        "UPDATE words SET %TEXT% = x'00ff10' WHERE id = 1",
        "UPDATE words SET %INT% = 'seven' WHERE id = 2",
        "UPDATE words SET %INT% = 2.5 WHERE id = 3",
        "UPDATE words SET %INT% = 99999999999999999999 WHERE id = 4",
        "UPDATE words SET %TEXT% = 12 WHERE id = 5",
        "UPDATE metadata SET value = x'ff' WHERE key = (SELECT min(key) FROM metadata)",
        "UPDATE words SET pos = 'pronoun' WHERE id = 1",
    ])
    func wronglyTypedValuesAreReportedNotTrapped(_ statement: String) throws {
        let release = try Fixtures.sampleCopy()
        defer { Fixtures.discard(release) }
        try damage(release) { text, integer in
            statement.replacingOccurrences(of: "%TEXT%", with: text).replacingOccurrences(of: "%INT%", with: integer)
        }
        try expectRefused(release)
    }

    @Test(arguments: [
        (#""bytes": "#, #""bytes": 18446744073709551616, "was": "#),
        (#""schemaVersion": "#, #""schemaVersion": 1e19, "was": "#),
    ])
    func hugeNumbersInTheManifestAreReported(_ edit: (String, String)) throws {
        let release = try Fixtures.sampleCopy()
        defer { Fixtures.discard(release) }
        let manifest = release.appendingPathComponent("datapackage.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: edit.0, with: edit.1).write(to: manifest, atomically: false, encoding: .utf8)
        try expectRefused(release)
    }

    @Test(arguments: [#""band":1e19"#, #""band":18446744073709551616"#, #""freq":-18446744073709551616"#])
    func hugeNumbersInTheBundleAreReported(_ replacement: String) throws {
        let release = try Fixtures.sampleCopy()
        defer { Fixtures.discard(release) }
        let url = try bundle(release)
        let text = try String(contentsOf: url, encoding: .utf8)
        let field = replacement.components(separatedBy: ":")[0]
        let range = try #require(text.range(of: "\(field):[0-9a-z]+", options: .regularExpression))
        try text.replacingCharacters(in: range, with: replacement).write(to: url, atomically: false, encoding: .utf8)
        try expectRefused(release)
    }

    @Test func aFIFOInPlaceOfAResourceIsNotOpened() throws {
        let release = try Fixtures.sampleCopy()
        defer { Fixtures.discard(release) }
        let url = try bundle(release)
        try FileManager.default.removeItem(at: url)
        #expect(mkfifo(url.path, 0o644) == 0)
        try expectRefused(release)
    }

    @Test(arguments: ["/dev/zero", "/dev/urandom"])
    func aLinkToADeviceIsNotOpened(_ device: String) throws {
        let release = try Fixtures.sampleCopy()
        defer { Fixtures.discard(release) }
        for file in [try database(release), try bundle(release)] {
            try FileManager.default.removeItem(at: file)
            try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: device)
        }
        try expectRefused(release)
    }

    /// A manifest whose resource path leads out of the folder: the file outside is never read
    /// (diff refuses the release instead of comparing an outside database).
    @Test func aPathOutOfTheFolderIsNotFollowed() throws {
        let release = try Fixtures.sampleCopy()
        defer { Fixtures.discard(release) }
        let database = try database(release)
        let outside = release.deletingLastPathComponent().appendingPathComponent("outside.sqlite")
        try FileManager.default.moveItem(at: database, to: outside)
        let manifest = release.appendingPathComponent("datapackage.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "\"path\": \"\(database.lastPathComponent)\"", with: "\"path\": \"../outside.sqlite\"")
            .write(to: manifest, atomically: false, encoding: .utf8)
        try expectRefused(release)
        let diff = try run(["diff", try Fixtures.sampleRelease.get().path, release.path])
        #expect(diff.status == 1 && diff.stderr.contains("not a file name inside the release folder"), "\(diff)")
    }
}
