import Foundation
import ReleaseFormat
import VocabCore

/// What changed between two releases, word by word, keyed on (lemma, part of speech), never on
/// row ids. Computed by a pure function of two `PublishedRelease`s (`init(old:new:)`); rendered by
/// `DiffRenderer` as text, JSON or Markdown.
public struct ReleaseDiff: Sendable, Equatable, Codable {
    /// OLD: its name, version, size, schema version and target languages.
    public var old: Dataset
    /// NEW, likewise.
    public var new: Dataset
    /// Nil when `user_version` and the `sqlite_master` rows are the same.
    public var schema: SchemaChange?
    /// Words of NEW that OLD lacks, in NEW's release order, with why OLD left them out.
    public var added: [Membership]
    /// Words of OLD that NEW lacks, in OLD's release order, with why NEW leaves them out.
    public var removed: [Membership]
    /// Words in both whose content differs, in NEW's release order.
    public var changed: [WordChange]
    /// Words in both with the same content (provenance changes aside).
    public var unchanged: Int
    /// Words in both whose provenance (lexicon version, entry or sense id) changed while their
    /// sense did not: counted, not listed per word.
    public var provenance: ProvenanceChanges
    /// Metadata keys whose value differs, except those that differ on every build (`created`,
    /// tool and SQLite versions), the dataset version (compared apart) and the derived `counts`.
    public var metadata: [MetadataChange]
    /// Per language (OLD's target languages, NEW's new ones, then any other language the words
    /// are translated into): words with ≥ 1 translation.
    public var coverage: [Coverage]
    /// How many words of each kind of change.
    public var summary: Summary
    /// The version bump the changes call for (see ``VersionBump``).
    public var suggestedBump: VersionBump
    /// The smallest NEW version the suggested bump allows, when OLD's version parses.
    public var minimumVersion: String?
    /// Set when NEW's version is not above OLD's by at least the suggested bump.
    public var versionWarning: String?
    /// How the dictionaries differ, when either release has one (set by ``withDictionaries(old:new:)``).
    public var dictionary: DictionaryChange?
    /// Sense pins that took effect, changed or were dropped (see ``PinChange``).
    public var pins: [PinChange]

    /// Metadata keys never compared.
    public static let volatileMetadata: Set<String> = [
        "created", "tool", "sqliteVersion", "version", "counts",
        // Their names in schema 1.
        "tool_name", "tool_version", "sqlite_version",
    ]

    /// True when nothing differs: schema, words, provenance and metadata (coverage follows from the words).
    public var isEmpty: Bool {
        schema == nil && added.isEmpty && removed.isEmpty && changed.isEmpty
            && provenance.words == 0 && metadata.isEmpty
    }

    // MARK: - Parts

    /// One side of the diff.
    public struct Dataset: Sendable, Equatable, Codable {
        /// `metadata["name"]`; nil when the database lacks it.
        public var name: String?
        /// `metadata["version"]`; nil when the database lacks it.
        public var version: String?
        /// The number of words.
        public var words: Int
        /// `PRAGMA user_version`.
        public var schemaVersion: Int32
        /// The metadata's target languages, in order.
        public var targetLanguages: [String]
        /// Where the reasons for words left out were read: `report folder <path>`, `database
        /// (schema 1)`, or `none: no report folder at <path>`.
        public var exclusions: String
        /// False when the release has no report folder beside it (the reasons for words it lacks are then unknown).
        public var hasExclusions: Bool
    }

    /// How two dictionaries differ, keyed on (name, part of speech, entry id's position among
    /// them): entries added and removed, cards changed.
    public struct DictionaryChange: Sendable, Equatable, Codable {
        /// OLD's entries; nil when OLD has no dictionary.
        public var oldEntries: Int?
        /// NEW's entries; nil when NEW has no dictionary.
        public var newEntries: Int?
        /// Entries only NEW has.
        public var added: Int
        /// Entries only OLD has.
        public var removed: Int
        /// Entries in both whose card differs (sense, definition, synonyms, sentences or translations).
        public var changed: Int
        /// A few of each, `name/pos`, for the report.
        public var addedExamples: [String]
        /// A few removed entries.
        public var removedExamples: [String]
        /// A few changed entries.
        public var changedExamples: [String]
    }

    /// How the two database schemas differ.
    public struct SchemaChange: Sendable, Equatable, Codable {
        /// OLD's `PRAGMA user_version`.
        public var oldUserVersion: Int32
        /// NEW's `PRAGMA user_version`.
        public var newUserVersion: Int32
        /// `sqlite_master` rows (`type name: sql`) only OLD has.
        public var removed: [String]
        /// `sqlite_master` rows only NEW has.
        public var added: [String]
    }

    /// A word present in one release only.
    public struct Membership: Sendable, Equatable, Codable {
        /// The lexicon's written form.
        public var lemma: String
        /// The part of speech (with ``lemma``, the word's key).
        public var pos: PartOfSpeech
        /// The frequency list's spelling, by which the other release's `exclusions` are searched.
        public var sourceLemma: String
        /// The word's rank in its release; nil when that release publishes bands only.
        public var rank: Int?
        /// The word's frequency band in its release.
        public var band: Int
        /// Why the other release does not have the word.
        public var reason: Reason
    }

    /// Why a word is absent from a release: the `exclusions` reason code (`not-reached`,
    /// `no-entry`, ...), or `respelled`, `not-in-frequency-list`, `unknown`; and a phrase.
    public struct Reason: Sendable, Equatable, Codable {
        /// The `exclusions` reason code, or `respelled`, `not-in-frequency-list` or `unknown`.
        public var code: String
        /// The reason as a phrase for this direction (`left the top 3000`, `new in the lexicon`).
        public var text: String
    }

