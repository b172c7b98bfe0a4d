import Foundation
import ReleaseFormat
import StageJoin
import VocabCore

// The sections of `report.html` that name words: the review of sense-pin candidates (each with
// its card and the senses a pin could choose), the words dropped, stop-listed and untranslated,
// the pins applied, the dictionary's figures and the provenance block.
extension ReportPage {
    /// Rows shown per table; the rest are in `build-report.json`.
    static let rowLimit = 500
    /// Words shown inline before a list folds away.
    static let inlineWords = 40

    var reviewSection: String {
        guard let review = report.review else { return "" }
        var html = "<p>Words whose sense may want a pin (<code>sensePins</code>: one line <code>word part-of-speech ILI</code>), "
            + "each with its card; the pin lines offered choose the sense shown beside them. Pinned words are not proposed again.</p>"
        html += "<table class=\"counts\"><tbody>" + ReviewCandidates.Kind.allCases.map { kind in
            "<tr><td>\(HTMLText.escape(kind.title))</td><td class=\"num\"><b>\(HTMLText.count(review.of(kind).count))</b></td></tr>"
        }.joined() + "</tbody></table>"
        if !review.lexiconHints {
            html += "<p class=\"muted\">The join stage's stored output predates the review: case variants and later senses were not looked for (rebuild with <code>--force</code>).</p>"
        }
        if report.previous == nil {
            html += "<p class=\"muted\">No <code>--previous</code> release: changed cards are not looked for.</p>"
        }
        for kind in ReviewCandidates.Kind.allCases {
            let candidates = review.of(kind)
            guard !candidates.isEmpty else { continue }
            html += "<h3>\(HTMLText.escape(kind.title)) (\(HTMLText.count(candidates.count)))</h3>"
            if kind == .sharedSynset {
                html += Self.sharedSynsets(candidates)
                continue
            }
            html += "<table class=\"review\"><thead><tr><th>word</th><th>finding</th><th>card</th>"
                + (kind.offersSenses ? "<th>a pin could choose</th>" : "") + "</tr></thead><tbody>"
            html += candidates.prefix(Self.rowLimit).map { candidate in
                "<tr><td><b>\(HTMLText.escape(candidate.card.word))</b></td><td>\(HTMLText.escape(candidate.reason))</td>"
                    + "<td>\(Self.card(candidate.card))</td>"
                    + (kind.offersSenses ? "<td>\(Self.options(candidate.options, card: candidate.card))</td>" : "")
                    + "</tr>"
            }.joined() + "</tbody></table>"
            if candidates.count > Self.rowLimit {
                html += "<p class=\"muted\">\(HTMLText.count(candidates.count - Self.rowLimit)) more in build-report.json.</p>"
            }
        }
        return section("Review: sense-pin candidates", html, id: "review")
    }

    var wordsSection: String {
        guard let words = report.words else { return "" }
        var html = "<h3>Dropped, by reason</h3>"
        // The stop-listed words have a heading of their own, below.
        let dropped = words.dropped.filter { $0.key != DropReason.stoplisted.rawValue }.stablySorted { $0.key < $1.key }
        html += dropped.isEmpty ? "<p class=\"muted\">No word was dropped for another reason.</p>"
            : dropped.map { Self.wordList($0.key, $0.value) }.joined()
        html += "<p class=\"muted\">Words never reached (outside the top N) are listed in exclusions.json.</p>"
        html += "<h3>Stop-listed</h3>" + (words.stoplisted.isEmpty ? "<p class=\"muted\">None.</p>" : Self.wordList("stop-listed", words.stoplisted))
        html += "<h3>Without a translation</h3>"
        html += words.untranslated.stablySorted { $0.key < $1.key }.map { Self.wordList($0.key, $0.value) }.joined()
        html += "<h3>Sense pins applied (\(HTMLText.count(words.pinned.count)))</h3>"
        if words.pinned.isEmpty {
            html += "<p class=\"muted\">None.</p>"
        } else {
            html += "<table class=\"review\"><thead><tr><th>word</th><th>card</th></tr></thead><tbody>"
                + words.pinned.map { "<tr><td><b>\(HTMLText.escape($0.word))</b></td><td>\(Self.card($0))</td></tr>" }.joined()
                + "</tbody></table>"
        }
        return section("Words", html, id: "words")
    }

    var dictionarySection: String {
        guard report.counts.dictionaryEntries != nil || report.previous?.dictionary != nil else { return "" }
        var html = ""
        if let entries = report.counts.dictionaryEntries { html += "<p><b>\(HTMLText.count(entries))</b> entries.</p>" }
        if let dictionary = report.previous?.dictionary {
            html += "<p>Against <code>\(HTMLText.escape(report.previous?.previous ?? ""))</code>: "
                + "\(dictionary.oldEntries.map(HTMLText.count) ?? "no dictionary") → \(dictionary.newEntries.map(HTMLText.count) ?? "no dictionary") entries; "
                + "<b>\(HTMLText.count(dictionary.added.count))</b> added, <b>\(HTMLText.count(dictionary.removed.count))</b> removed, "
                + "<b>\(HTMLText.count(dictionary.changed.count))</b> changed.</p>"
            html += Self.wordList("added", dictionary.added) + Self.wordList("removed", dictionary.removed) + Self.wordList("changed", dictionary.changed)
        }
        return section("Dictionary", html, id: "dictionary")
    }

