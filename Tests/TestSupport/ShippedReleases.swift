import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The shipped release configs (`Corpus/release`) built on the real corpus once per test process,
/// by the `vocab` executable, for the tests that only read what such a build publishes. Each
/// build takes about 7 s of CPU, and several suites read the same release: they share it instead
/// of building it again. A test that changes a release, or that tests the build itself with
/// other options, builds its own.
package enum ShippedReleases {
    /// One `vocab build --json` of a shipped config, with its folders.
    package struct Build: Sendable {
        /// The run (`--json`: the build report on stdout).
        package var run: VocabRun
        /// The release folder (`<dataset>-<version>`).
        package var release: URL
        /// The release's report folder (`<dataset>-<version>.report`).
        package var report: URL

        /// The build's work folder for the release (its stages' artifacts).
        package var work: URL {
            release.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("work").appendingPathComponent(release.lastPathComponent)
        }
    }

    /// `Corpus/release/coca-oewn2025-es.json`, the release the app ships.
    package static func coca2025() throws -> Build { try cocaOEWN2025.get() }

    /// `Corpus/release/coca-oewn2024-es.json`, the previous edition of the English wordnet.
    package static func coca2024() throws -> Build { try cocaOEWN2024.get() }

    /// `Corpus/release/wordfreq-ja-en.json`, Japanese through MeCab (its tests need IPADIC).
    package static func japanese() throws -> Build { try wordfreqJapanese.get() }

    private static let cocaOEWN2025 = Result { try build("coca-oewn2025-es", version: "1.0.0") }
    private static let wordfreqJapanese = Result { try build("wordfreq-ja-en", version: "1.0.0") }
    private static let cocaOEWN2024 = Result { try build("coca-oewn2024-es", version: "1.0.0") }

    /// A fixed folder per worktree, emptied when the process first needs it and removed when it
    /// exits: a run that dies leaves one set behind, which the next run empties.
    private static let root: Result<URL, any Error> = Result {
        let url = try TestProject.worktreeFolder("shipped-releases")
        atexit { if case .success(let url) = ShippedReleases.root { try? FileManager.default.removeItem(at: url) } }
        return url
    }

    private static func build(_ dataset: String, version: String) throws -> Build {
        if let missing = TestProject.realCorpusMissing { throw TestSetupError(missing) }
        let folder = try root.get().appendingPathComponent(dataset)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let output = folder.appendingPathComponent("out")
        let config = TestProject.root.appendingPathComponent("Corpus/release/\(dataset).json")
        let run = try TestProject.runVocab([
            "build", "--config", config.path, "--corpus", TestProject.sharedCorpus.path,
            "--output", output.path, "--work", folder.appendingPathComponent("work").path, "--json",
        ])
        guard run.status == 0 else { throw TestSetupError("vocab build of \(config.path) failed: \(run)") }
        let release = output.appendingPathComponent("\(dataset)-\(version)")
        return Build(run: run, release: release, report: output.appendingPathComponent("\(dataset)-\(version).report"))
    }
}
