import Foundation
import ReleaseFormat
import VocabCore

/// `report.md`: the build report as a short pull-request comment (GitHub Markdown): the verdict,
/// the gates, the headline figures and, with `--previous`, the changed words (the first
/// ``wordLimit``, folded away). Values from the inputs are escaped so they stay text in a table.
struct ReportMarkdown {
    let report: BuildReport

    /// Changed words listed at most; the rest are counted.
    static let wordLimit = 100

    init(_ report: BuildReport) { self.report = report }

    /// The comment.
    var text: String {
        var lines: [String] = []
        let name = "\(Self.cell(report.dataset)) \(Self.cell(report.version))"
        if let gates = report.gates, !gates.passed {
            lines.append("### ❌ \(name): not published, \(gates.failures.count) of \(gates.results.count) gates failed")
        } else if report.release != nil {
            lines.append("### ✅ \(name): built" + ((report.gates?.results.isEmpty ?? true) ? "" : ", every gate met"))
        } else {
            lines.append("### \(name): not published")
        }
        lines.append("")
        if let gates = report.gates, !gates.results.isEmpty {
            lines += ["| gate | value | threshold | result |", "| --- | ---: | ---: | --- |"]
            for gate in gates.results {
                let mark = switch gate.status { case .passed: "✅ passed"; case .failed: "❌ failed"; case .skipped: "➖ skipped" }
                let value = gate.value.map { GateResult.format($0, unit: gate.unit) } ?? "–"
                lines.append("| \(Self.cell(gate.gate)) | \(value) | \(gate.comparison) \(GateResult.format(gate.threshold, unit: gate.unit)) | \(mark)\(gate.note.map { " (\(Self.cell($0)))" } ?? "") |")
            }
            lines.append("")
        }
        lines.append(headline)
        lines += reviewLines
        if let previous = report.previous { lines += comparison(previous) }
        lines += wordLines
        for warning in report.warnings { lines.append("- ⚠️ \(Self.cell(warning))") }
        return lines.joined(separator: "\n") + "\n"
    }

    private var headline: String {
        let counts = report.counts
        var parts = ["**\(counts.words) words**"]
        let pos = PartOfSpeech.allCases.compactMap { pos in counts.partsOfSpeech[pos.rawValue].map { "\(pos.rawValue) \($0)" } }
        if !pos.isEmpty { parts[0] += " (" + pos.joined(separator: ", ") + ")" }
        for (language, share) in report.coverage.stablySorted(by: { $0.key < $1.key }) {
            parts.append("\(Self.cell(language)) \(GateResult.format(QualityGates.percent(share.translated, of: share.words), unit: "%")) translated")
        }
        if let presence = report.figures?.presence, presence.words > 0 {
            for field in CardField.presenceFields {
                guard let label = field.presence?.summary else { continue }
                parts.append("\(label) \(GateResult.format(QualityGates.percent(presence.count(field), of: presence.words), unit: "%"))")
            }
        }
        if let definitions = report.figures?.definitions, !definitions.gloss.isEmpty, counts.words > 0 {
            parts.append("definitions \(GateResult.format(QualityGates.percent(definitions.source, of: counts.words), unit: "%")) from the lexicon, "
                + definitions.gloss.stablySorted { $0.key < $1.key }.map { language, count in
                    "\(GateResult.format(QualityGates.percent(count, of: counts.words), unit: "%")) from glosses (\(Self.cell(language)))"
                }.joined(separator: ", "))
        }
        if let examples = report.figures?.examples, counts.words > 0 {
            func share(_ count: Int) -> String { GateResult.format(QualityGates.percent(count, of: counts.words), unit: "%") }
            parts.append("examples \(share(examples.lexicon)) from the lexicon, \(share(examples.pairs)) with a sentence pair "
                + "(\(Self.cell(examples.source))), \(share(examples.sameSense)) of the card's sense")
        }
        if let forms = report.figures?.forms, counts.words > 0 {
            parts.append("\(GateResult.format(QualityGates.percent(forms.words, of: counts.words), unit: "%")) of the words with forms a learner reads (\(forms.forms))")
        }
        if let pronounced = report.figures?.pronunciations, counts.words > 0 {
            parts.append("pronunciations \(GateResult.format(QualityGates.percent(pronounced.lexicon, of: counts.words), unit: "%")) from the lexicon, "
                + "\(GateResult.format(QualityGates.percent(pronounced.generated, of: counts.words), unit: "%")) generated")
        }
        if let readings = report.figures?.readings, counts.words > 0 {
            parts.append("readings \(GateResult.format(QualityGates.percent(readings.read, of: counts.words), unit: "%"))"
                + (readings.unread.isEmpty ? "" : ", \(readings.unread.count) without one (\(ReportFiles.withoutReading))"))
        }
        if let lemmatization = report.lemmatization {
            parts.append("lemmatization: \(lemmatization.formsRead) forms, lemmatized by \(lemmatization.lemmatizedBySource), "
                + "function words \(lemmatization.closedClass ?? 0), no lemma \(lemmatization.noLemma)")
        }
        if let coverage = report.translationCoverage, counts.words > 0 {
            for language in coverage.bySource.keys.stablySorted() where coverage.bySource[language]!.count > 1 {
                parts.append("\(Self.cell(language)) by source: " + coverage.bySource[language]!.stablySorted { $0.key < $1.key }
                    .map { "\(Self.cell($0.key)) \(GateResult.format(QualityGates.percent($0.value, of: counts.words), unit: "%"))" }
                    .joined(separator: ", "))
            }
        }
        let moved = report.senses?.moved ?? counts.senseMoved
        if moved > 0 { parts.append("\(moved) cards moved to a later sense (moved-senses.tsv)") }
        if let review = report.senses?.review, !review.isEmpty {
            parts.append("senses ranked over the lexicon's first \(review["ranked"] ?? 0), implausible \(review["implausible"] ?? 0), "
                + "moves refused \(review["refused-move"] ?? 0) (sense-review.tsv)")
        }
        if let license = report.license { parts.append("licence \(Self.cell(license))") }
        let drops = counts.dropped.stablySorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        if !drops.isEmpty { parts.append("dropped: " + drops.joined(separator: ", ")) }
        if let pinned = report.figures?.pinned, pinned > 0 { parts.append("\(pinned) senses pinned") }
        return parts.joined(separator: " · ")
    }

