import Foundation
import VocabCore

/// What changed between two releases, word by word, keyed on (lemma, part of speech), never on
/// row ids. Computed by a pure function of two `ReleaseBundle`s (`init(old:new:)`); rendered by
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

        public init(oldUserVersion: Int32, newUserVersion: Int32, removed: [String], added: [String]) {
            self.oldUserVersion = oldUserVersion
            self.newUserVersion = newUserVersion
            self.removed = removed
            self.added = added
        }
    }

    /// A word present in one release only.
    public struct Membership: Sendable, Equatable, Codable {
        public var lemma: String
        public var pos: String
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

        public init(code: String, text: String) {
            self.code = code
            self.text = text
        }
    }

    public struct WordChange: Sendable, Equatable, Codable {
        public var lemma: String
        public var pos: String
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

        public init(old: String?, new: String?) {
            self.old = old
            self.new = new
        }
    }

    /// Set differences, each in order of appearance.
    public struct ListChange: Sendable, Equatable, Codable {
        public var added: [String]
        public var removed: [String]

        public init(added: [String], removed: [String]) {
            self.added = added
            self.removed = removed
        }
    }

    public struct LanguageChange: Sendable, Equatable, Codable {
        public var language: String
        public var added: [String]
        public var removed: [String]

        public init(language: String, added: [String], removed: [String]) {
            self.language = language
            self.added = added
            self.removed = removed
        }
    }

    /// Ranks when both releases publish them, bands otherwise.
    public struct RankMove: Sendable, Equatable, Codable {
        public var old: Int
        public var new: Int
        /// `rank` or `band`.
        public var by: String

        public init(old: Int, new: Int, by: String) {
            self.old = old
            self.new = new
            self.by = by
        }
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

        public init(old: String, new: String, words: Int) {
            self.old = old
            self.new = new
            self.words = words
        }
    }

    public struct MetadataChange: Sendable, Equatable, Codable {
        public var key: String
        public var old: String?
        public var new: String?
    }

    public struct Share: Sendable, Equatable, Codable {
        public var translated: Int
        public var words: Int
        /// Percentage with one decimal.
        public var percent: Double {
            words == 0 ? 0 : (Double(translated) * 1000 / Double(words)).rounded() / 10
        }

        enum CodingKeys: String, CodingKey { case translated, words, percent }
        public init(translated: Int, words: Int) {
            self.translated = translated
            self.words = words
        }
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            translated = try container.decode(Int.self, forKey: .translated)
            words = try container.decode(Int.self, forKey: .words)
        }
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(translated, forKey: .translated)
            try container.encode(words, forKey: .words)
            try container.encode(percent, forKey: .percent)
        }
    }

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

// MARK: - Computing

