import Foundation
import Phonemes
import StageJoin
import VocabCore
import WNLMF

/// The join stage's figures.
package struct JoinFigures: StageFigures {
    /// The join stage.
    package static let stage = StageName.join
    /// BCP 47 tag of the source lexicon's language: the words' language.
    package var sourceLanguage: String
    /// Records joined.
    package var records: Int
    /// Records per part of speech.
    package var partsOfSpeech: [String: Int]
    /// Records with at least one translation, per target language.
    package var translated: [String: Int]
    /// Records whose emitted sense is not the entry's first (ranked through the ILI, or moved by
    /// policy `sense`), pinned words aside.
    package var senseMoved: Int
    /// Records whose sense a sense pin chose (nil in a `stage.json` written before pins).
    package var pinned: Int?
    /// Records with the lexicon's pronunciations, with a generated one, and the lemmas the engine
    /// could not transcribe (nil in a `stage.json` written before pronunciations).
    package var pronunciations: PronunciationFill.Figures?
    /// The engine that generated pronunciations; nil without the config's `pronunciation`.
    package var pronunciationEngine: PronunciationEngine?
    /// Records given a reading, and the lemmas of those given none; nil without the config's
    /// `reading` (and in a `stage.json` written before readings).
    package var readings: ReadingFill.Figures?
    /// Records with a definition, per definition language: the source lexicon's and the gloss
    /// lexicon's (nil in a `stage.json` written before glosses).
    package var definitionLanguages: [String: Int]?
    /// What the report's review of sense-pin candidates needs from the lexicons (``SenseHints``):
    /// case-variant entries, later senses translated where the chosen one is not (nil in a
    /// `stage.json` written before the review).
    package var senseHints: [SenseHint]?
    /// Coverage by target language, by translation lexicon and by policy (nil in a `stage.json`
    /// written before translation sources).
    package var coverage: TranslationCoverage?
    /// How the source's senses were ordered (``SenseOrdering``): `frequency`, `lexicon`, or
    /// `evidence <id:version>` of the lexicon that ranked them (nil in a `stage.json` written
    /// before the ranking).
    package var senseOrder: String?
    /// What the sense ranking found, per ``SenseReview/Kind`` (`ranked`, `implausible`,
    /// `refused-move`): the lines of `join/sense-review.jsonl` (nil in a `stage.json` written
    /// before the ranking).
    package var senseReview: [String: Int]?
    /// Words whose card left the release (reason `implausible-sense`), and the reserve's words the
    /// join went on to in their place (nil in a `stage.json` written before them).
    package var leftOut: Int?
    package var reserveTaken: Int?
    /// With layered source lexicons (`lexicon` an array): records per source lexicon `id:version`,
    /// the one each card's entry comes from; nil for one source lexicon.
    package var sourceLexicons: [String: Int]?
}

/// The join stage's `stage.json`.
package typealias JoinSummary = StageSummary<JoinFigures>

/// The join stage with its artifacts: `join/records.jsonl` and `join/stage.json`.
package struct JoinOutput: Sendable {
    /// One record per selected word, in rank order (`join/records.jsonl`).
    package var records: [WordRecord]
    /// The stage's `join/stage.json`.
    package var summary: JoinSummary
    /// The cards moved to a later sense (policy `sense`), in rank order (`join/moved.jsonl`).
    package var moved: [MovedSense] = []
    /// What the sense ranking found, in rank order (`join/sense-review.jsonl`).
    package var reviews: [SenseReview] = []
    /// The words whose card left the release, in rank order (`join/left-out.jsonl`).
    package var leftOut: [LeftOutWord] = []
}

