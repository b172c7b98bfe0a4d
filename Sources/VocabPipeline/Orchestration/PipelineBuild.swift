import Foundation
import ReleaseFormat
import VocabCore

/// The whole pipeline in one process: read (→ lemmatize) → select → join (→ examples) (→ dictionary) → emit, reusing every
/// stage whose inputs did not change (see ``StageKeys``) and loading the lexicons only when a
/// stage that needs them runs; then the report folder beside the release.
///
/// ```swift
/// let pipeline = try Pipeline.load(configFile: URL(fileURLWithPath: "pipeline.json"))
/// let report = try PipelineBuild.run(pipeline)   // QualityGateFailure when a gate is missed
/// print(report.text)
/// ```
package enum PipelineBuild {
    /// What a build may do.
    package struct Options: Sendable {
        /// Run every stage even when its key matches.
        package var force: Bool
        /// Told of each step and of the lexicons' loading; nil tells nothing.
        package var progress: (any BuildProgress)?
        /// The previous release to compare the candidate with (`--previous`), for the report
        /// and the config's comparison gates; nil for none.
        package var previous: (any ReleaseComparing)?

        /// Options; by default stages are reused, nothing told, nothing compared.
        package init(force: Bool = false, progress: (any BuildProgress)? = nil, previous: (any ReleaseComparing)? = nil) {
            self.force = force
            self.progress = progress
            self.previous = previous
        }
    }

    /// The stages before emit, in the order they run; each reads only the outputs of the stages
    /// before it (through the ``StageRunner``).
    static let stages: [any PipelineStage.Type] = [
        ReadStage.self, LemmatizeStage.self, SelectStage.self, JoinStage.self, ExamplesStage.self, FormsStage.self, DictionaryStage.self,
    ]

    /// Runs the build and returns its report.
    ///
    /// - Parameters:
    ///   - pipeline: the loaded config with its resolved paths.
    ///   - options: whether to force every stage, the progress to tell, the previous release.
    /// - Returns: the build's report, also written to the report folder.
    /// - Throws: a ``LocatedError`` for bad input (nothing is published); ``QualityGateFailure``
    ///   when the release misses a gate of the config (it is not published; the report folder is
    ///   written).
    package static func run(_ pipeline: Pipeline, options: Options = Options()) throws -> BuildReport {
        // A malformed SOURCE_DATE_EPOCH stops the build before any stage runs.
        _ = try BuildClock.created()
        // One build at a time per work folder: stage artifacts always come from one build.
        let workLock = try WorkFolderLock(pipeline)
        defer { workLock.release() }
        let runner = try StageRunner(pipeline, options: options)
        defer { runner.close() }
        for stage in stages { try runner.runOrReuse(stage) }
        runner.lexicons.release()
        // The emit stage writes the release while the last artifacts are still being written,
        // and waits for them before it publishes (EmitStage.Publishing.artifactsWritten).
        return try EmitStage.run(runner)
    }
}
