import ReleaseFormat
import Releases

extension ReleaseComparison {
    /// `diff`, the comparison of a candidate with `previous`, as the build report carries it.
    package init(_ diff: ReleaseDiff, previous: PublishedRelease) {
        let s = diff.summary
        var kinds: [String: Int] = [:]
        let lists = CardField.diffLists.map { ($0.diffName, s.listsChanged[$0, default: 0]) }
        for (kind, count) in [("sense", s.senseSwitched), ("definition", s.definitionEdited)] + lists
            + [("translations", s.translationsChanged)]
        where count > 0 {
            kinds[kind] = count
        }
        var words = diff.added.map { ReleaseComparison.Word(lemma: $0.lemma, pos: $0.pos, change: "added", details: [$0.reason.text]) }
        words += diff.removed.map { ReleaseComparison.Word(lemma: $0.lemma, pos: $0.pos, change: "removed", details: [$0.reason.text]) }
        words += diff.changed.map { change in
            var details: [String] = []
            if change.sense != nil { details.append("sense") }
            if change.definition != nil { details.append("definition") }
            details += CardField.diffLists.filter { change.lists[$0] != nil }.map(\.diffName)
            details += change.translations.map { "translations (\($0.language))" }
            if let move = change.rank { details.append("\(move.by) \(move.old) → \(move.new)") }
            return ReleaseComparison.Word(
                lemma: change.lemma, pos: change.pos, change: "changed", details: details,
                oldDefinition: change.sense?.old.definition ?? change.definition?.old,
                newDefinition: change.sense?.new.definition ?? change.definition?.new)
        }
        words += diff.moved.compactMap { change in
            change.rank.map { ReleaseComparison.Word(lemma: change.lemma, pos: change.pos, change: "moved", details: ["\($0.by) \($0.old) → \($0.new)"]) }
        }
        let name = [previous.datasetName, previous.datasetVersion].compactMap { $0 }.joined(separator: " ")
        self.init(
            previous: name.isEmpty ? (previous.folder ?? previous.database).path : name,
            added: s.added, removed: s.removed, changed: s.changed, unchanged: s.unchanged, bandMoves: s.rankMoved, movedOnly: s.moved,
            dictionary: diff.dictionary.map {
                .init(oldEntries: $0.oldEntries, newEntries: $0.newEntries, added: $0.addedEntries, removed: $0.removedEntries,
                      changed: $0.changedEntries)
            },
            changeKinds: kinds, schemaChanged: s.schemaChanged, suggestedBump: diff.suggestedBump.rawValue,
            versionWarning: diff.versionWarning,
            coverage: diff.coverage.map { .init(language: $0.language, before: $0.before.percent, after: $0.after.percent) },
            words: words,
            pins: diff.pins.map { pin in
                ReleaseComparison.Pin(
                    lemma: pin.lemma, pos: pin.pos, change: pin.kind.rawValue, oldILI: pin.old?.ili, newILI: pin.new?.ili,
                    definition: (pin.new ?? pin.old)?.definition)
            })
    }
}
