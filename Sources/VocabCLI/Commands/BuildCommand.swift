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

    @Flag(name: .long, help: "Run every stage even when its inputs, config and tool version are unchanged.")
    var force = false

    public init() {}

    public func run() throws {
        try reportingErrors {
            let pipeline = try self.pipeline.load()
            let result = try PipelineBuild.run(pipeline, force: force, keepLexiconsUntilExit: true)
            try report.emit(result)
        }
    }
}

/// The whole pipeline in process, reusing every stage whose inputs did not change.
public enum PipelineBuild {
    /// - Parameter keepLexiconsUntilExit: the command line passes true: a process about to exit
    ///   need not spend a tenth of a second freeing a few hundred megabytes of lexicon.
    public static func run(_ pipeline: Pipeline, force: Bool = false, keepLexiconsUntilExit: Bool = false) throws -> BuildReport {
        let digests = FileDigests()
        let artifacts = ArtifactWriter()
        // Every artifact is on disk before the build returns; on success a write error is
        // thrown below, on failure the stage's own error is the one reported.
        defer { try? artifacts.finish() }
        let (keys, keySeconds) = try measure { try StageKeys(pipeline, digests: digests) }
        var times: [BuildReport.StageTime] = [.init(stage: "hash", seconds: keySeconds)]

        /// The stage's stored output when its key matches (and `force` is off), else nil.
        func reusable<T>(_ load: (Pipeline) throws -> T, _ summary: (T) -> StageSummary, key: String) -> T? {
            guard !force, let stored = try? load(pipeline), summary(stored).key == key else { return nil }
            return stored
        }

        var read: ReadOutput
        if let stored = reusable(ReadRunner.load, \.summary, key: keys.read) {
            read = stored
            times.append(.init(stage: "read", seconds: 0, reused: true))
        } else {
            read = try ReadRunner.run(pipeline, digests: digests)
            read.summary.key = keys.read
            let output = read
            artifacts.write { try ReadRunner.write(output, pipeline) }
            times.append(.init(stage: "read", seconds: read.summary.seconds))
        }

        // Lexicons are loaded only if a stage that needs them has to run.
        var lexicons: (source: LexiconSources.Loaded, translations: [(language: String, loaded: LexiconSources.Loaded)])?
        func loadedLexicons() throws -> (source: LexiconSources.Loaded, translations: [(language: String, loaded: LexiconSources.Loaded)]) {
            if let lexicons { return lexicons }
            let (loaded, seconds) = try measure { try LexiconSources.loadAll(pipeline, digests: digests) }
            times.append(.init(stage: "lexicons", seconds: seconds))
            if keepLexiconsUntilExit {
                for lexicon in [loaded.source.lexicon] + loaded.translations.map(\.loaded.lexicon) {
                    _ = Unmanaged.passRetained(lexicon)
                }
            }
            lexicons = loaded
            return loaded
        }

        var select: SelectOutput
        if let stored = reusable(SelectRunner.load, \.summary, key: keys.select) {
            select = stored
            times.append(.init(stage: "select", seconds: 0, reused: true))
        } else {
            select = try SelectRunner.run(pipeline, rows: read.rows, lexicon: try loadedLexicons().source, digests: digests)
            select.summary.key = keys.select
            let output = select
            artifacts.write { try SelectRunner.write(output, pipeline) }
            times.append(.init(stage: "select", seconds: select.summary.seconds))
        }

        var join: JoinOutput
        if let stored = reusable(JoinRunner.load, \.summary, key: keys.join) {
            join = stored
            times.append(.init(stage: "join", seconds: 0, reused: true))
        } else {
            let loaded = try loadedLexicons()
            join = try JoinRunner.run(
                pipeline, selected: select.result.selected, source: loaded.source, translations: loaded.translations)
            join.summary.key = keys.join
            let output = join
            artifacts.write { try JoinRunner.write(output, pipeline) }
            times.append(.init(stage: "join", seconds: join.summary.seconds))
        }

        let inputs = EmitRunner.Inputs(read: read, select: select, join: join)
        let storedEmit = try? StageSummary.read(from: pipeline.stageFolder(EmitRunner.stage))
        if !force, storedEmit?.key == keys.emit, EmitRunner.releaseIsIntact(pipeline.releaseFolder) {
            times.append(.init(stage: "emit", seconds: 0, reused: true))
        } else {
            let summary = try EmitRunner.run(pipeline, inputs, key: keys.emit)
            times.append(.init(stage: "emit", seconds: summary.seconds))
        }

        try artifacts.finish()
        return BuildReport(
            pipeline: pipeline, release: pipeline.releaseFolder, counts: EmitRunner.counts(inputs),
            notReached: select.result.notReached, stages: times)
    }
}
