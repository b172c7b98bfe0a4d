import ReleaseFormat
import VocabCore

extension ReleaseDiff {
    /// The diff with the dictionaries of both releases compared (nil when neither has one).
    package func withDictionaries(old: [WordCard]?, new: [WordCard]?) -> ReleaseDiff {
        var diff = self
        diff.dictionary = (old == nil && new == nil) ? nil : DictionaryChange(old: old ?? [], new: new ?? [],
                                                                            oldEntries: old?.count, newEntries: new?.count)
        return diff
    }
}

extension ReleaseDiff.DictionaryChange {
    /// Entries keyed on name, part of speech and their position among the entries with both
    /// (entry ids change between editions of a lexicon; the order of same-named entries rarely).
    init(old: [WordCard], new: [WordCard], oldEntries: Int?, newEntries: Int?) {
        // Each entry's key → its position in `cards` (the cards themselves are not copied: a
        // dictionary has about 136,000).
        func keyed(_ cards: [WordCard]) -> [String: Int] {
            var seen: [String: Int] = [:]
            var result: [String: Int] = [:]
            seen.reserveCapacity(cards.count)
            result.reserveCapacity(cards.count)
            for (index, card) in cards.enumerated() {
                let base = card.lemma + "/" + card.partOfSpeech.rawValue
                let n = seen[base, default: 0]
                seen[base] = n + 1
                result[n == 0 ? base : base + "#\(n + 1)"] = index
            }
            return result
        }
        let before = keyed(old), after = keyed(new)
        var added: [String] = [], changed: [String] = []
        for (key, index) in after {
            guard let oldIndex = before[key] else {
                added.append(key)
                continue
            }
            if Self.entryChanged(old[oldIndex], new[index]) { changed.append(key) }
        }
        let removed = before.keys.filter { after[$0] == nil }.stablySorted()
        added = added.stablySorted()
        changed = changed.stablySorted()
        self.init(
            oldEntries: oldEntries, newEntries: newEntries, added: added.count, removed: removed.count, changed: changed.count,
            addedEntries: added, removedEntries: removed, changedEntries: changed)
    }

    /// Whether the entry changed between two releases: its concept (the ILI, or the synset when
    /// it has none), its definition or its language, a list field the diff compares, or its
    /// translations (languages without lemmas left out).
    static func entryChanged(_ a: WordCard, _ b: WordCard) -> Bool {
        a.provenance.ili != b.provenance.ili || a.provenance.synsetId != b.provenance.synsetId && a.provenance.ili == nil
            || a.definition != b.definition || a.definitionLanguage != b.definitionLanguage || listsDiffer(a, b)
            || a.translations.filter { !$0.lemmas.isEmpty } != b.translations.filter { !$0.lemmas.isEmpty }
    }

    /// Whether a list field the diff compares (``CardField/diffLists``) differs between two cards.
    static func listsDiffer(_ a: WordCard, _ b: WordCard) -> Bool {
        let (old, new) = (ReleaseWord(id: 0, band: 0, frequency: nil, rank: nil, card: a),
                          ReleaseWord(id: 0, band: 0, frequency: nil, rank: nil, card: b))
        return CardField.diffLists.contains { $0.value(of: old) != $0.value(of: new) }
    }

    /// `31 → 34 entries (+3, −0, 2 changed)`.
    package var summary: String {
        "\(oldEntries.map(String.init) ?? "none") → \(newEntries.map(String.init) ?? "none") entries "
            + "(+\(added) added, −\(removed) removed, \(changed) changed)"
    }
}
