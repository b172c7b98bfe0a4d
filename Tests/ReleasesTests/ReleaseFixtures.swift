import Foundation
import TestSupport
import VocabCore

/// Locations, the `vocab` executable and shared releases for the release tests.
enum Fixtures {
    /// The package root (three levels above this file).
    static let packageRoot = TestProject.root
    static let sampleConfig = TestProject.sampleConfig
    static let sampleCorpus = TestProject.sampleCorpus
    static let releaseName = "sample-en-es-0.1.0"
    /// A fixed `created` so builds of the same inputs are byte-identical.
    static let epoch = ["SOURCE_DATE_EPOCH": "1767225600"]

    /// A new empty folder under the system's temporary folder.
    static func scratchFolder(_ label: String = "releases") throws -> URL {
        try TestProject.temporaryFolder(label)
    }

    /// The `vocab` executable built beside the test bundle.
    static var vocab: URL { TestProject.vocabExecutable }

    /// Runs `vocab arguments` from the package root and waits for it.
    static func runVocab(_ arguments: [String], environment: [String: String] = epoch) throws -> VocabRun {
        try TestProject.runVocab(arguments, environment: environment)
    }

    /// Builds the sample release into `output` (`<output>/sample-en-es-0.1.0`).
    @discardableResult
    static func buildSample(into output: URL, config: URL = sampleConfig, extra: [String] = []) throws -> URL {
        let run = try runVocab(["build", "--config", config.path, "--corpus", sampleCorpus.path,
                                "--output", output.path, "--work", output.appendingPathComponent(".work").path,
                                "--quiet"] + extra)
        guard run.status == 0 else {
            throw TestSetupError("vocab build failed (\(run.status)): \(run.stderr)")
        }
        return output.appendingPathComponent(releaseName)
    }

    /// The sample release, built once per test process; tests copy it before changing anything.
    static let sampleRelease: Result<URL, any Error> = Result {
        let folder = try scratchFolder("sample")
        sharedSampleFolder = folder.path
        atexit { if let path = sharedSampleFolder { try? FileManager.default.removeItem(atPath: path) } }
        return try buildSample(into: folder)
    }

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
