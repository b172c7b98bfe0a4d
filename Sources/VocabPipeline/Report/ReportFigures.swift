import Foundation
import ReleaseFormat
import VocabCore

/// The figures the report's charts draw, beside the build report's counts: parts of speech kept
/// and dropped, card field presence, band sizes, pins. Counts of words only: never a frequency or
/// a rank of the list, so they may stand in the report folder of a list that is not
/// redistributable.
package struct ReportFigures: Codable, Sendable, Equatable {
    /// The list's distinct words per part of speech: kept, dropped while the selection walked the
    /// list, and never reached (the release was full). Rows whose tag the map lacks come last,
    /// as `unknown tag`.
    package var partsOfSpeech: [PartOfSpeechFigure]
    /// How many of the release's words have a definition, an example and a synonym.
    package var presence: Presence
    /// The release's words per frequency band, band 1 first, split by part of speech.
    package var bands: [Band]
    /// Words whose sense a sense pin chose.
    package var pinned: Int

    /// One part of speech of the list.
    package struct PartOfSpeechFigure: Codable, Sendable, Equatable {
        /// `noun`, `verb`, ..., or `unknown tag`.
        package var pos: String
        /// Words of the release.
        package var kept: Int
        /// Words dropped (any reason but not reached).
        package var dropped: Int
        /// Words never reached.
        package var notReached: Int
    }

    /// Card fields present, out of the release's words.
    package struct Presence: Codable, Sendable, Equatable {
        /// The release's words.
        package var words: Int
        /// Words with a definition.
        package var definition: Int
        /// Words with at least one example sentence.
        package var examples: Int
        /// Words with at least one synonym.
        package var synonyms: Int
    }

    /// One frequency band.
    package struct Band: Codable, Sendable, Equatable {
        /// 1 = the most frequent words.
        package var band: Int
        /// Words in the band.
        package var words: Int
        /// Words per part of speech.
        package var partsOfSpeech: [String: Int]
    }

    /// The figures of a build's stage outputs; `bands` is the config's `frequency.bands`.
    init(_ inputs: EmitStage.Inputs, bands: Int) {
        let records = inputs.join.records
        var perPart: [String: PartOfSpeechFigure] = [:]
        func figure(_ pos: String) -> PartOfSpeechFigure { perPart[pos] ?? PartOfSpeechFigure(pos: pos, kept: 0, dropped: 0, notReached: 0) }
        for record in records {
            var entry = figure(record.partOfSpeech.rawValue)
            entry.kept += 1
            perPart[entry.pos] = entry
        }
        // Not-reached words are counted from the select stage's figures: the drops list only the
        // first of them (a list of millions of rows).
        let notReached = inputs.select.summary.notReachedByPartOfSpeech
        for word in inputs.dropped where word.reason != .notReached || notReached == nil {
            var entry = figure(word.partOfSpeech?.rawValue ?? Self.unknownTag)
            if word.reason == .notReached { entry.notReached += 1 } else { entry.dropped += 1 }
            perPart[entry.pos] = entry
        }
        for (pos, count) in notReached ?? [:] {
            var entry = figure(pos)
            entry.notReached += count
            perPart[pos] = entry
        }
        partsOfSpeech = (PartOfSpeech.allCases.map(\.rawValue) + [Self.unknownTag]).compactMap { perPart[$0] }

        presence = Presence(
            words: records.count, definition: records.filter { $0.definition != nil }.count,
            examples: records.filter { !$0.examples.isEmpty }.count, synonyms: records.filter { !$0.synonyms.isEmpty }.count)

        var perBand: [Int: Band] = [:]
        for (index, record) in records.enumerated() {
            let band = FrequencyBands.band(rank: index + 1, count: records.count, bands: bands)
            var entry = perBand[band] ?? Band(band: band, words: 0, partsOfSpeech: [:])
            entry.words += 1
            entry.partsOfSpeech[record.partOfSpeech.rawValue, default: 0] += 1
            perBand[band] = entry
        }
        self.bands = perBand.keys.sorted().map { perBand[$0]! }
        pinned = records.filter { $0.provenance.pinned }.count
    }

    /// The label of rows whose tag the config's map lacks.
    package static let unknownTag = "unknown tag"
}
