import ArgumentParser
import Foundation
import ReleaseDiffing
import VocabCore
import VocabPipeline

/// `--config`, `--corpus`, `--output` and `--work`, shared by every command that runs a stage.
struct PipelineOptions: ParsableArguments {
    @Option(name: .long, help: "The pipeline file.", completion: .file(extensions: ["json"]))
    var config: String = "pipeline.json"

    @Option(name: .long, help: "Folder to resolve source paths against, instead of the config's \"corpus\" (e.g. ../shared/corpus).",
            completion: .directory)
    var corpus: String?

    @Option(name: .long, help: "Folder to publish the release in (and its report folder beside it), instead of the config's output.directory.",
            completion: .directory)
    var output: String?

    @Option(name: .long, help: "Folder for the stage artifacts, instead of the config's output.work (default .vocab-work beside the config).",
            completion: .directory)
    var work: String?

    /// The pipeline; `requireInputFiles` false lets input files be missing (for `vocab fetch`).
    func load(requireInputFiles: Bool = true) throws -> Pipeline {
        var pipeline = try Pipeline.load(
            configFile: .commandLine(config), corpusOverride: corpus.map(URL.commandLine), requireInputFiles: requireInputFiles)
        if let output { pipeline.redirectOutput(to: .commandLine(output)) }
        if let work { pipeline.redirectWork(to: .commandLine(work)) }
        if output != nil || work != nil { try pipeline.checkOutputsApartFromInputs() }
        return pipeline
    }
}

struct ReportOptions: ParsableArguments {
    @Flag(name: .long, help: "Print the report as JSON on standard output (the readable report still goes to standard error).")
    var json = false

    @Flag(name: .long, help: "Print neither the readable report nor progress.")
    var quiet = false

    /// Progress on standard error when it is a terminal and `--quiet` is off; else nil.
    var progress: (any BuildProgress)? {
        quiet || isatty(2) == 0 ? nil : TerminalProgress()
    }

    /// Runs a publishing command's body: prints its report; a missed gate prints the report,
    /// names each failed gate on standard error and exits with status 3.
    func publishing(_ body: () throws -> BuildReport) throws {
        do {
            try emit(try body())
        } catch let failure as QualityGateFailure {
            try emit(failure.report)
            Console.error(failure.description)
            throw ExitCode(3)
        }
    }

    func emit(_ report: BuildReport) throws {
        // The text ends with the warnings; quiet, they are still said (one line each).
        if !quiet { Console.error(report.text) } else { for warning in report.warnings { Console.error("warning: \(warning)") } }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        }
    }
}

enum Console {
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// The exit statuses of a command that runs the pipeline, for its `--help`.
enum ExitStatusHelp {
    static let pipeline = """
        Exit status:
          0   done
          1   an error: one line "error: <file>[:<line>[:<column>]]: [<item>: ]<reason>" on standard error; \
        nothing new is published
          64  invalid arguments
        """

    /// For the commands that publish (`build`, `emit`): a missed gate is status 3.
    static let publishing = """
        Exit status:
          0   published (every gate of the config met); a "warning:" line says when the report folder or \
        emit/stage.json could not be written after publishing, which does not change this status
          1   an error: one line "error: <file>[:<line>[:<column>]]: [<item>: ]<reason>" on standard error; \
        nothing new is published
          3   a gate of the config failed: nothing new is published; each failed gate is named on standard \
        error and the report folder (build-report.json, report.html, report.md) names every gate with its value \
        and threshold
          64  invalid arguments
        """
}

/// `--previous RELEASE`, shared by `build` and `emit`.
struct PreviousOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The previous release (folder or SQLite file) to compare the new one with, as vocab diff does: for the report and the gates maximumRemoved, maximumAdded, maximumChanged and maximumBandMoves.",
        valueName: "RELEASE"), completion: .directory)
    var previous: String?

    /// The previous release, read (an unreadable one is an error before the build).
    func release() throws -> PreviousRelease? {
        try previous.map { try PreviousRelease(path: $0) }
    }
}

/// Runs a command body, turning a `LocatedError` into one plain line on stderr and exit status 1.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as any LocatedError {
        Console.error(error.errorLine)
        throw ExitCode(1)
    }
}
