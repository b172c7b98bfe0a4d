import Foundation
import SQLiteDatabase
import Testing
import ReleaseFormat
import VocabCore
@testable import StageEmit

#if canImport(Glibc)
import Glibc
#endif

@Suite struct PublishTests {
    let scratch = Scratch()

    /// Names in `parent` other than the release itself (temporary folders would show up here).
    func siblings(of release: URL) throws -> [String] {
        try Fixture.entries(release.deletingLastPathComponent())
            .filter { $0 != release.lastPathComponent }.sorted()
    }

    @Test func sameInputGivesByteIdenticalFiles() throws {
        let root = try scratch.folder()
        let first = try ReleaseEmitter.emit(try Fixture.input(), to: root.appendingPathComponent("a"))
        let second = try ReleaseEmitter.emit(try Fixture.input(), to: root.appendingPathComponent("b"))
        #expect(first.manifest.resources == second.manifest.resources)
        let a = try Fixture.snapshot(first.releaseFolder)
        let b = try Fixture.snapshot(second.releaseFolder)
        // The database, the bundle, Datasette's metadata and the manifest.
        #expect(a.count == 4)
        #expect(a == b)
        // Emitting again over the same folder also gives the same bytes.
        let third = try ReleaseEmitter.emit(try Fixture.input(), to: root.appendingPathComponent("a"))
        #expect(try Fixture.snapshot(third.releaseFolder) == a)
    }

    @Test func differentInputGivesDifferentFiles() throws {
        let root = try scratch.folder()
        let first = try ReleaseEmitter.emit(try Fixture.input(), to: root.appendingPathComponent("a"))
        var input = try Fixture.input()
        input.release.created = Date(timeIntervalSince1970: 1_800_000_000)
        let second = try ReleaseEmitter.emit(input, to: root.appendingPathComponent("b"))
        #expect(first.manifest.resources.first { $0.format == "sqlite" }!.sha256 != second.manifest.resources.first { $0.format == "sqlite" }!.sha256)
        #expect(first.manifest.resources.first { $0.format == "json" }!.sha256 != second.manifest.resources.first { $0.format == "json" }!.sha256)
    }

    @Test func emittingOverAReleaseReplacesItCompletely() throws {
        let root = try scratch.folder()
        let release = root.appendingPathComponent("test-vocab-1.2.3")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: release.appendingPathComponent("stale-file.txt"))
        try Data("old".utf8).write(to: release.appendingPathComponent("test-vocab.sqlite"))
        // A temporary folder left by a killed run.
        let stale = root.appendingPathComponent(".test-vocab-1.2.3.tmp-killed")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
        try Data("junk".utf8).write(to: stale.appendingPathComponent("test-vocab.json"))
        // An unrelated sibling stays.
        try Data("keep".utf8).write(to: root.appendingPathComponent("other.txt"))

