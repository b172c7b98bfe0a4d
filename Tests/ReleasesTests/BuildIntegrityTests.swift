import Foundation
import ReleaseValidation
import SQLiteDatabase
import StageEmit
import TestSupport
import Testing
import VocabCore

/// Issue classes 7 and 9 through the executable: the exit status tells the truth about what was
/// published whatever happens to the work folder, and a stage is reused only with the artifacts
/// it wrote itself (never another build's files under the same names).
@Suite(.serialized) struct BuildIntegrityTests {
    /// An output folder holding a complete release of the sample with 12 words (the "previous"
    /// release), and that release's fingerprint.
    static func previousRelease(in scratch: URL) throws -> (output: URL, files: [String: String]) {
        let output = scratch.appendingPathComponent("out")
        let config = try PublishingSafetyTests.variantConfig(count: 12, in: scratch)
        let release = try Fixtures.buildSample(into: output, config: config, extra: ["--force"])
        return (output, try Fixtures.fingerprint(release))
    }

    static func build(output: URL, work: URL, config: URL = Fixtures.sampleConfig, extra: [String] = []) throws -> VocabRun {
        try Fixtures.runVocab([
            "build", "--config", config.path, "--corpus", Fixtures.sampleCorpus.path,
            "--output", output.path, "--work", work.path, "--quiet",
        ] + extra)
    }

    /// Exit 1 and the previous release untouched, or exit 0 and the new one: never exit 1 with a
    /// new release, never exit 0 with the old one.
    static func expectTruthfulStatus(_ run: VocabRun, release: URL, previous: [String: String], _ label: String) throws {
        let files = try Fixtures.fingerprint(release)
        #expect(!run.signalled, "\(label): died of a signal")
        if run.status == 0 {
            #expect(files != previous, "\(label): exit 0 but the release was not replaced")
        } else {
            #expect(run.status == 1, "\(label): \(run)")
            #expect(files == previous, "\(label): exit \(run.status) but the release changed")
            #expect(run.stderr.hasPrefix("error: ") && run.stderr.split(separator: "\n").count == 1, "\(label): \(run.stderr)")
        }
    }

    @Test func aWorkFolderThatCannotTakeTheArtifactsPublishesNothing() throws {
        let scratch = try Fixtures.scratchFolder("work-faults")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (output, previous) = try Self.previousRelease(in: scratch)
        let release = output.appendingPathComponent(Fixtures.releaseName)

        // The work folder is a regular file.
        let file = scratch.appendingPathComponent("work-file")
        try Data("not a folder".utf8).write(to: file)
        let onFile = try Self.build(output: output, work: file, extra: ["--force"])
        #expect(onFile.status == 1, "\(onFile)")
        try Self.expectTruthfulStatus(onFile, release: release, previous: previous, "work folder is a file")

        // The work folder is a loop of symbolic links.
        let loopA = scratch.appendingPathComponent("loop-a"), loopB = scratch.appendingPathComponent("loop-b")
        try FileManager.default.createSymbolicLink(atPath: loopA.path, withDestinationPath: loopB.path)
        try FileManager.default.createSymbolicLink(atPath: loopB.path, withDestinationPath: loopA.path)
        let onLoop = try Self.build(output: output, work: loopA, extra: ["--force"])
        #expect(onLoop.status == 1, "\(onLoop)")
        try Self.expectTruthfulStatus(onLoop, release: release, previous: previous, "work folder is a link loop")
    }

    @Test(.needsRoot, .enabled(if: PublishingSafetyTests.canMountTmpfs, "cannot mount a small tmpfs here"))
    func aFullWorkFolderPublishesNothing() throws {
        let scratch = try Fixtures.scratchFolder("work-full")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (output, previous) = try Self.previousRelease(in: scratch)
        let disk = scratch.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let mount = try PublishingSafetyTests.command("/bin/mount", ["-t", "tmpfs", "-o", "size=8k", "tmpfs", disk.path])
        try #require(mount.status == 0, "mount -t tmpfs failed: \(mount.output)")
        defer { _ = try? PublishingSafetyTests.command("/bin/umount", [disk.path]) }

        let run = try Self.build(output: output, work: disk, extra: ["--force"])
        #expect(run.status == 1, "\(run)")
        try Self.expectTruthfulStatus(run, release: output.appendingPathComponent(Fixtures.releaseName), previous: previous, "full work folder")
    }

