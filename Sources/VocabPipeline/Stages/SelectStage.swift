import Foundation
import ReleaseFormat
import StageSelect
import VocabCore
import WNLMF

/// The select stage's figures.
package struct SelectFigures: StageFigures {
    /// The select stage.
    package static let stage = StageName.select
    /// Words kept.
    package var selected: Int
    /// Distinct (lemma, part of speech) in the list.
    package var distinctWords: Int
    /// Distinct words never looked at because the release was full.
    package var notReached: Int
    /// Words left out per reason code (`not-reached` included).
    package var dropped: [String: Int]
    /// The sense pins that did not apply, their word not being in the release (`lemma pos ILI
    /// (line n)`); nil in a `stage.json` written before pins.
    package var unusedPins: [String]?
    /// Not-reached words per part of speech (the drops list only the first of them).
    package var notReachedByPartOfSpeech: [String: Int]?
    /// Per reason code (`not-reached` aside), the percentage of the frequency of the words the
    /// walk considered (kept or dropped) that it dropped for it (`gates.maximumFrequencyLost`);
    /// nil in a `stage.json` written before it.
    package var frequencyLost: [String: Double]?
}

/// The select stage's `stage.json`.
package typealias SelectSummary = StageSummary<SelectFigures>

/// The select stage with its artifacts: `select/selected.jsonl`, `select/dropped.jsonl`
/// (words walked past, with the reason), `select/not-reached.jsonl` (the first words never
/// reached), `select/stage.json`.
package struct SelectOutput: Sendable {
    /// The selected and dropped words (`select/selected.jsonl`, `select/dropped.jsonl`,
    /// `select/not-reached.jsonl`).
    package var result: SelectionResult
    /// The stage's `select/stage.json`.
    package var summary: SelectSummary
}

/// Runs the select stage, writes and reads back its artifacts.
package enum SelectStage {
    /// Chooses the words from the read stage's rows, with the source lexicon, the stop list and
    /// the sense pins (each checked against the lexicon first: a pin that cannot apply stops the
    /// build with its line).
    package static func run(
        _ pipeline: Pipeline, rows: [FrequencyRow], lexicon: LexiconSources.Loaded, digests: FileDigests = FileDigests()
    ) throws -> SelectOutput {
        try run(pipeline, words: WordMerger.merge(rows), lexicon: lexicon, digests: digests)
    }

    /// ``run(_:rows:lexicon:digests:)`` on the list's words already merged (``WordMerger``).
    package static func run(
        _ pipeline: Pipeline, words: MergedWords, lexicon: LexiconSources.Loaded, digests: FileDigests = FileDigests()
    ) throws -> SelectOutput {
        let selection = pipeline.config.selection
        let ((result, sources, pins), seconds) = try measure {
            var stopList = StopList(words: selection.stopWords)
            var sources = lexicon.sources
            if let path = selection.stopList, let url = pipeline.stopListFile {
                stopList = stopList.union(try StopList.load(url, displayPath: url.path))
                sources.append(pipeline.releaseSource(try digests.describe(url, role: .stoplist, displayPath: path)))
            }
            var pins = SensePins()
            if let path = pipeline.config.sensePins, let url = pipeline.sensePinsFile {
                pins = try SensePins.load(url, displayPath: url.path)
                // A lexicon cut from the whole one kept compactly can still tell whether a concept is in the file.
                try pins.check(
                    against: lexicon.lexicon,
                    conceptExists: lexicon.compact.map { compact in { compact.hasSynset(ili: $0) } }
                        ?? (lexicon.whole ? { !lexicon.lexicon.synsets(ili: $0).isEmpty } : nil))
                sources.append(pipeline.releaseSource(try digests.describe(url, role: .sensepins, displayPath: path)))
            }
            // The report folder lists no more not-reached words than this: keep no more.
            let result = WordSelector.select(
                words, config: selection, stopList: stopList, lexicon: lexicon.lexicon, pins: pins,
                notReachedListed: ExclusionList.notReachedLimit, fittingCase: pipeline.config.lemmatization != nil)
            return (result, sources, pins)
        }
        let pinnedWords = Set(result.selected.filter { $0.pinnedILI != nil }.map { "\($0.sourceLemma.lowercased())\t\($0.partOfSpeech)" })
        let unused = pins.pins.filter { !pinnedWords.contains("\($0.lemma.lowercased())\t\($0.partOfSpeech)") }
        let summary = SelectSummary(
            sources: sources, seconds: seconds,
            SelectFigures(
                selected: result.selected.count, distinctWords: result.distinctWords, notReached: result.notReached,
                dropped: dropCounts(result.dropped, notReached: result.notReached),
                unusedPins: unused.map { "\($0.text) (line \($0.line))" },
                notReachedByPartOfSpeech: Dictionary(uniqueKeysWithValues: result.notReachedByPartOfSpeech.map { ($0.key.rawValue, $0.value) }),
                frequencyLost: frequencyLost(result)))
        return SelectOutput(result: result, summary: summary)
    }

    /// Per reason code, the share (a percentage) of the frequency of the words the walk considered,
    /// kept or dropped, that it dropped for it; not-reached words are not considered.
    static func frequencyLost(_ result: SelectionResult) -> [String: Double] {
        var lost: [String: Double] = [:]
        var considered = result.selected.reduce(0.0) { $0 + Double($1.frequency) }
        for word in result.dropped where word.reason != .notReached {
            lost[word.reason.rawValue, default: 0] += Double(word.frequency)
            considered += Double(word.frequency)
        }
        return considered > 0 ? lost.mapValues { $0 * 100 / considered } : [:]
    }

    /// Words per reason code; `notReached` counts the not-reached words (``dropped`` lists only
    /// the first of them).
    static func dropCounts(_ dropped: [DroppedWord], notReached: Int) -> [String: Int] {
        var counts = Dictionary(grouping: dropped, by: \.reason.rawValue).mapValues(\.count)
        counts[DropReason.notReached.rawValue] = notReached > 0 ? notReached : nil
        return counts
    }

    /// Writes `selected.jsonl`, `reserve.jsonl`, `dropped.jsonl`, `not-reached.jsonl` and `stage.json`.
    package static func write(_ output: SelectOutput, _ pipeline: Pipeline) throws {
        let folder = StageFolder(pipeline, .select)
        try folder.write(output.result.selected, "selected.jsonl")
        try folder.write(output.result.reserve, reserveFile)
        try folder.write(output.result.dropped.filter { $0.reason != .notReached }, "dropped.jsonl")
        try folder.write(output.result.dropped.filter { $0.reason == .notReached }, notReachedFile)
        try output.summary.write(to: folder)
    }

    /// The not-reached words the stage lists (up to `ExclusionList.notReachedLimit`), apart from
    /// the words it walked past: only the report folder's exclusions need them.
    static let notReachedFile = "not-reached.jsonl"
    /// The words that would be kept next (``SelectionResult/reserve``).
    static let reserveFile = "reserve.jsonl"

    /// Reads the artifacts back; with `notReached` false, the drops are the words walked past
    /// only (the not-reached ones are read by ``loadNotReached(_:)`` when needed).
    package static func load(_ pipeline: Pipeline, notReached: Bool = true) throws -> SelectOutput {
        let folder = StageFolder(pipeline, .select)
        let summary = try SelectSummary.read(from: folder.url)
        var dropped = try folder.read(DroppedWord.self, "dropped.jsonl")
        if notReached {
            dropped += try folder.read(DroppedWord.self, notReachedFile)
        } else {
            _ = try folder.recordedDigest(of: notReachedFile)
        }
        let result = SelectionResult(
            selected: try folder.read(SelectedWord.self, "selected.jsonl"), dropped: dropped,
            distinctWords: summary.distinctWords, notReached: summary.notReached,
            notReachedByPartOfSpeech: Dictionary(uniqueKeysWithValues: (summary.notReachedByPartOfSpeech ?? [:]).compactMap { key, value in
                PartOfSpeech(rawValue: key).map { ($0, value) }
            }), reserve: try folder.read(SelectedWord.self, reserveFile))
        return SelectOutput(result: result, summary: summary)
    }

    /// Reads back the listed not-reached words (`select/not-reached.jsonl`).
    package static func loadNotReached(_ pipeline: Pipeline) throws -> [DroppedWord] {
        try StageFolder(pipeline, .select).read(DroppedWord.self, notReachedFile)
    }
}

