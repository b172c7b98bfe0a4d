import Foundation
import Morphology
import StageLemmatize
import VocabCore
import WNLMF

/// The lemmatize stage's figures.
package struct LemmatizeFigures: StageFigures {
    /// The lemmatize stage.
    package static let stage = StageName.lemmatize
    /// Rows of the list (word forms) read.
    package var formsRead: Int
    /// Distinct forms (and tags).
    package var distinctForms: Int
    /// Rows lemmatized by each source (`lexicon`, `hunspell`, `table`).
    package var lemmatized: [String: Int]
    /// Rows whose form has no lemma (dropped, reason `no-lemma`).
    package var noLemma: Int
    /// Rows handed on to the select stage: one per lemma, part of speech and tag.
    package var lemmas: Int

    /// The sources' names, in the order the rule looks at them.
    package static let sources = LemmaSource.allCases.map(\.rawValue)

    /// The rows each source lemmatized, in ``sources`` order: `lexicon 9000, hunspell 800, table 12`.
    package var lemmatizedBySource: String {
        Self.sources.map { "\($0) \(lemmatized[$0] ?? 0)" }.joined(separator: ", ")
    }
}

/// The lemmatize stage's `stage.json`.
package typealias LemmatizeSummary = StageSummary<LemmatizeFigures>

/// The lemmatize stage with its artifacts: `lemmatize/rows.jsonl` (the lemmas with their summed
/// frequencies: what the select stage reads instead of the read stage's rows),
/// `lemmatize/forms.jsonl` (each distinct form's lemma and source), `lemmatize/no-lemma.jsonl`
/// (the forms without a lemma, most frequent first; `no-lemma-listed.jsonl`, the first of them
/// the report lists), `lemmatize/stage.json`.
package struct LemmatizeOutput: Sendable {
    /// One row per lemma (`lemmatize/rows.jsonl`).
    package var rows: [FrequencyRow]
    /// Each distinct form's outcome (`lemmatize/forms.jsonl`); empty when read back for reuse.
    package var forms: [FormLemma]
    /// The forms without a lemma, most frequent first (`lemmatize/no-lemma.jsonl`); read back
    /// for reuse, the first `lemmatization.noLemmaListed` of them only (the report's list).
    package var dropped: [DroppedWord]
    /// The stage's `lemmatize/stage.json`.
    package var summary: LemmatizeSummary
}

