import Foundation
import ReleaseValidation
import TestSupport
import Testing
import VocabCore

#if canImport(Glibc)
import Glibc
#endif

/// The emitter's promise: a reader of `<output>/<name>-<version>` sees the previous complete
/// release or the new complete one, whatever happens to the build.
@Suite(.serialized) struct PublishingSafetyTests {
    static let temporaryPrefix = ".\(Fixtures.releaseName).tmp-"

    /// A copy of the sample config with another `selection.count`, so its release differs.
    static func variantConfig(count: Int, in folder: URL) throws -> URL {
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.sampleConfig)) as! [String: Any]
        var selection = object["selection"] as! [String: Any]
        selection["count"] = count
        selection["stopList"] = Fixtures.sampleCorpus.appendingPathComponent("stoplist.txt").path
        object["selection"] = selection
        object["corpus"] = Fixtures.sampleCorpus.path
        let url = folder.appendingPathComponent("pipeline-\(count).json")
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: url)
        return url
    }

    static func leftovers(in output: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? [])
            .filter { $0.hasPrefix(temporaryPrefix) }
    }

    @Test func killingTheBuildNeverLeavesAMixedRelease() throws {
        let scratch = try Fixtures.scratchFolder("kill")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("out")
        let release = output.appendingPathComponent(Fixtures.releaseName)
        let previousConfig = try Self.variantConfig(count: 12, in: scratch)
        let newConfig = Fixtures.sampleConfig

        // The new release, complete, and how long building it and its emit stage take.
        let calibration = try Self.buildAndKill(config: newConfig, output: output, kill: .never)
        #expect(!calibration.killed)
        let newFiles = try Fixtures.fingerprint(release)

        // The previous release, complete, kept aside to put back after runs that replaced it.
        try Fixtures.buildSample(into: output, config: previousConfig, extra: ["--force"])
        let previousFiles = try Fixtures.fingerprint(release)
        try #require(previousFiles != newFiles)
        #expect(ReleaseValidator().validate(release).valid)
        let pristine = scratch.appendingPathComponent("previous")
        try FileManager.default.copyItem(at: release, to: pristine)

        let total = max(calibration.duration, 0.01), emit = max(calibration.emitDuration ?? total / 2, 0.002)
        var generator = SystemRandomNumberGenerator()
        var outcomes: [String: Int] = [:]
        var killedDuringEmit = 0
        let runs = 40
        for run in 0..<runs {
            // Even runs: a kill anywhere from the start to a little past the typical end (load on
            // the machine shifts this). Odd runs: a kill anywhere in the emit stage, timed from the
            // moment its temporary folder appears, so writing and swapping in are always covered.
            let plan: KillPlan = run.isMultiple(of: 2)
                ? .afterStart(run == 0 ? 0 : Double.random(in: 0...(total * 1.1), using: &generator))
                : .afterTemporaryFolder(Double.random(in: 0...(emit * 1.2), using: &generator))
            let outcome = try Self.buildAndKill(config: newConfig, output: output, kill: plan)
            if outcome.killed && outcome.temporaryFolderSeen { killedDuringEmit += 1 }

            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: release.path, isDirectory: &isDirectory) && isDirectory.boolValue,
                    "run \(run) (\(plan)): no release after the kill")
            let files = try Fixtures.fingerprint(release)
            let state = files == previousFiles ? "previous" : files == newFiles ? "new" : "MIXED"
            #expect(state != "MIXED", "run \(run) (\(plan)): \(files.keys.sorted()) matches neither release")
            let report = ReleaseValidator().validate(release)
            #expect(report.valid, "run \(run) (\(plan)):\n\(report.text)")
            let leftover = !Self.leftovers(in: output).isEmpty
            outcomes["\(state)\(outcome.killed ? "" : " (finished)")\(leftover ? " + temporary folder" : "")", default: 0] += 1

            if state != "previous" {
                try FileManager.default.removeItem(at: release)
                try FileManager.default.copyItem(at: pristine, to: release)
            }
        }
        print("killingTheBuildNeverLeavesAMixedRelease: \(runs) runs (build \(String(format: "%.3f", total)) s, "
              + "emit \(String(format: "%.3f", emit)) s), \(killedDuringEmit) killed during emit: "
              + outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        #expect(killedDuringEmit > 0, "no run was killed while the release was being written")

        // The next complete build removes what killed runs left and publishes the new release.
        try Fixtures.buildSample(into: output, config: newConfig, extra: ["--force"])
        #expect(Self.leftovers(in: output).isEmpty, "left behind: \(Self.leftovers(in: output))")
        #expect(try Fixtures.fingerprint(release) == newFiles)
        #expect(ReleaseValidator().validate(release).valid)
    }

    /// SIGTERM, SIGINT or SIGHUP while the release is being written: the build removes its
    /// temporary folder before it ends (a SIGKILL leaves it for the next build), and ends by the
    /// signal.
    @Test func anInterruptedBuildRemovesItsTemporaryFolder() throws {
        let scratch = try Fixtures.scratchFolder("interrupt")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("out")
        let release = output.appendingPathComponent(Fixtures.releaseName)
        try Fixtures.buildSample(into: output)
        let before = try Fixtures.fingerprint(release)
        var caught = 0
        for run in 0..<30 where caught < 6 {
            let signal = [SIGTERM, SIGINT, SIGHUP][run % 3]
            let outcome = try Self.buildAndKill(
                config: Fixtures.sampleConfig, output: output, kill: .afterTemporaryFolder(0), signal: signal)
            if outcome.killed && outcome.temporaryFolderSeen { caught += 1 }
            #expect(Self.leftovers(in: output).isEmpty, "run \(run) (signal \(signal)): left \(Self.leftovers(in: output))")
            #expect(try Fixtures.fingerprint(release) == before, "run \(run): the release changed or is mixed")
        }
        #expect(caught > 0, "no run was interrupted while its temporary folder existed")
    }

    enum KillPlan: CustomStringConvertible {
        case never
        /// SIGKILL this many seconds after the process starts.
        case afterStart(TimeInterval)
        /// SIGKILL this many seconds after the build's temporary release folder appears.
        case afterTemporaryFolder(TimeInterval)

        var description: String {
            switch self {
            case .never: "no kill"
            case .afterStart(let delay): String(format: "kill %.4f s after start", delay)
            case .afterTemporaryFolder(let delay): String(format: "kill %.4f s into emit", delay)
            }
        }
    }

    struct KillOutcome {
        var killed: Bool
        /// The run's own temporary folder was seen before the kill (or the end).
        var temporaryFolderSeen: Bool
        var duration: TimeInterval
        /// From the temporary folder's appearance to the end, for an unkilled run.
        var emitDuration: TimeInterval?
    }

    /// Runs `vocab build --force` into `output` and sends it `signal` (SIGKILL unless said) as
    /// `plan` says.
    static func buildAndKill(config: URL, output: URL, kill plan: KillPlan, signal: Int32 = SIGKILL) throws -> KillOutcome {
        let staleFolders = Set(leftovers(in: output))
        let process = Process()
        process.executableURL = Fixtures.vocab
        process.arguments = ["build", "--config", config.path, "--corpus", Fixtures.sampleCorpus.path,
                             "--output", output.path, "--work", output.deletingLastPathComponent().appendingPathComponent("work").path,
                             "--quiet", "--force"]
        process.currentDirectoryURL = Fixtures.packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(Fixtures.epoch) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let started = Date()
        try process.run()

        var seenAt: Date?
        func watchForTemporaryFolder() {
            if seenAt == nil, !Set(leftovers(in: output)).subtracting(staleFolders).isEmpty { seenAt = Date() }
        }
        switch plan {
        case .never:
            while process.isRunning {
                watchForTemporaryFolder()
                usleep(200)
            }
        case .afterStart(let delay):
            if delay > 0 { usleep(useconds_t(delay * 1_000_000)) }
            watchForTemporaryFolder()
            if process.isRunning { kill(process.processIdentifier, signal) }
        case .afterTemporaryFolder(let delay):
            while process.isRunning && seenAt == nil {
                watchForTemporaryFolder()
                if seenAt == nil { usleep(200) }
            }
            if delay > 0 { usleep(useconds_t(delay * 1_000_000)) }
            if process.isRunning { kill(process.processIdentifier, signal) }
        }
        process.waitUntilExit()
        let ended = Date()
        let killed = process.terminationReason == .uncaughtSignal
        if !killed, process.terminationStatus != 0 {
            throw TestSetupError("vocab build failed with status \(process.terminationStatus)")
        }
        return KillOutcome(
            killed: killed, temporaryFolderSeen: seenAt != nil, duration: ended.timeIntervalSince(started),
            emitDuration: killed ? nil : seenAt.map { ended.timeIntervalSince($0) })
    }

    /// Whether this process can mount a tmpfs (root, and a kernel and sandbox that allow it).
    static let canMountTmpfs: Bool = {
        guard getuid() == 0, let probe = try? Fixtures.scratchFolder("mount-probe") else { return false }
        defer { try? FileManager.default.removeItem(at: probe) }
        guard let mount = try? command("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path]), mount.status == 0
        else { return false }
        _ = try? command("/bin/umount", [probe.path])
        return true
    }()

    @Test(.needsRoot, .enabled(if: canMountTmpfs, "cannot mount a small tmpfs here"))
    func aFullDiskFailsCleanly() throws {
        let scratch = try Fixtures.scratchFolder("fulldisk")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let disk = scratch.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let mount = try Self.command("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.path])
        try #require(mount.status == 0, "mount -t tmpfs failed: \(mount.output)")
        defer { _ = try? Self.command("/bin/umount", [disk.path]) }

        let run = try Fixtures.runVocab([
            "build", "--config", Fixtures.sampleConfig.path, "--corpus", Fixtures.sampleCorpus.path,
            "--output", disk.path, "--work", scratch.appendingPathComponent("work").path, "--quiet", "--force",
        ])
        #expect(run.status != 0)
        #expect(!run.signalled, "the build died of a signal")
        #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
        #expect(run.stderr.hasPrefix("error: "), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: disk.appendingPathComponent(Fixtures.releaseName).path))
        #expect(Self.leftovers(in: disk).isEmpty, "left behind: \(Self.leftovers(in: disk))")
        print("aFullDiskFailsCleanly: \(run.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
    }

    static func command(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