extension ReleaseDiff {
    /// The diff of two releases: a pure function of the two bundles.
    public init(old: ReleaseBundle, new: ReleaseBundle) {
        self.old = Dataset(old)
        self.new = Dataset(new)

        // Schema: user_version and sqlite_master rows.
        let oldSchema = Set(old.schema), newSchema = Set(new.schema)
        if old.userVersion != new.userVersion || oldSchema != newSchema {
            schema = SchemaChange(
                oldUserVersion: old.userVersion, newUserVersion: new.userVersion,
                removed: old.schema.filter { !newSchema.contains($0) },
                added: new.schema.filter { !oldSchema.contains($0) })
        }

        var languages: [String] = []
        for language in old.targetLanguages + new.targetLanguages
            + (old.words + new.words).flatMap({ $0.translations.keys.sorted() })
        where !languages.contains(language) {
            languages.append(language)
        }

        let oldByKey = Dictionary(old.words.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let newByKey = Dictionary(new.words.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })

        let addedWords = new.words.filter { oldByKey[$0.key] == nil }
        let removedWords = old.words.filter { newByKey[$0.key] == nil }
        let oldIndex = addedWords.isEmpty ? nil : AbsenceIndex(old)
        let newIndex = removedWords.isEmpty ? nil : AbsenceIndex(new)
        added = addedWords.map { Membership($0, reason: Self.absence(of: $0, from: oldIndex!, direction: .added)) }
        removed = removedWords.map { Membership($0, reason: Self.absence(of: $0, from: newIndex!, direction: .removed)) }

        changed = []
        unchanged = 0
        var provenanceWords = 0
        var lexiconPairs: [LexiconChange] = []
        let byRank = old.words.allSatisfy { $0.rank != nil } && new.words.allSatisfy { $0.rank != nil }
        for word in new.words {
            guard let before = oldByKey[word.key] else { continue }
            let change = Self.compare(before, word, languages: languages, byRank: byRank)
            if change.provenanceChanged {
                provenanceWords += 1
                if before.lexicon != word.lexicon {
                    if let i = lexiconPairs.firstIndex(where: { $0.old == before.lexicon && $0.new == word.lexicon }) {
                        lexiconPairs[i].words += 1
                    } else {
                        lexiconPairs.append(LexiconChange(old: before.lexicon, new: word.lexicon, words: 1))
                    }
                }
            }
            if change.hasContentChange { changed.append(change) } else { unchanged += 1 }
        }
        provenance = ProvenanceChanges(words: provenanceWords, lexicons: lexiconPairs)

        metadata = Set(old.metadata.keys).union(new.metadata.keys)
            .subtracting(Self.volatileMetadata).sorted()
            .filter { old.metadata[$0] != new.metadata[$0] }
            .map { MetadataChange(key: $0, old: old.metadata[$0], new: new.metadata[$0]) }

        let changedWords = changed
        coverage = languages.map { language in
            Coverage(
                language: language,
                before: Share(language: language, in: old.words), after: Share(language: language, in: new.words),
                wordsChanged: changedWords.filter { $0.translations.contains { $0.language == language } }.count)
        }

        var summary = Summary()
        summary.added = added.count
        summary.removed = removed.count
        summary.changed = changed.count
        summary.unchanged = unchanged
        summary.senseSwitched = changed.filter { $0.sense != nil }.count
        summary.definitionEdited = changed.filter { $0.definition != nil }.count
        summary.synonymsChanged = changed.filter { $0.synonyms != nil }.count
        summary.examplesChanged = changed.filter { $0.examples != nil }.count
        summary.translationsChanged = changed.filter { !$0.translations.isEmpty }.count
        summary.rankMoved = changed.filter { $0.rank != nil }.count
        summary.provenanceChanged = provenanceWords
        summary.metadataChanged = metadata.count
        summary.schemaChanged = schema != nil
        self.summary = summary

        if schema != nil {
            suggestedBump = .major
        } else if !added.isEmpty || !removed.isEmpty {
            suggestedBump = .minor
        } else if !changed.isEmpty || provenanceWords > 0 || !metadata.isEmpty {
            suggestedBump = .patch
        } else {
            suggestedBump = .none
        }

        let oldVersion = old.datasetVersion.flatMap(SemanticVersion.init)
        let newVersion = new.datasetVersion.flatMap(SemanticVersion.init)
        let minimum = oldVersion?.bumped(suggestedBump)
        minimumVersion = minimum?.description
        versionWarning = Self.versionWarning(
            old: old.datasetVersion, new: new.datasetVersion, oldVersion: oldVersion, newVersion: newVersion,
            minimum: minimum, bump: suggestedBump)
    }

    static func versionWarning(
        old: String?, new: String?, oldVersion: SemanticVersion?, newVersion: SemanticVersion?,
        minimum: SemanticVersion?, bump: VersionBump
    ) -> String? {
        guard let oldVersion, let newVersion, let minimum else {
            if bump == .none { return nil }
            return "cannot compare the dataset versions (old \(old ?? "none"), new \(new ?? "none")): expected semantic versions"
        }
        if newVersion >= minimum { return nil }
        if bump == .none {
            return "the new version \(newVersion) is lower than the old \(oldVersion)"
        }
        return "the new version \(newVersion) is not above \(oldVersion) by a \(bump.rawValue) bump (expected at least \(minimum))"
    }

    /// The content changes of a word in both releases (provenance flagged apart).
    static func compare(_ old: BundleWord, _ new: BundleWord, languages: [String], byRank: Bool) -> WordChange {
        var change = WordChange(
            lemma: new.lemma, pos: new.partOfSpeech, sense: nil, definition: nil, synonyms: nil, examples: nil,
            translations: [], rank: nil, provenanceChanged: false)
        let switched: Bool
        if let oldILI = old.ili, let newILI = new.ili {
            switched = oldILI != newILI
        } else {
            switched = old.synsetId != new.synsetId
        }
        if switched {
            change.sense = SenseSwitch(old: Sense(old), new: Sense(new))
        } else if old.definition != new.definition {
            change.definition = TextEdit(old: old.definition, new: new.definition)
        }
        change.synonyms = ListChange(old: old.synonyms, new: new.synonyms)
        change.examples = ListChange(old: old.examples, new: new.examples)
        for language in languages {
            if let list = ListChange(old: old.translations[language] ?? [], new: new.translations[language] ?? []) {
                change.translations.append(LanguageChange(language: language, added: list.added, removed: list.removed))
            }
        }
        if byRank, let oldRank = old.rank, let newRank = new.rank {
            if oldRank != newRank { change.rank = RankMove(old: oldRank, new: newRank, by: "rank") }
        } else if old.band != new.band {
            change.rank = RankMove(old: old.band, new: new.band, by: "band")
        }
        change.provenanceChanged = !switched
            && (old.lexicon != new.lexicon || old.entryId != new.entryId || old.senseId != new.senseId
                || old.synsetId != new.synsetId || old.senseRank != new.senseRank || old.ili != new.ili)
        return change
    }

