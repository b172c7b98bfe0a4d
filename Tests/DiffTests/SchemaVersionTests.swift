import Foundation
import ReleaseDiffing
import ReleaseFormat
import Releases
import TestSupport
import Testing

/// A release of schema 1 (the sample as the previous format wrote it, kept in `Fixtures/`) against
/// one of schema 2, and a release without its report folder.
@Suite struct SchemaVersionTests {
    static let version1 = DiffProject.root.appendingPathComponent("Tests/DiffTests/Fixtures/sample-en-es-v1")

    @Test func aSchemaOneReleaseIsReadAndTheDiffCallsForAMajorBump() throws {
        let builds = try SampleBuilds.get()
        let old = try PublishedRelease.open(Self.version1)
        #expect(old.userVersion == 1)
        #expect(old.words.count == 16)
        #expect(old.exclusionsSource == .databaseTable)
        let diff = ReleaseDiff(old: old, new: try PublishedRelease.open(builds.first))
        let schema = try #require(diff.schema)
        #expect(schema.oldUserVersion == 1 && schema.newUserVersion == ReleaseSchema.version)
        #expect(schema.removed.contains { $0.hasPrefix("table exclusions:") })
        #expect(schema.added.contains { $0.hasPrefix("table words_fts:") })
        #expect(diff.suggestedBump == .major)
        #expect(diff.versionWarning != nil, "0.1.0 → 0.1.0 is no major bump")
        // The three new words were not in the old frequency list (its exclusions say so).
        #expect(diff.added.map(\.lemma) == ["year", "anus", "song"])
        #expect(diff.added.allSatisfy { $0.reason.code == "not-in-frequency-list" })
        // French, Portuguese and German are new for every translated word (run's first sense and selfie have none).
        #expect(diff.summary.translationsChanged == 14)

        let run = try DiffProject.vocab(["diff", Self.version1.path, builds.first.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("user_version 1 → \(ReleaseSchema.version)"))
        #expect(run.stdout.contains("suggested bump: major"))
        #expect(run.stdout.contains("dictionary"))
        // Neither of its files has forms: NEW's are new, counted in a line each, not listed.
        #expect(run.stdout.contains("release forms          none → 2 forms of 1 words (new: OLD has no forms table)"), "\(run.stdout)")
        #expect(run.stdout.contains("dictionary forms       none → 7 forms of 3 entries (new: OLD has no forms table)"), "\(run.stdout)")
        #expect(!run.stdout.contains("Release forms added"))
    }

    @Test func withoutAReportFolderTheDiffSaysTheReasonsAreUnknown() throws {
        let builds = try SampleBuilds.get()
        let copy = try DiffProject.buildFolder("no-report").appendingPathComponent("modified")
        try FileManager.default.copyItem(at: builds.modified, to: copy)
        let release = try PublishedRelease.open(copy)
        guard case .missing(let report?) = release.exclusionsSource else {
            Issue.record("expected no report folder, found \(release.exclusionsSource)")
            return
        }
        #expect(report.lastPathComponent == "modified.report")
        let diff = ReleaseDiff(old: try PublishedRelease.open(builds.first), new: release)
        #expect(diff.removed.map(\.reason.code) == ["unknown", "unknown"])
        #expect(!diff.new.hasExclusions && diff.old.hasExclusions)
        let run = try DiffProject.vocab(["diff", builds.first.path, copy.path])
        #expect(run.stdout.contains("note: NEW has none: no report folder at \(report.path)"), "\(run.stdout)")
    }
}
