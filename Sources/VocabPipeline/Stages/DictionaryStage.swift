import Foundation
import StageJoin
import VocabCore
import WNLMF

/// The dictionary stage's figures.
public struct DictionaryFigures: StageFigures {
    /// The dictionary stage.
    public static let stage = StageName.dictionary
    /// Entries with a card (every entry of the source lexicon that has a sense).
    public var entries: Int
    /// Entries per part of speech.
    public var partsOfSpeech: [String: Int]
    /// Entries with at least one translation, per target language.
    public var translated: [String: Int]
}

/// The dictionary stage's `stage.json`.
public typealias DictionarySummary = StageSummary<DictionaryFigures>

/// The dictionary stage with its artifacts: `dictionary/entries.jsonl` and `dictionary/stage.json`.
public struct DictionaryOutput: Sendable {
    /// One card per entry of the source lexicon, in document order (`dictionary/entries.jsonl`).
    public var cards: [WordCard]
    /// The stage's `dictionary/stage.json`.
    public var summary: DictionarySummary
}

/// Runs the dictionary stage: every entry of the source lexicon (all parts of speech) gets the
/// card a release word gets (``SenseJoiner/card(of:sourceLemma:partOfSpeech:source:targets:policy:)``,
/// the same translation policy), for the dictionary service. It reads the lexicons only,
/// never the frequency list.
public enum DictionaryStage {
    /// The cards of every entry of `source` with a sense, in document order.
    public static func run(
        _ pipeline: Pipeline, source: LexiconSources.Loaded, translations: [(language: String, loaded: LexiconSources.Loaded)]
    ) throws -> DictionaryOutput {
        let targets = LexiconSources.translationSources(translations)
        let policy = pipeline.config.translation.policy
        let (cards, seconds) = try measure {
            var cards: [WordCard] = []
            cards.reserveCapacity(source.lexicon.entries.count)
            for entry in source.lexicon.entries where !entry.senses.isEmpty {
                cards.append(try SenseJoiner.card(
                    of: entry, sourceLemma: entry.writtenForm, partOfSpeech: entry.partOfSpeech.coarse,
                    source: source.lexicon, targets: targets, policy: policy))
            }
            return cards
        }
        var translated = Dictionary(uniqueKeysWithValues: targets.map { ($0.language, 0) })
        for card in cards {
            for translation in card.translations where !translation.lemmas.isEmpty { translated[translation.language, default: 0] += 1 }
        }
        let summary = DictionarySummary(
            sources: [source.source] + translations.map(\.loaded.source), seconds: seconds,
            DictionaryFigures(
                entries: cards.count,
                partsOfSpeech: Dictionary(grouping: cards, by: \.partOfSpeech.rawValue).mapValues(\.count),
                translated: translated))
        return DictionaryOutput(cards: cards, summary: summary)
    }

    /// Writes `entries.jsonl` and `stage.json`.
    public static func write(_ output: DictionaryOutput, _ pipeline: Pipeline) throws {
        let folder = StageFolder(pipeline, .dictionary)
        try folder.write(output.cards, "entries.jsonl")
        try output.summary.write(to: folder)
    }

    /// Reads the artifacts back.
    public static func load(_ pipeline: Pipeline) throws -> DictionaryOutput {
        let folder = StageFolder(pipeline, .dictionary)
        return DictionaryOutput(cards: try folder.read(WordCard.self, "entries.jsonl"), summary: try .read(from: folder.url))
    }
}

extension DictionaryStage: StandaloneStage {
    /// The dictionary stage.
    public static let name = StageName.dictionary

    /// Gives every entry of the source lexicon its card and writes `dictionary/`.
    public static func runAlone(_ pipeline: Pipeline) throws -> String {
        let digests = FileDigests()
        try SourcePins.verify(pipeline, roles: [.lexicon, .translation], digests: digests)
        let lexicons = try LexiconSources.loadAll(pipeline, digests: digests)
        let output = try run(pipeline, source: lexicons.source, translations: lexicons.translations)
        try write(output, pipeline)
        return "dictionary: \(output.cards.count) entries → \(pipeline.stageFolder(.dictionary).path)"
    }
}
