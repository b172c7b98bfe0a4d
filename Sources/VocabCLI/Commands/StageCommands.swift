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
    package func run() throws {
        try reportingErrors { try run(try pipeline.load()) }
    }
}

/// `vocab read`, `vocab select`, `vocab join`: one stage from the previous stage's artifacts.
package struct StageCommand<Stage: PipelineStage>: PipelineCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: Stage.name.rawValue, abstract: Stage.name.abstract, discussion: ExitStatusHelp.pipeline)
    }

    @OptionGroup var pipeline: PipelineOptions

    package init() {}

    func run(_ pipeline: Pipeline) throws {
        Console.error(try WorkFolder.whileLocked(pipeline) { try Stage.runAlone(pipeline) })
    }
}

/// `vocab read`: the frequency list → `read/` artifacts.
package typealias ReadCommand = StageCommand<ReadStage>
/// `vocab lemmatize`: `read/` + source lexicon, Hunspell dictionary, lemma table → `lemmatize/` artifacts.
package typealias LemmatizeCommand = StageCommand<LemmatizeStage>
/// `vocab select`: `read/` (or `lemmatize/`) + source lexicon → `select/` artifacts.
package typealias SelectCommand = StageCommand<SelectStage>
/// `vocab join`: `select/` + lexicons → `join/records.jsonl`.
package typealias JoinCommand = StageCommand<JoinStage>
/// `vocab examples`: `join/` + the sentence pairs and their analyzers → `examples/records.jsonl`
/// (when the config has an `examples` section).
package typealias ExamplesCommand = StageCommand<ExamplesStage>
/// `vocab forms`: `select/` + the learned language's analyzer, the list's lemmas, the pairs' tokens
/// and the lexicon's `Form`s → `forms/forms.jsonl`.
package typealias FormsCommand = StageCommand<FormsStage>
/// `vocab dictionary`: lexicons → `dictionary/entries.sqlite` (when the config enables the dictionary).
package typealias DictionaryCommand = StageCommand<DictionaryStage>

/// `vocab emit`: the stage artifacts → the published release.
package struct EmitCommand: PipelineCommand {
    package static let configuration = CommandConfiguration(
        commandName: "emit", abstract: StageName.emit.abstract,
        discussion: "Checks the config's gates before publishing, as build does, and writes the report folder beside the release.\n\n\(ExitStatusHelp.publishing)")
    @OptionGroup var pipeline: PipelineOptions
    @OptionGroup var report: ReportOptions
    @OptionGroup var previous: PreviousOptions
    package init() {}
    func run(_ pipeline: Pipeline) throws {
        let previousRelease = try previous.release()
        try report.publishing { try WorkFolder.whileLocked(pipeline) { try EmitStage.runFromArtifacts(pipeline, previous: previousRelease) } }
    }
}
