import Foundation
import ReleaseDiffing
import SQLiteDatabase
import ReleaseFormat
import Releases
import TestSupport
import Testing

/// `vocab diff` and sense pins: pins that took effect, changed and were dropped, a pin that
/// renames a word (`god` → `God`), and a release of schema 2 (before pins) read as unpinned.
@Suite(.serialized) struct PinDiffTests {
    /// The sample built with `pins` as its sense-pin file (none when nil), into `folder/name`.
    static func build(_ name: String, pins: String?, in folder: URL) throws -> URL {
        var pinFile: URL?
        if let pins {
            pinFile = folder.appendingPathComponent("\(name).pins")
            try Data(pins.utf8).write(to: pinFile!)
        }
        let config = try DiffProject.editedConfig(DiffProject.sampleConfig, in: folder) { config in
            TestProject.relocate(&config, corpus: DiffProject.sampleCorpus)
            if let pinFile { config["sensePins"] = pinFile.path }
        }
        let renamed = folder.appendingPathComponent("\(name).json")
        try FileManager.default.moveItem(at: config, to: renamed)
        return try DiffProject.build(renamed, output: folder.appendingPathComponent(name))
    }

    @Test func pinsThatTookEffectChangedOrWereDropped() throws {
        let folder = try DiffProject.buildFolder("pins")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = try Self.build("plain", pins: nil, in: folder)
        let pinned = try Self.build("pinned", pins: "god noun i112\nspring noun i102\n", in: folder)
        let repinned = try Self.build("repinned", pins: "spring noun i103\n", in: folder)

        let first = ReleaseDiff(old: try PublishedRelease.open(plain), new: try PublishedRelease.open(pinned))
        #expect(first.pins.map(\.kind) == [.tookEffect, .tookEffect])
        let god = try #require(first.pins.first { $0.lemma == "God" })
        #expect(god.old?.ili == "i111" && god.new?.ili == "i112")
        #expect(god.new?.definition == "the supernatural being conceived as the perfect creator of the universe")
        // The pin renamed the word: god/noun left, God/noun joined, respelt.
        #expect(first.removed.map(\.reason.code) == ["respelled"] && first.added.map(\.lemma) == ["God"])
        let spring = try #require(first.changed.first { $0.lemma == "spring" })
        #expect(spring.sense?.new.ili == "i102")

        let second = ReleaseDiff(old: try PublishedRelease.open(pinned), new: try PublishedRelease.open(repinned))
        #expect(second.pins.map { "\($0.lemma) \($0.kind.rawValue)" } == ["spring changed", "god dropped"])

        let run = try DiffProject.vocab(["diff", pinned.path, repinned.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Sense pins (2)"), "\(run.stdout)")
        #expect(run.stdout.contains("changed spring/noun  sx-coil-n (i102) #2 “a metal elastic device"), "\(run.stdout)")
        #expect(run.stdout.contains("dropped god/noun  sx-supreme-being-n (i112) #1 “the supernatural being conceived as the perfect creator of the universe” → sx-deity-n (i111) #1"), "\(run.stdout)")
        let markdown = try DiffProject.vocab(["diff", plain.path, pinned.path, "--format", "markdown"])
        #expect(markdown.stdout.contains("<details><summary>Sense pins (2)</summary>"), "\(markdown.stdout)")
        #expect(markdown.stdout.contains("- took-effect **God** (noun): "), "\(markdown.stdout)")
    }

    @Test func aReleaseOfSchemaTwoIsReadWithoutPins() throws {
        let folder = try DiffProject.buildFolder("schema2")
        defer { try? FileManager.default.removeItem(at: folder) }
        let current = try Self.build("current", pins: "spring noun i102\n", in: folder)
        let old = folder.appendingPathComponent("old")
        try FileManager.default.copyItem(at: current, to: old)
        // Schema 2 is schema 3 without words.pinned (and, like every schema before 6, with
        // words.rank for freqRank).
        let queue = try SQLiteConnection(path: old.appendingPathComponent("sample-en-es.sqlite").path)
        try queue.execute(sql: "ALTER TABLE words DROP COLUMN pinned")
        try queue.execute(sql: "ALTER TABLE words RENAME COLUMN freqRank TO rank")
        try queue.execute(sql: "PRAGMA user_version = 2")
        try queue.close()
        let release = try PublishedRelease.open(old)
        #expect(release.userVersion == 2)
        #expect(release.words.count == 19 && release.words.allSatisfy { !$0.provenance.pinned })
        let diff = ReleaseDiff(old: release, new: try PublishedRelease.open(current))
        #expect(diff.schema?.oldUserVersion == 2 && diff.suggestedBump == .major)
        #expect(diff.pins.map { "\($0.lemma) \($0.kind.rawValue)" } == ["spring took-effect"])
    }
}
