import ArgumentParser
import Foundation
import VocabCore
import VocabPipeline

/// `vocab build`: every stage, in one process, sharing the loaded lexicons.
package struct BuildCommand: PipelineCommand {
    package static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Run the whole pipeline: read, select, join (and dictionary), emit.",
        discussion: """
            Stage artifacts go to the work folder (output.work, --work) as each stage ends; the release \
            is published to <output>/<name>-<version> only when complete, and the build's report folder \
            (exclusions, build report: for CI logs, not for publishing) to <output>/<name>-<version>.report. \
            On a terminal, progress is shown on standard error unless --quiet.

            Gates: the config's "gates" (minimumWords, minimumCoverage per language, maximumDropShare per \
            reason; with --previous, maximumRemoved, maximumAdded, maximumChanged, maximumBandMoves) are checked on the complete \
            release before it is published. The report folder is written either way; a build stopped by a gate \
            leaves the release folder (and the report folder's exclusions.json) as they were.

            Environment:
              SOURCE_DATE_EPOCH  seconds since 1970-01-01 UTC: the release's "created" time, so that two \
            builds of the same inputs give byte-identical files (reproducible-builds.org). Unset: the \
            current time. A value that is not a whole number of seconds is an error.

            \(ExitStatusHelp.publishing)
            """)

    @OptionGroup var pipeline: PipelineOptions
    @OptionGroup var report: ReportOptions
    @OptionGroup var previous: PreviousOptions

    @Flag(name: .long, help: "Run every stage even when its inputs, config and tool version are unchanged.")
    var force = false

    package init() {}

    func run(_ pipeline: Pipeline) throws {
        let previousRelease = try previous.release()
        try report.publishing {
            try PipelineBuild.run(
                pipeline, options: .init(force: force, progress: report.progress, previous: previousRelease))
        }
    }
}
