import Foundation
import TestSupport
import VocabPipeline
import VocabCore

/// Paths, builds and the `vocab` executable, for the end-to-end diff tests.
enum DiffProject {
    static let root = TestProject.root
    static let sampleConfig = TestProject.sampleConfig
    static let sampleCorpus = TestProject.sampleCorpus

    /// A fixed folder per worktree (`name` apart), emptied first: the suites' shared builds live
    /// there, so a run leaves at most one set behind instead of one per run.
    static func buildFolder(_ name: String) throws -> URL { try TestProject.worktreeFolder("diff-tests-\(name)") }

    /// Builds `config` (sources from `corpus`) into `output`; returns the release folder.
    static func build(_ config: URL, corpus: URL? = nil, output: URL) throws -> URL {
        var pipeline = try Pipeline.load(configFile: config, corpusOverride: corpus)
        pipeline.redirectOutput(to: output)
        pipeline.redirectWork(to: output.appendingPathComponent(".work"))
        _ = try PipelineBuild.run(pipeline, options: .init(force: true))
        return pipeline.releaseFolder
    }

    /// A copy of `config` in `folder` with `edit` applied to its JSON object.
    static func editedConfig(_ config: URL, in folder: URL, _ edit: (inout [String: Any]) -> Void) throws -> URL {
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: config)) as! [String: Any]
        TestProject.anchor(&object, at: config.deletingLastPathComponent())
        edit(&object)
        let url = folder.appendingPathComponent("edited-" + config.lastPathComponent)
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: url)
        return url
    }

    typealias Run = VocabRun

    static func vocab(_ arguments: [String], in directory: URL = root) throws -> Run {
        try TestProject.runVocab(arguments, in: directory)
    }
}
