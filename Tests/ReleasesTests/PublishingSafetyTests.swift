import Foundation
import Releases
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

        // The new release, complete, and how long building it takes.
        let started = Date()
        try Fixtures.buildSample(into: output, config: newConfig, extra: ["--force"])
        let firstDuration = Date().timeIntervalSince(started)
        let newFiles = try Fixtures.fingerprint(release)

        // The previous release, complete, kept aside to put back after runs that replaced it.
        let restarted = Date()
        try Fixtures.buildSample(into: output, config: previousConfig, extra: ["--force"])
        // The typical duration: the quicker of the two builds (the first one starts cold).
        let duration = min(firstDuration, Date().timeIntervalSince(restarted))
        let previousFiles = try Fixtures.fingerprint(release)
        try #require(previousFiles != newFiles)
        #expect(ReleaseValidator().validate(release).valid)
        let pristine = scratch.appendingPathComponent("previous")
        try FileManager.default.copyItem(at: release, to: pristine)

        var generator = SystemRandomNumberGenerator()
        var outcomes: [String: Int] = [:]
        var leftoverRuns = 0
        let runs = 40
        for run in 0..<runs {
            // Half the kills anywhere from the start to a little past the typical end, half in
            // its second half, where the release is written and swapped in.
            let earliest = run.isMultiple(of: 2) ? 0 : duration * 0.5
            let delay = run == 0 ? 0 : Double.random(in: earliest...(duration * 1.1), using: &generator)
            let killed = try Self.buildAndKill(config: newConfig, output: output, after: delay)

            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: release.path, isDirectory: &isDirectory) && isDirectory.boolValue,
                    "run \(run): no release after a kill at \(delay) s")
            let files = try Fixtures.fingerprint(release)
            let state = files == previousFiles ? "previous" : files == newFiles ? "new" : "MIXED"
            #expect(state != "MIXED", "run \(run) killed at \(delay) s: \(files.keys.sorted()) matches neither release")
            let report = ReleaseValidator().validate(release)
            #expect(report.valid, "run \(run) killed at \(delay) s:\n\(report.text)")
            outcomes["\(state)\(killed ? "" : " (finished)")", default: 0] += 1
            if !Self.leftovers(in: output).isEmpty { leftoverRuns += 1 }

            if state != "previous" {
                try FileManager.default.removeItem(at: release)
                try FileManager.default.copyItem(at: pristine, to: release)
            }
        }
        print("killingTheBuildNeverLeavesAMixedRelease: \(runs) runs over 0...\(String(format: "%.2f", duration * 1.1)) s: "
              + "\(outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")); "
              + "\(leftoverRuns) runs left a temporary folder")
        #expect(outcomes.filter { !$0.key.contains("finished") }.values.reduce(0, +) > 0, "no run was killed")

        // The next complete build removes what killed runs left and publishes the new release.
        try Fixtures.buildSample(into: output, config: newConfig, extra: ["--force"])
        #expect(Self.leftovers(in: output).isEmpty, "left behind: \(Self.leftovers(in: output))")
        #expect(try Fixtures.fingerprint(release) == newFiles)
        #expect(ReleaseValidator().validate(release).valid)
    }

    /// Starts `vocab build --force`, sends SIGKILL after `delay` seconds; true when it was killed
    /// (false when it had already finished).
    static func buildAndKill(config: URL, output: URL, after delay: TimeInterval) throws -> Bool {
        let process = Process()
        process.executableURL = Fixtures.vocab
        process.arguments = ["build", "--config", config.path, "--corpus", Fixtures.sampleCorpus.path,
                             "--output", output.path, "--quiet", "--force"]
        process.currentDirectoryURL = Fixtures.packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(Fixtures.epoch) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        if delay > 0 { usleep(useconds_t(delay * 1_000_000)) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
    }

    @Test func aFullDiskFailsCleanly() throws {
        guard getuid() == 0 else {
            print("SKIPPED aFullDiskFailsCleanly: not running as root, cannot mount a small tmpfs")
            return
        }
        let scratch = try Fixtures.scratchFolder("fulldisk")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let disk = scratch.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let mount = try Self.command("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.path])
        guard mount.status == 0 else {
            print("SKIPPED aFullDiskFailsCleanly: mount -t tmpfs failed: \(mount.output)")
            return
        }
        defer { _ = try? Self.command("/bin/umount", [disk.path]) }

        let run = try Fixtures.runVocab([
            "build", "--config", Fixtures.sampleConfig.path, "--corpus", Fixtures.sampleCorpus.path,
            "--output", disk.path, "--quiet", "--force",
        ])
        #expect(run.status != 0)
        #expect(!run.crashed, "the build died of a signal")
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
