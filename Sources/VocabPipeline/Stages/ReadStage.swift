import Foundation
import StageRead
import VocabCore

/// The read stage's figures.
package struct ReadFigures: StageFigures {
    /// The read stage.
    package static let stage = StageName.read
    /// Data rows seen (header and blank lines not counted).
    package var dataRows: Int
    /// Rows kept.
    package var rows: Int
    /// Rows dropped for an unknown tag.
    package var dropped: Int
    /// Malformed rows skipped (`frequency.malformedRows: "skip"`); nil when none (and in a
    /// `stage.json` written before the key existed).
    package var skipped: Int?
}

/// The read stage's `stage.json`.
package typealias ReadSummary = StageSummary<ReadFigures>

/// The read stage with its artifacts: `read/rows.jsonl`, `read/dropped.jsonl`, `read/stage.json`.
package struct ReadOutput: Sendable {
    /// The kept rows, in source order (`read/rows.jsonl`).
    package var rows: [FrequencyRow]
    /// The rows dropped for an unknown tag (`read/dropped.jsonl`).
    package var dropped: [DroppedWord]
    /// The malformed rows skipped (`read/skipped.jsonl`, written only when there are some).
    package var skipped: [SkippedRow] = []
    /// The stage's `read/stage.json`.
    package var summary: ReadSummary
}

/// Runs the read stage, writes and reads back its artifacts.
package enum ReadStage {
    /// Reads the frequency list.
    package static func run(_ pipeline: Pipeline, digests: FileDigests = FileDigests()) throws -> ReadOutput {
        let ((result, source), seconds) = try measure {
            let config = pipeline.config.frequency
            let reader = FrequencyListReader(config: config)
            let result = try reader.read(pipeline.frequencyFile, displayPath: pipeline.frequencyFile.path)
            var source = try digests.describe(pipeline.frequencyFile, role: .frequency, displayPath: config.path)
            source.title = config.title
            source.license = config.license
            return (result, source)
        }
        let summary = ReadSummary(
            sources: [source], seconds: seconds,
            ReadFigures(dataRows: result.dataRows, rows: result.rows.count, dropped: result.dropped.count,
                        skipped: result.skipped.isEmpty ? nil : result.skipped.count))
        return ReadOutput(rows: result.rows, dropped: result.dropped, skipped: result.skipped, summary: summary)
    }

    /// Writes `rows.jsonl`, `dropped.jsonl` and `stage.json`.
    package static func write(_ output: ReadOutput, _ pipeline: Pipeline) throws {
        let folder = StageFolder(pipeline, .read)
        try folder.write(output.rows, rowsFile)
        try folder.write(output.dropped, "dropped.jsonl")
        // Only a list with skipped rows has the file: a list without keeps the folder it had.
        if !output.skipped.isEmpty { try folder.write(output.skipped, skippedFile) }
        try output.summary.write(to: folder)
    }

    /// Reads the artifacts back; with `rows` false, all but the rows (a list of millions of rows
    /// is read back only when the select stage has to run: ``loadRows(_:)``).
    package static func load(_ pipeline: Pipeline, rows: Bool = true) throws -> ReadOutput {
        let folder = StageFolder(pipeline, .read)
        let summary = try ReadSummary.read(from: folder.url)
        return ReadOutput(rows: try Self.rows(in: folder, if: rows),
                          dropped: try folder.read(DroppedWord.self, "dropped.jsonl"),
                          skipped: (summary.skipped ?? 0) > 0 ? try folder.read(SkippedRow.self, skippedFile) : [],
                          summary: summary)
    }

    static let skippedFile = "skipped.jsonl"
}

extension ReadStage: RowsStage {
    /// The read stage.
    package static let name = StageName.read
    /// The frequency list.
    package static let inputRoles: [SourceFile.Role] = [.frequency]

    /// `12 rows`.
    package static func describe(_ output: ReadOutput) -> String { "\(output.rows.count) rows" }

    /// Over `frequency` and the frequency list.
    package static func keyParts(_ inputs: StageKeys.Inputs) throws -> [String]? {
        ["read", try inputs.json(inputs.config.frequency), try inputs.file(inputs.pipeline.frequencyFile)]
    }

    /// Reads the frequency list.
    package static func run(_ runner: StageRunner) throws -> ReadOutput {
        try run(runner.pipeline, digests: runner.digests)
    }

    /// All but the rows: they are read only if the select stage has to run
    /// (``StageRunner/rows()``), so a no-change rebuild of a list of millions of rows never reads them.
    package static func reuse(_ pipeline: Pipeline) throws -> ReadOutput {
        try load(pipeline, rows: false)
    }
}
