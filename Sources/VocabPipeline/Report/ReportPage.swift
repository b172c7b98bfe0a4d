import Foundation
import ReleaseFormat
import VocabCore

/// `report.html`: the build report as one self-contained page a person reads in a minute — no
/// script, no external stylesheet, font or image (inline SVG charts), a print stylesheet, every
/// value from the inputs escaped. Built from the ``BuildReport`` alone, so the page and
/// `build-report.json` never disagree.
struct ReportPage {
    let report: BuildReport

    init(_ report: BuildReport) { self.report = report }

    /// The page.
    var html: String {
        let title = "\(report.dataset) \(report.version): build report"
        var body = [
            header, gatesSection, reviewSection, previousSection, lemmatizationSection, partsOfSpeechSection, dropsSection,
            coverageSection, presenceSection, wordsSection, dictionarySection, provenanceSection, timesSection,
        ].joined()
        if !report.warnings.isEmpty {
            body += section("Warnings", "<ul>" + report.warnings.map { "<li>\(HTMLText.escape($0))</li>" }.joined() + "</ul>")
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLText.escape(title))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    // MARK: Sections

    private var header: String {
        let counts = report.counts
        var status: String
        if let gates = report.gates, !gates.passed {
            status = #"<p class="status failed">Not published: \#(gates.failures.count) of \#(gates.results.count) gates failed (below). The release folder was left as it was.</p>"#
        } else if let release = report.release {
            status = #"<p class="status passed">Published to <code>\#(HTMLText.escape(release))</code>"#
                + ((report.gates?.results.isEmpty ?? true) ? "" : ", every gate met") + ".</p>"
        } else {
            status = #"<p class="status">Not published.</p>"#
        }
        if let folder = report.report { status += "<p class=\"muted\">Report folder <code>\(HTMLText.escape(folder))</code> (for CI logs, never for publishing).</p>" }
        var tiles = [("words in the release", HTMLText.count(counts.words)),
                     ("distinct words in the list", HTMLText.count(counts.distinctWords)),
                     ("not reached (outside the top N)", HTMLText.count(report.notReached))]
        for (language, share) in report.coverage.stablySorted(by: { $0.key < $1.key }) {
            tiles.append(("translated into \(language)", HTMLText.percent(QualityGates.percent(share.translated, of: share.words))))
        }
        if let entries = counts.dictionaryEntries { tiles.append(("dictionary entries", HTMLText.count(entries))) }
        if let pinned = report.figures?.pinned, pinned > 0 { tiles.append(("senses pinned", HTMLText.count(pinned))) }
        if let review = report.review { tiles.append(("sense-pin candidates to review", HTMLText.count(review.candidates.count))) }
        let tileHTML = tiles.map { #"<div class="tile"><b>\#($0.1)</b><span>\#(HTMLText.escape($0.0))</span></div>"# }.joined()
        return "<header><h1>\(HTMLText.escape(report.dataset)) \(HTMLText.escape(report.version))</h1>\(status)<div class=\"tiles\">\(tileHTML)</div></header>\n"
    }

    private var gatesSection: String {
        guard let gates = report.gates, !gates.results.isEmpty else {
            return section("Gates", "<p class=\"muted\">The config sets no gate (<code>gates</code> in pipeline.json).</p>")
        }
        let rows = gates.results.map { gate -> String in
            let mark = switch gate.status { case .passed: "✓ passed"; case .failed: "✗ failed"; case .skipped: "– skipped" }
            let value = gate.value.map { GateResult.format($0, unit: gate.unit) } ?? "not evaluated"
            return "<tr class=\"\(gate.status.rawValue)\"><td><code>\(HTMLText.escape(gate.gate))</code></td><td class=\"num\">\(HTMLText.escape(value))</td>"
                + "<td class=\"num\">\(gate.comparison) \(HTMLText.escape(GateResult.format(gate.threshold, unit: gate.unit)))</td>"
                + "<td>\(mark)\(gate.note.map { " (\(HTMLText.escape($0)))" } ?? "")</td></tr>"
        }
        return section("Gates", "<table><thead><tr><th>gate</th><th>value</th><th>threshold</th><th>result</th></tr></thead><tbody>"
            + rows.joined() + "</tbody></table>")
    }

    private var partsOfSpeechSection: String {
        guard let figures = report.figures, !figures.partsOfSpeech.isEmpty else { return "" }
        let chart = BarChart(
            title: "Distinct words of the frequency list per part of speech: kept, dropped, not reached",
            rows: figures.partsOfSpeech.map { part in
                BarChart.Row(label: part.pos, segments: [
                    .init(value: Double(part.kept), style: "kept", label: "\(part.kept) kept"),
                    .init(value: Double(part.dropped), style: "dropped", label: "\(part.dropped) dropped"),
                    .init(value: Double(part.notReached), style: "unreached", label: "\(part.notReached) not reached"),
                ], note: "\(HTMLText.count(part.kept)) kept, \(HTMLText.count(part.dropped)) dropped, \(HTMLText.count(part.notReached)) not reached")
            },
            legend: [("kept", "kept"), ("dropped", "dropped"), ("unreached", "not reached")])
        return section("Parts of speech kept and dropped", chart.svg)
    }

    private var dropsSection: String {
        let drops = report.counts.dropped.stablySorted { $0.key < $1.key }
        guard !drops.isEmpty else { return section("Drops by reason", "<p class=\"muted\">No word was dropped.</p>") }
        let considered = report.counts.words + drops.reduce(0) { $0 + $1.value }
        let limits = Dictionary(uniqueKeysWithValues: (report.gates?.results ?? [])
            .filter { $0.gate.hasPrefix("maximumDropShare.") }.map { (String($0.gate.dropFirst("maximumDropShare.".count)), $0.threshold) })
        let chart = BarChart(
            title: "Words dropped per reason, in percent of the words the selection considered",
            rows: drops.map { reason, count in
                let share = QualityGates.percent(count, of: considered)
                return BarChart.Row(label: reason, segments: [.init(value: share, style: "dropped", label: "\(count) words")],
                                    note: "\(HTMLText.count(count)) (\(HTMLText.percent(share)))", marker: limits[reason])
            },
            maximum: max(100 * Double(drops.map(\.value).max() ?? 0) / Double(max(considered, 1)), limits.values.max() ?? 0))
        return section("Drops by reason", chart.svg
            + "<p class=\"muted\">Share of the \(HTMLText.count(considered)) words the selection kept or dropped (words never reached aside)\(limits.isEmpty ? "" : "; the line marks a gate's maximum").</p>")
    }

    private var coverageSection: String {
        guard !report.coverage.isEmpty else { return "" }
        let chart = BarChart(
            title: "Words with at least one translation, per target language",
            rows: report.coverage.stablySorted { $0.key < $1.key }.map { language, share in
                let percent = QualityGates.percent(share.translated, of: share.words)
                return BarChart.Row(label: language, segments: [.init(value: percent, style: "kept", label: "\(share.translated) of \(share.words)")],
                                    note: "\(HTMLText.percent(percent)) (\(HTMLText.count(share.translated)) of \(HTMLText.count(share.words)))",
                                    marker: threshold("minimumCoverage.\(language)"))
            },
            maximum: 100)
        return section("Translation coverage", chart.svg)
    }

    private var presenceSection: String {
        guard let presence = report.figures?.presence, presence.words > 0 else { return "" }
        let chart = BarChart(
            title: "Card fields present, in percent of the release's words",
            rows: CardField.presenceFields.compactMap { field in field.presence.map { ($0.label, presence.count(field)) } }.map { name, count in
                let percent = QualityGates.percent(count, of: presence.words)
                return BarChart.Row(label: name, segments: [.init(value: percent, style: "kept", label: "\(count) words")],
                                    note: "\(HTMLText.percent(percent)) (\(HTMLText.count(count)))")
            },
            maximum: 100)
        return section("Definitions, examples, synonyms, pronunciations", chart.svg + exampleChart + definitionNote + pronunciationNote)
    }

    /// Where the examples come from, with sentence pairs: the lexicon, the pairs, and a pair of
    /// the card's sense (the sense test), in percent of the release's words.
    private var exampleChart: String {
        guard let figures = report.figures, let examples = figures.examples, figures.presence.words > 0 else { return "" }
        let words = figures.presence.words
        let rows: [(String, Int, String)] = [
            ("from the lexicon", examples.lexicon, "kept"), ("a sentence pair (\(examples.source))", examples.pairs, "kept"),
            ("a pair of the card's sense", examples.sameSense, "kept"), ("only an unconfirmed pair", examples.unconfirmed, "dropped"),
        ]
        let chart = BarChart(
            title: "Examples by source, in percent of the release's words",
            rows: rows.map { label, count, style in
                let percent = QualityGates.percent(count, of: words)
                return BarChart.Row(label: label, segments: [.init(value: percent, style: style, label: "\(count) words")],
                                    note: "\(HTMLText.percent(percent)) (\(HTMLText.count(count)))")
            },
            maximum: 100)
        return chart.svg + (examples.skippedLines.map { "<p class=\"muted\">\(HTMLText.count($0)) malformed lines of the sentence pairs skipped.</p>" } ?? "")
    }

    /// The lemmatize step: the list's forms per source that found their lemma, and those without one.
    private var lemmatizationSection: String {
        guard let figures = report.lemmatization, figures.formsRead > 0 else { return "" }
        let rows = LemmatizeFigures.sources.map { ("lemmatized by \($0)", figures.lemmatized[$0] ?? 0, "kept") }
            + [("function word", figures.closedClass ?? 0, "dropped"), ("no lemma", figures.noLemma, "dropped")]
        let chart = BarChart(
            title: "The list's word forms by where their lemma came from, in percent of the forms read",
            rows: rows.map { label, count, style in
                let percent = QualityGates.percent(count, of: figures.formsRead)
                return BarChart.Row(label: label, segments: [.init(value: percent, style: style, label: "\(count) forms")],
                                    note: "\(HTMLText.percent(percent)) (\(HTMLText.count(count)))")
            },
            maximum: 100)
        return section("Lemmatization", chart.svg
            + "<p class=\"muted\">\(HTMLText.count(figures.formsRead)) forms read (\(HTMLText.count(figures.distinctForms)) distinct) became "
            + "\(HTMLText.count(figures.lemmas)) lemma rows; the forms without a lemma are listed, most frequent first, in <code>\(ReportFolder.noLemmaFileName)</code>, "
            + "the function words (closed classes, never cards) in <code>\(ReportFolder.closedClassFileName)</code>.</p>")
    }

    /// Where the definitions come from: the source lexicon, or a gloss lexicon through the ILI.
    private var definitionNote: String {
        guard let figures = report.figures, let definitions = figures.definitions, !definitions.gloss.isEmpty,
              figures.presence.words > 0 else { return "" }
        let words = figures.presence.words
        let glosses = definitions.gloss.stablySorted { $0.key < $1.key }.map { language, count in
            "\(HTMLText.count(count)) (\(HTMLText.percent(QualityGates.percent(count, of: words)))) from glosses in \(HTMLText.escape(language))"
        }
        return "<p class=\"muted\">Definitions: \(HTMLText.count(definitions.source)) from the source lexicon "
            + "(\(HTMLText.percent(QualityGates.percent(definitions.source, of: words)))), \(glosses.joined(separator: ", ")), each of the card's own concept.</p>"
    }

    /// Where the pronunciations come from: the lexicon, the engine (named), or nowhere.
    private var pronunciationNote: String {
        guard let figures = report.figures, let pronounced = figures.pronunciations, figures.presence.words > 0 else { return "" }
        let words = figures.presence.words
        var text = "Pronunciations: \(HTMLText.count(pronounced.lexicon)) from the lexicon "
            + "(\(HTMLText.percent(QualityGates.percent(pronounced.lexicon, of: words)))), \(HTMLText.count(pronounced.generated)) generated "
            + "(\(HTMLText.percent(QualityGates.percent(pronounced.generated, of: words))))"
        if let engine = figures.pronunciationEngine {
            text += " by \(HTMLText.escape("\(engine.name) \(engine.version)")), voice \(HTMLText.escape(engine.voice))"
        }
        if !pronounced.failed.isEmpty {
            text += "; none for \(HTMLText.count(pronounced.failed.count)) the engine could not say: "
                + HTMLText.escape(pronounced.failed.prefix(20).joined(separator: ", "))
        }
        if let readings = figures.readings {
            text += ". Readings: \(HTMLText.count(readings.read)) (\(HTMLText.percent(QualityGates.percent(readings.read, of: words))))"
                + (readings.unread.isEmpty ? "" : "; none for \(HTMLText.count(readings.unread.count)), so no pronunciation either (listed in "
                    + "<code>\(ReportFiles.withoutReading)</code>): " + HTMLText.escape(readings.unread.prefix(20).joined(separator: ", ")))
        }
        return "<p class=\"muted\">\(text).</p>"
    }

    private var previousSection: String {
        guard let previous = report.previous else { return "" }
        var html = "<p>Against <code>\(HTMLText.escape(previous.previous))</code>: <b>\(HTMLText.count(previous.added))</b> added, "
            + "<b>\(HTMLText.count(previous.removed))</b> removed, <b>\(HTMLText.count(previous.changed))</b> changed in content, "
            + (previous.bandMoves.map { "<b>\(HTMLText.count($0))</b> moved band (\(HTMLText.count(previous.movedOnly ?? 0)) with nothing else changed), " } ?? "")
            + "\(HTMLText.count(previous.unchanged)) unchanged\(previous.schemaChanged ? "; the schema changed" : ""). "
            + "Suggested version bump: <b>\(HTMLText.escape(previous.suggestedBump))</b>.</p>"
        if let warning = previous.versionWarning { html += "<p class=\"status failed\">\(HTMLText.escape(warning))</p>" }
        let kinds = previous.changeKinds.stablySorted { $0.key < $1.key }.map { "\(HTMLText.escape($0.key)) \(HTMLText.count($0.value))" }
        if !kinds.isEmpty { html += "<p>Changes: \(kinds.joined(separator: ", ")).</p>" }
        if !previous.coverage.isEmpty {
            html += "<p>Coverage: " + previous.coverage.map {
                "\(HTMLText.escape($0.language)) \(HTMLText.percent($0.before)) → \(HTMLText.percent($0.after))"
            }.joined(separator: ", ") + ".</p>"
        }
        if !previous.pins.isEmpty {
            html += "<h3>Sense pins</h3><table><thead><tr><th>word</th><th>pin</th><th>concept</th><th>definition now</th></tr></thead><tbody>"
            html += previous.pins.map { pin in
                "<tr><td>\(HTMLText.escape(pin.lemma))/\(pin.pos.rawValue)</td><td>\(HTMLText.escape(pin.change))</td>"
                    + "<td>\(HTMLText.escape(pin.oldILI ?? "–")) → \(HTMLText.escape(pin.newILI ?? "–"))</td><td>\(HTMLText.escape(pin.definition ?? ""))</td></tr>"
            }.joined() + "</tbody></table>"
        }
        let words = previous.words.filter { $0.change != "moved" }
        let moved = previous.words.filter { $0.change == "moved" }
        if !words.isEmpty {
            let limit = 500
            html += "<h3>Words added, removed and changed</h3><table><thead><tr><th>word</th><th>change</th><th>what</th><th>definition before → now</th></tr></thead><tbody>"
            html += words.prefix(limit).map { word in
                let definitions = word.oldDefinition == nil && word.newDefinition == nil ? ""
                    : "\(HTMLText.escape(word.oldDefinition ?? "–")) → \(HTMLText.escape(word.newDefinition ?? "–"))"
                return "<tr><td>\(HTMLText.escape(word.lemma))/\(word.pos.rawValue)</td><td>\(HTMLText.escape(word.change))</td>"
                    + "<td>\(HTMLText.escape(word.details.joined(separator: ", ")))</td><td>\(definitions)</td></tr>"
            }.joined() + "</tbody></table>"
            if words.count > limit {
                html += "<p class=\"muted\">\(HTMLText.count(words.count - limit)) more in build-report.json.</p>"
            }
        }
        if !moved.isEmpty {
            html += Self.wordList("moved band only", moved.map { "\($0.lemma)/\($0.pos.rawValue) (\($0.details.joined(separator: ", ")))" })
        }
        return section("Against the previous release", html)
    }

    private var timesSection: String {
        guard !report.stages.isEmpty else { return "" }
        let chart = BarChart(
            title: "Wall-clock time per step, in seconds",
            rows: report.stages.map { stage in
                BarChart.Row(label: stage.stage.rawValue, segments: [.init(value: stage.seconds, style: stage.reused ? "unreached" : "time", label: "\(stage.seconds) s")],
                             note: stage.reused ? "reused" : String(format: "%.3f s", stage.seconds))
            })
        return section("Time per step", chart.svg + "<p class=\"muted\">Total \(String(format: "%.3f s", report.totalSeconds)); a reused step's stored output was read back; the dictionary's search index is built while emit writes the release, so their times overlap.</p>")
    }

    // MARK: Helpers

    private func threshold(_ gate: String) -> Double? {
        report.gates?.results.first { $0.gate == gate }?.threshold
    }

    func section(_ title: String, _ content: String, id: String? = nil) -> String {
        "<section\(id.map { " id=\"\($0)\"" } ?? "")><h2>\(HTMLText.escape(title))</h2>\(content)</section>\n"
    }

    /// The stylesheet: system fonts, colours that stay apart in grey, and a print layout
    /// (no backgrounds needed, sections kept whole).
    static let style = """
        body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:#1a202c;background:#fff;margin:0 auto;max-width:880px;padding:24px}
        h1{font-size:1.6em;margin:0 0 .3em}h2{font-size:1.2em;border-bottom:1px solid #cbd5e0;padding-bottom:.2em;margin-top:1.6em}h3{font-size:1em}
        code{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:.9em;overflow-wrap:anywhere}
        .status{font-weight:600;padding:.5em .8em;border-left:5px solid #718096;background:#f7fafc}.status.passed{border-color:#2f855a}.status.failed{border-color:#c53030;color:#9b2c2c}
        .muted{color:#4a5568;font-size:.9em}
        .tiles{display:flex;flex-wrap:wrap;gap:10px;margin-top:12px}.tile{border:1px solid #cbd5e0;border-radius:6px;padding:8px 12px;min-width:130px}.tile b{display:block;font-size:1.35em}.tile span{font-size:.85em;color:#4a5568}
        table{border-collapse:collapse;width:100%;font-size:.9em}th,td{border-bottom:1px solid #e2e8f0;padding:4px 6px;text-align:left;vertical-align:top}td.num{text-align:right;white-space:nowrap}
        tr.failed td{color:#9b2c2c;font-weight:600}tr.skipped td{color:#718096}
        table.counts{width:auto}table.review td{font-size:.95em}code.hash{font-size:.75em}pre{white-space:pre-wrap;font-size:.8em;background:#f7fafc;padding:8px}summary{cursor:default}
        svg.chart{display:block;max-width:100%;height:auto;font-size:12px}svg .label,svg .note,svg .legend{fill:#1a202c}
        svg .track{fill:#edf2f7}svg .kept{fill:#2b6cb0}svg .dropped{fill:#dd6b20}svg .unreached{fill:#a0aec0}svg .time{fill:#4a5568}svg .marker{stroke:#c53030;stroke-width:2}
        svg .pos-noun{fill:#2b6cb0}svg .pos-verb{fill:#dd6b20}svg .pos-adjective{fill:#38a169}svg .pos-adverb{fill:#805ad5}svg .pos-other{fill:#718096}
        @media print{body{max-width:none;padding:0;font-size:10pt}section{break-inside:avoid}h2{break-after:avoid}.status{background:none}a{color:inherit}}
        """
}
