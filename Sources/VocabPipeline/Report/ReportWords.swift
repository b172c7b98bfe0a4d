import Foundation
import VocabCore

/// The words behind the report's counts, named: the words dropped per reason (the stop-listed
/// among them), the released words without a translation per target language, and the sense
/// pins applied with their cards. Words and reasons only: no frequency and no rank of the list.
package struct ReportWords: Codable, Sendable, Equatable {
    /// Per drop reason (`no-entry`, `stoplisted`, ...; `not-reached` aside, listed in
    /// `exclusions.json`): the words as the list spells them, `word/pos` (`word/?` for a tag the
    /// config does not map), in list order.
    package var dropped: [String: [String]]
    /// Per target language: the released words (`lemma/pos`) without a translation into it, in
    /// release order.
    package var untranslated: [String: [String]]
    /// The words whose sense a sense pin chose, with their cards, in release order.
    package var pinned: [ReportCard]

    /// The words of a build's stage outputs.
    init(_ inputs: EmitStage.Inputs, targetLanguages: [String]) {
        var dropped: [String: [String]] = [:]
        for word in inputs.dropped where word.reason != .notReached {
            dropped[word.reason.rawValue, default: []].append("\(word.sourceLemma)/\(word.partOfSpeech?.rawValue ?? "?")")
        }
        self.dropped = dropped
        let records = inputs.records
        untranslated = Dictionary(uniqueKeysWithValues: targetLanguages.map { language in
            (language, records.filter { $0.translations(for: language).isEmpty }.map { "\($0.lemma)/\($0.partOfSpeech.rawValue)" })
        })
        let sourceLanguage = inputs.join.summary.sourceLanguage
        pinned = records.filter(\.provenance.pinned).map { ReportCard($0.card, sourceLanguage: sourceLanguage) }
    }

    /// The stop-listed words.
    package var stoplisted: [String] { dropped[DropReason.stoplisted.rawValue] ?? [] }
}
