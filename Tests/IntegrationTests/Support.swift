import Foundation
import ReferenceScores
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

    /// The shipped config `config` built on the real corpus into a temporary folder: its pipeline
    /// and report (a suite builds it once and reads it in every test).
    static func buildShipped(_ config: URL) throws -> (pipeline: Pipeline, report: BuildReport) {
        let pipeline = try Project.pipeline(config, corpus: TestProject.sharedCorpus, output: try temporaryFolder())
        return (pipeline, try PipelineBuild.run(pipeline))
    }

    /// What a UD treebank of the corpus's `reference/` (`files`, CoNLL-U) says of each lower-cased
    /// form: its tokens, those tagged a function word (determiner, pronoun, adposition,
    /// conjunction, numeral, interjection, particle), and its content tokens' gold lemmas.
    static func treebank(_ files: [String]) throws -> (tokens: [String: Int], function: [String: Int], lemmas: [String: [String: Int]]) {
        let functionTags: Set<String> = ["DET", "PRON", "ADP", "CCONJ", "SCONJ", "NUM", "INTJ", "PART"]
        var tokens: [String: Int] = [:], function: [String: Int] = [:], lemmas: [String: [String: Int]] = [:]
        for file in files {
            let text = try String(contentsOf: TestProject.sharedCorpus.appendingPathComponent("reference/\(file)"), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard columns.count > 3, !columns[0].contains("-"), !columns[0].contains(".") else { continue }
                let form = columns[1].lowercased()
                tokens[form, default: 0] += 1
                if functionTags.contains(String(columns[3])) { function[form, default: 0] += 1 }
                if LemmaGold.contentTags.contains(String(columns[3])) { lemmas[form, default: [:]][String(columns[2]), default: 0] += 1 }
            }
        }
        return (tokens, function, lemmas)
    }

    /// Runs `vocab` with `arguments` in `directory`.
    static func vocab(_ arguments: [String], in directory: URL = root, environment: [String: String] = [:]) throws -> VocabRun {
        try TestProject.runVocab(arguments, in: directory, environment: environment)
    }
}
