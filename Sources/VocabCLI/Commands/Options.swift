import ArgumentParser
import Foundation
import VocabCore
import VocabPipeline

/// `--config` and `--corpus`, shared by every command that runs a stage.
struct PipelineOptions: ParsableArguments {
    @Option(name: .long, help: "The pipeline file.")
    var config: String = "pipeline.json"

    @Option(name: .long, help: "Folder to resolve source paths against, instead of the config's \"corpus\" (e.g. ../shared/corpus).")
    var corpus: String?

    @Option(name: .long, help: "Folder to publish the release in, instead of the config's output.directory (stage artifacts go to its .stages).")
    var output: String?

    /// The pipeline; `requireInputFiles` false lets input files be missing (for `vocab fetch`).
    func load(requireInputFiles: Bool = true) throws -> Pipeline {
        var pipeline = try Pipeline.load(
            configFile: .commandLine(config), corpusOverride: corpus.map(URL.commandLine), requireInputFiles: requireInputFiles)
        if let output {
            pipeline.redirectOutput(to: .commandLine(output))
            try pipeline.checkOutputsApartFromInputs()
        }
        return pipeline
    }
}

struct ReportOptions: ParsableArguments {
    @Flag(name: .long, help: "Print the report as JSON on standard output (the readable report still goes to standard error).")
    var json = false

    @Flag(name: .long, help: "Do not print the readable report.")
    var quiet = false

    func emit(_ report: BuildReport) throws {
        if !quiet { Console.error(report.text) }
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

/// Runs a command body, turning a `LocatedError` into one plain line on stderr and exit status 1.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as any LocatedError {
        Console.error("error: \(error)")
        throw ExitCode(1)
    }
}