/// Runs the join stage, writes and reads back its artifacts.
package enum JoinStage {
    /// Joins the selected words with the loaded lexicons, going on to the `reserve`'s words in the
    /// place of cards the evidence leaves out.
    package static func run(
        _ pipeline: Pipeline, selected: [SelectedWord], reserve: [SelectedWord] = [], source: LexiconSources.Loaded,
        translations: [(language: String, loaded: LexiconSources.Loaded)], glosses: LexiconSources.LoadedGlosses? = nil,
        ordering: SenseOrdering = .lexicon, pairs: ExamplesStage.LoadedPairs? = nil
    ) throws -> JoinOutput {
        let ((result, pronounced, hints, read), seconds) = try measure {
            let targets = LexiconSources.translationSources(translations, pipeline)
            let words = selected + reserve
            let evidence = pairs?.evidence(pipeline, words: words.map { ($0.lemma, $0.sourceLemma, $0.partOfSpeech) })
            var result = try SenseJoiner.join(
                words, count: selected.count, source: source.lexicon, targets: targets,
                policy: pipeline.config.translation.policy, maxSenseRank: pipeline.config.translation.maxSenseRank,
                glosses: glosses?.glosses, ordering: ordering, evidence: evidence)
            // The reading first: a pronunciation is made from it where the config gives one.
            let reading = try CardReadings.reading(pipeline)
            let read = reading.map { reading in ReadingFill.fill(&result.records) { reading.reading(of: $0, partOfSpeech: $1) } }
            let pronounced = try pronounce(&result.records, pipeline.config.pronunciation, fromReading: reading != nil)
            return (result, pronounced, SenseHints.hints(result.records, source: source.lexicon, targets: targets, ordering: ordering), read)
        }
        let summary = JoinSummary(
            sources: source.sources + translations.map(\.loaded.source) + [glosses?.source].compactMap { $0 }, seconds: seconds,
            JoinFigures(
                sourceLanguage: source.lexicon.info.language, records: result.records.count,
                partsOfSpeech: Dictionary(grouping: result.records, by: \.partOfSpeech.rawValue).mapValues(\.count),
                translated: result.translated, senseMoved: result.senseMoved, pinned: result.pinned,
                pronunciations: pronounced.figures, pronunciationEngine: pronounced.engine, readings: read,
                definitionLanguages: Dictionary(grouping: result.records.compactMap(\.definitionLanguage)) { $0 }.mapValues(\.count),
                senseHints: hints, coverage: result.coverage, senseOrder: describe(ordering),
                senseReview: Dictionary(grouping: result.reviews, by: \.kind.rawValue).mapValues(\.count),
                leftOut: result.leftOut.count, reserveTaken: result.reserveTaken,
                sourceLexicons: source.layerSources.isEmpty ? nil : Dictionary(grouping: result.records, by: \.provenance.lexicon).mapValues(\.count)))
        return JoinOutput(records: result.records, summary: summary, moved: result.moved, reviews: result.reviews, leftOut: result.leftOut)
    }

    /// `frequency`, `lexicon`, or `evidence <id:version>`.
    static func describe(_ ordering: SenseOrdering) -> String {
        switch ordering {
        case .lexicon: "lexicon"
        case .frequency: "frequency"
        case .evidence(let evidence): "evidence \(evidence.info.idVersion)"
        }
    }

    /// Generated pronunciations (``PronunciationFill``) for the records whose entry has none in
    /// the lexicon, with the config's voice, made from each record's reading when `fromReading`
    /// (the config's `reading`); without `pronunciation`, the lexicon's are counted only. An
    /// engine that cannot start is a ``PhonemeError`` (the build stops).
    static func pronounce(
        _ records: inout [WordRecord], _ config: PronunciationConfig?, fromReading: Bool = false
    ) throws -> (figures: PronunciationFill.Figures, engine: PronunciationEngine?) {
        guard let config else {
            return (PronunciationFill.Figures(lexicon: records.count { !$0.card.pronunciations.isEmpty }), nil)
        }
        let engine = try PhonemeEngine(voice: config.voice)
        let figures = try PronunciationFill.fill(&records, skipFailures: config.onFailure == .skip, fromReading: fromReading) {
            try engine.transcribe($0)
        }
        return (figures, PronunciationEngine(
            name: PhonemeEngine.engineName, version: engine.engineVersion, voice: config.voice, voiceIdentifier: engine.voiceIdentifier))
    }

    /// Writes `records.jsonl` and `stage.json`.
    package static func write(_ output: JoinOutput, _ pipeline: Pipeline) throws {
        let folder = StageFolder(pipeline, .join)
        try folder.write(output.records, "records.jsonl")
        try folder.write(output.moved, "moved.jsonl")
        try folder.write(output.reviews, reviewFile)
        try folder.write(output.leftOut, leftOutFile)
        try output.summary.write(to: folder)
    }

    /// Reads the artifacts back.
    package static func load(_ pipeline: Pipeline) throws -> JoinOutput {
        let folder = StageFolder(pipeline, .join)
        return JoinOutput(
            records: try folder.read(WordRecord.self, "records.jsonl"), summary: try .read(from: folder.url),
            moved: try folder.read(MovedSense.self, "moved.jsonl"), reviews: try folder.read(SenseReview.self, reviewFile),
            leftOut: try folder.read(LeftOutWord.self, leftOutFile))
    }

    /// `left-out.jsonl`: the words whose card left the release (``LeftOutWord``).
    static let leftOutFile = "left-out.jsonl"

    /// `sense-review.jsonl`: what the sense ranking found (``SenseReview``).
    static let reviewFile = "sense-review.jsonl"
}

