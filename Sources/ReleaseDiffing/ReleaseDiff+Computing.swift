import Foundation
import ReleaseFormat
import Releases
import VocabCore

// MARK: - Computing

extension ReleaseDiff {
    /// The diff of two releases: a pure function of the two bundles.
    package init(old: PublishedRelease, new: PublishedRelease) {
        self.old = Dataset(old)
        self.new = Dataset(new)
        schema = Self.schemaChange(old: old, new: new)
        let languages = Self.languages(old: old, new: new)

        let oldByKey = Dictionary(old.words.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let newByKey = Dictionary(new.words.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let addedWords = new.words.filter { oldByKey[$0.key] == nil }
        let removedWords = old.words.filter { newByKey[$0.key] == nil }
        let oldIndex = addedWords.isEmpty ? nil : AbsenceIndex(old)
        let newIndex = removedWords.isEmpty ? nil : AbsenceIndex(new)
        added = addedWords.map { Membership($0, reason: Self.absence(of: $0, from: oldIndex!, direction: .added)) }
        removed = removedWords.map { Membership($0, reason: Self.absence(of: $0, from: newIndex!, direction: .removed)) }

        let common = Self.commonWords(old: old.words, oldByKey: oldByKey, new: new.words, languages: languages)
        changed = common.changed
        moved = common.moved
        unchanged = common.unchanged
        provenance = common.provenance
        pins = Self.pinChanges(old: old.words, new: new.words)

        metadata = Set(old.metadata.keys).union(new.metadata.keys)
            .subtracting(Self.volatileMetadata).stablySorted()
            .filter { old.metadata[$0] != new.metadata[$0] }
            .map { MetadataChange(key: $0, old: old.metadata[$0], new: new.metadata[$0]) }
        let (oldLicense, newLicense) = (Self.license(old.metadata), Self.license(new.metadata))
        license = oldLicense != newLicense ? LicenseChange(old: oldLicense ?? "none", new: newLicense ?? "none") : nil
        translationSources = Self.translationSources(of: changed, oldByKey: oldByKey, newByKey: newByKey)

        let changedWords = changed
        coverage = languages.map { language in
            Coverage(
                language: language,
                before: Share(language: language, in: old.words), after: Share(language: language, in: new.words),
                wordsChanged: changedWords.filter { $0.translations.contains { $0.language == language } }.count)
        }
        summary = Summary(self)
        suggestedBump = suggestedBumpFromChanges

        let oldVersion = old.datasetVersion.flatMap(SemanticVersion.init)
        let newVersion = new.datasetVersion.flatMap(SemanticVersion.init)
        let minimum = oldVersion?.bumped(suggestedBump)
        minimumVersion = minimum?.description
        versionWarning = Self.versionWarning(
            old: old.datasetVersion, new: new.datasetVersion, oldVersion: oldVersion, newVersion: newVersion,
            minimum: minimum, bump: suggestedBump)
    }

    /// The schema's change: `user_version` and the `sqlite_master` rows; nil when both are the same.
    static func schemaChange(old: PublishedRelease, new: PublishedRelease) -> SchemaChange? {
        let oldSchema = Set(old.schema), newSchema = Set(new.schema)
        guard old.userVersion != new.userVersion || oldSchema != newSchema else { return nil }
        return SchemaChange(
            oldUserVersion: old.userVersion, newUserVersion: new.userVersion,
            removed: old.schema.filter { !newSchema.contains($0) },
            added: new.schema.filter { !oldSchema.contains($0) })
    }

    /// The target languages of both releases, then any other language a word is translated into,
    /// each once, in that order.
    static func languages(old: PublishedRelease, new: PublishedRelease) -> [String] {
        var languages: [String] = []
        for language in old.targetLanguages + new.targetLanguages
            + (old.words + new.words).flatMap({ $0.translations.filter { !$0.lemmas.isEmpty }.map(\.language).stablySorted() })
        where !languages.contains(language) {
            languages.append(language)
        }
        return languages
    }

    /// The words of both releases, sorted by what happened to them.
    struct CommonWords {
        var changed: [WordChange] = []
        var moved: [WordChange] = []
        var unchanged = 0
        var provenance = ProvenanceChanges(words: 0, lexicons: [])
    }

    /// Compares every word of `new` that `old` has too, in `new`'s order.
    static func commonWords(
        old: [ReleaseWord], oldByKey: [WordKey: ReleaseWord], new: [ReleaseWord], languages: [String]
    ) -> CommonWords {
        var common = CommonWords()
        let byRank = old.allSatisfy { $0.rank != nil } && new.allSatisfy { $0.rank != nil }
        for word in new {
            guard let before = oldByKey[word.key] else { continue }
            let change = Self.compare(before, word, languages: languages, byRank: byRank)
            if change.provenanceChanged {
                common.provenance.words += 1
                common.provenance.count(lexicon: before.provenance.lexicon, to: word.provenance.lexicon)
            }
            if change.hasContentChange {
                common.changed.append(change)
            } else if change.rank != nil {
                common.moved.append(change)
            } else {
                common.unchanged += 1
            }
        }
        return common
    }

    /// The translation lemmas added and removed per language and source, over the changed words.
    static func translationSources(
        of changed: [WordChange], oldByKey: [WordKey: ReleaseWord], newByKey: [WordKey: ReleaseWord]
    ) -> [SourceTranslations] {
        var bySource: [SourceTranslations] = []
        func tally(_ language: String, _ source: String, added: Int, removed: Int) {
            if let i = bySource.firstIndex(where: { $0.language == language && $0.source == source }) {
                bySource[i].added += added
                bySource[i].removed += removed
            } else {
                bySource.append(SourceTranslations(language: language, source: source, added: added, removed: removed))
            }
        }
        for change in changed {
            guard let before = oldByKey[change.key], let after = newByKey[change.key] else { continue }
            for language in change.translations {
                let newTranslation = after.translations.first { $0.language == language.language }
                let oldTranslation = before.translations.first { $0.language == language.language }
                for lemma in language.added { tally(language.language, newTranslation?.source(of: lemma) ?? "unknown", added: 1, removed: 0) }
                for lemma in language.removed { tally(language.language, oldTranslation?.source(of: lemma) ?? "unknown", added: 0, removed: 1) }
            }
        }
        return bySource.stablySorted { ($0.language, $0.source) < ($1.language, $1.source) }
    }

    /// The bump the changes call for: major for a schema or licence change, minor for words
    /// added or removed, patch for any other change of the words or the metadata. The
    /// dictionary's entries and the forms (``FormsChange``) are reported but weigh nothing here:
    /// they follow from the words, the sources and the schema, which do.
    var suggestedBumpFromChanges: VersionBump {
        if schema != nil || license != nil { return .major }
        if !added.isEmpty || !removed.isEmpty { return .minor }
        if !changed.isEmpty || !moved.isEmpty || provenance.words > 0 || !metadata.isEmpty { return .patch }
        return .none
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

    /// A release's licence from its metadata: `licenseExpression` (schema 5), else the names of
    /// its `licenses` joined by ` AND ` (what the release listed before the licence was computed).
    static func license(_ metadata: [String: String]) -> String? {
        if let expression = metadata["licenseExpression"] { return expression }
        guard let text = metadata["licenses"], let data = text.data(using: .utf8),
              let licenses = try? JSONDecoder().decode([DataPackage.License].self, from: data) else { return nil }
        let names = licenses.compactMap { $0.name ?? $0.title }
        return names.isEmpty ? nil : names.joined(separator: " AND ")
    }

    /// The content changes of a word in both releases (provenance flagged apart).
    static func compare(_ old: ReleaseWord, _ new: ReleaseWord, languages: [String], byRank: Bool) -> WordChange {
        var change = WordChange(
            lemma: new.lemma, pos: new.partOfSpeech, sense: nil, definition: nil, lists: [:],
            translations: [], rank: nil, provenanceChanged: false)
        let (before, after) = (old.provenance, new.provenance)
        let switched: Bool
        if let oldILI = before.ili, let newILI = after.ili {
            switched = oldILI != newILI
        } else {
            switched = before.synsetId != after.synsetId
        }
        if switched {
            change.sense = SenseSwitch(old: Sense(old), new: Sense(new))
        } else if old.definition != new.definition || old.definitionLanguage != new.definitionLanguage {
            // The definition's language is part of the definition: a gloss for the source's own text is an edit.
            change.definition = TextEdit(
                old: old.definition, new: new.definition, oldLanguage: old.definitionLanguage, newLanguage: new.definitionLanguage)
        }
        for field in CardField.diffLists {
            change.lists[field] = ListChange(old: field.value(of: old).strings, new: field.value(of: new).strings)
        }
        for language in languages {
            if let list = ListChange(old: old.translations(for: language), new: new.translations(for: language)) {
                change.translations.append(LanguageChange(language: language, added: list.added, removed: list.removed))
            }
        }
        if byRank, let oldRank = old.rank, let newRank = new.rank {
            if oldRank != newRank { change.rank = RankMove(old: oldRank, new: newRank, by: "rank") }
        } else if old.band != new.band {
            change.rank = RankMove(old: old.band, new: new.band, by: "band")
        }
        change.provenanceChanged = !switched && before != after
        return change
    }

    enum Direction { case added, removed }

    /// A release's exclusions and words by frequency-list spelling, to say why a word is absent.
    struct AbsenceIndex {
        var release: PublishedRelease
        var exclusions: [String: [PublishedRelease.Exclusion]]
        var words: [String: [ReleaseWord]]

        init(_ release: PublishedRelease) {
            self.release = release
            exclusions = Dictionary(grouping: release.exclusions, by: \.sourceLemma)
            words = Dictionary(grouping: release.words, by: \.sourceLemma)
        }
    }

    /// Why `word` is absent from the indexed release.
    static func absence(of word: ReleaseWord, from index: AbsenceIndex, direction: Direction) -> Reason {
        let release = index.release
        let candidates = index.exclusions[word.sourceLemma] ?? []
        let exact = candidates.first { $0.pos == word.partOfSpeech }
        let untyped = candidates.first { $0.pos == nil }
        if let exclusion = exact ?? untyped {
            return Reason(code: exclusion.reason, text: reasonText(exclusion.reason, direction: direction, count: release.words.count))
        }
        // The same frequency-list word under another written form (the lexicon respelt it).
        if let respelt = index.words[word.sourceLemma]?.first(where: {
            $0.partOfSpeech == word.partOfSpeech && $0.lemma != word.lemma
        }) {
            return Reason(code: "respelled", text: direction == .removed ? "now spelt \(respelt.lemma)" : "was spelt \(respelt.lemma)")
        }
        switch release.exclusionsSource {
        case .missing(let report):
            return Reason(code: "unknown", text: "unknown (no report folder" + (report.map { " at \($0.path)" } ?? "") + ")")
        case .databaseTable where release.exclusions.isEmpty:
            return Reason(code: "unknown", text: "unknown (no exclusions recorded)")
        default:
            break
        }
        if release.notReachedOmitted > 0 {
            return Reason(code: "not-recorded", text: direction == .removed
                ? "outside the top \(release.words.count) or no longer in the frequency list (the report lists the nearest not-reached words only)"
                : "was outside the top \(release.words.count) or not in the frequency list (the report lists the nearest not-reached words only)")
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

extension ReleaseDiff.Summary {
    /// The counts of `diff`'s changes (its `summary` aside).
    init(_ diff: ReleaseDiff) {
        self.init()
        let changed = diff.changed
        added = diff.added.count
        removed = diff.removed.count
        self.changed = changed.count
        moved = diff.moved.count
        unchanged = diff.unchanged
        senseSwitched = changed.filter { $0.sense != nil }.count
        definitionEdited = changed.filter { $0.definition != nil }.count
        for field in CardField.diffLists { listsChanged[field] = changed.filter { $0.lists[field] != nil }.count }
        translationsChanged = changed.filter { !$0.translations.isEmpty }.count
        rankMoved = changed.filter { $0.rank != nil }.count + diff.moved.count
        provenanceChanged = diff.provenance.words
        metadataChanged = diff.metadata.count
        schemaChanged = diff.schema != nil
    }
}

extension ReleaseDiff.ProvenanceChanges {
    /// Counts one more word whose lexicon went from `old` to `new` (none when they are the same).
    mutating func count(lexicon old: String, to new: String) {
        guard old != new else { return }
        if let i = lexicons.firstIndex(where: { $0.old == old && $0.new == new }) {
            lexicons[i].words += 1
        } else {
            lexicons.append(ReleaseDiff.LexiconChange(old: old, new: new, words: 1))
        }
    }
}

extension ReleaseDiff.WordChange {
    /// A change of the card itself; a band (or rank) move alone is not one.
    var hasContentChange: Bool {
        sense != nil || definition != nil || !lists.isEmpty || !translations.isEmpty
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
    init(_ bundle: PublishedRelease) {
        let exclusions: String
        switch bundle.exclusionsSource {
        case .reportFolder(let url): exclusions = "report folder \(url.path)"
        case .databaseTable: exclusions = "database (schema 1)"
        case .missing(let url): exclusions = "none: no report folder" + (url.map { " at \($0.path)" } ?? "")
        }
        var hasExclusions = true
        if case .missing = bundle.exclusionsSource { hasExclusions = false }
        self.init(
            name: bundle.datasetName, version: bundle.datasetVersion, words: bundle.words.count,
            schemaVersion: bundle.userVersion, targetLanguages: bundle.targetLanguages, exclusions: exclusions,
            hasExclusions: hasExclusions)
    }
}

extension ReleaseDiff.Membership {
    init(_ word: ReleaseWord, reason: ReleaseDiff.Reason) {
        self.init(lemma: word.lemma, pos: word.partOfSpeech, sourceLemma: word.sourceLemma,
                  rank: word.rank, band: word.band, reason: reason)
    }
}

extension ReleaseDiff.Sense {
    init(_ word: ReleaseWord) {
        self.init(synset: word.provenance.synsetId, ili: word.provenance.ili, senseRank: word.provenance.senseRank, definition: word.definition)
    }
}

extension TranslationShare {
    init(language: String, in words: [ReleaseWord]) {
        self.init(translated: words.filter { !$0.translations(for: language).isEmpty }.count, words: words.count)
    }
}
