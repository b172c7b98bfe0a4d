import Foundation
import StageJoin
import VocabCore
import WNLMF

/// The join stage with its artifacts: `join/records.jsonl` and `join/stage.json`.
public struct JoinOutput: Sendable {
    public var records: [WordRecord]
    public var summary: StageSummary
}

public enum JoinRunner {
    public static let stage = "join"

    public static func run(
        _ pipeline: Pipeline, selected: [SelectedWord], source: LexiconSources.Loaded,
        translations: [(language: String, loaded: LexiconSources.Loaded)]
    ) throws -> JoinOutput {
        let (result, seconds) = try measure {
            try SenseJoiner.join(
                selected, source: source.lexicon, targets: LexiconSources.translationSources(translations),
                policy: pipeline.config.translation.policy)
        }
        var counts = ["records": result.records.count, "senseMoved": result.senseMoved]
        for (language, count) in result.translated { counts["translated." + language] = count }
        let summary = StageSummary(
            stage: stage, sources: [source.source] + translations.map(\.loaded.source), counts: counts, seconds: seconds)
        return JoinOutput(records: result.records, summary: summary)
    }

    public static func write(_ output: JoinOutput, _ pipeline: Pipeline) throws {
        let folder = pipeline.stageFolder(stage)
        try JSONLines.write(output.records, to: folder.appendingPathComponent("records.jsonl"))
        try output.summary.write(to: folder)
    }

    public static func load(_ pipeline: Pipeline) throws -> JoinOutput {
        let folder = pipeline.stageFolder(stage)
        return JoinOutput(
            records: try JSONLines.read(WordRecord.self, from: folder.appendingPathComponent("records.jsonl")),
            summary: try StageSummary.read(from: folder))
    }
}
