import ArgumentParser
import Foundation
import VocabCore

/// `vocab build`: every stage, in one process, sharing the loaded lexicons.
public struct BuildCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Run the whole pipeline: read, select, join, emit.",
        discussion: "Stage artifacts are written to the work folder as each stage ends; the release is published to <output>/<name>-<version> only when complete.")

    @OptionGroup var pipeline: PipelineOptions
    @OptionGroup var report: ReportOptions

    public init() {}

    public func run() throws {
        try reportingErrors {
            let pipeline = try self.pipeline.load()
            let result = try PipelineBuild.run(pipeline)
            try report.emit(result)
        }
    }
}

/// The whole pipeline in process.
public enum PipelineBuild {
    public static func run(_ pipeline: Pipeline) throws -> BuildReport {
        var times: [BuildReport.StageTime] = []
        let read = try ReadRunner.run(pipeline)
        try ReadRunner.write(read, pipeline)
        times.append(.init(stage: "read", seconds: read.summary.seconds))

        let (lexicons, loadSeconds) = try measure { try LexiconSources.loadAll(pipeline) }
        times.append(.init(stage: "lexicons", seconds: loadSeconds))

        let select = try SelectRunner.run(pipeline, rows: read.rows, lexicon: lexicons.source)
        try SelectRunner.write(select, pipeline)
        times.append(.init(stage: "select", seconds: select.summary.seconds))

        let join = try JoinRunner.run(
            pipeline, selected: select.result.selected, source: lexicons.source, translations: lexicons.translations)
        try JoinRunner.write(join, pipeline)
        times.append(.init(stage: "join", seconds: join.summary.seconds))

        let inputs = EmitRunner.Inputs(read: read, select: select, join: join)
        let (emitted, emitSummary) = try EmitRunner.run(pipeline, inputs)
        times.append(.init(stage: "emit", seconds: emitSummary.seconds))

        return BuildReport(
            pipeline: pipeline, release: emitted.releaseFolder, counts: EmitRunner.counts(inputs),
            notReached: select.result.notReached, stages: times)
    }
}