/// Runs the lemmatize stage, writes and reads back its artifacts. It lemmatizes only for a config
/// with a `lemmatization` section; without one it hands the list on as it is (``passThrough``)
/// and the select stage reads the read stage's rows as lemmas.
package enum LemmatizeStage {
    static let formsFile = "forms.jsonl"
    /// The forms without a lemma, most frequent first.
    static let noLemmaFile = "no-lemma.jsonl"
    /// The first `lemmatization.noLemmaListed` of them: what the report folder lists, read back
    /// without the whole list (most of a list of millions of forms may have no lemma).
    static let noLemmaListedFile = "no-lemma-listed.jsonl"

    /// The inputs the rule works with: the Hunspell dictionary (checked by `Morphology`) and the
    /// lemma table, with their source descriptions.
    struct Tools {
        var dictionary: HunspellDictionary?
        var table: LemmaTable
        var sources: [SourceFile]
    }

    static func tools(_ pipeline: Pipeline, digests: FileDigests) throws -> Tools {
        guard let config = pipeline.config.lemmatization else { return Tools(dictionary: nil, table: LemmaTable(), sources: []) }
        var sources: [SourceFile] = []
        var dictionary: HunspellDictionary?
        if let files = config.hunspell, let urls = pipeline.hunspellFiles {
            dictionary = try HunspellDictionary(aff: urls.aff.path, dic: urls.dic.path)
            sources.append(try digests.describe(urls.aff, role: .morphology, displayPath: files.aff))
            sources.append(try digests.describe(urls.dic, role: .morphology, displayPath: files.dic))
        }
        var table = LemmaTable()
        if let path = config.lemmaTable, let url = pipeline.lemmaTableFile {
            table = try LemmaTable.load(url, displayPath: url.path)
            sources.append(pipeline.releaseSource(try digests.describe(url, role: .lemmatable, displayPath: path)))
        }
        return Tools(dictionary: dictionary, table: table, sources: sources)
    }

    /// The rule as the stage applies it (and `vocab-bench --lemmatize` times it): `lexicon`, the
    /// source lexicon cut to the candidates, gives the readings and the entries that list a form
    /// as one of their `Form`s.
    package static func lemmatizer(stems: @escaping (String) -> [String], table: LemmaTable, lexicon: Lexicon) -> Lemmatizer {
        Lemmatizer(
            stems: stems, table: table, readings: readings(in: lexicon),
            inflectionOf: { form in lexicon.entries(caseInsensitiveInflectedForm: form).filter { !$0.senses.isEmpty }.map(\.writtenForm) })
    }

    /// The source lexicon's readings of a written form: its entries with senses, per coarse part
    /// of speech (`other` left out), with their senses added up.
    static func readings(in lexicon: Lexicon) -> (String) -> [LexiconReading] {
        { form in
            var senses: [PartOfSpeech: Int] = [:]
            for entry in lexicon.entries(caseInsensitiveForm: form) where !entry.senses.isEmpty {
                let coarse = entry.partOfSpeech.coarse
                if coarse != .other { senses[coarse, default: 0] += entry.senses.count }
            }
            return senses.keys.sorted().map { LexiconReading($0, senses: senses[$0] ?? 0) }
        }
    }

    /// Lemmatizes `rows` (the read stage's) with the source lexicon cut to the candidates.
    static func run(
        _ pipeline: Pipeline, rows: [FrequencyRow], tools: Tools, lexicon: (FormSet) throws -> Lexicon
    ) throws -> (LemmatizeResult, seconds: Double) {
        let dictionary = tools.dictionary
        let stems: (String) -> [String] = { dictionary?.stems(of: $0) ?? [] }
        let (result, seconds) = try measure {
            let forms = ListForms(rows, tagged: pipeline.config.frequency.columns.partOfSpeech != nil, stems: stems)
            // The lexicon keeps the entries any candidate can match: the forms, their stems, the table's lemmas.
            // It also keeps the entries that list a form as one of their `Form`s (`was` of be).
            let cut = try lexicon(FormSet(forms.candidates(rows)).adding(tools.table.allLemmas).matchingInflectedForms())
            return lemmatizer(stems: stems, table: tools.table, lexicon: cut).lemmatize(rows, forms: forms)
        }
        return (result, seconds)
    }

    /// The stage's output from the rule's result.
    static func output(_ result: LemmatizeResult, sources: [SourceFile], seconds: Double) -> LemmatizeOutput {
        let figures = LemmatizeFigures(
            formsRead: result.rowsRead, distinctForms: result.forms.count,
            lemmatized: Dictionary(uniqueKeysWithValues: result.bySource.map { ($0.key.rawValue, $0.value) }),
            noLemma: result.noLemmaRows, lemmas: result.rows.count)
        return LemmatizeOutput(
            rows: result.rows, forms: result.forms, dropped: result.dropped,
            summary: LemmatizeSummary(sources: sources, seconds: seconds, figures))
    }

    /// The stage for a config without a `lemmatization` section: the list's words are its
    /// lemmas (a COCA-like list); the select stage reads the read stage's rows, nothing is written
    /// but `stage.json`.
    static var passThrough: LemmatizeOutput {
        LemmatizeOutput(
            rows: [], forms: [], dropped: [],
            summary: LemmatizeSummary(seconds: 0, LemmatizeFigures(formsRead: 0, distinctForms: 0, lemmatized: [:], noLemma: 0, lemmas: 0)))
    }

    /// Writes `rows.jsonl`, `forms.jsonl`, `no-lemma.jsonl` and `stage.json` (only `stage.json`
    /// without a `lemmatization` section).
    package static func write(_ output: LemmatizeOutput, _ pipeline: Pipeline) throws {
        let folder = StageFolder(pipeline, .lemmatize)
        guard pipeline.config.lemmatization != nil else {
            try output.summary.write(to: folder)
            return
        }
        try folder.write(output.rows, rowsFile)
        try folder.write(output.forms, formsFile)
        try folder.write(output.dropped, noLemmaFile)
        try folder.write(Array(output.dropped.prefix(pipeline.config.lemmatization?.noLemmaListed ?? 0)), noLemmaListedFile)
        try output.summary.write(to: folder)
    }

    /// Reads back the listed no-lemma forms, and the lemma rows when `rows` (a list of millions
    /// of forms is read back only when the select stage has to run: ``loadRows(_:)``); the other
    /// files are checked to be the ones `stage.json` recorded.
    package static func load(_ pipeline: Pipeline, rows: Bool = true) throws -> LemmatizeOutput {
        let folder = StageFolder(pipeline, .lemmatize)
        let summary = try LemmatizeSummary.read(from: folder.url)
        guard pipeline.config.lemmatization != nil else {
            var output = passThrough
            output.summary = summary
            return output
        }
        _ = try folder.recordedDigest(of: formsFile)
        _ = try folder.recordedDigest(of: noLemmaFile)
        return LemmatizeOutput(
            rows: try Self.rows(in: folder, if: rows), forms: [],
            dropped: try folder.read(DroppedWord.self, noLemmaListedFile), summary: summary)
    }
}

