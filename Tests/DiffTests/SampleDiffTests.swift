import Foundation
import ReleaseDiffing
import Releases
import Testing

/// The sample release built twice with the same config, and once with `selection.count` 19 → 17,
/// `translation.policy` "sense" and version 0.2.0: built once for the whole suite.
struct SampleBuilds: Sendable {
    var first: URL
    var second: URL
    var modified: URL

    static let shared: Result<SampleBuilds, any Error> = Result {
        let folder = try DiffProject.buildFolder("sample")
        let first = try DiffProject.build(DiffProject.sampleConfig, output: folder.appendingPathComponent("first"))
        let second = try DiffProject.build(DiffProject.sampleConfig, output: folder.appendingPathComponent("second"))
        let edited = try DiffProject.editedConfig(DiffProject.sampleConfig, in: folder) { config in
            var selection = config["selection"] as! [String: Any]
            selection["count"] = 17
            config["selection"] = selection
            config["translation"] = ["policy": "sense"]
            var dataset = config["dataset"] as! [String: Any]
            dataset["version"] = "0.2.0"
            config["dataset"] = dataset
        }
        let modified = try DiffProject.build(
            edited, corpus: DiffProject.sampleCorpus, output: folder.appendingPathComponent("modified"))
        return SampleBuilds(first: first, second: second, modified: modified)
    }

    static func get() throws -> SampleBuilds { try shared.get() }
}

@Suite struct SampleDiffTests {
    @Test func sameConfigTwiceGivesAnEmptyDiff() throws {
        let builds = try SampleBuilds.get()
        let (first, second) = (try PublishedRelease.open(builds.first), try PublishedRelease.open(builds.second))
        let diff = try ReleaseDiff.reading(old: first, new: second)
        #expect(diff.isEmpty)
        #expect(diff.dictionary?.summary == "30 → 30 entries (+0 added, −0 removed, 0 changed)")
        #expect(diff.summary.unchanged == 19)
        #expect(diff.suggestedBump == .none)

        let run = try DiffProject.vocab(["diff", builds.first.path, builds.second.path, "--exit-code"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("No differences."))
        #expect(!run.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")

        let json = try DiffProject.vocab(["diff", builds.first.path, builds.second.path, "--format", "json", "--exit-code"])
        #expect(json.status == 0)
        let decoded = try JSONDecoder().decode(ReleaseDiff.self, from: Data(json.stdout.utf8))
        #expect(decoded == diff)
    }

    @Test func fewerWordsAndTheSensePolicy() throws {
        let builds = try SampleBuilds.get()
        let old = try PublishedRelease.open(builds.first)
        let new = try PublishedRelease.open(builds.modified)
        let diff = ReleaseDiff(old: old, new: new)

        // The last two of the 19 fall outside the top 17.
        #expect(diff.removed.map(\.lemma) == ["anus", "song"])
        #expect(diff.removed.map(\.reason.code) == ["not-reached", "not-reached"])
        #expect(diff.removed.map(\.reason.text) == ["left the top 17", "left the top 17"])
        #expect(diff.added.isEmpty)

        // run/verb: its first sense has no Spanish, so "sense" moves it to the second.
        #expect(diff.changed.map(\.lemma) == ["run"])
        let run = try #require(diff.changed.first)
        let sense = try #require(run.sense)
        #expect(sense.old.senseRank == 1 && sense.new.senseRank == 2)
        #expect(sense.old.ili != sense.new.ili)
        #expect(run.definition == nil)
        #expect(run.translations.first?.language == "es")
        #expect(run.translations.first?.added.isEmpty == false)
        #expect(diff.summary.senseSwitched == 1 && diff.summary.definitionEdited == 0)
        #expect(diff.summary.unchanged == 16)
        #expect(diff.suggestedBump == .minor)
        #expect(diff.versionWarning == nil, "0.1.0 → 0.2.0 is a minor bump")
        #expect(diff.coverage.first?.after == ReleaseDiff.Share(translated: 16, words: 17))

        // The other way round, the two words come back: they had been outside the top 17.
        let back = ReleaseDiff(old: new, new: old)
        #expect(back.added.map(\.lemma) == ["anus", "song"])
        #expect(back.added.map(\.reason.text) == ["was outside the top 17", "was outside the top 17"])
        #expect(back.versionWarning == "the new version 0.1.0 is not above 0.2.0 by a minor bump (expected at least 0.3.0)")
    }

    @Test func commandExitCodes() throws {
        let builds = try SampleBuilds.get()
        let old = builds.first.path, new = builds.modified.path

        let plain = try DiffProject.vocab(["diff", old, new])
        #expect(plain.status == 0)
        #expect(plain.stdout.contains("- anus/noun  rank 18  — left the top 17"))
        #expect(plain.stdout.contains("~ run/verb"))

        #expect(try DiffProject.vocab(["diff", old, new, "--exit-code"]).status == 1)

        let removed = try DiffProject.vocab(["diff", old, new, "--max-removed", "1"])
        #expect(removed.status == 2)
        #expect(removed.stderr.contains("--max-removed 1 exceeded: 2 words removed"))
        #expect(try DiffProject.vocab(["diff", old, new, "--max-removed", "2", "--max-added", "0", "--max-changed", "1"]).status == 0)

        #expect(try DiffProject.vocab(["diff", old, new, "--min-coverage", "es=90"]).status == 0)
        let coverage = try DiffProject.vocab(["diff", new, old, "--min-coverage", "es=90", "--exit-code"])
        #expect(coverage.status == 2, "thresholds win over --exit-code")
        #expect(coverage.stderr.contains("--min-coverage es=90 not met: 17/19 words (89.5%)"))

        let markdown = try DiffProject.vocab(["diff", old, new, "--format", "markdown", "--limit", "1"])
        #expect(markdown.status == 0)
        #expect(markdown.stdout.hasPrefix("### Release diff: sample-en-es 0.1.0 (19 words) → sample-en-es 0.2.0 (17 words)"))
        #expect(markdown.stdout.contains("<details><summary>Removed (2)</summary>"))
        #expect(markdown.stdout.contains("- … and 1 more"))

        let missing = try DiffProject.vocab(["diff", old, "/nonexistent/release"])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("error: "))
        #expect(missing.stdout.isEmpty)

        let badCoverage = try DiffProject.vocab(["diff", old, new, "--min-coverage", "es"])
        #expect(badCoverage.status == 64)
        #expect(badCoverage.stderr.contains("LANG=PERCENT"))

        // A SQLite file works as well as a folder.
        let database = builds.first.appendingPathComponent("sample-en-es.sqlite").path
        #expect(try DiffProject.vocab(["diff", database, builds.second.path, "--exit-code"]).status == 0)
    }
}