    enum Direction { case added, removed }

    /// Why `word` (of `other`) is absent from `release`.
    /// A release's exclusions and words by frequency-list spelling, to say why a word is absent.
    struct AbsenceIndex {
        var release: ReleaseBundle
        var exclusions: [String: [ReleaseBundle.Exclusion]]
        var words: [String: [BundleWord]]

        init(_ release: ReleaseBundle) {
            self.release = release
            exclusions = Dictionary(grouping: release.exclusions, by: \.sourceLemma)
            words = Dictionary(grouping: release.words, by: \.sourceLemma)
        }
    }

    /// Why `word` is absent from the indexed release.
    static func absence(of word: BundleWord, from index: AbsenceIndex, direction: Direction) -> Reason {
        let release = index.release
        let candidates = index.exclusions[word.sourceLemma] ?? []
        let exact = candidates.first { $0.partOfSpeech == word.partOfSpeech }
        let untyped = candidates.first { $0.partOfSpeech == nil }
        if let exclusion = exact ?? untyped {
            return Reason(code: exclusion.reason, text: reasonText(exclusion.reason, direction: direction, count: release.words.count))
        }
        // The same frequency-list word under another written form (the lexicon respelt it).
        if let respelt = index.words[word.sourceLemma]?.first(where: {
            $0.partOfSpeech == word.partOfSpeech && $0.lemma != word.lemma
        }) {
            return Reason(code: "respelled", text: direction == .removed ? "now spelt \(respelt.lemma)" : "was spelt \(respelt.lemma)")
        }
        if release.exclusions.isEmpty {
            return Reason(code: "unknown", text: "unknown (no exclusions recorded)")
        }
        return Reason(code: "not-in-frequency-list",
                      text: direction == .removed ? "not in the frequency list" : "new in the frequency list")
    }

    static func reasonText(_ code: String, direction: Direction, count: Int) -> String {
        switch (code, direction) {
        case ("not-reached", .removed): "left the top \(count)"
        case ("not-reached", .added): "was outside the top \(count)"
        case ("no-entry", .removed): "no longer in the lexicon"
        case ("no-entry", .added): "new in the lexicon"
        case ("pos-not-kept", .removed): "part of speech filtered"
        case ("pos-not-kept", .added): "part of speech now kept"
        case ("stoplisted", .removed): "stop-listed"
        case ("stoplisted", .added): "no longer stop-listed"
        case ("below-minimum-frequency", .removed): "below the minimum frequency"
        case ("below-minimum-frequency", .added): "no longer below the minimum frequency"
        case ("duplicate-entry", .removed): "duplicate of a more frequent word's entry"
        case ("duplicate-entry", .added): "no longer a duplicate entry"
        case ("unknown-tag", .removed): "unknown tag in the frequency list"
        case ("unknown-tag", .added): "tag no longer unknown"
        case (_, .removed): "excluded (\(code))"
        case (_, .added): "previously excluded (\(code))"
        }
    }
}

extension ReleaseDiff.WordChange {
    var hasContentChange: Bool {
        sense != nil || definition != nil || synonyms != nil || examples != nil || !translations.isEmpty || rank != nil
    }
}

extension ReleaseDiff.ListChange {
    /// Nil when nothing was added or removed (order changes aside).
    init?(old: [String], new: [String]) {
        let oldSet = Set(old), newSet = Set(new)
        var added: [String] = [], removed: [String] = []
        for item in new where !oldSet.contains(item) && !added.contains(item) { added.append(item) }
        for item in old where !newSet.contains(item) && !removed.contains(item) { removed.append(item) }
        if added.isEmpty && removed.isEmpty { return nil }
        self.init(added: added, removed: removed)
    }
}

extension ReleaseDiff.Dataset {
    init(_ bundle: ReleaseBundle) {
        self.init(
            name: bundle.datasetName, version: bundle.datasetVersion, words: bundle.words.count,
            schemaVersion: bundle.userVersion, targetLanguages: bundle.targetLanguages)
    }
}

extension ReleaseDiff.Membership {
    init(_ word: BundleWord, reason: ReleaseDiff.Reason) {
        self.init(lemma: word.lemma, pos: word.partOfSpeech, sourceLemma: word.sourceLemma,
                  rank: word.rank, band: word.band, reason: reason)
    }
}

extension ReleaseDiff.Sense {
    init(_ word: BundleWord) {
        self.init(synset: word.synsetId, ili: word.ili, senseRank: word.senseRank, definition: word.definition)
    }
}

extension ReleaseDiff.Share {
    init(language: String, in words: [BundleWord]) {
        self.init(translated: words.filter { !($0.translations[language] ?? []).isEmpty }.count, words: words.count)
    }
}