    @Test func aReportFolderThatCannotBeWrittenAfterPublishingKeepsExitZero() throws {
        let scratch = try Fixtures.scratchFolder("report-fault")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (output, previous) = try Self.previousRelease(in: scratch)
        let report = output.appendingPathComponent("\(Fixtures.releaseName).report")
        try FileManager.default.removeItem(at: report)
        try Data("in the way".utf8).write(to: report)

        let run = try Self.build(output: output, work: output.appendingPathComponent(".work"))
        #expect(run.status == 0, "\(run)")
        try Self.expectTruthfulStatus(run, release: output.appendingPathComponent(Fixtures.releaseName), previous: previous, "report folder")
        #expect(run.stderr.contains("warning: the release is published, but its report folder could not be written"), "\(run.stderr)")
        #expect(ReleaseValidator().validate(output.appendingPathComponent(Fixtures.releaseName)).valid)
    }

    @Test func aSecondBuildOfOneWorkFolderFailsAtOnce() throws {
        let scratch = try Fixtures.scratchFolder("work-lock")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let work = scratch.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        // This process plays the other build: it holds the work folder's lock.
        let lock = try FileLock(path: work.appendingPathComponent(".\(Fixtures.releaseName).lock").path)
        defer { lock.release() }
        let output = scratch.appendingPathComponent("out")
        let run = try Self.build(output: output, work: work)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("another build is using this work folder"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent(Fixtures.releaseName).path))
    }

    /// What interleaved builds of one name and version from different inputs left behind:
    /// another build's artifacts (and release) under this build's `stage.json` keys.
    @Test func reuseChecksTheArtifactsThemselvesNotOnlyTheirKey() throws {
        let scratch = try Fixtures.scratchFolder("poison")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("out"), work = scratch.appendingPathComponent("work")
        let release = output.appendingPathComponent(Fixtures.releaseName)
        #expect(try Self.build(output: output, work: work).status == 0)
        let expected = try Fixtures.fingerprint(release)

        // The other build: same name and version, 12 words.
        let otherOutput = scratch.appendingPathComponent("other-out"), otherWork = scratch.appendingPathComponent("other-work")
        let otherConfig = try PublishingSafetyTests.variantConfig(count: 12, in: scratch)
        #expect(try Self.build(output: otherOutput, work: otherWork, config: otherConfig).status == 0)
        let ours = work.appendingPathComponent(Fixtures.releaseName), theirs = otherWork.appendingPathComponent(Fixtures.releaseName)
        for artifact in ["select/selected.jsonl", "select/dropped.jsonl", "join/records.jsonl"] {
            try FileManager.default.removeItem(at: ours.appendingPathComponent(artifact))
            try FileManager.default.copyItem(at: theirs.appendingPathComponent(artifact), to: ours.appendingPathComponent(artifact))
        }
        let afterArtifacts = try Self.build(output: output, work: work, extra: ["--json"])
        #expect(afterArtifacts.status == 0, "\(afterArtifacts)")
        #expect(try Fixtures.fingerprint(release) == expected, "a stage was reused with another build's artifacts")
        #expect(afterArtifacts.stdout.contains("\"stage\" : \"select\""))

        // A dictionary database changed under the dictionary stage's stage.json (same number of
        // entries): the stage runs again.
        let dictionary = ours.appendingPathComponent("dictionary/entries.sqlite")
        try SQLiteConnection(path: dictionary.path).write { try $0.execute(sql: "UPDATE entries SET name = name || 'x' WHERE id = 1") }
        try FileManager.default.removeItem(at: release)  // so that emit runs and reads the dictionary stage's output
        let afterDictionary = try Self.build(output: output, work: work)
        #expect(afterDictionary.status == 0, "\(afterDictionary)")
        #expect(try Fixtures.fingerprint(release) == expected, "the dictionary stage was reused with a changed database")

        // The other build's release under our emit/stage.json: the emit stage runs again.
        try FileManager.default.removeItem(at: release)
        try FileManager.default.copyItem(at: otherOutput.appendingPathComponent(Fixtures.releaseName), to: release)
        let afterRelease = try Self.build(output: output, work: work)
        #expect(afterRelease.status == 0, "\(afterRelease)")
        #expect(try Fixtures.fingerprint(release) == expected, "another build's release was taken for ours")
    }

    @Test func aNoChangeRebuildKeepsTheExclusionsOnlyWhileTheyAreIntact() throws {
        let scratch = try Fixtures.scratchFolder("exclusions")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("out"), work = scratch.appendingPathComponent("work")
        #expect(try Self.build(output: output, work: work).status == 0)
        let file = output.appendingPathComponent("\(Fixtures.releaseName).report/exclusions.json")
        let written = try Data(contentsOf: file)
        #expect(!written.isEmpty)

        // Nothing changed: the file is kept as it is.
        #expect(try Self.build(output: output, work: work).status == 0)
        #expect(try Data(contentsOf: file) == written)

        // Changed by hand: the next rebuild writes it again, as it was.
        try Data("{}".utf8).write(to: file)
        let again = try Self.build(output: output, work: work)
        #expect(again.status == 0, "\(again)")
        #expect(try Data(contentsOf: file) == written)
    }
}
