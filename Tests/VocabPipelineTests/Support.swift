import Foundation
import TestSupport
import VocabCore
import VocabPipeline

/// A sample pipeline on a private copy of the sample corpus, with its release, report and work
/// folders in a temporary folder (removed by ``remove()``).
struct SampleScene {
    let folder: URL
    let corpus: URL
    var pipeline: Pipeline

    init() throws {
        folder = try TestProject.temporaryFolder("pipeline")
        corpus = folder.appendingPathComponent("corpus")
        try FileManager.default.copyItem(at: TestProject.sampleCorpus, to: corpus)
        pipeline = try Pipeline.load(configFile: TestProject.sampleConfig, corpusOverride: corpus)
        // The stop list is named relative to the config: the scene uses its own copy's.
        pipeline.config.selection.stopList = corpus.appendingPathComponent("stoplist.txt").path
        pipeline.redirectOutput(to: folder)
        pipeline.redirectWork(to: folder.appendingPathComponent(".work"))
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// The sample's sentence pairs and their analyzers, as an `examples` section (paths relative
    /// to the corpus folder: the scene's copy's).
    static let examples = ExamplesConfig(
        path: "sentences-en-es.tsv", id: "sample-pairs", learnedColumn: 1, learnerColumn: 2, learnerLanguage: "es",
        learnedAnalyzer: AnalyzerConfig(path: "analyzer-en.automorf.bin"), learnerAnalyzer: AnalyzerConfig(path: "analyzer-es.automorf.bin"))

    /// Replaces `old` by `new` in the corpus file `name`.
    func edit(_ name: String, replacing old: String, with new: String) throws {
        let url = corpus.appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        guard text.contains(old) else { throw TestSetupError("\(name) has no \(old)") }
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }

    /// Appends a line to a stage artifact in the work folder (so that it is no longer the file the stage wrote).
    func tamper(_ stage: StageName, _ name: String) throws {
        let url = pipeline.stageFolder(stage).appendingPathComponent(name)
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\n".utf8))
        try handle.close()
    }
}
