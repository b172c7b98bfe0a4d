import Foundation
import VocabCore

/// What changed against the previous release (`--previous`): `vocab diff`'s comparison summed up,
/// with its words, as the gates, the build report (`build-report.json`'s `previous`) and the
/// report pages need them. Never a rank or a count of the frequency list. Made by a
/// ``ReleaseComparing`` (the `Releases` module's `PreviousRelease`).
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

        package init(
            oldEntries: Int? = nil, newEntries: Int? = nil, added: [String], removed: [String], changed: [String]
        ) {
            self.oldEntries = oldEntries
            self.newEntries = newEntries
            self.added = added
            self.removed = removed
            self.changed = changed
        }
    }

    /// A language's coverage before and after.
    package struct Coverage: Codable, Sendable, Equatable {
        /// The language (`es`).
        package var language: String
        /// The previous release's percentage of words with a translation into it.
        package var before: Double
        /// The new release's.
        package var after: Double

        package init(language: String, before: Double, after: Double) {
            self.language = language
            self.before = before
            self.after = after
        }
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

        package init(
            lemma: String, pos: PartOfSpeech, change: String, details: [String], oldDefinition: String? = nil,
            newDefinition: String? = nil
        ) {
            self.lemma = lemma
            self.pos = pos
            self.change = change
            self.details = details
            self.oldDefinition = oldDefinition
            self.newDefinition = newDefinition
        }
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

        package init(
            lemma: String, pos: PartOfSpeech, change: String, oldILI: String? = nil, newILI: String? = nil,
            definition: String? = nil
        ) {
            self.lemma = lemma
            self.pos = pos
            self.change = change
            self.oldILI = oldILI
            self.newILI = newILI
            self.definition = definition
        }
    }

    package init(
        previous: String, added: Int, removed: Int, changed: Int, unchanged: Int, bandMoves: Int? = nil,
        movedOnly: Int? = nil, dictionary: DictionaryFigures? = nil, changeKinds: [String: Int], schemaChanged: Bool,
        suggestedBump: String, versionWarning: String? = nil, coverage: [Coverage], words: [Word], pins: [Pin]
    ) {
        self.previous = previous
        self.added = added
        self.removed = removed
        self.changed = changed
        self.unchanged = unchanged
        self.bandMoves = bandMoves
        self.movedOnly = movedOnly
        self.dictionary = dictionary
        self.changeKinds = changeKinds
        self.schemaChanged = schemaChanged
        self.suggestedBump = suggestedBump
        self.versionWarning = versionWarning
        self.coverage = coverage
        self.words = words
        self.pins = pins
    }
}

/// A release a build is compared with before it publishes (`--previous`): the build hands it
/// the complete candidate and records what it returns. The `Releases` module's
/// `PreviousRelease` reads and diffs releases as `vocab diff` does; the pipeline library knows
/// only this protocol, so it does not depend on reading releases back.
package protocol ReleaseComparing: Sendable {
    /// Compares the complete release folder `candidate` (written, not yet published; or the
    /// published release when the emit stage was reused), whose words left out are
    /// `exclusions`, with the previous release.
    func compare(candidate: URL, exclusions: ExclusionList) throws -> ReleaseComparison
}
