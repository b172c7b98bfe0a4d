import Foundation
import Morphology
import VocabCore

/// The config's `reading` as the join and dictionary stages apply it: the learned language's
/// analyzer (the lemmatize step's, else the examples' learned analyzer; none for a config without
/// either) and the section's transform, opened once a stage (Morphology's `LemmaReading` is the
/// rule).
enum CardReadings {
    /// The analyzer that reads the learned language: `lemmatization.analyzer`, else
    /// `examples.learnedAnalyzer`; nil for neither (the lemma is then its own reading's text).
    static func analyzer(_ pipeline: Pipeline) -> AnalyzerInput? {
        pipeline.learnedAnalyzer.map { AnalyzerInput(config: $0, url: pipeline.analyzerInput($0)) }
    }

    /// The rule for `pipeline`'s config, its analyzer and transform opened; nil without a `reading`
    /// section.
    ///
    /// - throws: `MorphologyError`: the analyzer's (as the lemmatize step's), or `.unknownTransform`
    ///   for a transform id ICU does not know.
    static func reading(_ pipeline: Pipeline) throws -> LemmaReading? {
        guard let section = pipeline.config.reading else { return nil }
        let input = analyzer(pipeline)
        return LemmaReading(
            analyzer: try input?.open(), config: input?.config, transform: try section.transform.map { try Transliterator(id: $0) })
    }

    /// What a card's reading depends on, for the join's and the dictionary's keys: the section,
    /// the analyzer's config, engine version and files, and ICU's version (its transforms); none
    /// without a `reading` section, so that the keys of configs without one are unchanged.
    static func keyParts(_ inputs: StageKeys.Inputs) throws -> [String] {
        guard let section = inputs.config.reading else { return [] }
        let input = analyzer(inputs.pipeline)
        return ["reading", try inputs.json(section), "icu \(ICUWordSegmenter.libraryVersion)"]
            + (try input.map { [try inputs.json($0.config)] + (try $0.keyParts(inputs)) } ?? ["-"])
    }
}
