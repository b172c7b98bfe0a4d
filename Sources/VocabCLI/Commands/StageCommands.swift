import ArgumentParser
import Foundation
import VocabCore
import VocabPipeline

/// A command that runs on a loaded pipeline: it loads `--config` (with `--corpus` and
/// `--output`) and reports any error as one line and exit status 1.
protocol PipelineCommand: ParsableCommand {
    var pipeline: PipelineOptions { get }
    /// The command's work, on the loaded pipeline.
    func run(_ pipeline: Pipeline) throws
}

extension PipelineCommand {
    public func run() throws {
        try reportingErrors { try run(try pipeline.load()) }
    }
}

/// `vocab read`: the frequency list → `read/` artifacts.
public struct ReadCommand: PipelineCommand {
    public static let configuration = CommandConfiguration(
        commandName: "read", abstract: "Read the frequency list into the work folder (read/rows.jsonl).")
    @OptionGroup var pipeline: PipelineOptions
    public init() {}
    func run(_ pipeline: Pipeline) throws {
        let output = try ReadStage.run(pipeline)
        try ReadStage.write(output, pipeline)
        Console.error("read: \(output.rows.count) rows → \(pipeline.stageFolder(.read).path)")
    }
}

/// `vocab select`: `read/` + source lexicon → `select/` artifacts.
public struct SelectCommand: PipelineCommand {
    public static let configuration = CommandConfiguration(
        commandName: "select", abstract: "Choose the words to teach (select/selected.jsonl, select/dropped.jsonl).")
    @OptionGroup var pipeline: PipelineOptions
    public init() {}
    func run(_ pipeline: Pipeline) throws {
        let read = try ReadStage.load(pipeline)
        let lexicon = try LexiconSources.loadSource(pipeline)
        let output = try SelectStage.run(pipeline, rows: read.rows, lexicon: lexicon)
        try SelectStage.write(output, pipeline)
        Console.error("select: \(output.result.selected.count) words, \(output.result.dropped.count) dropped → \(pipeline.stageFolder(.select).path)")
    }
}

/// `vocab join`: `select/` + lexicons → `join/records.jsonl`.
public struct JoinCommand: PipelineCommand {
    public static let configuration = CommandConfiguration(
        commandName: "join", abstract: "Join each word with its sense, definition, synonyms, examples and translations (join/records.jsonl).")
    @OptionGroup var pipeline: PipelineOptions
    public init() {}
    func run(_ pipeline: Pipeline) throws {
        let select = try SelectStage.load(pipeline)
        let lexicons = try LexiconSources.loadAll(pipeline)
        let output = try JoinStage.run(
            pipeline, selected: select.result.selected, source: lexicons.source, translations: lexicons.translations)
        try JoinStage.write(output, pipeline)
        Console.error("join: \(output.records.count) records → \(pipeline.stageFolder(.join).path)")
    }
}

/// `vocab emit`: the stage artifacts → the published release.
public struct EmitCommand: PipelineCommand {
    public static let configuration = CommandConfiguration(
        commandName: "emit", abstract: "Write the SQLite database, JSON bundle and datapackage.json, and publish them.")
    @OptionGroup var pipeline: PipelineOptions
    @OptionGroup var report: ReportOptions
    public init() {}
    func run(_ pipeline: Pipeline) throws {
        let inputs = EmitStage.Inputs(
            read: try ReadStage.load(pipeline), select: try SelectStage.load(pipeline), join: try JoinStage.load(pipeline))
        let summary = try EmitStage.run(pipeline, inputs)
        try report.emit(BuildReport(
            pipeline: pipeline, release: pipeline.releaseFolder, counts: EmitStage.counts(inputs),
            notReached: inputs.select.result.notReached, stages: [.init(stage: "emit", seconds: summary.seconds)]))
    }
}
