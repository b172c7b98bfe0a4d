import Foundation
import VocabCore

/// The whole pipeline in one process: read → select → join → emit, reusing every stage whose
/// inputs did not change (see ``StageKeys``) and loading the lexicons only when a stage that
/// needs them runs.
public enum PipelineBuild {
    /// What a build may do.
    public struct Options: Sendable {
        /// Run every stage even when its key matches.
        public var force: Bool
        /// The command line passes true: a process about to exit need not spend a tenth of a
        /// second freeing a few hundred megabytes of lexicon.
        public var keepLexiconsUntilExit: Bool

        public init(force: Bool = false, keepLexiconsUntilExit: Bool = false) {
            self.force = force
            self.keepLexiconsUntilExit = keepLexiconsUntilExit
        }
    }

    /// Runs the build and returns its report.
    public static func run(_ pipeline: Pipeline, options: Options = Options()) throws -> BuildReport {
        let digests = FileDigests()
        let artifacts = ArtifactWriter()
        // Every artifact is on disk before the build returns; on success a write error is
        // thrown below, on failure the stage's own error is the one reported.
        defer { try? artifacts.finish() }
        let (keys, keySeconds) = try measure { try StageKeys(pipeline, digests: digests) }
        var times: [BuildReport.StageTime] = [.init(stage: "hash", seconds: keySeconds)]

        /// The stage's stored output when its key matches (and `force` is off), else nil.
        func reusable<T>(_ load: (Pipeline) throws -> T, key: String, _ stored: (T) -> String?) -> T? {
            guard !options.force, let output = try? load(pipeline), stored(output) == key else { return nil }
            return output
        }

        var read: ReadOutput
        if let stored = reusable(ReadStage.load, key: keys.read, { $0.summary.key }) {
            read = stored
            times.append(.init(stage: "read", seconds: 0, reused: true))
        } else {
            read = try ReadStage.run(pipeline, digests: digests)
            read.summary.key = keys.read
            let output = read
            artifacts.write { try ReadStage.write(output, pipeline) }
            times.append(.init(stage: "read", seconds: read.summary.seconds))
        }

        // Lexicons are loaded only if a stage that needs them has to run.
        var lexicons: LexiconSources.All?
        func loadedLexicons() throws -> LexiconSources.All {
            if let lexicons { return lexicons }
            let (loaded, seconds) = try measure { try LexiconSources.loadAll(pipeline, digests: digests) }
            times.append(.init(stage: "lexicons", seconds: seconds))
            if options.keepLexiconsUntilExit {
                for lexicon in [loaded.source.lexicon] + loaded.translations.map(\.loaded.lexicon) {
                    _ = Unmanaged.passRetained(lexicon)
                }
            }
            lexicons = loaded
            return loaded
        }

        var select: SelectOutput
        if let stored = reusable(SelectStage.load, key: keys.select, { $0.summary.key }) {
            select = stored
            times.append(.init(stage: "select", seconds: 0, reused: true))
        } else {
            select = try SelectStage.run(pipeline, rows: read.rows, lexicon: try loadedLexicons().source, digests: digests)
            select.summary.key = keys.select
            let output = select
            artifacts.write { try SelectStage.write(output, pipeline) }
            times.append(.init(stage: "select", seconds: select.summary.seconds))
        }

        var join: JoinOutput
        if let stored = reusable(JoinStage.load, key: keys.join, { $0.summary.key }) {
            join = stored
            times.append(.init(stage: "join", seconds: 0, reused: true))
        } else {
            let loaded = try loadedLexicons()
            join = try JoinStage.run(
                pipeline, selected: select.result.selected, source: loaded.source, translations: loaded.translations)
            join.summary.key = keys.join
            let output = join
            artifacts.write { try JoinStage.write(output, pipeline) }
            times.append(.init(stage: "join", seconds: join.summary.seconds))
        }

        let inputs = EmitStage.Inputs(read: read, select: select, join: join)
        let storedEmit = try? EmitSummary.read(from: pipeline.stageFolder(.emit))
        if !options.force, storedEmit?.key == keys.emit, EmitStage.releaseIsIntact(pipeline.releaseFolder) {
            times.append(.init(stage: "emit", seconds: 0, reused: true))
        } else {
            let summary = try EmitStage.run(pipeline, inputs, key: keys.emit)
            times.append(.init(stage: "emit", seconds: summary.seconds))
        }

        try artifacts.finish()
        return BuildReport(
            pipeline: pipeline, release: pipeline.releaseFolder, counts: EmitStage.counts(inputs),
            notReached: select.result.notReached, stages: times)
    }
}
