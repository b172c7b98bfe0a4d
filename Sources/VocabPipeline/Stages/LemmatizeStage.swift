import Foundation
import Morphology
import StageLemmatize
import StageSelect
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
    /// Rows whose form is a function word (dropped, reason `closed-class`); nil in a
    /// `stage.json` written before the analyzer.
    package var closedClass: Int?
    /// Rows handed on to the select stage: one per lemma, part of speech and tag.
    package var lemmas: Int
    /// What the morphology files' checks found odd but their libraries read all the same (a
    /// Hunspell `.dic` whose word count differs from its words), for the report's warnings.
    package var warnings: [String]?

    /// The sources' names, in the order the rule looks at them.
    package static let sources = LemmaSource.allCases.map(\.rawValue)

    /// The rows each source lemmatized, in ``sources`` order: `analyzer 14000, lexicon 900,
    /// hunspell 800, table 0`.
    package var lemmatizedBySource: String {
        Self.sources.map { "\($0) \(lemmatized[$0] ?? 0)" }.joined(separator: ", ")
    }
}

/// The lemmatize stage's `stage.json`.
package typealias LemmatizeSummary = StageSummary<LemmatizeFigures>

/// The lemmatize stage with its artifacts: `lemmatize/rows.jsonl` (the lemmas with their summed
/// frequencies: what the select stage reads instead of the read stage's rows),
/// `lemmatize/forms.jsonl` (each distinct form's lemma, part of speech, word class and source:
/// `{"form", "lemma", ...}`, no `lemma` when none), `lemmatize/no-lemma.jsonl` (the forms without
/// a lemma, most frequent first; `no-lemma-listed.jsonl`, the first of them the report lists),
/// `lemmatize/closed-class.jsonl` (the function words, most frequent first; `closed-class-listed.jsonl`),
/// `lemmatize/stage.json`.
package struct LemmatizeOutput: Sendable {
    /// One row per lemma (`lemmatize/rows.jsonl`).
    package var rows: [FrequencyRow]
    /// Each distinct form's outcome (`lemmatize/forms.jsonl`); empty when read back for reuse.
    package var forms: [FormLemma]
    /// The forms without a lemma, most frequent first (`lemmatize/no-lemma.jsonl`); read back
    /// for reuse, the first `lemmatization.noLemmaListed` of them only (the report's list).
    package var dropped: [DroppedWord]
    /// The function words, most frequent first (`lemmatize/closed-class.jsonl`); read back for
    /// reuse, the first `lemmatization.noLemmaListed` of them only.
    package var closedClass: [DroppedWord] = []
    /// How the analyzer's lemmas are named in the source lexicon (`lemmatize/citations.jsonl`);
    /// nil without an analyzer, and when read back for reuse (``LemmatizeStage/loadCitations(_:)``).
    package var citations: CitationForms?
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
    /// The function words, most frequent first.
    static let closedClassFile = "closed-class.jsonl"
    /// The first `lemmatization.noLemmaListed` of them: what the report folder lists.
    static let closedClassListedFile = "closed-class-listed.jsonl"
    /// The analyzer's lemmas as the lexicon names them (one ``CitationForms``), for the examples step.
    static let citationsFile = "citations.jsonl"

    /// The inputs the rule works with: the analyzer and the Hunspell dictionary (checked by
    /// `Morphology`) and the lemma table, with their source descriptions (``tools(_:digests:)``).
    package struct Tools {
        package var analyzer: (any MorphologicalAnalyzer)?
        package var dictionary: HunspellDictionary?
        package var table: LemmaTable
        package var sources: [SourceFile]
        /// What the checks found odd (``LemmatizeFigures/warnings``).
        package var warnings: [String] = []
    }

    /// The config's tools, checked and loaded: the analyzer and the Hunspell dictionary at the
    /// same time (each on a core of its own; an analyzer's error is the one thrown when both fail).
    package static func tools(_ pipeline: Pipeline, digests: FileDigests) throws -> Tools {
        guard let config = pipeline.config.lemmatization else { return Tools(analyzer: nil, dictionary: nil, table: LemmaTable(), sources: []) }
        var sources: [SourceFile] = []
        var warnings: [String] = []
        let analyzer = ResultBox<(any MorphologicalAnalyzer)?>(count: 1), hunspell = ResultBox<HunspellDictionary?>(count: 1)
        DispatchQueue.concurrentPerform(iterations: 2) { job in
            if job == 0 {
                analyzer.set(0, Result {
                    guard let config = config.analyzer else { return nil }
                    return try AnalyzerInput(config: config, url: pipeline.analyzerFile).open()
                })
            } else {
                hunspell.set(0, Result { try pipeline.hunspellFiles.map { try HunspellDictionary(aff: $0.aff.path, dic: $0.dic.path) } })
            }
        }
        let loadedAnalyzer = try analyzer.values()[0]
        let dictionary = try hunspell.values()[0]
        if let analyzerConfig = config.analyzer,
           let source = try AnalyzerInput(config: analyzerConfig, url: pipeline.analyzerFile).source(digests, displayPath: analyzerConfig.path) {
            sources.append(source)
        }
        if let files = config.hunspell, let urls = pipeline.hunspellFiles, let loaded = dictionary {
            warnings += loaded.warnings.map(\.description)
            sources.append(try digests.describe(urls.aff, role: .morphology, displayPath: files.aff))
            sources.append(try digests.describe(urls.dic, role: .morphology, displayPath: files.dic))
        }
        var table = LemmaTable()
        if let path = config.lemmaTable, let url = pipeline.lemmaTableFile {
            table = try LemmaTable.load(url, displayPath: url.path)
            sources.append(pipeline.releaseSource(try digests.describe(url, role: .lemmatable, displayPath: path)))
        }
        return Tools(analyzer: loadedAnalyzer, dictionary: dictionary, table: table, sources: sources, warnings: warnings)
    }

    /// The rule as the stage applies it (and `vocab-bench --lemmatize` times it): `lexicon`, the
    /// source lexicon cut to the candidates, gives the readings and the entries that list a form
    /// as one of their `Form`s; `analyses` the analyzer's readings of the list's forms.
    package static func lemmatizer(
        stems: @escaping (String) -> [String], table: LemmaTable, lexicon: Lexicon, analyses: [String: [Reading]] = [:]
    ) -> Lemmatizer {
        Lemmatizer(
            stems: stems, table: table, readings: readings(in: lexicon),
            inflectionOf: { form in lexicon.entries(caseInsensitiveInflectedForm: form).filter { !$0.senses.isEmpty }.map(\.writtenForm) },
            analyze: { analyses[$0] ?? [] })
    }

    /// The analyzer's readings of every distinct form of `rows` (by exact spelling), each form
    /// analysed once, as ``Reading``s: a reading's class is its first word's first tag's
    /// (or first two's: `det ord`; `lemmatization.analyzer.classes` over Apertium's), its
    /// inflection the tags after those, its
    /// lemma its first word's (`del` = de + el is the preposition de; `dámelo` is dar). A form
    /// the analyzer does not know is left out.
    ///
    /// The forms are analysed in two halves at once (the analyzer is read-only), and gathered in
    /// list order: the same readings whatever the threads' timing.
    package static func analyses(of rows: [FrequencyRow], analyzer: any MorphologicalAnalyzer, config: AnalyzerConfig) -> [String: [Reading]] {
        analyses(ofForms: rows.map(\.lemma), analyzer: analyzer, config: config)
    }

    /// The analyzer's readings of every distinct form of `forms` (``analyses(of:analyzer:config:)``).
    static func analyses(ofForms all: [String], analyzer: any MorphologicalAnalyzer, config: AnalyzerConfig) -> [String: [Reading]] {
        var seen = Set<String>()
        let forms = all.filter { seen.insert($0).inserted }
        let analysed = ParallelHalves.map(forms.count) { range in forms[range].map { readings(of: $0, analyzer: analyzer, config: config) } }.joined()
        var result: [String: [Reading]] = [:]
        result.reserveCapacity(forms.count)
        for (form, readings) in zip(forms, analysed) where !readings.isEmpty { result[form] = readings }
        return result
    }

    /// One form's readings (``analyses(of:analyzer:config:)``). A form the analyzer does not know
    /// as the list spells it is looked up again capitalised, then in capitals: frequency lists
    /// are lower-cased, and an analyzer matches a lower-case letter only to itself (`juan` is
    /// Juan, a name; a German noun `haus` is Haus). A noun, verb, adjective or adverb reading
    /// whose lemma is a symbol (``Lemmatizer/isSymbol(_:)``: `B`, `Al`) is no reading of a form
    /// without capitals: a list's `b` or `al` is a letter, an abbreviation or a foreign word, never
    /// boron or aluminium (a numeral's or a name's reading stays: `xx` is XX, `onu` ONU, no card).
    package static func readings(of form: String, analyzer: any MorphologicalAnalyzer, config: AnalyzerConfig) -> [Reading] {
        var analyses = analyzer.readings(of: form)
        if analyses.isEmpty, let first = form.first, first.isLowercase {
            let capitalised = first.uppercased() + form.dropFirst()
            analyses = analyzer.readings(of: capitalised)
            if analyses.isEmpty, form.count > 1, form.uppercased() != capitalised { analyses = analyzer.readings(of: form.uppercased()) }
        }
        var readings: [Reading] = []
        let common = !form.contains(where: \.isUppercase)
        for analysis in analyses {
            guard let (lemma, wordClass, inflection) = analysis.classified(by: config) else { continue }
            // A symbol (`B`, `Al`) is never the noun, verb or adjective a list's common form
            // stands for (as a numeral or a name it is no card anyway: `XX`, `ONU`).
            if common, wordClass.partOfSpeech != .other, Lemmatizer.isSymbol(lemma) { continue }
            let kind = Array(analysis.parts[0].tags.dropLast(inflection.count))
            let reading = Reading(lemma: lemma, wordClass: wordClass, inflection: inflection, kind: kind, source: .analyzer)
            if !readings.contains(reading) { readings.append(reading) }
        }
        return readings
    }

    /// The source lexicon's readings of a written form: its entries with senses, per coarse part
    /// of speech (`other` left out), with their senses added up.
    static func readings(in lexicon: Lexicon) -> (String) -> [LexiconReading] {
        { form in
            var senses: [PartOfSpeech: Int] = [:]
            // A capitalised entry is no reading of a lower-case form (a name, an abbreviation, a
            // symbol: `In` is not `in`), as the select stage resolves (`EntryResolver.casingFits`).
            for entry in lexicon.entries(caseInsensitiveForm: form) where !entry.senses.isEmpty && EntryResolver.casingFits(entry.writtenForm, lemma: form) {
                let coarse = entry.partOfSpeech.coarse
                if coarse != .other { senses[coarse, default: 0] += entry.senses.count }
            }
            return senses.keys.stablySorted().map { LexiconReading($0, senses: senses[$0] ?? 0) }
        }
    }

    /// The source lexicon's entries with a sense, as ``CitationForms/learn(entries:readings:)`` reads them.
    package typealias EntryNames = [(form: String, partOfSpeech: PartOfSpeech, senses: Int)]

    /// What ``run(_:rows:tools:entries:lexicon:)`` made: the rule's result, the citation forms it
    /// learned (nil without an analyzer) and its seconds.
    package struct Run {
        package var result: LemmatizeResult
        package var citations: CitationForms?
        package var seconds: Double
    }

    /// Lemmatizes `rows` (the read stage's) with the source lexicon cut to the candidates (what
    /// the stage runs, and `vocab-bench --lemmatize` times). With an analyzer, its lemmas are first
    /// named as the lexicon names them (``CitationForms``), learned from `entries`, every entry of
    /// the source lexicon (asked for only with an analyzer; its loading is not timed here).
    package static func run(
        _ pipeline: Pipeline, rows: [FrequencyRow], tools: Tools, entries: () throws -> EntryNames, lexicon: (FormSet) throws -> Lexicon
    ) throws -> Run {
        let (dictionary, analyzer) = (tools.dictionary, tools.analyzer)
        var citations: CitationForms?
        var entrySeconds = 0.0
        let (result, seconds) = try measure {
            var analyses: [String: [Reading]] = [:]
            if let analyzer, let config = pipeline.config.lemmatization?.analyzer {
                let raw = Self.analyses(of: rows, analyzer: analyzer, config: config)
                let (names, loadSeconds) = try measure { try entries() }
                entrySeconds = loadSeconds
                let learned = Self.citationForms(names, analyzer: analyzer, config: config, known: raw)
                citations = learned
                analyses = Self.named(raw, by: learned)
            }
            // Hunspell serves the forms the analyzer does not know.
            let stems: (String) -> [String] = { form in analyses[form] == nil ? dictionary?.stems(of: form) ?? [] : [] }
            let forms = ListForms(rows, tagged: pipeline.config.frequency.columns.partOfSpeech != nil, stems: stems)
            // The lexicon keeps the entries any candidate can match: the forms, their stems, the
            // analyzer's and the table's lemmas. It also keeps the entries that list a form as one
            // of their `Form`s (`was` of be).
            let analyzed = analyses.values.joined().map(\.lemma)
            let cut = try lexicon(FormSet(forms.candidates(rows) + analyzed).adding(tools.table.allLemmas).matchingInflectedForms())
            var rule = lemmatizer(stems: stems, table: tools.table, lexicon: cut, analyses: analyses)
            rule.pluralTags = Set(pipeline.config.lemmatization?.analyzer?.pluralTags ?? [])
            rule.analyzerRanks = analyzer?.ranksReadings ?? false
            return rule.lemmatize(rows, forms: forms)
        }
        // A dictionary that stopped answering, too slow (a compound search), stops the build.
        if let refusal = dictionary?.refusal { throw refusal }
        return Run(result: result, citations: citations, seconds: seconds - entrySeconds)
    }

    /// The citation forms of `analyzer` against the lexicon's `entries` (``CitationForms``). The
    /// entries that are forms of the list are read as the list's (`known`, analysed already)
    /// first, and tell which parts of speech the analyzer cites by another form
    /// (``CitationForms/citedOtherwise(entries:readings:)``); only the other entries of those
    /// parts of speech are analysed besides (none for Spanish or Russian: every part of speech is
    /// cited alike), each distinct written form once, as the lexicon spells it, in two halves at
    /// once; a form of several words is not (the analyzer reads it as several words).
    package static func citationForms(
        _ entries: EntryNames, analyzer: any MorphologicalAnalyzer, config: AnalyzerConfig, known: [String: [Reading]] = [:]
    ) -> CitationForms {
        var byForm = known.mapValues { $0.map { (lemma: $0.lemma, partOfSpeech: $0.wordClass.partOfSpeech) } }
        let otherwise = CitationForms.citedOtherwise(entries: entries) { byForm[$0] ?? [] }
        var seen = Set(byForm.keys)
        let forms = entries.filter { otherwise.contains($0.partOfSpeech) }.map(\.form)
            .filter { !$0.contains(" ") && !$0.contains("_") && seen.insert($0).inserted }
        let read = ParallelHalves.map(forms.count) { range in
            forms[range].map { form in
                analyzer.readings(of: form).compactMap { $0.classified(by: config).map { (lemma: $0.lemma, partOfSpeech: $0.wordClass.partOfSpeech) } }
            }
        }.joined()
        for (form, readings) in zip(forms, read) { byForm[form] = readings }
        return CitationForms.learn(entries: entries) { byForm[$0] ?? [] }
    }

    /// `analyses` with each reading's lemma as the lexicon names it (``CitationForms``), without
    /// the repeats that makes (`писать¹`, `писать²`).
    package static func named(_ analyses: [String: [Reading]], by citations: CitationForms) -> [String: [Reading]] {
        analyses.mapValues { readings in
            var named: [Reading] = []
            for var reading in readings {
                reading.lemma = citations.citation(of: reading.lemma, partOfSpeech: reading.wordClass.partOfSpeech)
                if !named.contains(reading) { named.append(reading) }
            }
            return named
        }
    }

    /// The stage's output from the rule's result.
    static func output(
        _ result: LemmatizeResult, citations: CitationForms?, sources: [SourceFile], seconds: Double, warnings: [String] = []
    ) -> LemmatizeOutput {
        let figures = LemmatizeFigures(
            formsRead: result.rowsRead, distinctForms: result.forms.count,
            lemmatized: Dictionary(uniqueKeysWithValues: result.bySource.map { ($0.key.rawValue, $0.value) }),
            noLemma: result.noLemmaRows, closedClass: result.closedClassRows, lemmas: result.rows.count,
            warnings: warnings.isEmpty ? nil : warnings)
        return LemmatizeOutput(
            rows: result.rows, forms: result.forms, dropped: result.dropped, closedClass: result.closedClass, citations: citations,
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
        try folder.write(output.closedClass, closedClassFile)
        try folder.write(Array(output.closedClass.prefix(pipeline.config.lemmatization?.noLemmaListed ?? 0)), closedClassListedFile)
        try folder.write(output.citations.map { [$0] } ?? [], citationsFile)
        try output.summary.write(to: folder)
    }

    /// Reads back `forms.jsonl`, each distinct form's lemma (the examples stage's list readings),
    /// checked against the stage's `stage.json`.
    package static func loadForms(_ pipeline: Pipeline) throws -> [FormLemma] {
        try StageFolder(pipeline, .lemmatize).read(FormLemma.self, formsFile)
    }

    /// Reads back `citations.jsonl`, the analyzer's lemmas as the lexicon names them (nil without an
    /// analyzer), checked against the stage's `stage.json`.
    package static func loadCitations(_ pipeline: Pipeline) throws -> CitationForms? {
        try StageFolder(pipeline, .lemmatize).read(CitationForms.self, citationsFile).first
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
        _ = try folder.recordedDigest(of: closedClassFile)
        _ = try folder.recordedDigest(of: citationsFile)
        return LemmatizeOutput(
            rows: try Self.rows(in: folder, if: rows), forms: [],
            dropped: try folder.read(DroppedWord.self, noLemmaListedFile),
            closedClass: try folder.read(DroppedWord.self, closedClassListedFile), summary: summary)
    }
}

extension LemmatizeStage: RowsStage {
    /// The lemmatize stage.
    package static let name = StageName.lemmatize
    /// The source lexicon (the Hunspell files and the lemma table have no pins).
    package static let inputRoles: [SourceFile.Role] = [.lexicon]

    /// `20000 forms → 9000 lemmas, 300 function words, 1200 without a lemma`.
    package static func describe(_ output: LemmatizeOutput) -> String {
        if output.summary.formsRead == 0 && output.rows.isEmpty { return "no lemmatization section: the list's words are its lemmas" }
        return "\(output.summary.formsRead) forms → \(output.rows.count) lemmas, \(output.summary.closedClass ?? 0) function words, "
            + "\(output.summary.noLemma) without a lemma"
    }

    /// Over the read key, `lemmatization`, `lexicon`, the source lexicon, the Hunspell files and
    /// the lemma table; nil (the stage does not run) without a `lemmatization` section.
    package static func keyParts(_ inputs: StageKeys.Inputs) throws -> [String]? {
        let (config, pipeline) = (inputs.config, inputs.pipeline)
        // Without the section the stage hands the read stage's rows on as they are: its key
        // depends on nothing (the select stage's key covers the rows).
        guard let lemmatization = config.lemmatization else { return ["lemmatize", "-"] }
        var parts: [String] = [
            "lemmatize", inputs.key(.read), try inputs.json(lemmatization),
        ] + (try inputs.sourceLexicon())
        if let analyzer = lemmatization.analyzer {
            parts += ["analyzer"] + (try AnalyzerInput(config: analyzer, url: pipeline.analyzerFile).keyParts(inputs))
        }
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
        let run = try run(pipeline, rows: rows, tools: loaded, entries: { try runner.lexicons.sourceEntries() }) { forms in
            // Loading the lexicons is timed as its own step.
            let (cut, loadSeconds) = try measure { try runner.lexicons.cut { forms }.source.lexicon }
            lexiconSeconds = loadSeconds
            return cut
        }
        return output(
            run.result, citations: run.citations, sources: loaded.sources, seconds: run.seconds - lexiconSeconds + toolSeconds,
            warnings: loaded.warnings)
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
