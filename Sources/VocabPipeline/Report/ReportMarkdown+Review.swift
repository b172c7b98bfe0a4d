import Foundation
import VocabCore

// The parts of `report.md` that name words: the sense-pin candidates by kind (folded, the first
// ``ReportMarkdown/reviewLimit`` with their cards), the words dropped and untranslated, the pins
// applied, the dictionary's figures and the sources. Short enough for a pull-request comment
// (GitHub takes 65,536 characters): report.html and build-report.json have the rest.
extension ReportMarkdown {
    /// Candidates listed per kind, with their cards.
    static let reviewLimit = 15

    var reviewLines: [String] {
        guard let review = report.review else { return [] }
        var lines = ["", "**Review: \(review.candidates.count) sense-pin candidates** (" + ReviewCandidates.Kind.allCases.map {
            "\($0.rawValue) \(review.of($0).count)"
        }.joined(separator: ", ") + ")"]
        for kind in ReviewCandidates.Kind.allCases {
            let candidates = review.of(kind)
            guard !candidates.isEmpty else { continue }
            lines += ["", "<details><summary>\(Self.cell(kind.title)) (\(candidates.count))</summary>", "",
                      "| word | finding | card | a pin could choose |", "| --- | --- | --- | --- |"]
            for candidate in candidates.prefix(Self.reviewLimit) {
                let options = candidate.options.map { option in
                    (option.ili.map { "`\(candidate.card.pinLine($0))`" } ?? "no ILI") + " \(Self.cell(option.lemma)) #\(option.senseRank) "
                        + Self.cell(option.definition ?? "")
                }.joined(separator: "<br>")
                lines.append("| \(Self.cell(candidate.card.word)) | \(Self.cell(candidate.reason)) | \(Self.card(candidate.card)) | \(options) |")
            }
            if candidates.count > Self.reviewLimit { lines += ["", "\(candidates.count - Self.reviewLimit) more in report.html."] }
            lines += ["", "</details>"]
        }
        return lines
    }

    var wordLines: [String] {
        guard let words = report.words else { return [] }
        var lines: [String] = []
        for (reason, list) in words.dropped.stablySorted(by: { $0.key < $1.key }) {
            lines += Self.folded("Dropped (\(reason))", list)
        }
        for (language, list) in words.untranslated.stablySorted(by: { $0.key < $1.key }) {
            lines += Self.folded("Without a translation into \(language)", list)
        }
        if !words.pinned.isEmpty {
            lines += Self.folded("Sense pins applied", words.pinned.map { "\($0.word) → \($0.ili ?? "?") \($0.definition ?? "")" })
        }
        if let dictionary = report.previous?.dictionary {
            lines += ["", "**Dictionary**: \(dictionary.oldEntries.map(String.init) ?? "none") → \(dictionary.newEntries.map(String.init) ?? "none") entries, "
                + "\(dictionary.added.count) added, \(dictionary.removed.count) removed, \(dictionary.changed.count) changed"]
        } else if let entries = report.counts.dictionaryEntries {
            lines += ["", "**Dictionary**: \(entries) entries"]
        }
        if let provenance = report.provenance {
            lines += ["", "<details><summary>Provenance: \(Self.cell(provenance.tool)), release schema \(provenance.schemaVersion)</summary>", "",
                      "| source | label, version | licence | bytes | SHA-256 |", "| --- | --- | --- | ---: | --- |"]
            for source in provenance.sources {
                let label = [source.title, source.lexicon].compactMap { $0 }.joined(separator: " · ")
                let licence = [source.license?.name, source.license?.title].compactMap { $0 }.joined(separator: " · ")
                lines.append("| \(source.role.rawValue) `\(Self.cell(source.path))` | \(Self.cell(label)) | \(Self.cell(licence)) | \(source.bytes) | `\(source.sha256)` |")
            }
            lines += ["", "</details>"]
        }
        return lines
    }

    /// A card in one table cell.
    static func card(_ card: ReportCard) -> String {
        var parts = ["#\(card.senseRank) \(cell(card.ili ?? "no ILI"))" + (card.pinned ? " (pinned)" : ""), cell(card.definition ?? "(no definition)")]
        let translations = card.translations.stablySorted { $0.key < $1.key }.map { "\(cell($0.key)): \($0.value.isEmpty ? "–" : cell($0.value.prefix(4).joined(separator: ", ")))" }
        if !translations.isEmpty { parts.append(translations.joined(separator: "; ")) }
        return parts.joined(separator: "<br>")
    }

    /// A folded list of words (the first ``wordLimit``).
    static func folded(_ title: String, _ words: [String]) -> [String] {
        guard !words.isEmpty else { return [] }
        var text = words.prefix(wordLimit).map(cell).joined(separator: ", ")
        if words.count > wordLimit { text += ", … (\(words.count - wordLimit) more in report.html)" }
        return ["", "<details><summary>\(cell(title)): \(words.count)</summary>", "", text, "", "</details>"]
    }
}
