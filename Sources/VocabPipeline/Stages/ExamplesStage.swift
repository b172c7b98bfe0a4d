import Foundation
import Morphology
import StageExamples
import StageLemmatize
import StageRead
import VocabCore
import WNLMF

/// The examples stage's figures.
package struct ExamplesFigures: StageFigures {
    /// The examples stage.
    package static let stage = StageName.examples
    /// Lines of the pair file with a pair, well-formed or not.
    package var lines: Int
    /// Malformed lines skipped (`examples.malformedRows: "skip"`); nil when none.
    package var skipped: Int?
    /// What the pass over the pairs counted (``ExampleFinder/Figures``).
    package var pairs: ExampleFinder.Figures
    /// The release's words, those with an example of any source, and those with one of the
    /// lexicon's.
    package var records: Int
    package var withExample: Int
    package var withLexiconExample: Int
}

/// The examples stage's `stage.json`.
package typealias ExamplesSummary = StageSummary<ExamplesFigures>

/// The examples stage with its artifacts: `examples/records.jsonl` (the join stage's records, each
/// card's examples followed by the pairs chosen for it: what the emit stage publishes),
/// `examples/skipped.jsonl` (malformed lines skipped, only when there are some) and
/// `examples/stage.json`.
package struct ExamplesOutput: Sendable {
    /// The records, in rank order, with their examples.
    package var records: [WordRecord]
    /// The malformed lines skipped.
    package var skipped: [SkippedRow] = []
    /// The stage's `examples/stage.json`.
    package var summary: ExamplesSummary
}

