import Foundation
import StageSelect
import VocabCore
import WNLMF

/// The select stage with its artifacts: `select/selected.jsonl`, `select/dropped.jsonl`
/// (words walked past, with the reason), `select/stage.json`.
public struct SelectOutput: Sendable {
    public var result: SelectionResult
    public var summary: StageSummary
}

public enum SelectRunner {
    public static let stage = "select"

    public static func run(
        _ pipeline: Pipeline, rows: [FrequencyRow], lexicon: LexiconSources.Loaded, digests: FileDigests = FileDigests()
    ) throws -> SelectOutput {
        let selection = pipeline.config.selection
        let ((result, sources), seconds) = try measure {
            var stopList = StopList(words: selection.stopWords)
            var sources = [lexicon.source]
            if let path = selection.stopList, let url = pipeline.stopListFile {
                stopList = stopList.union(try StopList.load(url, displayPath: url.path))
                sources.append(try digests.describe(url, role: .stoplist, displayPath: path))
            }
            let result = WordSelector.select(rows, config: selection, stopList: stopList, lexicon: lexicon.lexicon)
            return (result, sources)
        }
        var counts = ["selected": result.selected.count, "distinctWords": result.distinctWords, "notReached": result.notReached]
        for (reason, count) in dropCounts(result.dropped) { counts["dropped." + reason] = count }
        return SelectOutput(result: result, summary: StageSummary(stage: stage, sources: sources, counts: counts, seconds: seconds))
    }

    static func dropCounts(_ dropped: [DroppedWord]) -> [String: Int] {
        Dictionary(grouping: dropped, by: \.reason.rawValue).mapValues(\.count)
    }

    public static func write(_ output: SelectOutput, _ pipeline: Pipeline) throws {
        let folder = pipeline.stageFolder(stage)
        try JSONLines.write(output.result.selected, to: folder.appendingPathComponent("selected.jsonl"))
        try JSONLines.write(output.result.dropped, to: folder.appendingPathComponent("dropped.jsonl"))
        try output.summary.write(to: folder)
    }

    public static func load(_ pipeline: Pipeline) throws -> SelectOutput {
        let folder = pipeline.stageFolder(stage)
        let summary = try StageSummary.read(from: folder)
        let result = SelectionResult(
            selected: try JSONLines.read(SelectedWord.self, from: folder.appendingPathComponent("selected.jsonl")),
            dropped: try JSONLines.read(DroppedWord.self, from: folder.appendingPathComponent("dropped.jsonl")),
            distinctWords: summary.counts["distinctWords"] ?? 0,
            notReached: summary.counts["notReached"] ?? 0)
        return SelectOutput(result: result, summary: summary)
    }
}
