import ArgumentParser
import Foundation
import VocabCore
import VocabPipeline

/// `vocab build`: every stage, in one process, sharing the loaded lexicons.
public struct BuildCommand: PipelineCommand {
    public static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Run the whole pipeline: read, select, join, emit.",
        discussion: "Stage artifacts are written to the work folder as each stage ends; the release is published to <output>/<name>-<version> only when complete.")

    @OptionGroup var pipeline: PipelineOptions
    @OptionGroup var report: ReportOptions

    @Flag(name: .long, help: "Run every stage even when its inputs, config and tool version are unchanged.")
    var force = false

    public init() {}

    func run(_ pipeline: Pipeline) throws {
        try report.emit(try PipelineBuild.run(pipeline, options: .init(force: force, keepLexiconsUntilExit: true)))
    }
}
