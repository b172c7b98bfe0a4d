import Foundation
import VocabCore

/// Locations, the `vocab` executable and shared releases for the release tests.
enum Fixtures {
    /// The package root (three levels above this file).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sampleConfig = packageRoot.appendingPathComponent("pipeline.json")
    static let sampleCorpus = packageRoot.appendingPathComponent("Corpus/sample")
    static let realConfig = packageRoot.appendingPathComponent("Corpus/release/coca-oewn2025-es.json")
    static let realCorpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    static let releaseName = "sample-en-es-0.1.0"
    /// A fixed `created` so builds of the same inputs are byte-identical.
    static let epoch = ["SOURCE_DATE_EPOCH": "1767225600"]

    /// A new empty folder under the system's temporary folder.
    static func scratchFolder(_ label: String = "releases") throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("vocab-\(label)-\(UUID().uuidString.lowercased())", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The `vocab` executable built beside the test bundle.
    static var vocab: URL {
        let siblings = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            .map { $0.appendingPathComponent("vocab") }
        let fallback = packageRoot.appendingPathComponent(".build/debug/vocab")
        return (siblings + [fallback]).first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? fallback
    }

    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
        var crashed: Bool
    }

    /// Runs `vocab arguments` from the package root and waits for it.
    static func runVocab(_ arguments: [String], environment: [String: String] = epoch) throws -> Outcome {
        let process = Process()
        process.executableURL = vocab
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Drain stderr on another thread while stdout is read here, so neither pipe can fill up.
        let errorData = LockedData()
        let reader = Thread { errorData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.done { usleep(1000) }
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errorData.value, as: UTF8.self),
            crashed: process.terminationReason == .uncaughtSignal)
    }

    /// Builds the sample release into `output` (`<output>/sample-en-es-0.1.0`).
    @discardableResult
    static func buildSample(into output: URL, config: URL = sampleConfig, extra: [String] = []) throws -> URL {
        let run = try runVocab(["build", "--config", config.path, "--corpus", sampleCorpus.path,
                                "--output", output.path, "--quiet"] + extra)
        guard run.status == 0 else {
            throw VocabError(.io, "vocab build failed (\(run.status)): \(run.stderr)")
        }
        return output.appendingPathComponent(releaseName)
    }

    /// The sample release, built once per test process; tests copy it before changing anything.
    static let sampleRelease: Result<URL, VocabError> = {
        do {
            let folder = try scratchFolder("sample")
            sharedSampleFolder = folder.path
            atexit { if let path = sharedSampleFolder { try? FileManager.default.removeItem(atPath: path) } }
            return .success(try buildSample(into: folder))
        } catch let error as VocabError {
            return .failure(error)
        } catch {
            return .failure(VocabError(.io, "\(error)"))
        }
    }()

    /// A private copy of the sample release, in its own folder.
    static func sampleCopy() throws -> URL {
        let original = try sampleRelease.get()
        let copy = try scratchFolder("copy").appendingPathComponent(releaseName)
        try FileManager.default.copyItem(at: original, to: copy)
        return copy
    }

    /// `path → SHA-256` of every file in `folder`.
    static func fingerprint(_ folder: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            result[name] = try Checksum.sha256(of: folder.appendingPathComponent(name)).hex
        }
        return result
    }

    /// Removes the folder holding `release` (a copy or a scratch output).
    static func discard(_ release: URL) {
        try? FileManager.default.removeItem(at: release.deletingLastPathComponent())
    }
}

/// The shared sample's scratch folder, removed when the test process exits.
nonisolated(unsafe) private var sharedSampleFolder: String?

/// Data handed from a reader thread.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var finished = false

    func set(_ value: Data) {
        lock.lock()
        data = value
        finished = true
        lock.unlock()
    }

    var done: Bool {
        lock.lock()
        defer { lock.unlock() }
        return finished
    }

    var value: Data {
        lock.lock()
        defer { lock.unlock() }
        return data
    }
}
