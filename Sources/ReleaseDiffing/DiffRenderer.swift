import Foundation
import ReleaseFormat
import VocabCore

/// Renders a `ReleaseDiff` as a readable text report, JSON or a Markdown pull-request comment.
package struct DiffRenderer: Sendable {
    /// The output format, as `vocab diff --format` names it.
    package enum Format: String, Sendable, CaseIterable {
        /// `text`: a readable report; `json`: everything, for machines; `markdown`: a pull-request comment.
        case text, json, markdown
    }

    /// Items shown per category in text and Markdown (JSON is always complete).
    package var limit: Int
    /// ANSI colours in the text report.
    package var color: Bool

    /// A renderer that lists up to `limit` items per category (0 when negative), in colour when `color`.
    package init(limit: Int = 50, color: Bool = false) {
        self.limit = max(0, limit)
        self.color = color
    }

    /// The diff in `format`; only the JSON encoding can throw.
    package func render(_ diff: ReleaseDiff, as format: Format) throws -> String {
        switch format {
        case .text: text(diff)
        case .json: try json(diff)
        case .markdown: markdown(diff)
        }
    }

    // MARK: - JSON

    /// Everything, keys sorted (a stable order), pretty-printed.
    package func json(_ diff: ReleaseDiff) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(diff), as: UTF8.self)
    }

    // MARK: - Text

    /// The readable report: the summary, translation coverage and version, then one section per
    /// kind of change, each cut at ``limit`` items.
    package func text(_ diff: ReleaseDiff) -> String {
        var lines: [String] = []
        textSummary(&lines, diff)
        textOverview(&lines, diff)
        textChanges(&lines, diff)
        return lines.joined(separator: "\n")
    }

    /// The title and the summary's rows: counts per kind of change, provenance, metadata, schema.
    private func textSummary(_ lines: inout [String], _ diff: ReleaseDiff) {
        let s = diff.summary
        lines.append(style("Release diff: \(Self.title(diff.old)) → \(Self.title(diff.new))", .bold))
        if diff.isEmpty { lines.append("No differences.") }
        lines.append("")
        lines.append(style("Summary", .bold))
        func row(_ label: String, _ value: String) { lines.append("  \(label.padding(toLength: max(22, label.count), withPad: " ", startingAt: 0)) \(value)") }
        row("added", style("\(s.added)", s.added > 0 ? .green : .plain))
        row("removed", style("\(s.removed)", s.removed > 0 ? .red : .plain))
        row("changed", "\(s.changed)")
        row("unchanged", "\(s.unchanged)")
        row("  sense switched", "\(s.senseSwitched)")
        row("  definition edited", "\(s.definitionEdited)")
        for field in CardField.diffLists { row("  \(field.diffName) changed", "\(s.listsChanged[field, default: 0])") }
        row("  translations changed", "\(s.translationsChanged)")
        row("band or rank moved", "\(s.rankMoved) (\(s.moved) with no other change)")
        var provenance = "\(s.provenanceChanged) words"
        if !diff.provenance.lexicons.isEmpty {
            provenance += " (" + diff.provenance.lexicons.map { "lexicon \($0.old) → \($0.new): \($0.words)" }.joined(separator: ", ") + ")"
        }
        row("provenance changed", provenance)
        row("metadata changed", diff.metadata.isEmpty ? "0" : "\(s.metadataChanged) (\(diff.metadata.map(\.key).joined(separator: ", ")))")
        row("schema", diff.schema == nil ? "unchanged" : style("changed", .red))
        if let dictionary = diff.dictionary { row("dictionary", dictionary.summary) }
        for part in diff.forms?.parts ?? [] { row(part.label, part.change.summary(cards: part.cards)) }
        for note in Self.exclusionNotes(diff) { lines.append(style("  note: \(note)", .yellow)) }
    }

    /// The licence change, translation coverage and sources, and the version.
    private func textOverview(_ lines: inout [String], _ diff: ReleaseDiff) {
        if let license = diff.license {
            lines.append("")
            lines.append(style("Licence (breaking change)", .bold))
            lines.append(style("  \(license.old.printable()) → \(license.new.printable())", .red))
        }
        if !diff.coverage.isEmpty {
            lines.append("")
            lines.append(style("Translation coverage", .bold))
            for coverage in diff.coverage {
                lines.append("  \(coverage.language)  \(Self.share(coverage.before)) → \(Self.share(coverage.after))  (\(Self.delta(coverage)))")
            }
        }
        if !diff.translationSources.isEmpty {
            lines.append("")
            lines.append(style("Translations by source", .bold))
            for entry in diff.translationSources {
                lines.append("  \(entry.language)  \(entry.source.printable()): +\(entry.added) −\(entry.removed) lemmas")
            }
        }

        lines.append("")
        lines.append(style("Version", .bold))
        var bump = "  suggested bump: \(diff.suggestedBump.rawValue)"
        if let minimum = diff.minimumVersion, diff.suggestedBump != .none {
            bump += " (new version at least \(minimum))"
        }
        lines.append(bump)
        lines.append("  versions: \(diff.old.version ?? "none") → \(diff.new.version ?? "none")")
        if let warning = diff.versionWarning { lines.append(style("  warning: \(warning)", .yellow)) }
    }

    /// One section per kind of change, each cut at ``limit`` items.
    private func textChanges(_ lines: inout [String], _ diff: ReleaseDiff) {
        if let schema = diff.schema {
            section(&lines, "Schema", count: schema.added.count + schema.removed.count + 1, [
                "user_version \(schema.oldUserVersion) → \(schema.newUserVersion)",
            ] + schema.removed.map { style("- \($0)", .red) } + schema.added.map { style("+ \($0)", .green) })
        }
        section(&lines, "Added", count: diff.added.count, diff.added.map {
            style("+ \(Self.word($0.lemma, $0.pos))", .green) + "  \(Self.position($0))  — \($0.reason.text.printable())"
        })
        section(&lines, "Removed", count: diff.removed.count, diff.removed.map {
            style("- \(Self.word($0.lemma, $0.pos))", .red) + "  \(Self.position($0))  — \($0.reason.text.printable())"
        })
        let switched = diff.changed.compactMap { change in change.sense.map { (change, $0) } }
        section(&lines, "Sense switched", count: switched.count, switched.map { change, sense in
            "~ \(Self.word(change.lemma, change.pos))  \(Self.sense(sense.old)) → \(Self.sense(sense.new))\n"
                + style("      - \((sense.old.definition ?? "(no definition)").printable(limit: 1000))", .red) + "\n"
                + style("      + \((sense.new.definition ?? "(no definition)").printable(limit: 1000))", .green)
        })
        let edited = diff.changed.compactMap { change in change.definition.map { (change, $0) } }
        section(&lines, "Definition edited", count: edited.count, edited.map { change, edit in
            "~ \(Self.word(change.lemma, change.pos))\n"
                + style("      - \(ReleaseDiff.TextEdit.shown(edit.old, language: edit.oldLanguage, none: "(none)").printable(limit: 1000))", .red) + "\n"
                + style("      + \(ReleaseDiff.TextEdit.shown(edit.new, language: edit.newLanguage, none: "(none)").printable(limit: 1000))", .green)
        })
        for field in CardField.diffLists {
            listSection(&lines, field.diffTitle, diff.changed.compactMap { change in change.lists[field].map { (change, $0) } })
        }
        let translations = diff.changed.flatMap { change in change.translations.map { (change, $0) } }
        section(&lines, "Translations", count: translations.count, translations.map { change, language in
            "~ \(Self.word(change.lemma, change.pos)) [\(language.language)]  " + items(added: language.added, removed: language.removed)
        })
        let moves = (diff.changed + diff.moved).compactMap { change in change.rank.map { (change, $0) } }
        section(&lines, "Rank moved", count: moves.count, moves.map { change, move in
            "~ \(Self.word(change.lemma, change.pos))  \(move.by) \(move.old) → \(move.new)"
        })
        if let dictionary = diff.dictionary {
            for (title, entries, mark) in [("Dictionary entries added", dictionary.addedEntries, "+"),
                                           ("Dictionary entries removed", dictionary.removedEntries, "-"),
                                           ("Dictionary entries changed", dictionary.changedEntries, "~")] {
                section(&lines, title, count: entries.count, entries.map { "\(mark) \($0.printable())" })
            }
        }
        textForms(&lines, diff)
        section(&lines, "Sense pins", count: diff.pins.count, diff.pins.map { pin in
            "\(pin.kind.rawValue) \(Self.word(pin.lemma, pin.pos))  " + Self.pinSenses(pin).map { $0.printable(limit: 1000) }.joined(separator: " → ")
        })
        section(&lines, "Metadata", count: diff.metadata.count, diff.metadata.map {
            "~ \($0.key.printable()): " + Self.clipPair($0.old, $0.new).joined(separator: " → ")
        })
    }

    private func listSection(_ lines: inout [String], _ title: String, _ entries: [(ReleaseDiff.WordChange, ReleaseDiff.ListChange)]) {
        section(&lines, title, count: entries.count, entries.map { change, list in
            "~ \(Self.word(change.lemma, change.pos))  " + items(added: list.added, removed: list.removed)
        })
    }

    private func items(added: [String], removed: [String]) -> String {
        (added.map { style("+\(Self.quoted($0))", .green) } + removed.map { style("-\(Self.quoted($0))", .red) })
            .joined(separator: " ")
    }

    /// A titled section of `count` items, of which `entries` (all of them, or a sample) are
    /// listed up to ``limit``; nothing when `entries` is empty.
    func section(_ lines: inout [String], _ title: String, count: Int, _ entries: [String]) {
        guard !entries.isEmpty else { return }
        lines.append("")
        lines.append(style("\(title) (\(count))", .bold))
        let shown = entries.prefix(limit)
        for entry in shown { lines.append("  " + entry) }
        if count > shown.count { lines.append("  … and \(count - shown.count) more") }
    }

    // MARK: - Markdown

    /// The Markdown comment: a heading, the summary and coverage tables, the version, then one
    /// collapsed `<details>` section per kind of change, each cut at ``limit`` items.
    package func markdown(_ diff: ReleaseDiff) -> String {
        var out: [String] = []
        Self.markdownSummary(&out, diff)
        Self.markdownOverview(&out, diff)
        markdownChanges(&out, diff)
        return out.joined(separator: "\n")
    }

    /// The heading and the summary table.
    private static func markdownSummary(_ out: inout [String], _ diff: ReleaseDiff) {
        let s = diff.summary
        out.append("### Release diff: \(md(title(diff.old))) → \(md(title(diff.new)))")
        out.append("")
        if diff.isEmpty {
            out.append("No differences.")
            out.append("")
        }
        let lists = CardField.diffLists.map { ("↳ \($0.diffName) changed", s.listsChanged[$0, default: 0]) }
        let rows = [
            ("Added", s.added), ("Removed", s.removed), ("Changed", s.changed), ("Unchanged", s.unchanged),
            ("↳ sense switched", s.senseSwitched), ("↳ definition edited", s.definitionEdited),
        ] + lists + [
            ("↳ translations changed", s.translationsChanged), ("Band or rank moved", s.rankMoved),
            ("↳ with no other change", s.moved),
            ("Provenance changed", s.provenanceChanged),
        ]
        mdTable(&out, header: "| | words |", alignment: "|---|---:|", rows: rows.map { [$0.0, "\($0.1)"] })
    }

    /// The licence change, the translation tables, the dictionary, the notes and the version.
    private static func markdownOverview(_ out: inout [String], _ diff: ReleaseDiff) {
        if let license = diff.license {
            out.append("**Licence changed (breaking):** \(md(license.old)) → \(md(license.new))")
            out.append("")
        }
        if !diff.translationSources.isEmpty {
            mdTable(
                &out, header: "| translations by source | language | lemmas added | lemmas removed |", alignment: "|---|---|---:|---:|",
                rows: diff.translationSources.map { [md($0.source), md($0.language), "\($0.added)", "\($0.removed)"] })
        }
        if !diff.coverage.isEmpty {
            mdTable(
                &out, header: "| translation coverage | before | after | change |", alignment: "|---|---:|---:|---:|",
                rows: diff.coverage.map { [md($0.language), share($0.before), share($0.after), delta($0)] })
        }
        if let dictionary = diff.dictionary {
            out.append("Dictionary: \(md(dictionary.summary)).")
            out.append("")
        }
        for part in diff.forms?.parts ?? [] {
            out.append("\(part.title): \(md(part.change.summary(cards: part.cards))).")
            out.append("")
        }
        for note in exclusionNotes(diff) {
            out.append("> **Note:** \(md(note))")
            out.append("")
        }
        var bump = "Suggested version bump: **\(diff.suggestedBump.rawValue)**"
        if let minimum = diff.minimumVersion, diff.suggestedBump != .none { bump += " (at least \(minimum))" }
        bump += "; versions \(md(diff.old.version ?? "none")) → \(md(diff.new.version ?? "none"))."
        out.append(bump)
        if let warning = diff.versionWarning {
            out.append("")
            out.append("> **Warning:** \(md(warning))")
        }
    }

    /// A Markdown table: its header and alignment rows, a row per `rows` (cells already escaped),
    /// then a blank line.
    private static func mdTable(_ out: inout [String], header: String, alignment: String, rows: [[String]]) {
        out.append(header)
        out.append(alignment)
        for row in rows { out.append("| " + row.joined(separator: " | ") + " |") }
        out.append("")
    }

    /// One collapsed section per kind of change.
    private func markdownChanges(_ out: inout [String], _ diff: ReleaseDiff) {
        if let schema = diff.schema {
            details(&out, "Schema changed", count: nil, [
                "`user_version` \(schema.oldUserVersion) → \(schema.newUserVersion)",
            ] + schema.removed.map { "removed: `\($0)`" } + schema.added.map { "added: `\($0)`" })
        }
        details(&out, "Added", count: diff.added.count, diff.added.map {
            "\(Self.mdWord($0.lemma, $0.pos)) \(Self.position($0)) — \(Self.md($0.reason.text))"
        })
        details(&out, "Removed", count: diff.removed.count, diff.removed.map {
            "\(Self.mdWord($0.lemma, $0.pos)) \(Self.position($0)) — \(Self.md($0.reason.text))"
        })
        let switched = diff.changed.compactMap { change in change.sense.map { (change, $0) } }
        details(&out, "Sense switched", count: switched.count, switched.map { change, sense in
            "\(Self.mdWord(change.lemma, change.pos)): \(Self.md(Self.sense(sense.old))) “\(Self.md(sense.old.definition ?? "—"))” → "
                + "\(Self.md(Self.sense(sense.new))) “\(Self.md(sense.new.definition ?? "—"))”"
        })
        let edited = diff.changed.compactMap { change in change.definition.map { (change, $0) } }
        details(&out, "Definition edited", count: edited.count, edited.map { change, edit in
            "\(Self.mdWord(change.lemma, change.pos)): ~~\(Self.md(ReleaseDiff.TextEdit.shown(edit.old, language: edit.oldLanguage, none: "—")))~~ → "
                + Self.md(ReleaseDiff.TextEdit.shown(edit.new, language: edit.newLanguage, none: "—"))
        })
        for field in CardField.diffLists {
            let entries = diff.changed.compactMap { change in change.lists[field].map { (change, $0) } }
            details(&out, "\(field.diffTitle) changed", count: entries.count, entries.map { change, list in
                "\(Self.mdWord(change.lemma, change.pos)): " + Self.mdItems(added: list.added, removed: list.removed)
            })
        }
        let translations = diff.changed.flatMap { change in change.translations.map { (change, $0) } }
        details(&out, "Translations changed", count: translations.count, translations.map { change, language in
            "\(Self.mdWord(change.lemma, change.pos)) [\(Self.md(language.language))]: "
                + Self.mdItems(added: language.added, removed: language.removed)
        })
        let moves = (diff.changed + diff.moved).compactMap { change in change.rank.map { (change, $0) } }
        details(&out, "Rank moved", count: moves.count, moves.map { change, move in
            "\(Self.mdWord(change.lemma, change.pos)): \(move.by) \(move.old) → \(move.new)"
        })
        if let dictionary = diff.dictionary {
            for (title, entries) in [("Dictionary entries added", dictionary.addedEntries),
                                     ("Dictionary entries removed", dictionary.removedEntries),
                                     ("Dictionary entries changed", dictionary.changedEntries)] {
                details(&out, title, count: entries.count, entries.map(Self.md))
            }
        }
        markdownForms(&out, diff)
        details(&out, "Sense pins", count: diff.pins.count, diff.pins.map { pin in
            "\(pin.kind.rawValue) \(Self.mdWord(pin.lemma, pin.pos)): " + Self.pinSenses(pin).map(Self.md).joined(separator: " → ")
        })
        details(&out, "Metadata changed", count: diff.metadata.count, diff.metadata.map {
            "`\($0.key)`: " + Self.clipPair($0.old, $0.new).map(Self.md).joined(separator: " → ")
        })
    }

    /// A collapsed section of `count` items (`entries.count` when nil, untold in the title), of
    /// which `entries` (all of them, or a sample) are listed up to ``limit``; nothing when `entries` is empty.
    func details(_ out: inout [String], _ title: String, count: Int?, _ entries: [String]) {
        guard !entries.isEmpty else { return }
        out.append("")
        out.append("<details><summary>\(title)\(count.map { " (\($0))" } ?? "")</summary>")
        out.append("")
        let shown = entries.prefix(limit), total = count ?? entries.count
        for entry in shown { out.append("- " + entry) }
        if total > shown.count { out.append("- … and \(total - shown.count) more") }
        out.append("")
        out.append("</details>")
    }

    // MARK: - Pieces

    enum Style { case plain, bold, red, green, yellow }

    /// `text` in `style` (ANSI colours) when ``color``; as it is otherwise.
    func style(_ text: String, _ style: Style) -> String {
        guard color else { return text }
        let code: String
        switch style {
        case .plain: return text
        case .bold: code = "1"
        case .red: code = "31"
        case .green: code = "32"
        case .yellow: code = "33"
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    /// One note per release without a report folder: the reasons for the words it lacks are unknown.
    static func exclusionNotes(_ diff: ReleaseDiff) -> [String] {
        [("OLD", diff.old), ("NEW", diff.new)].filter { !$0.1.hasExclusions }.map { side, dataset in
            "\(side) has \(dataset.exclusions): why it lacks a word of the other release is unknown"
        }
    }

    static func title(_ dataset: ReleaseDiff.Dataset) -> String {
        "\((dataset.name ?? "(unnamed)").printable()) \((dataset.version ?? "(no version)").printable()) (\(dataset.words) words)"
    }

    /// `lemma/pos`; every value taken from a release is made printable (a release built
    /// elsewhere may hold line breaks or escape sequences).
    static func word(_ lemma: String, _ pos: PartOfSpeech) -> String { "\(lemma.printable())/\(pos.rawValue)" }

    static func position(_ membership: ReleaseDiff.Membership) -> String {
        membership.rank.map { "rank \($0)" } ?? "band \(membership.band)"
    }

    static func sense(_ sense: ReleaseDiff.Sense) -> String {
        sense.synset.printable() + (sense.ili.map { " (\($0.printable()))" } ?? "") + " #\(sense.senseRank)"
    }

    /// A pin's senses before and after, each `synset (ili) #rank “definition”`, `(absent)` for a side without the word.
    static func pinSenses(_ pin: ReleaseDiff.PinChange) -> [String] {
        [pin.old, pin.new].map { side in
            side.map { "\(sense($0)) “\($0.definition ?? "no definition")”" } ?? "(absent)"
        }
    }

    static func share(_ share: ReleaseDiff.Share) -> String {
        "\(share.translated)/\(share.words) (\(String(format: "%.1f", share.percent))%)"
    }

    static func delta(_ coverage: ReleaseDiff.Coverage) -> String {
        let points = ((coverage.after.percent - coverage.before.percent) * 10).rounded() / 10
        return (points > 0 ? "+" : points < 0 ? "" : "±") + String(format: "%.1f", points) + " points"
    }

    static func quoted(_ text: String) -> String {
        let text = text.printable()
        return text.contains(" ") ? "\"\(text)\"" : text
    }

    static func clip(_ text: String, to length: Int = 120) -> String {
        let flat = text.printable(limit: .max)
        return flat.count <= length ? flat : String(flat.prefix(length)) + "…"
    }

    /// Two long values cut to the part where they differ (from shortly before the first
    /// difference), so that a change deep in a long value shows.
    static func clipPair(_ old: String?, _ new: String?, length: Int = 100) -> [String] {
        guard let old, let new else { return [clip(old ?? "(none)", to: length), clip(new ?? "(none)", to: length)] }
        let a = Array(old.printable(limit: .max)), b = Array(new.printable(limit: .max))
        var common = 0
        while common < a.count, common < b.count, a[common] == b[common] { common += 1 }
        let start = common > 30 ? common - 20 : 0
        return [a, b].map { text in
            let tail = text[min(start, text.count)...]
            return (start > 0 ? "…" : "") + String(tail.prefix(length)) + (tail.count > length ? "…" : "")
        }
    }

    /// Markdown text with the characters that would start markup escaped.
    package static func md(_ text: String) -> String {
        var out = ""
        for character in text.printable() {
            if "\\`*_[]<>|~".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    static func mdWord(_ lemma: String, _ pos: PartOfSpeech) -> String {
        "**\(md(lemma))** (\(pos))"
    }

    static func mdItems(added: [String], removed: [String]) -> String {
        func quoted(_ item: String) -> String { item.contains(" ") || item.contains(",") ? "“\(md(item))”" : md(item) }
        return (added.map { "+\(quoted($0))" } + removed.map { "−~~\(quoted($0))~~" }).joined(separator: ", ")
    }
}