/// Between join and emit, with an `examples` section: gives each card up to `examples.perCard`
/// sentence pairs from the pair file, after its lexicon's examples (docs/policy.md, examples;
/// the rules are `StageExamples`'). Without the section it does not run and the emit stage
/// publishes the join stage's records.
package enum ExamplesStage {
    static let recordsFile = "records.jsonl"
    static let skippedFile = "skipped.jsonl"

    /// The analyzers of both sides with their source descriptions: the learned side's only when
    /// it is `examples.learnedAnalyzer` (the lemmatize step's is among that step's sources).
    struct Tools {
        var learned: ClassedAnalyzer
        var learner: ClassedAnalyzer
        var sources: [SourceFile]
    }

    /// `citations`: the lemmatize step's names of its analyzer's lemmas, for the learned side
    /// (nil: markers dropped only).
    static func tools(_ pipeline: Pipeline, digests: FileDigests, citations: CitationForms? = nil) throws -> Tools? {
        guard let examples = pipeline.config.examples, let learned = pipeline.examplesLearnedAnalyzer.map(AnalyzerInput.init),
              let learner = pipeline.examplesLearnerAnalyzer.map(AnalyzerInput.init) else { return nil }
        var sources: [SourceFile] = []
        if let own = examples.learnedAnalyzer, let source = try learned.source(digests, displayPath: own.path) { sources.append(source) }
        if let source = try learner.source(digests, displayPath: examples.learnerAnalyzer.path) { sources.append(source) }
        return Tools(
            learned: ClassedAnalyzer(try learned.open(), learned.config, citations: citations ?? CitationForms()),
            learner: ClassedAnalyzer(try learner.open(), learner.config),
            sources: sources)
    }

    /// The sentence pairs read and tokenized once a build (``PairCorpus``), with the analyzers that
    /// read them and their source descriptions: the join step weighs translations and senses with
    /// them (``evidence(_:words:)``), the examples step chooses sentences from them.
    package struct LoadedPairs: Sendable {
        var tools: Tools
        var read: SentencePairResult
        /// The pair file's source description, and the analyzers'.
        var sources: [SourceFile]
        package var corpus: PairCorpus
        /// The time it took to read and tokenize them.
        package var seconds: Double

        /// What the pairs say of `words` (in the list's order), in the learner's language; with
        /// `analyzerSpellings`, each word known by the analyzer's spelling of its lemma too.
        package func evidence(_ pipeline: Pipeline, words: [PairEvidence.Word], analyzerSpellings: Bool = true) -> PairEvidence {
            PairEvidence(corpus, words: words, learned: tools.learned, learner: tools.learner,
                         language: pipeline.config.examples?.learnerLanguage ?? "", analyzerSpellings: analyzerSpellings)
        }
    }

    /// Reads the pair file and tokenizes its pairs with both analyzers, the learned side's lemmas
    /// named by `citations` (``tools(_:digests:citations:)``); nil without an `examples` section.
    package static func loadPairs(
        _ pipeline: Pipeline, digests: FileDigests = FileDigests(), citations: CitationForms? = nil
    ) throws -> LoadedPairs? {
        guard let config = pipeline.config.examples, let file = pipeline.examplesFile else { return nil }
        let (loaded, seconds) = try measure { () throws -> LoadedPairs? in
            guard let tools = try Self.tools(pipeline, digests: digests, citations: citations) else { return nil }
            let read = try SentencePairReader(config).read(file, displayPath: file.path)
            var source = try digests.describe(file, role: .examples, displayPath: config.path)
            source.title = config.title
            source.license = config.license
            let corpus = PairCorpus(
                read.pairs, learned: tools.learned, learner: tools.learner, maxWords: config.maxWords,
                wordCount: config.wordCount(learnedFormat: tools.learned.config.format))
            return LoadedPairs(tools: tools, read: read, sources: [source] + tools.sources, corpus: corpus, seconds: 0)
        }
        return loaded.map { var pairs = $0; pairs.seconds = seconds; return pairs }
    }

    /// What ``run(_:records:rows:conceptTranslations:listForms:digests:pairs:)`` times.
    private struct Work {
        var records: [WordRecord]
        var read: SentencePairResult
        var found: ExampleFinder.Result
        var sources: [SourceFile]
    }

    /// The examples of `records` from the pair file, the ranks from `rows` (the rows the select
    /// stage walked); `conceptTranslations`, parallel to `records`, the lemmas every translation
    /// lexicon gives each record's concept in the learner's language (``conceptTranslations(_:of:language:)``);
    /// `listForms`, the lemmatize step's reading of each form of the list (none without the step).
    package static func run(
        _ pipeline: Pipeline, records: [WordRecord], rows: [FrequencyRow], conceptTranslations: [[String]], listForms: [FormLemma] = [],
        digests: FileDigests = FileDigests(), pairs loaded: LoadedPairs? = nil
    ) throws -> ExamplesOutput {
        guard let config = pipeline.config.examples else {
            // `vocab examples` on a config without the section.
            throw ConfigError(file: pipeline.configFile.path, item: "examples", .missingKey)
        }
        let (work, seconds) = try measure { () throws -> Work in
            guard let pairs = try loaded ?? Self.loadPairs(pipeline, digests: digests) else {
                throw ConfigError(file: pipeline.configFile.path, item: "examples", .missingKey)
            }
            let (tools, read) = (pairs.tools, pairs.read)
            let cards = records.indices.map { index in
                ExampleCard(records[index].card, learnerLanguage: config.learnerLanguage,
                            conceptTranslations: index < conceptTranslations.count ? conceptTranslations[index] : [])
            }
            let finder = ExampleFinder(
                index: CardIndex(cards), ranks: LemmaRanks(rows), learned: tools.learned, learner: tools.learner,
                settings: ExampleSettings(
                    source: config.id, maxWords: config.maxWords, wordCount: config.wordCount(learnedFormat: tools.learned.config.format),
                    chooser: ExampleChooser(
                        perCard: config.perCard, perSentence: config.perSentence, knownRank: Int32(clamping: pipeline.config.selection.count))),
                listReadings: listReadings(listForms))
            let found = finder.find(pairs.corpus)
            var withExamples = records
            for index in withExamples.indices { withExamples[index].card.examples = found.examples[index] }
            return Work(records: withExamples, read: read, found: found, sources: pairs.sources)
        }
        let (records, read) = (work.records, work.read)
        let figures = ExamplesFigures(
            lines: read.dataRows, skipped: read.skipped.isEmpty ? nil : read.skipped.count, pairs: work.found.figures,
            records: records.count, withExample: records.count { !$0.card.examples.isEmpty },
            withLexiconExample: records.count { $0.card.examples.contains(where: \.isFromLexicon) })
        return ExamplesOutput(
            records: records, skipped: read.skipped,
            summary: ExamplesSummary(sources: work.sources, seconds: seconds, figures))
    }

    /// Every lemma the translation lexicons into `language` give each record's concept (its ILI),
    /// all lexicons merged: a fallback lexicon's lemmas too, which the card shows only where the
    /// lexicons before it have none (the sense test looks for any name of the concept).
    package static func conceptTranslations(
        _ loaded: [(language: String, loaded: LexiconSources.Loaded)], of records: [WordRecord], language: String
    ) -> [[String]] {
        let merged = LexiconSources.translationSources(loaded).filter { $0.language == language }
        return records.map { record in merged.flatMap { $0.lemmas(ili: record.card.provenance.ili) } }
    }

    /// The lemmatize step's reading of each form of the list, by the form lower-cased (the first
    /// of a form's rows, in list order, when several rows spell it alike).
    static func listReadings(_ forms: [FormLemma]) -> [String: WordReading] {
        var readings: [String: WordReading] = [:]
        for form in forms {
            guard let lemma = form.lemma, let wordClass = form.wordClass else { continue }
            let key = form.form.lowercased()
            if readings[key] == nil { readings[key] = WordReading(lemma: lemma, wordClass: wordClass) }
        }
        return readings
    }

    /// Writes `records.jsonl`, `skipped.jsonl` (when some lines were skipped) and `stage.json`.
    package static func write(_ output: ExamplesOutput, _ pipeline: Pipeline) throws {
        let folder = StageFolder(pipeline, .examples)
        try folder.write(output.records, recordsFile)
        if !output.skipped.isEmpty { try folder.write(output.skipped, skippedFile) }
        try output.summary.write(to: folder)
    }

    /// Reads the artifacts back.
    package static func load(_ pipeline: Pipeline) throws -> ExamplesOutput {
        let folder = StageFolder(pipeline, .examples)
        let summary = try ExamplesSummary.read(from: folder.url)
        return ExamplesOutput(
            records: try folder.read(WordRecord.self, recordsFile),
            skipped: (summary.skipped ?? 0) > 0 ? try folder.read(SkippedRow.self, skippedFile) : [], summary: summary)
    }
}