    private func comparison(_ previous: ReleaseComparison) -> [String] {
        var lines = ["", "**Against \(Self.cell(previous.previous))**: \(previous.added) added, \(previous.removed) removed, "
            + "\(previous.changed) changed in content, " + (previous.bandMoves.map { "\($0) moved band, " } ?? "")
            + "\(previous.unchanged) unchanged; suggested bump **\(previous.suggestedBump)**"]
        if let warning = previous.versionWarning { lines.append("- ⚠️ \(Self.cell(warning))") }
        if !previous.pins.isEmpty {
            lines += ["", "| sense pin | change | concept | definition now |", "| --- | --- | --- | --- |"]
            for pin in previous.pins {
                lines.append("| \(Self.cell(pin.lemma))/\(pin.pos.rawValue) | \(pin.change) | \(Self.cell(pin.oldILI ?? "–")) → \(Self.cell(pin.newILI ?? "–")) | \(Self.cell(pin.definition ?? "")) |")
            }
        }
        let words = previous.words.filter { $0.change != "moved" }
        guard !words.isEmpty else { return lines }
        lines += ["", "<details><summary>\(words.count) words added, removed or changed</summary>", "",
                  "| word | change | what | definition before → now |", "| --- | --- | --- | --- |"]
        for word in words.prefix(Self.wordLimit) {
            let definitions = word.oldDefinition == nil && word.newDefinition == nil ? ""
                : "\(Self.cell(word.oldDefinition ?? "–")) → \(Self.cell(word.newDefinition ?? "–"))"
            lines.append("| \(Self.cell(word.lemma))/\(word.pos.rawValue) | \(word.change) | \(Self.cell(word.details.joined(separator: ", "))) | \(definitions) |")
        }
        if words.count > Self.wordLimit {
            lines.append("")
            lines.append("\(words.count - Self.wordLimit) more in build-report.json.")
        }
        lines += ["", "</details>"]
        return lines
    }

    /// `text` safe inside a Markdown table cell: HTML special characters as references, `|`, `` ` ``,
    /// `*`, `_`, `[`, `]` and `\` escaped, line breaks as spaces.
    static func cell(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "|", "`", "*", "_", "[", "]", "\\": out += "\\\(character)"
            case "\n", "\r", "\t": out += " "
            default: out.append(character)
            }
        }
        return out
    }
}
