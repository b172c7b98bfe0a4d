import Foundation
import VocabCLI
import VocabCore

/// Paths and helpers shared by the integration tests.
enum Project {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sampleConfig = root.appendingPathComponent("pipeline.json")
    static let releaseConfig = root.appendingPathComponent("Corpus/release/coca-oewn2025-es.json")
    static let sharedCorpus = root.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    /// The real corpus, or nil after printing why the caller is skipped.
    static func realCorpus(for test: String) -> URL? {
        if FileManager.default.fileExists(atPath: sharedCorpus.appendingPathComponent("lexicons").path) {
            return sharedCorpus
        }
        print("SKIPPED \(test): no real corpus at \(sharedCorpus.path)")
        return nil
    }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A pipeline whose release and stage folders are redirected to `output`.
    static func pipeline(_ config: URL, corpus: URL? = nil, output: URL) throws -> Pipeline {
        var pipeline = try Pipeline.load(configFile: config, corpusOverride: corpus)
        pipeline.redirectOutput(to: output)
        return pipeline
    }

    /// The built `vocab` executable.
    static var vocabExecutable: URL {
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("vocab"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("vocab"),
            root.appendingPathComponent(".build/debug/vocab"),
        ].compactMap { $0 }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `vocab` with `arguments` in `directory`.
    static func vocab(_ arguments: [String], in directory: URL = root, environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = vocabExecutable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes before waiting so a large report cannot block the child.
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: stderrData, as: UTF8.self))
    }
}
