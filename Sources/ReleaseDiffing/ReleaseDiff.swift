import Foundation
import ReleaseFormat
import Releases
import VocabCore

/// What changed between two releases, word by word, keyed on (lemma, part of speech), never on
/// row ids. Computed by a pure function of two `PublishedRelease`s (`init(old:new:)`); rendered by
/// `DiffRenderer` as text, JSON or Markdown.
package struct ReleaseDiff: Sendable, Equatable, Codable {
    /// OLD: its name, version, size, schema version and target languages.
    package var old: Dataset
    /// NEW, likewise.
    package var new: Dataset
    /// Nil when `user_version` and the `sqlite_master` rows are the same.
    package var schema: SchemaChange?
    /// Words of NEW that OLD lacks, in NEW's release order, with why OLD left them out.
    package var added: [Membership]
    /// Words of OLD that NEW lacks, in OLD's release order, with why NEW leaves them out.
    package var removed: [Membership]
    /// Words in both whose content differs (sense, definition, list fields, translations), in
    /// NEW's release order; a band (or rank) move besides is recorded with the change.
    package var changed: [WordChange]
    /// Words in both whose only difference is a move of band (or rank), in NEW's release order:
    /// kept apart from the content changes, since a release of another size moves many words
    /// from band to band with nothing to review on their cards.
    package var moved: [WordChange]
    /// Words in both with the same content and band (provenance changes aside).
    package var unchanged: Int
    /// Words in both whose provenance (lexicon version, entry or sense id) changed while their
    /// sense did not: counted, not listed per word.
    package var provenance: ProvenanceChanges
    /// Metadata keys whose value differs, except those that differ on every build (`created`,
    /// tool and SQLite versions), the dataset version (compared apart) and the derived `counts`.
    package var metadata: [MetadataChange]
    /// Per language (OLD's target languages, NEW's new ones, then any other language the words
    /// are translated into): words with ≥ 1 translation.
    package var coverage: [Coverage]
    /// How many words of each kind of change (counted from the rest, last).
    package var summary = Summary()
    /// The version bump the changes call for (see ``VersionBump``; found from the rest, last).
    package var suggestedBump = VersionBump.none
    /// The smallest NEW version the suggested bump allows, when OLD's version parses.
    package var minimumVersion: String?
    /// Set when NEW's version is not above OLD's by at least the suggested bump.
    package var versionWarning: String?
    /// How the dictionaries differ, when either release has one (set by ``withDictionaries(old:new:)``).
    package var dictionary: DictionaryChange?
    /// How the forms a learner reads differ, those of the words and of the dictionary's entries
    /// (set by ``withForms(old:new:names:)``; nil when not read).
    package var forms: FormsChange?
    /// Sense pins that took effect, changed or were dropped (see ``PinChange``).
    package var pins: [PinChange]
    /// The release's licence before and after, when it changed: a breaking change (the terms
    /// under which the app may ship the data), so the suggested bump is major.
    package var license: LicenseChange?
    /// Translation lemmas added and removed in the words of both releases, per language and
    /// source lexicon (NEW's source for an added lemma, OLD's for a removed one; `unknown` before
    /// schema 5): a translation that changed because a source changed.
    package var translationSources: [SourceTranslations]

    /// A value in OLD and in NEW, which differ.
    package struct Change<Value: Sendable & Equatable & Codable>: Sendable, Equatable, Codable {
        /// OLD's value.
        package var old: Value
        /// NEW's value.
        package var new: Value
    }

    /// A licence change: the SPDX expressions of OLD and NEW (`metadata.licenseExpression`, else
    /// the `licenses` names joined by ` AND `).
    package typealias LicenseChange = Change<String>

    /// Lemmas added and removed in one language from one source lexicon.
    package struct SourceTranslations: Sendable, Equatable, Codable {
        /// The language (`es`).
        package var language: String
        /// The lexicon's `id:version`, or `unknown`.
        package var source: String
        /// Lemmas added (in words of both releases).
        package var added: Int
        /// Lemmas removed.
        package var removed: Int
    }

    /// Metadata keys never compared.
    package static let volatileMetadata: Set<String> = [
        "created", "tool", "sqliteVersion", "version", "counts",
        // Their names in schema 1.
        "tool_name", "tool_version", "sqlite_version",
    ]

    /// True when nothing differs: schema, words, provenance and metadata (coverage follows from the
    /// words). The dictionary's entries and the forms are reported beside, not weighed (FormChange.swift).
    package var isEmpty: Bool {
        schema == nil && added.isEmpty && removed.isEmpty && changed.isEmpty && moved.isEmpty
            && provenance.words == 0 && metadata.isEmpty && license == nil
    }

    // MARK: - Parts

    /// One side of the diff.
    package struct Dataset: Sendable, Equatable, Codable {
        /// `metadata["name"]`; nil when the database lacks it.
        package var name: String?
        /// `metadata["version"]`; nil when the database lacks it.
        package var version: String?
        /// The number of words.
        package var words: Int
        /// `PRAGMA user_version`.
        package var schemaVersion: Int32
        /// The metadata's target languages, in order.
        package var targetLanguages: [String]
        /// Where the reasons for words left out were read: `report folder <path>`, `database
        /// (schema 1)`, or `none: no report folder at <path>`.
        package var exclusions: String
        /// False when the release has no report folder beside it (the reasons for words it lacks are then unknown).
        package var hasExclusions: Bool
    }

    /// How two dictionaries differ, keyed on (name, part of speech, entry id's position among
    /// them): entries added and removed, cards changed, each listed in full (`name/pos`, a
    /// second entry of the same name and part of speech `name/pos#2`); the text and Markdown
    /// reports show the first few of each.
    package struct DictionaryChange: Sendable, Equatable, Codable {
        /// OLD's entries; nil when OLD has no dictionary.
        package var oldEntries: Int?
        /// NEW's entries; nil when NEW has no dictionary.
        package var newEntries: Int?
        /// Entries only NEW has.
        package var added: Int
        /// Entries only OLD has.
        package var removed: Int
        /// Entries in both whose card differs (sense, definition, synonyms, sentences or translations).
        package var changed: Int
        /// Every entry added, sorted.
        package var addedEntries: [String]
        /// Every entry removed, sorted.
        package var removedEntries: [String]
        /// Every entry changed, sorted.
        package var changedEntries: [String]
    }

    /// How the two database schemas differ.
    package struct SchemaChange: Sendable, Equatable, Codable {
        /// OLD's `PRAGMA user_version`.
        package var oldUserVersion: Int32
        /// NEW's `PRAGMA user_version`.
        package var newUserVersion: Int32
        /// `sqlite_master` rows (`type name: sql`) only OLD has.
        package var removed: [String]
        /// `sqlite_master` rows only NEW has.
        package var added: [String]
    }

    /// A word present in one release only.
    package struct Membership: Sendable, Equatable, Codable {
        /// The lexicon's written form.
        package var lemma: String
        /// The part of speech (with ``lemma``, the word's key).
        package var pos: PartOfSpeech
        /// The frequency list's spelling, by which the other release's `exclusions` are searched.
        package var sourceLemma: String
        /// The word's rank in its release; nil when that release publishes bands only.
        package var rank: Int?
        /// The word's frequency band in its release.
        package var band: Int
        /// Why the other release does not have the word.
        package var reason: Reason
    }

    /// Why a word is absent from a release: the `exclusions` reason code (`not-reached`,
    /// `no-entry`, ...), or `respelled`, `not-in-frequency-list`, `unknown`; and a phrase.
    package struct Reason: Sendable, Equatable, Codable {
        /// The `exclusions` reason code, or `respelled`, `not-in-frequency-list` or `unknown`.
        package var code: String
        /// The reason as a phrase for this direction (`left the top 3000`, `new in the lexicon`).
        package var text: String
    }

    /// How a word in both releases changed; a nil or empty member did not change.
    package struct WordChange: Sendable, Equatable {
        /// The lexicon's written form (the same in both).
        package var lemma: String
        /// The part of speech.
        package var pos: PartOfSpeech
        /// A different ILI (or a different synset when either lacks an ILI).
        package var sense: SenseSwitch?
        /// The same sense's definition, reworded (never set with `sense`).
        package var definition: TextEdit?
        /// The list fields (``CardField/diffLists``: synonyms, examples) with items added or
        /// removed (order changes aside); in JSON, each under its diff name.
        package var lists: [CardField: ListChange]
        /// Languages whose translations differ, in coverage order.
        package var translations: [LanguageChange]
        /// A move in rank, or in band when either release publishes bands only.
        package var rank: RankMove?
        /// Whether the provenance (lexicon version, entry or sense id, sense rank) changed while the
        /// sense did not; counted in ``ReleaseDiff/provenance``, not a content change.
        package var provenanceChanged: Bool

        /// The word's key across releases.
        package var key: WordKey { WordKey(lemma: lemma, partOfSpeech: pos) }
    }

    /// One side of a sense switch.
    package struct Sense: Sendable, Equatable, Codable {
        /// The synset id.
        package var synset: String
        /// The synset's interlingual index; nil when it has none.
        package var ili: String?
        /// 1-based rank of the sense in its entry.
        package var senseRank: Int
        /// The definition shown for the sense.
        package var definition: String?
    }

    /// A word whose sense in NEW is another one (another ILI, or another synset when either lacks one).
    package typealias SenseSwitch = Change<Sense>

    /// A definition reworded within the same sense.
    package struct TextEdit: Sendable, Equatable, Codable {
        /// OLD's text; nil when it had none.
        package var old: String?
        /// NEW's text; nil when it has none.
        package var new: String?
        /// OLD's definition language (`definitionLanguage`); nil when it had none.
        package var oldLanguage: String? = nil
        /// NEW's definition language; nil when it has none.
        package var newLanguage: String? = nil

        /// The text with its language, as the diff shows a side: `text [en]`.
        package static func shown(_ text: String?, language: String?, none: String) -> String {
            guard let text else { return none }
            return language.map { "\(text) [\($0)]" } ?? text
        }
    }

    /// Set differences, each in order of appearance.
    package struct ListChange: Sendable, Equatable, Codable {
        /// Items NEW has and OLD lacks, in NEW's order.
        package var added: [String]
        /// Items OLD has and NEW lacks, in OLD's order.
        package var removed: [String]
    }

    /// The translations added and removed in one language.
    package struct LanguageChange: Sendable, Equatable, Codable {
        /// The language (`es`).
        package var language: String
        /// Lemmas NEW has and OLD lacks, in NEW's order.
        package var added: [String]
        /// Lemmas OLD has and NEW lacks, in OLD's order.
        package var removed: [String]
    }

    /// Ranks when both releases publish them, bands otherwise.
    package struct RankMove: Sendable, Equatable, Codable {
        /// The rank (or band) in OLD.
        package var old: Int
        /// The rank (or band) in NEW.
        package var new: Int
        /// `rank` or `band`.
        package var by: String
    }

    /// Provenance changes without a sense switch, counted rather than listed.
    package struct ProvenanceChanges: Sendable, Equatable, Codable {
        /// Words whose provenance changed while their sense did not.
        package var words: Int
        /// Distinct (old lexicon → new lexicon) pairs and how many words each covers.
        package var lexicons: [LexiconChange]
    }

    /// A change of source lexicon and how many words it covers.
    package struct LexiconChange: Sendable, Equatable, Codable {
        /// OLD's lexicon, `id:version` (`oewn:2024`).
        package var old: String
        /// NEW's lexicon, `id:version` (`oewn:2025`).
        package var new: String
        /// Words that changed lexicon this way.
        package var words: Int
    }

    /// A `metadata` key whose value differs.
    package struct MetadataChange: Sendable, Equatable, Codable {
        /// The key (`attribution`, `sources`, ...).
        package var key: String
        /// OLD's value; nil when OLD lacks the key.
        package var old: String?
        /// NEW's value; nil when NEW lacks the key.
        package var new: String?
    }

    /// Words with a translation, out of the release's words (``TranslationShare``).
    package typealias Share = TranslationShare

    /// Translation coverage of one language, before and after.
    package struct Coverage: Sendable, Equatable, Codable {
        /// The language (`es`).
        package var language: String
        /// OLD's words with a translation into it.
        package var before: Share
        /// NEW's words with a translation into it.
        package var after: Share
        /// Words in both releases whose translations in this language changed.
        package var wordsChanged: Int
    }

    /// How many words of each kind of change (the JSON's `summary`).
    package struct Summary: Sendable, Equatable {
        /// Words only NEW has.
        package var added = 0
        /// Words only OLD has.
        package var removed = 0
        /// Words in both whose content changed (band moves aside).
        package var changed = 0
        /// Words in both whose only change is a band (or rank) move.
        package var moved = 0
        /// Words in both with the same content and band.
        package var unchanged = 0
        /// Changed words whose sense switched.
        package var senseSwitched = 0
        /// Changed words whose definition was reworded within the same sense.
        package var definitionEdited = 0
        /// Changed words with items of a list field added or removed, per field (in JSON,
        /// `<diff name>Changed`: `synonymsChanged`, `examplesChanged`).
        package var listsChanged: [CardField: Int] = [:]
        /// Changed words whose translations changed in at least one language.
        package var translationsChanged = 0
        /// Words in both whose rank (or band) moved: the ``moved`` ones and the changed ones that moved too.
        package var rankMoved = 0
        /// Words whose provenance changed without a sense switch (some of them may also be changed).
        package var provenanceChanged = 0
        /// Metadata keys whose value differs.
        package var metadataChanged = 0
        /// Whether the database schema differs.
        package var schemaChanged = false
    }
}
