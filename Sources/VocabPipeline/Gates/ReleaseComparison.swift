import Foundation
import ReleaseFormat
import Releases
import VocabCore

/// What changed against the previous release (``PreviousRelease``): `vocab diff`'s ``ReleaseDiff``
/// summed up, with its words, as the gates, the build report (`build-report.json`'s `previous`)
/// and the report pages need them. Never a rank or a count of the frequency list.
package struct ReleaseComparison: Codable, Sendable, Equatable {
    /// The previous release's dataset name and version (`coca-oewn2024-es 1.0.0`) or its path.
    package var previous: String
    /// Words only the new release has.
    package var added: Int
    /// Words only the previous release has.
    package var removed: Int
    /// Words in both whose content (sense, definition, synonyms, examples, translations) changed;
    /// band moves are counted apart (``bandMoves``).
    package var changed: Int
    /// Words in both with the same content and band.
    package var unchanged: Int
    /// Words in both that moved to another band (or rank), whether or not their content changed;
    /// nil in a report written before band moves were counted apart.
    package var bandMoves: Int?
    /// Of ``bandMoves``, the words whose content did not change (neither changed nor unchanged).
    package var movedOnly: Int?
    /// The dictionaries' entries and how they differ; nil when neither release has a dictionary.
    package var dictionary: DictionaryFigures?
    /// Changed words per kind of change (`sense`, `definition`, `synonyms`, `examples`,
    /// `translations`, `band` or `rank`): a word may count under several.
    package var changeKinds: [String: Int]
    /// Whether the database schema differs.
    package var schemaChanged: Bool
    /// The version bump the changes call for (`none`, `patch`, `minor`, `major`).
    package var suggestedBump: String
    /// Set when the new dataset version is not bumped enough.
    package var versionWarning: String?
    /// Translation coverage per language, before and after, in percent.
    package var coverage: [Coverage]
    /// The words added, removed and changed, then the words that only moved band (`moved`), in that order.
    package var words: [Word]
    /// The sense pins that took effect, changed or were dropped against the previous release.
    package var pins: [Pin]

    /// The dictionaries' entries before and after, and the entries added, removed and changed
    /// (their names in `build-report.json`, in full).
    package struct DictionaryFigures: Codable, Sendable, Equatable {
        /// The previous release's entries; nil when it has no dictionary.
        package var oldEntries: Int?
        /// The new release's entries; nil when it has none.
        package var newEntries: Int?
        /// Entries only the new release has (`name/pos`).
        package var added: [String]
        /// Entries only the previous release has.
        package var removed: [String]
        /// Entries in both whose card changed.
        package var changed: [String]
    }

    /// A language's coverage before and after.
    package struct Coverage: Codable, Sendable, Equatable {
        /// The language (`es`).
        package var language: String
        /// The previous release's percentage of words with a translation into it.
        package var before: Double
        /// The new release's.
        package var after: Double
    }

    /// A word added, removed or changed.
    package struct Word: Codable, Sendable, Equatable {
        /// The lexicon's written form.
        package var lemma: String
        /// The part of speech.
        package var pos: PartOfSpeech
        /// `added`, `removed`, `changed` or `moved` (band or rank only).
        package var change: String
        /// What changed (`sense`, `definition`, ...), or why the word joined or left (`left the top 3000`).
        package var details: [String]
        /// The previous definition, when the sense or the definition changed.
        package var oldDefinition: String?
        /// The new definition, likewise.
        package var newDefinition: String?
    }

    /// A sense pin that differs between the releases.
    package struct Pin: Codable, Sendable, Equatable {
        /// The word's written form in the new release (the previous one's when the pin was dropped).
        package var lemma: String
        /// The part of speech.
        package var pos: PartOfSpeech
        /// `took effect` (pinned now, not before), `changed` (pinned to another concept) or
        /// `dropped` (pinned before, not now).
        package var change: String
        /// The concept before (the pinned one, or the sense the word had).
        package var oldILI: String?
        /// The concept now.
        package var newILI: String?
        /// The definition now (before, for a dropped pin whose word left).
        package var definition: String?
    }
}

extension ReleaseComparison {
    /// `diff`, the comparison of a candidate with `previous`, as the build report carries it.
    init(_ diff: ReleaseDiff, previous: PublishedRelease) {
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