extension JoinStage: PipelineStage {
    /// The join stage.
    package static let name = StageName.join
    /// Every lexicon.
    package static let inputRoles: [SourceFile.Role] = [.lexicon, .translation, .gloss]

    /// `3000 records`.
    package static func describe(_ output: JoinOutput) -> String { "\(output.records.count) records" }

    /// Over the select key, `translation`, `translations`, the translation lexicons and `glosses`
    /// with its lexicon.
    package static func keyParts(_ inputs: StageKeys.Inputs) throws -> [String]? {
        let config = inputs.config
        // "sources": records carry each translation's lexicon (a join before that is not reused).
        // "senseOrder": a source may be ranked through the ILI (a join before that is not reused).
        // "reserve": cards the evidence leaves out are replaced from the selection's reserve.
        return ["join", "sources", "senseOrder", "reserve", inputs.key(.select), try inputs.json(config.translation), try inputs.json(config.translations)]
            + (try config.translations.map { try inputs.file(inputs.pipeline.translationFile($0)) })
            + (try config.glosses.map { ["glosses", try inputs.json($0), try inputs.file(inputs.pipeline.translationFile($0))] } ?? [])
            // The engine's version: another version may transcribe differently.
            + (try config.pronunciation.map { ["pronunciation", try inputs.json($0), try PhonemeEngine(voice: $0.voice).engineVersion] } ?? [])
            // The sentence pairs order the translations and weigh doubted senses.
            + (try ExamplesStage.pairKeyParts(inputs).map { ["pairs"] + $0 } ?? [])
            // The readings, and the pronunciations made from them.
            + (try CardReadings.keyParts(inputs))
    }

    /// Joins the selected words; their entries are all it looks up.
    package static func run(_ runner: StageRunner) throws -> JoinOutput {
        let selection = try runner.input(SelectStage.self).result
        let (selected, reserve) = (selection.selected, selection.reserve)
        let loaded = try runner.lexicons.cut { FormSet((selected + reserve).map(\.sourceLemma)) }
        return try run(
            runner.pipeline, selected: selected, reserve: reserve, source: loaded.source, translations: loaded.translations, glosses: try runner.lexicons.glosses(),
            ordering: try runner.lexicons.ordering(source: loaded.source, translations: loaded.translations), pairs: try runner.loadedPairs())
    }

    /// The records and the summary.
    package static func reuse(_ pipeline: Pipeline) throws -> JoinOutput { try load(pipeline) }
}