extension SelectStage: PipelineStage {
    /// The select stage.
    package static let name = StageName.select
    /// The source lexicon (the stop list and the sense pins have no pins).
    package static let inputRoles: [SourceFile.Role] = [.lexicon]

    /// `3000 words, 120 dropped`.
    package static func describe(_ output: SelectOutput) -> String {
        "\(output.result.selected.count) words, \(output.result.dropped.count) dropped"
    }

    /// Over the read key, `selection`, `lexicon`, the source lexicon, the stop list and the sense pins.
    package static func keyParts(_ inputs: StageKeys.Inputs) throws -> [String]? {
        let (config, pipeline) = (inputs.config, inputs.pipeline)
        // The lemmatize key enters only when the stage runs: a config without it keeps its key.
        // "reserve": the stage keeps the next words aside for the join (a select before that is not reused).
        var parts: [String] = ["select", "reserve", inputs.key(.read)]
        if config.lemmatization != nil { parts += ["lemmatize", inputs.key(.lemmatize)] }
        parts += [try inputs.json(config.selection)] + (try inputs.sourceLexicon())
        return parts
            + (try pipeline.stopListFile.map { [try inputs.file($0)] } ?? [])
            + (try pipeline.sensePinsFile.map { ["sensePins", try inputs.file($0)] } ?? [])
    }

    /// Walks the list from the top. The walk looks up only the words it walks: the lexicons keep
    /// the entries of the first words (four times N to begin with), and a walk that went past them
    /// runs again with four times as many. A list of millions of rows is never loaded as millions
    /// of forms, and the selection is the one the whole list gives.
    package static func run(_ runner: StageRunner) throws -> SelectOutput {
        let pipeline = runner.pipeline
        let rows = try runner.lemmaRows()
        let (words, mergeSeconds) = measure { WordMerger.merge(rows) }
        var window = max(4 * pipeline.config.selection.count, 1024)
        while true {
            let loaded = try runner.lexicons.cut { FormSet(words.prefix(window).lazy.map(\.lemma)) }
            var output = try run(pipeline, words: words, lexicon: loaded.source, digests: runner.digests)
            output.summary.seconds += mergeSeconds
            let walked = output.result.distinctWords - output.result.notReached
            if loaded.source.whole || walked <= window || window >= words.count { return output }
            window *= 4
            runner.lexicons.dropCut()
        }
    }

    /// All but the not-reached words: only the report folder's exclusions need them, and a
    /// no-change rebuild keeps those (``EmitStage/run(_:)``).
    package static func reuse(_ pipeline: Pipeline) throws -> SelectOutput {
        try load(pipeline, notReached: false)
    }
}