        let result = try ReleaseEmitter.emit(try Fixture.input(), to: release)
        #expect(result.releaseFolder.path == release.standardizedFileURL.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: release.path).sorted()
                == ["datapackage.json", "metadata.json", "test-vocab.json", "test-vocab.sqlite"])
        #expect(try siblings(of: release) == ["other.txt"])
        let (_, hex) = try Checksum.sha256(of: release.appendingPathComponent("test-vocab.sqlite"))
        #expect(hex == result.manifest.resources.first { $0.format == "sqlite" }!.sha256)

        // A smaller second release replaces the first one entirely.
        let smaller = try ReleaseEmitter.emit(try Fixture.input(records: Array(Fixture.records.prefix(2))), to: release)
        #expect(try siblings(of: release) == ["other.txt"])
        #expect(try Fixture.snapshot(release).count == 4)
        let text = try String(contentsOf: release.appendingPathComponent("test-vocab.json"), encoding: .utf8)
        #expect(!text.contains("café"))
        #expect(smaller.manifest.resources.first { $0.format == "json" }!.sha256 != result.manifest.resources.first { $0.format == "json" }!.sha256)
    }

    @Test func createsMissingParentFolders() throws {
        let release = try scratch.folder().appendingPathComponent("deep/er/release")
        let result = try ReleaseEmitter.emit(try Fixture.input(), to: release)
        #expect(FileManager.default.fileExists(atPath: release.appendingPathComponent("datapackage.json").path))
        #expect(result.fileCount == 3)
    }

    /// Emits a good release, runs `failing`, which must throw an `EmitError`, and checks that
    /// the good release is byte-identical and no temporary folder remains.
    func expectFailureKeepsRelease(
        _ failing: (URL) throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let root = try scratch.folder()
        let release = root.appendingPathComponent("test-vocab-1.2.3")
        _ = try ReleaseEmitter.emit(try Fixture.input(), to: release)
        let before = try Fixture.snapshot(release)
        do {
            try failing(release)
            Issue.record("the emit did not fail", sourceLocation: sourceLocation)
        } catch let error as EmitError {
            #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
        }
        #expect(try Fixture.snapshot(release) == before, sourceLocation: sourceLocation)
        #expect(try siblings(of: release) == [], sourceLocation: sourceLocation)
    }

    @Test func uniqueViolationLeavesThePreviousRelease() throws {
        var duplicate = Fixture.records[0]
        duplicate.rank = 6
        try expectFailureKeepsRelease { release in
            _ = try ReleaseEmitter.emit(try Fixture.input(records: Fixture.records + [duplicate]), to: release)
        }
    }

    @Test func errorNamesTheSQLiteProblem() throws {
        var duplicate = Fixture.records[1]
        duplicate.rank = 9
        let root = try scratch.folder()
        let error = try #require(throws: EmitError.self) {
            try ReleaseEmitter.emit(try Fixture.input(records: Fixture.records + [duplicate]),
                                   to: root.appendingPathComponent("r"))
        }
        #expect(error.location.item == "test-vocab.sqlite")
        #expect(error.location.file?.hasSuffix("/r") == true, "names the release, not the removed temporary file")
        guard case .sqlite(let message) = error.problem else {
            Issue.record("expected a SQLite problem, got \(error)")
            return
        }
        #expect(message.contains("UNIQUE"))
        #expect(try Fixture.entries(root) == [])
    }

    @Test func recordsOutOfRankOrderAreRejected() throws {
        try expectFailureKeepsRelease { release in
            _ = try ReleaseEmitter.emit(try Fixture.input(records: Fixture.records.reversed()), to: release)
        }
    }

    @Test func translationsIntoAnUnknownLanguageAreRejected() throws {
        var record = Fixture.records[0]
        record.translations.append(Translation(language: "de", lemmas: ["Zeit"]))
        try expectFailureKeepsRelease { release in
            _ = try ReleaseEmitter.emit(try Fixture.input(records: [record]), to: release)
        }
    }

    @Test func aFileInTheWayIsNotReplaced() throws {
        let root = try scratch.folder()
        let release = root.appendingPathComponent("release")
        try Data("precious".utf8).write(to: release)
        #expect(throws: EmitError(file: release.path, .notAFolder)) { try ReleaseEmitter.emit(try Fixture.input(), to: release) }
        #expect(try Data(contentsOf: release) == Data("precious".utf8))
        #expect(try Fixture.entries(root) == ["release"])
    }

    @Test(.enabled(if: geteuid() != 0, "root ignores permissions"))
    func readOnlyParentLeavesThePreviousRelease() throws {
        try expectFailureKeepsRelease { release in
            let parent = release.deletingLastPathComponent()
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: parent.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: parent.path) }
            _ = try ReleaseEmitter.emit(try Fixture.input(), to: release)
        }
    }

    @Test func exchangeSwapsTwoFolders() throws {
        let root = try scratch.folder()
        let a = root.appendingPathComponent("a"), b = root.appendingPathComponent("b")
        try FileManager.default.createDirectory(at: a, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(at: b, withIntermediateDirectories: false)
        try Data("A".utf8).write(to: a.appendingPathComponent("file"))
        try Data("B".utf8).write(to: b.appendingPathComponent("file"))
        #expect(ReleasePublisher.exchange(a.path, b.path) == 0)
        #expect(try Data(contentsOf: a.appendingPathComponent("file")) == Data("B".utf8))
        #expect(try Data(contentsOf: b.appendingPathComponent("file")) == Data("A".utf8))
        #expect(ReleasePublisher.exchange(a.path, root.appendingPathComponent("missing").path) == ENOENT)
    }
}

@Suite struct EdgeCaseTests {
    let scratch = Scratch()

