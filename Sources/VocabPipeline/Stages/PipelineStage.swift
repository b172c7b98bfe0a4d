import Foundation
import VocabCore

/// A stage as one unit: its name, what its cache key is made of, how it runs inside a build, and
/// how its artifacts are written and read back. ``PipelineBuild`` runs a list of them
/// (``PipelineBuild/stages``) through a ``StageRunner``; the emit stage, which publishes, comes
/// after them.
///
/// Adding a stage: a type conforming to this protocol (its figures type conforming to
/// ``StageFigures``, its output to ``StageOutput``), a case of ``StageName``, and its place in
/// ``PipelineBuild/stages`` and ``StageKeys/order``; a later stage that reads its output asks the
/// runner for it (``StageRunner/input(_:)``). The stage's command (`vocab <name>`) comes with it.
package protocol PipelineStage: KeyedStage {
    /// What the stage produces: its records and its `stage.json`.
    associatedtype Output: StageOutput

    /// The roles of the pinned sources the stage reads: run on its own, it checks only those.
    static var inputRoles: [SourceFile.Role] { get }

    /// What the stage wrote, in a few words (`12 rows`), for the command that runs it alone.
    static func describe(_ output: Output) -> String

    /// Runs the stage inside a build: earlier stages' outputs, the frequency list's rows and the
    /// lexicons come from `runner`.
    static func run(_ runner: StageRunner) throws -> Output

    /// Writes the stage's artifacts and its `stage.json` into the work folder (in the background
    /// during a build).
    static func write(_ output: Output, _ pipeline: Pipeline) throws

    /// Reads back what a build that reuses the stage needs of its artifacts (each checked against
    /// the digest its `stage.json` recorded).
    static func reuse(_ pipeline: Pipeline) throws -> Output

    /// False when the stage has nothing to do for the config though it has a key (the lemmatize
    /// step of a list of lemmas): a build then neither runs, reuses nor times it.
    static func hasWork(_ pipeline: Pipeline) -> Bool
}

extension PipelineStage {
    /// Every stage with a key has work, unless it says otherwise.
    package static func hasWork(_ pipeline: Pipeline) -> Bool { true }
}

extension PipelineStage {
    /// Runs the stage on its own from the artifacts of the stages before it in the work folder
    /// (`vocab read`, `vocab select`, ...) and writes its own, without a cache key; returns one line
    /// saying what it wrote.
    package static func runAlone(_ pipeline: Pipeline) throws -> String {
        let output = try run(try StageRunner(alone: pipeline, stage: self))
        try write(output, pipeline)
        return "\(name.rawValue): \(describe(output)) → \(pipeline.stageFolder(name).path)"
    }
}

/// A stage with a cache key (every ``PipelineStage``, and the emit stage).
package protocol KeyedStage: Sendable {
    /// The stage's name: its folder in the work folder and its command.
    static var name: StageName { get }

    /// What the stage's key hashes besides the tool version: its name, the config sections it
    /// reads, the digests of its input files and the keys of the stages it builds on; nil when the
    /// stage does not run for this config (the dictionary without `dictionary.enabled`).
    static func keyParts(_ inputs: StageKeys.Inputs) throws -> [String]?
}