extension LemmatizeStage: RowsStage {
    /// The lemmatize stage.
    package static let name = StageName.lemmatize
    /// The source lexicon (the Hunspell files and the lemma table have no pins).
    package static let inputRoles: [SourceFile.Role] = [.lexicon]

    /// `20000 forms → 9000 lemmas, 1200 without a lemma`.
    package static func describe(_ output: LemmatizeOutput) -> String {
        if output.summary.formsRead == 0 && output.rows.isEmpty { return "no lemmatization section: the list's words are its lemmas" }
        return "\(output.summary.formsRead) forms → \(output.rows.count) lemmas, \(output.summary.noLemma) without a lemma"
    }

    /// Over the read key, `lemmatization`, `lexicon`, the source lexicon, the Hunspell files and
    /// the lemma table; nil (the stage does not run) without a `lemmatization` section.
    package static func keyParts(_ inputs: StageKeys.Inputs) throws -> [String]? {
        let (config, pipeline) = (inputs.config, inputs.pipeline)
        // Without the section the stage hands the read stage's rows on as they are: its key
        // depends on nothing (the select stage's key covers the rows).
        guard let lemmatization = config.lemmatization else { return ["lemmatize", "-"] }
        var parts: [String] = [
            "lemmatize", inputs.key(.read), try inputs.json(lemmatization), try inputs.json(config.lexicon),
            try inputs.file(pipeline.lexiconFile),
        ]
        if let files = pipeline.hunspellFiles { parts += ["hunspell", try inputs.file(files.aff), try inputs.file(files.dic)] }
        if let table = pipeline.lemmaTableFile { parts += ["lemmaTable", try inputs.file(table)] }
        return parts
    }

    /// Lemmatizes the read stage's rows; the lexicons are cut to every candidate (the select
    /// stage then uses the same cut: its lemmas are among them).
    package static func run(_ runner: StageRunner) throws -> LemmatizeOutput {
        let pipeline = runner.pipeline
        guard pipeline.config.lemmatization != nil else { return passThrough }
        let rows = try runner.rows()
        let (loaded, toolSeconds) = try measure { try Self.tools(pipeline, digests: runner.digests) }
        var lexiconSeconds = 0.0
        let (result, seconds) = try run(pipeline, rows: rows, tools: loaded) { forms in
            // Loading the lexicons is timed as its own step.
            let (cut, loadSeconds) = try measure { try runner.lexicons.cut { forms }.source.lexicon }
            lexiconSeconds = loadSeconds
            return cut
        }
        return output(result, sources: loaded.sources, seconds: seconds - lexiconSeconds + toolSeconds)
    }

    /// Only with a `lemmatization` section: a list of lemmas goes to the select stage as it is,
    /// and a build does not time a step that does nothing.
    package static func hasWork(_ pipeline: Pipeline) -> Bool { pipeline.config.lemmatization != nil }

    /// All but the lemma rows: they are read only if the select stage has to run
    /// (``StageRunner/lemmaRows()``).
    package static func reuse(_ pipeline: Pipeline) throws -> LemmatizeOutput {
        try load(pipeline, rows: false)
    }
}