    @Test func anEmptyReleaseIsValid() throws {
        let release = try scratch.folder().appendingPathComponent("empty")
        let result = try ReleaseEmitter.emit(try Fixture.input(records: []), to: release)
        #expect(result.fileCount == 3)
        let data = try Data(contentsOf: release.appendingPathComponent("test-vocab.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((root["words"] as? [Any])?.isEmpty == true)
        let queue = try SQLiteConnection(path: release.appendingPathComponent("test-vocab.sqlite").path)
        defer { try? queue.close() }
        #expect(try queue.read { db throws in try Int.fetchOne(db, sql: "SELECT count(*) FROM words") } == 0)
    }

    @Test func metadataAndManifestAgreeOnSQLiteVersion() throws {
        let release = try scratch.folder().appendingPathComponent("r")
        _ = try ReleaseEmitter.emit(try Fixture.input(), to: release)
        let queue = try SQLiteConnection(path: release.appendingPathComponent("test-vocab.sqlite").path)
        let (stored, live) = try queue.read { db throws in
            (try String.fetchOne(db, sql: "SELECT value FROM metadata WHERE key = 'sqliteVersion'"),
             try String.fetchOne(db, sql: "SELECT sqlite_version()"))
        }
        try queue.close()
        let package = try JSONSerialization.jsonObject(
            with: Data(contentsOf: release.appendingPathComponent("datapackage.json"))) as? [String: Any]
        #expect(stored == live)
        #expect(package?["sqliteVersion"] as? String == live)
    }

    @Test func thousandsOfWordsEmitQuickly() throws {
        let records = (1...5000).map { rank in
            Fixture.record(rank, "word\(rank)", rank.isMultiple(of: 2) ? .noun : .verb,
                           definition: rank.isMultiple(of: 3) ? nil : "definition \(rank)",
                           synonyms: ["syn\(rank)"], examples: [CardExample(lexicon: "example \(rank)")],
                           es: ["palabra\(rank)"], fr: rank.isMultiple(of: 5) ? [] : ["mot\(rank)"])
        }
        let release = try scratch.folder().appendingPathComponent("big")
        let start = Date()
        _ = try ReleaseEmitter.emit(try Fixture.input(records: records), to: release)
        #expect(Date().timeIntervalSince(start) < 30)
        let queue = try SQLiteConnection(path: release.appendingPathComponent("test-vocab.sqlite").path)
        defer { try? queue.close() }
        try queue.read { db throws in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM words") == 5000)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM words WHERE definition IS NOT NULL") == 5000 - 1666)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM translations") == 5000 + 4000)
            #expect(try Int64.fetchAll(db, sql: "SELECT rowid FROM words_fts WHERE words_fts MATCH 'mot4321'") == [4321])
        }
    }
}

@Suite struct PublishFallbackTests {
    let scratch = Scratch()

    @Test func aReleaseSetAsideByAKilledFallbackIsPutBack() throws {
        let root = try scratch.folder()
        let release = root.appendingPathComponent("r")
        _ = try ReleaseEmitter.emit(try Fixture.input(), to: release)
        let before = try Fixture.snapshot(release)
        // As a kill between "move the old release aside" and "rename the new one in" leaves it.
        let aside = root.appendingPathComponent("\(ReleasePublisher.previousPrefix(of: release))1234")
        try FileManager.default.moveItem(at: release, to: aside)
        ReleasePublisher.recoverPreviousRelease(of: release)
        #expect(try Fixture.snapshot(release) == before)
        #expect(try Fixture.entries(root) == ["r"])
    }

    @Test func twoBuildsCannotPublishOneReleaseAtOnce() throws {
        let root = try scratch.folder()
        let release = root.appendingPathComponent("r")
        let lock = try PublishLock(for: release)
        defer { lock.release() }
        let error = try #require(throws: EmitError.self) {
            try ReleaseEmitter.emit(try Fixture.input(), to: release)
        }
        #expect(error.problem == .anotherBuildIsPublishing)
        #expect(!FileManager.default.fileExists(atPath: release.path))
    }

    @Test func withoutExchangeTheReleaseIsStillReplaced() throws {
        let root = try scratch.folder()
        let release = root.appendingPathComponent("r")
        _ = try ReleaseEmitter.emit(try Fixture.input(), to: release)
        let smaller = try Fixture.input(records: Array(Fixture.records.prefix(1)))
        let result = try ReleaseEmitter.emit(smaller, to: release, exchange: { _, _ in EINVAL })
        #expect(try Fixture.entries(root) == ["r"])
        let snapshot = try Fixture.snapshot(release)
        #expect(snapshot.count == 4)
        #expect(snapshot["test-vocab.json"] == result.manifest.resources.first { $0.format == "json" }!.sha256)
    }

    @Test func aFailedExchangeLeavesThePreviousRelease() throws {
        let root = try scratch.folder()
        let release = root.appendingPathComponent("r")
        _ = try ReleaseEmitter.emit(try Fixture.input(), to: release)
        let before = try Fixture.snapshot(release)
        let error = try #require(throws: EmitError.self) {
            try ReleaseEmitter.emit(try Fixture.input(records: []), to: release, exchange: { _, _ in EIO })
        }
        #expect(error.problem == .cannotReplacePrevious(reason: String(cString: strerror(EIO))))
        #expect(try Fixture.snapshot(release) == before)
        #expect(try Fixture.entries(root) == ["r"])
    }
}