    var provenanceSection: String {
        guard let provenance = report.provenance else { return "" }
        var html = "<table><thead><tr><th>source</th><th>label, version</th><th>licence</th><th class=\"num\">bytes</th><th>SHA-256</th></tr></thead><tbody>"
        html += provenance.sources.map { source in
            let label = [source.title, source.lexicon, source.language].compactMap { $0 }.joined(separator: " · ")
            let licence = [source.license?.name, source.license?.title, source.license?.path].compactMap { $0 }.joined(separator: " · ")
            return "<tr><td>\(HTMLText.escape(source.role.rawValue))<br><code>\(HTMLText.escape(source.path))</code></td>"
                + "<td>\(HTMLText.escape(label.isEmpty ? "–" : label))</td><td>\(HTMLText.escape(licence.isEmpty ? "–" : licence))</td>"
                + "<td class=\"num\">\(HTMLText.count(Int(source.bytes)))</td><td><code class=\"hash\">\(HTMLText.escape(source.sha256))</code></td></tr>"
        }.joined() + "</tbody></table>"
        html += "<p>Tool <code>\(HTMLText.escape(provenance.tool))</code>, release schema <code>\(provenance.schemaVersion)</code>"
            + (report.figures?.pronunciationEngine.map { "; pronunciations generated by \(HTMLText.escape("\($0.name) \($0.version)")), voice \(HTMLText.escape($0.voice))" } ?? "")
            + ".</p>"
        html += "<details><summary>The config (as the manifest embeds it; gates above)</summary><pre>\(HTMLText.escape(provenance.config))</pre></details>"
        return section("Provenance", html, id: "provenance")
    }

    // MARK: Pieces

    /// The shared-synset candidates, one row per synset: its words, then the first one's card.
    static func sharedSynsets(_ candidates: [ReviewCandidates.Candidate]) -> String {
        var groups: [(synset: String, candidates: [ReviewCandidates.Candidate])] = []
        var index: [String: Int] = [:]
        for candidate in candidates {
            if let i = index[candidate.card.synset] {
                groups[i].candidates.append(candidate)
            } else {
                index[candidate.card.synset] = groups.count
                groups.append((candidate.card.synset, [candidate]))
            }
        }
        var html = "<p class=\"muted\">\(HTMLText.count(groups.count)) synsets, each taken by several released words: "
            + "the same card (but its synonyms) under two words; a pin gives one of them its own sense.</p>"
        html += "<table class=\"review\"><thead><tr><th>words</th><th>card (of the first)</th></tr></thead><tbody>"
        html += groups.prefix(rowLimit).map { group in
            "<tr><td><b>\(HTMLText.escape(group.candidates.map(\.card.word).joined(separator: ", ")))</b></td><td>\(card(group.candidates[0].card))</td></tr>"
        }.joined() + "</tbody></table>"
        return html
    }

    /// A card: the sense, the definition, synonyms, the first example, the translations.
    static func card(_ card: ReportCard) -> String {
        var parts = ["<span class=\"muted\">sense \(card.senseRank) · \(HTMLText.escape(card.ili ?? "no ILI")) · <code>\(HTMLText.escape(card.synset))</code>"
            + (card.pinned ? " · pinned" : "") + "</span>"]
        parts.append(HTMLText.escape(card.definition ?? "(no definition)") + (card.definitionLanguage.map { " [\(HTMLText.escape($0))]" } ?? ""))
        if !card.synonyms.isEmpty { parts.append("<span class=\"muted\">synonyms:</span> " + HTMLText.escape(card.synonyms.joined(separator: ", "))) }
        if let example = card.example { parts.append("<i>“\(HTMLText.escape(example))”</i>") }
        let translations = card.translations.stablySorted { $0.key < $1.key }.map { language, lemmas in
            "<b>\(HTMLText.escape(language))</b> " + (lemmas.isEmpty ? "–" : HTMLText.escape(lemmas.prefix(6).joined(separator: ", ")))
        }
        if !translations.isEmpty { parts.append(translations.joined(separator: " · ")) }
        return parts.joined(separator: "<br>")
    }

    /// The senses a pin could choose, each with its pin line (none without an ILI).
    static func options(_ options: [SenseOption], card: ReportCard) -> String {
        options.map { option in
            let pin = option.ili.map { "<code>\(HTMLText.escape(card.pinLine($0)))</code>" } ?? "<span class=\"muted\">no ILI: cannot be pinned</span>"
            var text = "\(pin) <span class=\"muted\">\(HTMLText.escape(option.lemma)) #\(option.senseRank)</span> "
                + HTMLText.escape(option.definition ?? "(no definition)")
            if let language = option.language, let lemmas = option.translations {
                text += " (<b>\(HTMLText.escape(language))</b> \(HTMLText.escape(lemmas.prefix(6).joined(separator: ", "))))"
            }
            return text
        }.joined(separator: "<br>")
    }

    /// Words listed at most in a folded list (a dictionary may lose tens of thousands of entries).
    static let listLimit = 2000

    /// A labelled list of words, folded away when long.
    static func wordList(_ label: String, _ words: [String]) -> String {
        guard !words.isEmpty else { return "" }
        let head = "<b>\(HTMLText.escape(label))</b> (\(HTMLText.count(words.count)))"
        if words.count <= inlineWords { return "<p>\(head): \(HTMLText.escape(words.joined(separator: ", ")))</p>" }
        return "<details><summary>\(head): \(HTMLText.escape(words.prefix(12).joined(separator: ", "))), …</summary>"
            + "<p>\(HTMLText.escape(words.prefix(listLimit).joined(separator: ", ")))"
            + (words.count > listLimit ? " … (\(HTMLText.count(words.count - listLimit)) more in build-report.json)" : "") + "</p></details>"
    }
}
