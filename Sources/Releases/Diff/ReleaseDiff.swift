import Foundation
import ReleaseFormat
import VocabCore

/// What changed between two releases, word by word, keyed on (lemma, part of speech), never on
/// row ids. Computed by a pure function of two `PublishedRelease`s (`init(old:new:)`); rendered by
/// `DiffRenderer` as text, JSON or Markdown.
public struct ReleaseDiff: Sendable, Equatable, Codable {
    public var old: Dataset
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
    /// Per target language (OLD's order, then NEW's new ones): words with ≥ 1 translation.
    public var coverage: [Coverage]
    public var summary: Summary
    public var suggestedBump: VersionBump
    /// The smallest NEW version the suggested bump allows, when OLD's version parses.
    public var minimumVersion: String?
    /// Set when NEW's version is not above OLD's by at least the suggested bump.
    public var versionWarning: String?

    /// Metadata keys never compared.
    public static let volatileMetadata: Set<String> = [
        "created", "tool_name", "tool_version", "sqlite_version", "version", "counts",
    ]

    public var isEmpty: Bool {
        schema == nil && added.isEmpty && removed.isEmpty && changed.isEmpty
            && provenance.words == 0 && metadata.isEmpty
    }

    // MARK: - Parts

    public struct Dataset: Sendable, Equatable, Codable {
        public var name: String?
        public var version: String?
        public var words: Int
        public var schemaVersion: Int32
        public var targetLanguages: [String]
    }

    public struct SchemaChange: Sendable, Equatable, Codable {
        public var oldUserVersion: Int32
        public var newUserVersion: Int32
        /// `sqlite_master` rows only OLD has / only NEW has.
        public var removed: [String]
        public var added: [String]
    }

    /// A word present in one release only.
    public struct Membership: Sendable, Equatable, Codable {
        public var lemma: String
        public var pos: PartOfSpeech
        public var sourceLemma: String
        public var rank: Int?
        public var band: Int
        public var reason: Reason
    }

    /// Why a word is absent from a release: the `exclusions` reason code (`not-reached`,
    /// `no-entry`, ...), or `respelled`, `not-in-frequency-list`, `unknown`; and a phrase.
    public struct Reason: Sendable, Equatable, Codable {
        public var code: String
        public var text: String
    }

    public struct WordChange: Sendable, Equatable, Codable {
        public var lemma: String
        public var pos: PartOfSpeech
        /// A different ILI (or a different synset when either lacks an ILI).
        public var sense: SenseSwitch?
        /// The same sense's definition, reworded (never set with `sense`).
        public var definition: TextEdit?
        public var synonyms: ListChange?
        public var examples: ListChange?
        /// Languages whose translations differ, in coverage order.
        public var translations: [LanguageChange]
        public var rank: RankMove?
        public var provenanceChanged: Bool

        public var key: WordKey { WordKey(lemma: lemma, partOfSpeech: pos) }
    }

    public struct Sense: Sendable, Equatable, Codable {
        public var synset: String
        public var ili: String?
        public var senseRank: Int
        public var definition: String?
    }

    public struct SenseSwitch: Sendable, Equatable, Codable {
        public var old: Sense
        public var new: Sense
    }

    public struct TextEdit: Sendable, Equatable, Codable {
        public var old: String?
        public var new: String?
    }

    /// Set differences, each in order of appearance.
    public struct ListChange: Sendable, Equatable, Codable {
        public var added: [String]
        public var removed: [String]
    }

    public struct LanguageChange: Sendable, Equatable, Codable {
        public var language: String
        public var added: [String]
        public var removed: [String]
    }

    /// Ranks when both releases publish them, bands otherwise.
    public struct RankMove: Sendable, Equatable, Codable {
        public var old: Int
        public var new: Int
        /// `rank` or `band`.
        public var by: String
    }

    public struct ProvenanceChanges: Sendable, Equatable, Codable {
        public var words: Int
        /// Distinct (old lexicon → new lexicon) pairs and how many words each covers.
        public var lexicons: [LexiconChange]
    }

    public struct LexiconChange: Sendable, Equatable, Codable {
        public var old: String
        public var new: String
        public var words: Int
    }

    public struct MetadataChange: Sendable, Equatable, Codable {
        public var key: String
        public var old: String?
        public var new: String?
    }

    /// Words with a translation, out of the release's words (``TranslationShare``).
    public typealias Share = TranslationShare

    public struct Coverage: Sendable, Equatable, Codable {
        public var language: String
        public var before: Share
        public var after: Share
        /// Words in both releases whose translations in this language changed.
        public var wordsChanged: Int
    }

    public struct Summary: Sendable, Equatable, Codable {
        public var added = 0
        public var removed = 0
        public var changed = 0
        public var unchanged = 0
        public var senseSwitched = 0
        public var definitionEdited = 0
        public var synonymsChanged = 0
        public var examplesChanged = 0
        public var translationsChanged = 0
        public var rankMoved = 0
        public var provenanceChanged = 0
        public var metadataChanged = 0
        public var schemaChanged = false
    }
}