    /// How a word in both releases changed; a nil or empty member did not change.
    public struct WordChange: Sendable, Equatable, Codable {
        /// The lexicon's written form (the same in both).
        public var lemma: String
        /// The part of speech.
        public var pos: PartOfSpeech
        /// A different ILI (or a different synset when either lacks an ILI).
        public var sense: SenseSwitch?
        /// The same sense's definition, reworded (never set with `sense`).
        public var definition: TextEdit?
        /// Synonyms added and removed (order changes aside).
        public var synonyms: ListChange?
        /// Example sentences added and removed (order changes aside).
        public var examples: ListChange?
        /// Languages whose translations differ, in coverage order.
        public var translations: [LanguageChange]
        /// A move in rank, or in band when either release publishes bands only.
        public var rank: RankMove?
        /// Whether the provenance (lexicon version, entry or sense id, sense rank) changed while the
        /// sense did not; counted in ``ReleaseDiff/provenance``, not a content change.
        public var provenanceChanged: Bool

        /// The word's key across releases.
        public var key: WordKey { WordKey(lemma: lemma, partOfSpeech: pos) }
    }

    /// One side of a sense switch.
    public struct Sense: Sendable, Equatable, Codable {
        /// The synset id.
        public var synset: String
        /// The synset's interlingual index; nil when it has none.
        public var ili: String?
        /// 1-based rank of the sense in its entry.
        public var senseRank: Int
        /// The definition shown for the sense.
        public var definition: String?
    }

    /// A word whose sense in NEW is another one (another ILI, or another synset when either lacks one).
    public struct SenseSwitch: Sendable, Equatable, Codable {
        /// The sense in OLD.
        public var old: Sense
        /// The sense in NEW.
        public var new: Sense
    }

    /// A definition reworded within the same sense.
    public struct TextEdit: Sendable, Equatable, Codable {
        /// OLD's text; nil when it had none.
        public var old: String?
        /// NEW's text; nil when it has none.
        public var new: String?
    }

    /// Set differences, each in order of appearance.
    public struct ListChange: Sendable, Equatable, Codable {
        /// Items NEW has and OLD lacks, in NEW's order.
        public var added: [String]
        /// Items OLD has and NEW lacks, in OLD's order.
        public var removed: [String]
    }

    /// The translations added and removed in one language.
    public struct LanguageChange: Sendable, Equatable, Codable {
        /// The language (`es`).
        public var language: String
        /// Lemmas NEW has and OLD lacks, in NEW's order.
        public var added: [String]
        /// Lemmas OLD has and NEW lacks, in OLD's order.
        public var removed: [String]
    }

    /// Ranks when both releases publish them, bands otherwise.
    public struct RankMove: Sendable, Equatable, Codable {
        /// The rank (or band) in OLD.
        public var old: Int
        /// The rank (or band) in NEW.
        public var new: Int
        /// `rank` or `band`.
        public var by: String
    }

    /// Provenance changes without a sense switch, counted rather than listed.
    public struct ProvenanceChanges: Sendable, Equatable, Codable {
        /// Words whose provenance changed while their sense did not.
        public var words: Int
        /// Distinct (old lexicon → new lexicon) pairs and how many words each covers.
        public var lexicons: [LexiconChange]
    }

    /// A change of source lexicon and how many words it covers.
    public struct LexiconChange: Sendable, Equatable, Codable {
        /// OLD's lexicon, `id:version` (`oewn:2024`).
        public var old: String
        /// NEW's lexicon, `id:version` (`oewn:2025`).
        public var new: String
        /// Words that changed lexicon this way.
        public var words: Int
    }

    /// A `metadata` key whose value differs.
    public struct MetadataChange: Sendable, Equatable, Codable {
        /// The key (`attribution`, `sources`, ...).
        public var key: String
        /// OLD's value; nil when OLD lacks the key.
        public var old: String?
        /// NEW's value; nil when NEW lacks the key.
        public var new: String?
    }

    /// Words with a translation, out of the release's words (``TranslationShare``).
    public typealias Share = TranslationShare

    /// Translation coverage of one language, before and after.
    public struct Coverage: Sendable, Equatable, Codable {
        /// The language (`es`).
        public var language: String
        /// OLD's words with a translation into it.
        public var before: Share
        /// NEW's words with a translation into it.
        public var after: Share
        /// Words in both releases whose translations in this language changed.
        public var wordsChanged: Int
    }

    /// How many words of each kind of change (the JSON's `summary`).
    public struct Summary: Sendable, Equatable, Codable {
        /// Words only NEW has.
        public var added = 0
        /// Words only OLD has.
        public var removed = 0
        /// Words in both whose content changed.
        public var changed = 0
        /// Words in both with the same content.
        public var unchanged = 0
        /// Changed words whose sense switched.
        public var senseSwitched = 0
        /// Changed words whose definition was reworded within the same sense.
        public var definitionEdited = 0
        /// Changed words with synonyms added or removed.
        public var synonymsChanged = 0
        /// Changed words with example sentences added or removed.
        public var examplesChanged = 0
        /// Changed words whose translations changed in at least one language.
        public var translationsChanged = 0
        /// Changed words whose rank (or band) moved.
        public var rankMoved = 0
        /// Words whose provenance changed without a sense switch (some of them may also be changed).
        public var provenanceChanged = 0
        /// Metadata keys whose value differs.
        public var metadataChanged = 0
        /// Whether the database schema differs.
        public var schemaChanged = false
    }
}
