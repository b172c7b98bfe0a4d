import Foundation
import VocabCore

/// One build's state while its stages run: the stage keys, the outputs of the stages so far, the
/// frequency list's rows and the lexicons (each loaded only when a stage that runs asks for it),
/// the artifacts being written in the background, and the time of every step.
package final class StageRunner {
    /// The pipeline being built.
    package let pipeline: Pipeline
    /// Every input file hashed once per build.
    package let digests = FileDigests()
    /// The stages' cache keys.
    package let keys: StageKeys
    /// The lexicons, loaded on a stage's first request.
    package private(set) var lexicons: BuildLexicons!
    /// The time of every step so far, in the order they ended.
    package private(set) var times: [BuildReport.StageTime] = []
    let options: PipelineBuild.Options
    /// Stage artifacts written in the background; every one is on disk before anything is published.
    let artifacts = ArtifactWriter()
    private var outputs: [StageName: any StageOutput] = [:]

    /// Computes the stage keys (the `hash` step): a pinned source that does not match its pin
    /// stops the build here.
    package init(_ pipeline: Pipeline, options: PipelineBuild.Options = .init()) throws {
        self.pipeline = pipeline
        self.options = options
        options.progress?.started(.hash)
        let digests = digests
        let (keys, seconds) = try measure { try StageKeys(pipeline, digests: digests) }
        self.keys = keys
        times.append(.init(stage: .hash, seconds: seconds))
        lexicons = BuildLexicons(self)
    }

    /// Waits for the artifacts still being written (an error is left to whatever already failed)
    /// and tells the progress that the build is over.
    func close() {
        try? artifacts.finish()
        options.progress?.finished()
    }

    /// Runs `stage`, or reuses its stored output when its key matches (and `force` is off) and
    /// its artifacts are the ones it wrote; a stage with no key for the config is skipped. A run
    /// stage's artifacts are written in the background. Reading a reused stage back is timed too.
    package func runOrReuse<Stage: PipelineStage>(_ stage: Stage.Type) throws {
        guard let key = keys[Stage.name] else { return }
        defer { finished(Stage.name) }
        if !options.force {
            let (stored, seconds) = measure { try? Stage.reuse(pipeline) }
            if let stored, stored.summary.key == key {
                record(BuildStep(Stage.name), seconds: seconds, reused: true)
                outputs[Stage.name] = stored
                return
            }
        }
        options.progress?.started(BuildStep(Stage.name))
        var output = try Stage.run(self)
        output.summary.key = key
        outputs[Stage.name] = output
        let (written, folder) = (output, pipeline)
        artifacts.write { try Stage.write(written, folder) }
        record(BuildStep(Stage.name), seconds: output.summary.seconds)
    }

    /// The output of `stage`, which ran (or was reused) earlier in this build; nil for a stage
    /// the config does not run.
    package func output<Stage: PipelineStage>(of stage: Stage.Type) -> Stage.Output? {
        outputs[Stage.name].map { $0 as! Stage.Output }
    }

    /// The output of `stage`, which must have run earlier in this build (the stages' order).
    package func required<Stage: PipelineStage>(_ stage: Stage.Type) -> Stage.Output {
        guard let output = output(of: stage) else { preconditionFailure("the \(Stage.name) stage runs before it is read") }
        return output
    }

    /// The frequency list's rows. A reused read stage is read back without them: they are read
    /// now (the time counts as the read stage's reuse), or, when the rows file is not the one the
    /// stage wrote, the list is read again.
    package func rows() throws -> [FrequencyRow] {
        var read = required(ReadStage.self)
        guard read.summary.rows > 0, read.rows.isEmpty else { return read.rows }
        let (loaded, seconds) = measure { try? ReadStage.loadRows(pipeline) }
        if let loaded {
            read.rows = loaded
            if let index = times.firstIndex(where: { $0.stage == .read }) { times[index].seconds += seconds }
        } else {
            options.progress?.started(.read)
            read = try ReadStage.run(self)
            read.summary.key = keys.read
            let (again, folder) = (read, pipeline)
            artifacts.write { try ReadStage.write(again, folder) }
            record(.read, seconds: read.summary.seconds)
        }
        outputs[.read] = read
        return read.rows
    }

    /// Records the time of a step that just ended.
    func record(_ step: BuildStep, seconds: Double, reused: Bool = false) {
        times.append(.init(stage: step, seconds: seconds, reused: reused))
    }

    /// Lets go of what no later stage reads: the rows once the select stage is done (only it
    /// reads them: a list of millions of rows).
    private func finished(_ stage: StageName) {
        guard stage == .select, var read = output(of: ReadStage.self) else { return }
        read.rows = []
        outputs[.read] = read
    }
}