extension ExamplesStage: PipelineStage {
    /// The examples stage.
    package static let name = StageName.examples
    /// The pair file.
    package static let inputRoles: [SourceFile.Role] = [.examples]

    /// `3000 records, 2700 with a pair`.
    package static func describe(_ output: ExamplesOutput) -> String {
        "\(output.records.count) records, \(output.summary.pairs.cardsWithPair) with a sentence pair"
    }

    /// Over the join key (which covers the select key: the rows' ranks and `selection.count`),
    /// `examples`, the learned side's analyzer config (`lemmatization.analyzer`'s when it is that
    /// one), the pair file and both analyzers; nil (the stage does not run) without an `examples`
    /// section.
    package static func keyParts(_ inputs: StageKeys.Inputs) throws -> [String]? {
        let (config, pipeline) = (inputs.config, inputs.pipeline)
        guard let examples = config.examples, let file = pipeline.examplesFile, let learned = pipeline.examplesLearnedAnalyzer.map(AnalyzerInput.init),
              let learner = pipeline.examplesLearnerAnalyzer.map(AnalyzerInput.init) else { return nil }
        return ["examples", inputs.key(.join), try inputs.json(examples), try inputs.json(learned.config), try inputs.file(file)]
            + (try learned.keyParts(inputs)) + (try learner.keyParts(inputs))
    }

    /// What the sentence pairs are read and tokenized from and weighed by (``loadPairs(_:digests:)``,
    /// ``PairEvidence``): the pair file's layout and encoding, the length limit, the learner's
    /// language, both analyzers' configs and files; nil without an `examples` section. The join's
    /// key has them: it weighs translations and senses with the pairs (the choice of sentences,
    /// `perCard` and `perSentence`, is the examples stage's alone).
    static func pairKeyParts(_ inputs: StageKeys.Inputs) throws -> [String]? {
        let (config, pipeline) = (inputs.config, inputs.pipeline)
        guard let examples = config.examples, let file = pipeline.examplesFile, let learned = pipeline.examplesLearnedAnalyzer.map(AnalyzerInput.init),
              let learner = pipeline.examplesLearnerAnalyzer.map(AnalyzerInput.init) else { return nil }
        let reading: [String] = [
            examples.path, String(examples.learnedColumn), String(examples.learnerColumn), examples.learnerLanguage, examples.encoding ?? "-",
            examples.malformedRows?.rawValue ?? "-", String(examples.maxWords),
        ] + (examples.wordCount.map { ["wordCount", $0.rawValue] } ?? [])
        return reading + [try inputs.json(learned.config), try inputs.json(examples.learnerAnalyzer), try inputs.file(file)]
            + (try learned.keyParts(inputs)) + (try learner.keyParts(inputs))
    }

    /// Gives the join stage's records their pairs; the ranks come from the rows the select stage
    /// walked, the concepts' translations from the lexicons (the join stage's cut when it ran).
    package static func run(_ runner: StageRunner) throws -> ExamplesOutput {
        let records = try runner.input(JoinStage.self).records
        let loaded = try runner.lexicons.cut { FormSet(records.map(\.sourceLemma)) }
        let translations = conceptTranslations(
            loaded.translations, of: records, language: runner.pipeline.config.examples?.learnerLanguage ?? "")
        // The lemmatize step's forms: kept in this build when it ran, else read back.
        var forms: [FormLemma] = []
        if runner.pipeline.config.lemmatization != nil {
            forms = runner.output(of: LemmatizeStage.self)?.forms ?? []
            if forms.isEmpty { forms = try LemmatizeStage.loadForms(runner.pipeline) }
        }
        return try run(
            runner.pipeline, records: records, rows: try runner.lemmaRows(), conceptTranslations: translations, listForms: forms,
            digests: runner.digests, pairs: try runner.loadedPairs())
    }

    /// The records and the summary.
    package static func reuse(_ pipeline: Pipeline) throws -> ExamplesOutput { try load(pipeline) }

    /// Only with an `examples` section.
    package static func hasWork(_ pipeline: Pipeline) -> Bool { pipeline.config.examples != nil }
}
