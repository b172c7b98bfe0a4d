import Foundation
import StageRead
import VocabCore

/// The read stage's figures.
public struct ReadFigures: StageFigures {
    public static let stage = StageName.read
    /// Data rows seen (header and blank lines not counted).
    public var dataRows: Int
    /// Rows kept.
    public var rows: Int
    /// Rows dropped for an unknown tag.
    public var dropped: Int
}

/// The read stage's `stage.json`.
public typealias ReadSummary = StageSummary<ReadFigures>

/// The read stage with its artifacts: `read/rows.jsonl`, `read/dropped.jsonl`, `read/stage.json`.
public struct ReadOutput: Sendable {
    public var rows: [FrequencyRow]
    public var dropped: [DroppedWord]
    public var summary: ReadSummary
}

/// Runs the read stage, writes and reads back its artifacts.
public enum ReadStage {
    /// Reads the frequency list.
    public static func run(_ pipeline: Pipeline, digests: FileDigests = FileDigests()) throws -> ReadOutput {
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
            ReadFigures(dataRows: result.dataRows, rows: result.rows.count, dropped: result.dropped.count))
        return ReadOutput(rows: result.rows, dropped: result.dropped, summary: summary)
    }

    public static func write(_ output: ReadOutput, _ pipeline: Pipeline) throws {
        let folder = pipeline.stageFolder(.read)
        try JSONLines.write(output.rows, to: folder.appendingPathComponent("rows.jsonl"))
        try JSONLines.write(output.dropped, to: folder.appendingPathComponent("dropped.jsonl"))
        try output.summary.write(to: folder)
    }

    public static func load(_ pipeline: Pipeline) throws -> ReadOutput {
        let folder = pipeline.stageFolder(.read)
        return ReadOutput(
            rows: try JSONLines.read(FrequencyRow.self, from: folder.appendingPathComponent("rows.jsonl")),
            dropped: try JSONLines.read(DroppedWord.self, from: folder.appendingPathComponent("dropped.jsonl")),
            summary: try ReadSummary.read(from: folder))
    }
}
