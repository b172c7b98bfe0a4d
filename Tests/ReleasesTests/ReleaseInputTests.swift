import Foundation
import ReleaseValidation
import Releases
import TestSupport
import Testing

/// `vocab validate`, `vocab diff` and `vocab lookup` take the same inputs: a release folder or its
/// `.sqlite` file (which stands for the whole release); a path with nothing there is one error line
/// and exit status 1.
@Suite struct ReleaseInputTests {
    static var database: URL { get throws { try Fixtures.sampleRelease.get().appendingPathComponent("sample-en-es.sqlite") } }
    static let missing = "/nonexistent/vocab-\(UUID().uuidString)"

    /// The one line a missing path gives, on standard error, nothing on standard output.
    static func expectOneMissingLine(_ run: VocabRun, _ path: String = missing) {
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.isEmpty, "\(run.stdout)")
        #expect(run.stderr == "error: \(path): no such release folder or file\n", "\(run.stderr)")
    }

    // MARK: validate

    @Test func validateTakesTheReleasesDatabaseAsTheRelease() throws {
        let folder = try Fixtures.sampleRelease.get()
        let byFolder = try Fixtures.runVocab(["validate", "--json", folder.path])
        let byFile = try Fixtures.runVocab(["validate", "--json", try Self.database.path])
        #expect(byFolder.status == 0 && byFile.status == 0, "\(byFile)")
        let (a, b) = (try JSONDecoder().decode(ValidationReport.self, from: Data(byFolder.stdout.utf8)),
                      try JSONDecoder().decode(ValidationReport.self, from: Data(byFile.stdout.utf8)))
        #expect(b.valid && b.checks.allSatisfy { $0.status == .ok }, "\(byFile.stdout)")
        #expect(a.checks.map(\.check) == b.checks.map(\.check))
    }

    @Test func validateOfAMissingPathIsOneLine() throws {
        Self.expectOneMissingLine(try Fixtures.runVocab(["validate", Self.missing]))
        Self.expectOneMissingLine(try Fixtures.runVocab(["validate", "--json", Self.missing]))
        let sqlite = Self.missing + "/sample-en-es.sqlite"
        Self.expectOneMissingLine(try Fixtures.runVocab(["validate", sqlite]), sqlite)
    }

    /// A SQLite file no manifest lists is not a release to validate: one line too.
    @Test func validateOfALoneSQLiteFileIsOneLine() throws {
        let folder = try Fixtures.scratchFolder("lone")
        defer { try? FileManager.default.removeItem(at: folder) }
        let lone = folder.appendingPathComponent("copy.sqlite")
        try FileManager.default.copyItem(at: try Self.database, to: lone)
        let run = try Fixtures.runVocab(["validate", lone.path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("error: \(lone.path): not a release folder"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    // MARK: diff

    @Test func diffTakesFoldersAndDatabasesAlike() throws {
        let folder = try Fixtures.sampleRelease.get().path
        let database = try Self.database.path
        var outputs: [String] = []
        for (old, new) in [(folder, folder), (database, database), (folder, database), (database, folder)] {
            let run = try Fixtures.runVocab(["diff", old, new, "--exit-code", "--format", "json"])
            #expect(run.status == 0, "\(old) \(new): \(run)")
            outputs.append(run.stdout)
        }
        // The database stands for its release: the same diff (dictionaries and report folder included).
        #expect(Set(outputs).count == 1, "\(outputs)")
        let diff = try #require(try JSONSerialization.jsonObject(with: Data(outputs[0].utf8)) as? [String: Any])
        #expect(diff["dictionary"] != nil, "the diff reads the dictionary through the database too: \(outputs[0])")
    }

    @Test func diffOfAMissingPathIsOneLine() throws {
        let folder = try Fixtures.sampleRelease.get().path
        Self.expectOneMissingLine(try Fixtures.runVocab(["diff", Self.missing, folder]))
        Self.expectOneMissingLine(try Fixtures.runVocab(["diff", folder, Self.missing, "--format", "markdown"]))
    }

    // MARK: lookup

    @Test func lookupTakesFoldersAndDatabasesAlike() throws {
        let folder = try Fixtures.sampleRelease.get().path
        let database = try Self.database.path
        // `time`: a release word; a word outside the release comes from the dictionary, which the
        // database stands for too.
        let releaseWord = try Fixtures.runVocab(["lookup", folder, "time", "--json"])
        #expect(releaseWord.status == 0, "\(releaseWord)")
        #expect(try Fixtures.runVocab(["lookup", database, "time", "--json"]).stdout == releaseWord.stdout)
        let entry = try #require(try Self.dictionaryOnlyName(), "the sample's dictionary has an entry outside the release")
        let fromFolder = try Fixtures.runVocab(["lookup", folder, entry, "--json"])
        #expect(fromFolder.status == 0, "\(fromFolder)")
        let cards = try #require(try JSONSerialization.jsonObject(with: Data(fromFolder.stdout.utf8)) as? [[String: Any]])
        #expect(!cards.isEmpty && cards.allSatisfy { $0["source"] as? String == "dictionary" }, "\(fromFolder.stdout)")
        #expect(try Fixtures.runVocab(["lookup", database, entry, "--json"]).stdout == fromFolder.stdout)
    }

    @Test func lookupOfAMissingPathIsOneLine() throws {
        Self.expectOneMissingLine(try Fixtures.runVocab(["lookup", Self.missing, "time"]))
    }

    /// A name of the sample's dictionary that no release word has.
    static func dictionaryOnlyName() throws -> String? {
        let release = try PublishedRelease.open(try Fixtures.sampleRelease.get())
        let words = Set(release.words.map { $0.card.lemma.lowercased() })
        return try release.readDictionary()?.map(\.lemma).first { !words.contains($0.lowercased()) && !$0.contains(" ") }
    }
}
