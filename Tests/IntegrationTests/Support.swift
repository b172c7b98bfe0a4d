import Foundation
import TestSupport
import VocabPipeline
import VocabCore

/// Paths and helpers of the integration tests, over TestSupport.
enum Project {
    static let root = TestProject.root
    static let sampleConfig = TestProject.sampleConfig
    static let releaseConfig = TestProject.releaseConfig

    static func temporaryFolder() throws -> URL { try TestProject.temporaryFolder("integration") }

    /// The `vocab` executable built beside the tests.
    static var vocabExecutable: URL { TestProject.vocabExecutable }

    /// A pipeline whose release (and report) folder is redirected to `output`, its work folder to `output/.work`.
    static func pipeline(_ config: URL, corpus: URL? = nil, output: URL) throws -> Pipeline {
        var pipeline = try Pipeline.load(configFile: config, corpusOverride: corpus)
        pipeline.redirectOutput(to: output)
        pipeline.redirectWork(to: output.appendingPathComponent(".work"))
        return pipeline
    }

    /// Runs `vocab` with `arguments` in `directory`.
    static func vocab(_ arguments: [String], in directory: URL = root, environment: [String: String] = [:]) throws -> VocabRun {
        try TestProject.runVocab(arguments, in: directory, environment: environment)
    }
}
