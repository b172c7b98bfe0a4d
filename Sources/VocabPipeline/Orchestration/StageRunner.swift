import Foundation
import Morphology
import VocabCore

/// One build's state while its stages run: the stage keys, the outputs of the stages so far, the
/// frequency list's rows and the lexicons (each loaded only when a stage that runs asks for it),
/// the artifacts being written in the background, and the time of every step.
///
/// A stage run on its own (``PipelineStage/runAlone(_:)``) gets a runner without keys, which reads
/// the earlier stages' outputs back from the work folder.
package final class StageRunner {
    /// The pipeline being built.
    package let pipeline: Pipeline
    /// Every input file hashed once per build.
    package let digests = FileDigests()
    /// The stages' cache keys; nil for a stage run on its own.
    package let keys: StageKeys?
    /// True when the source lexicon is kept whole for the dictionary.
    let keepsWholeLexicon: Bool
    /// The lexicons, loaded on a stage's first request.
    package private(set) var lexicons: BuildLexicons!
    /// The time of every step so far, in the order they ended.
    package private(set) var times: [BuildReport.StageTime] = []
    let options: PipelineBuild.Options
    /// Stage artifacts written in the background; every one is on disk before anything is published.
    let artifacts = ArtifactWriter()
    private var outputs: [StageName: any StageOutput] = [:]
    /// The sentence pairs tokenized, once a stage asked for them (``loadedPairs()``).
    private var pairs: ExamplesStage.LoadedPairs??

    /// Computes the stage keys (the `hash` step): a pinned source that does not match its pin
    /// stops the build here.
    package init(_ pipeline: Pipeline, options: PipelineBuild.Options = .init()) throws {
        self.pipeline = pipeline
        self.options = options
        options.progress?.started(.hash)
        let digests = digests
        let (keys, seconds) = try measure { try StageKeys(pipeline, digests: digests) }
        self.keys = keys
        keepsWholeLexicon = keys.dictionary != nil
        times.append(.init(stage: .hash, seconds: seconds))
        lexicons = BuildLexicons(self)
    }

    /// A runner for `stage` alone: only the pinned sources it reads are checked against their pins.
    init<Stage: PipelineStage>(alone pipeline: Pipeline, stage: Stage.Type) throws {
        self.pipeline = pipeline
        options = .init()
        keys = nil
        keepsWholeLexicon = Stage.name == .dictionary
        try SourcePins.verify(pipeline, roles: Set(Stage.inputRoles), digests: digests)
        lexicons = BuildLexicons(self)
    }

    /// The config's sentence pairs read and tokenized (``ExamplesStage/loadPairs(_:digests:)``),
    /// once a build: the join step and the examples step read the same; nil without an `examples`
    /// section.
    package func loadedPairs() throws -> ExamplesStage.LoadedPairs? {
        if let pairs { return pairs }
        options.progress?.started(.pairs)
        let loaded = try ExamplesStage.loadPairs(pipeline, digests: digests, citations: try citationForms())
        if let loaded { record(.pairs, seconds: loaded.seconds) }
        pairs = .some(loaded)
        return loaded
    }

    /// The lemmatize step's names of its analyzer's lemmas (``CitationForms``), for the examples
    /// step's learned side: this build's, else the stage's artifact, else learned anew from the
    /// analyzer and the source lexicon (a stage run alone); nil without a lemmatize step's analyzer.
    func citationForms() throws -> CitationForms? {
        guard let config = pipeline.config.lemmatization?.analyzer else { return nil }
        if let citations = output(of: LemmatizeStage.self)?.citations { return citations }
        if let stored = try? LemmatizeStage.loadCitations(pipeline) { return stored }
        let analyzer = try AnalyzerInput(config: config, url: pipeline.analyzerFile).open()
        // As the lemmatize step learns them: the list's forms analysed first.
        let known = LemmatizeStage.analyses(of: try rows(), analyzer: analyzer, config: config)
        return LemmatizeStage.citationForms(try lexicons.sourceEntries(), analyzer: analyzer, config: config, known: known)
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
        guard let key = keys?[Stage.name], Stage.hasWork(pipeline) else { return }
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

    /// The output of `stage` if it ran (or was reused) in this build; nil for a stage the config
    /// does not run.
    package func output<Stage: PipelineStage>(of stage: Stage.Type) -> Stage.Output? {
        outputs[Stage.name] as? Stage.Output
    }

    /// The output of an earlier stage: the one it gave in this build, else (a stage run on its
    /// own) read back from the work folder as a reused stage is.
    package func input<Stage: PipelineStage>(_ stage: Stage.Type) throws -> Stage.Output {
        if let output = output(of: stage) { return output }
        let output = try Stage.reuse(pipeline)
        outputs[Stage.name] = output
        return output
    }

    /// The frequency list's rows. A reused read stage is read back without them: they are read
    /// now (the time counts as the read stage's reuse), or, when the rows file is not the one the
    /// stage wrote, the list is read again.
    package func rows() throws -> [FrequencyRow] {
        var read = try input(ReadStage.self)
        guard read.summary.rows > 0, read.rows.isEmpty else { return read.rows }
        let (loaded, seconds) = try measure { keys == nil ? try ReadStage.loadRows(pipeline) : try? ReadStage.loadRows(pipeline) }
        if let loaded {
            read.rows = loaded
            if let index = times.firstIndex(where: { $0.stage == .read }) { times[index].seconds += seconds }
        } else {
            options.progress?.started(.read)
            read = try ReadStage.run(self)
            read.summary.key = keys?.read
            let (again, folder) = (read, pipeline)
            artifacts.write { try ReadStage.write(again, folder) }
            record(.read, seconds: read.summary.seconds)
        }
        outputs[.read] = read
        return read.rows
    }

    /// The rows the select stage walks: the lemmatize stage's lemmas when the config lemmatizes
    /// (``LemmatizeStage``), else the read stage's rows, which are lemmas already.
    package func lemmaRows() throws -> [FrequencyRow] {
        guard pipeline.config.lemmatization != nil else { return try rows() }
        var lemmatized = try input(LemmatizeStage.self)
        guard lemmatized.rows.isEmpty, lemmatized.summary.lemmas > 0 else { return lemmatized.rows }
        // A reused stage is read back without its rows: they are read now, or, when the rows file
        // is not the one the stage wrote, the step runs again.
        if let loaded = keys == nil ? try LemmatizeStage.loadRows(pipeline) : try? LemmatizeStage.loadRows(pipeline) {
            lemmatized.rows = loaded
        } else {
            options.progress?.started(.lemmatize)
            lemmatized = try LemmatizeStage.run(self)
            lemmatized.summary.key = keys?[.lemmatize]
            let (again, folder) = (lemmatized, pipeline)
            artifacts.write { try LemmatizeStage.write(again, folder) }
            record(.lemmatize, seconds: lemmatized.summary.seconds)
        }
        outputs[.lemmatize] = lemmatized
        return lemmatized.rows
    }

    /// The time of every step so far, the dictionary's with its last steps once they are over
    /// (they run while the emit stage writes the release: this waits for them).
    func settledTimes() -> [BuildReport.StageTime] {
        var times = times
        if let finishing = output(of: DictionaryStage.self)?.finishing, let seconds = try? finishing.wait(),
           let index = times.firstIndex(where: { $0.stage == BuildStep(.dictionary) && !$0.reused }) {
            times[index].seconds += seconds
        }
        return times
    }

    /// Records the time of a step that just ended; a step timed twice (the lexicons: the cut, then
    /// the gloss lexicon) is one entry with the sum.
    func record(_ step: BuildStep, seconds: Double, reused: Bool = false) {
        if let i = times.firstIndex(where: { $0.stage == step && $0.reused == reused }) {
            times[i].seconds += seconds
        } else {
            times.append(.init(stage: step, seconds: seconds, reused: reused))
        }
    }

    /// Lets go of what no later stage reads: the rows once the select stage is done (a list of
    /// millions of rows), or the examples stage when the config has one (it ranks the words of
    /// its sentences by them); the lemmatize step's forms once the forms stage is (it reads the
    /// list's lemmas).
    private func finished(_ stage: StageName) {
        if stage == .forms, var lemmatized = output(of: LemmatizeStage.self) {
            lemmatized.forms = []
            outputs[.lemmatize] = lemmatized
        }
        guard stage == (pipeline.config.examples == nil ? .select : .examples) else { return }
        if var read = output(of: ReadStage.self) {
            read.rows = []
            outputs[.read] = read
        }
        if var lemmatized = output(of: LemmatizeStage.self) {
            lemmatized.rows = []
            outputs[.lemmatize] = lemmatized
        }
    }
}
