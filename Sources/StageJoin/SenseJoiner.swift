import VocabCore
import WNLMF

/// The join stage's result.
package struct JoinResult: Sendable, Equatable {
    /// One record per selected word, in rank order.
    package var records: [WordRecord]
    /// Words with at least one translation, per target language.
    package var translated: [String: Int]
    /// Words whose emitted sense is not the entry's first (policy `sense`).
    package var senseMoved: Int
    /// Words whose sense a sense pin chose.
    package var pinned: Int
    /// Translation coverage by target language, by source lexicon and by policy.
    package var coverage: TranslationCoverage = TranslationCoverage()
    /// The words whose card moved to a later sense (policy `sense`), in rank order, for review.
    package var moved: [MovedSense] = []
}

/// What a word's card moved from and to under policy `sense`: for a maintainer to review, and to
/// pin the first sense where the move is wrong for a learner.
package struct MovedSense: Codable, Sendable, Equatable {
    /// The frequency list's spelling (what a sense pin names).
    package var word: String
    /// The word's part of speech.
    package var partOfSpeech: PartOfSpeech
    /// The entry's first sense, which had no translation in some target language.
    package var from: SenseText
    /// The sense the card moved to.
    package var to: SenseText
    /// The moved card's translations, with their sources.
    package var translations: [Translation]

    /// One sense as the review shows it.
    package struct SenseText: Codable, Sendable, Equatable {
        /// 1-based rank in the entry.
        package var rank: Int
        /// The synset id.
        package var synset: String
        /// The concept, when it has one.
        package var ili: String?
        /// The definition a card of that sense shows.
        package var definition: String?
    }
}

/// Words with a translation, per target language: by source lexicon (a word counts for each
/// lexicon that gave it a lemma), and under each policy (`none`: the first sense, or the pinned
/// one; `sense`: after the bounded move), whatever policy the build used.
package struct TranslationCoverage: Codable, Sendable, Equatable {
    /// Language → lexicon `id:version` → words with at least one lemma from it.
    package var bySource: [String: [String: Int]] = [:]
    /// Policy (`none`, `sense`) → language → words with a translation under it.
    package var byPolicy: [String: [String: Int]] = [:]

    /// No figures.
    package init() {}

    /// Counts `card`'s translations by source, and under `policy`.
    mutating func count(_ card: WordCard, policy: TranslationPolicy) {
        count(card.translations, policy: policy)
        Self.countSources(of: card, into: &bySource)
    }

    /// Adds `card` to `table` (language → lexicon `id:version` → cards): once for each lexicon
    /// that gave it a lemma in a language. Words here, dictionary entries in the dictionary stage.
    package static func countSources(of card: WordCard, into table: inout [String: [String: Int]]) {
        for translation in card.translations {
            // Each distinct source once; a translation has a source or two (no `Set` per card).
            for (index, source) in translation.sources.enumerated() where !translation.sources[..<index].contains(source) {
                table[translation.language, default: [:]][source, default: 0] += 1
            }
        }
    }

    /// Counts `translations` under `policy` only.
    mutating func count(_ translations: [Translation], policy: TranslationPolicy) {
        var languages = byPolicy[policy.rawValue] ?? [:]
        for translation in translations {
            languages[translation.language, default: 0] += translation.lemmas.isEmpty ? 0 : 1
        }
        byPolicy[policy.rawValue] = languages
    }
}

/// Joins each selected word with one sense of its entry: definition, synonyms, examples and
/// translations all come from that one sense's synset, never from another.
package enum SenseJoiner {
    /// Joins `words` in order; a word the lexicon cannot account for is a ``JoinError``.
    package static func join(
        _ words: [SelectedWord], source: Lexicon, targets: [TranslationSource], policy: TranslationPolicy,
        maxSenseRank: Int? = nil, glosses: GlossSource? = nil
    ) throws(JoinError) -> JoinResult {
        var records: [WordRecord] = []
        records.reserveCapacity(words.count)
        var translated: [String: Int] = Dictionary(uniqueKeysWithValues: targets.map { ($0.language, 0) })
        var senseMoved = 0
        var pinned = 0
        var coverage = TranslationCoverage()
        var moved: [MovedSense] = []
        for word in words {
            let record = try joinWord(word, source: source, targets: targets, policy: policy, maxSenseRank: maxSenseRank, glosses: glosses)
            coverage.count(record.card, policy: policy)
            if record.provenance.pinned {
                pinned += 1
            } else if record.provenance.senseRank != 1 {
                senseMoved += 1
                moved.append(try movedSense(record, source: source, glosses: glosses))
            }
            for translation in record.translations where !translation.lemmas.isEmpty {
                translated[translation.language, default: 0] += 1
            }
            // The other policy's coverage, for the report: what the first sense gives, or what a move would.
            let other: TranslationPolicy = policy == .sense ? .none : .sense
            if record.provenance.pinned || (policy == .sense && record.provenance.senseRank == 1) {
                coverage.count(record.translations, policy: other)
            } else if policy == .sense {
                let first = try firstSynset(of: record, source: source)
                coverage.count(targets.map { $0.translation(ili: first.interlingualId) }, policy: .none)
            } else if let entry = source.entry(id: word.entryId),
                      let move = try senseMove(entry, source: source, targets: targets, from: record.translations, maxSenseRank: maxSenseRank) {
                coverage.count(move.translations, policy: .sense)
            } else {
                coverage.count(record.translations, policy: .sense)
            }
            records.append(record)
        }
        return JoinResult(
            records: records, translated: translated, senseMoved: senseMoved, pinned: pinned, coverage: coverage, moved: moved)
    }

    /// The first sense's synset of `record`'s entry.
    static func firstSynset(of record: WordRecord, source: Lexicon) throws(JoinError) -> Synset {
        guard let entry = source.entry(id: record.provenance.entryId), let first = entry.senses.first else {
            throw JoinError(.entryMissing(entryId: record.provenance.entryId, lexicon: source.info.idVersion))
        }
        guard let synset = source.synset(id: first.synset) else {
            throw JoinError(.missingSynset(senseId: first.id, synsetId: first.synset))
        }
        return synset
    }

    /// The review line of a record whose card moved off its entry's first sense.
    static func movedSense(_ record: WordRecord, source: Lexicon, glosses: GlossSource?) throws(JoinError) -> MovedSense {
        let first = try firstSynset(of: record, source: source)
        let firstDefinition = GlossSource.definition(of: first, sourceLanguage: source.info.language, glosses: glosses).text
        return MovedSense(
            word: record.sourceLemma, partOfSpeech: record.partOfSpeech,
            from: .init(rank: 1, synset: first.id, ili: first.interlingualId, definition: firstDefinition),
            to: .init(rank: record.provenance.senseRank, synset: record.provenance.synsetId, ili: record.provenance.ili,
                      definition: record.definition),
            translations: record.translations)
    }

    static func joinWord(
        _ word: SelectedWord, source: Lexicon, targets: [TranslationSource], policy: TranslationPolicy, maxSenseRank: Int?,
        glosses: GlossSource?
    ) throws(JoinError) -> WordRecord {
        guard let entry = source.entry(id: word.entryId), !entry.senses.isEmpty else {
            throw JoinError(.entryMissing(entryId: word.entryId, lexicon: source.info.idVersion))
        }
        let card = try card(
            of: entry, sourceLemma: word.sourceLemma, partOfSpeech: word.partOfSpeech, source: source, targets: targets,
            policy: policy, maxSenseRank: maxSenseRank, pinnedILI: word.pinnedILI, glosses: glosses)
        return WordRecord(rank: word.rank, frequency: word.frequency, card: card)
    }

    /// Policy `sense`'s move: when `current` (the first sense's translations) lacks a language,
    /// the first later sense, no deeper than `maxSenseRank` (``TranslationConfig/defaultMaxSenseRank``
    /// when nil), whose concept is translated into every target language; nil when there is none.
    /// A sense of the same entry has the entry's part of speech, so the bound is on rank alone.
    package static func senseMove<Source: SynsetLookup>(
        _ entry: LexicalEntry, source: Source, targets: [TranslationSource], from current: [Translation], maxSenseRank: Int?
    ) throws(JoinError) -> (index: Int, synset: Synset, translations: [Translation])? {
        guard !targets.isEmpty, current.contains(where: { $0.lemmas.isEmpty }) else { return nil }
        let limit = min(entry.senses.count, maxSenseRank ?? TranslationConfig.defaultMaxSenseRank)
        guard limit > 1 else { return nil }
        for index in 1..<limit {
            let sense = entry.senses[index]
            guard let candidate = source.synset(id: sense.synset) else {
                throw JoinError(.missingSynset(senseId: sense.id, synsetId: sense.synset))
            }
            let translations = targets.map { $0.translation(ili: candidate.interlingualId) }
            if translations.allSatisfy({ !$0.lemmas.isEmpty }) { return (index, candidate, translations) }
        }
        return nil
    }

    /// The card of `entry` (which must have a sense) under `policy`: the same card a selected
    /// word gets, for a dictionary of every entry. `sourceLemma` is the list's spelling (a
    /// dictionary entry's own written form); `partOfSpeech` the word's. With `pinnedILI` (a sense
    /// pin) the card comes from the entry's first sense of that concept, whatever the policy.
    /// `source` is the entry's lexicon, as Swift values or kept compactly. A sense without a
    /// definition takes its concept's from `glosses` (``GlossSource/definition(of:sourceLanguage:glosses:)``).
    /// Policy `sense` looks no deeper than `maxSenseRank` (``senseMove(_:source:targets:from:maxSenseRank:)``).
    package static func card<Source: SynsetLookup>(
        of entry: LexicalEntry, sourceLemma: String, partOfSpeech: PartOfSpeech, source: Source,
        targets: [TranslationSource], policy: TranslationPolicy, maxSenseRank: Int? = nil, pinnedILI: String? = nil,
        glosses: GlossSource? = nil
    ) throws(JoinError) -> WordCard {
        guard !entry.senses.isEmpty else {
            throw JoinError(.entryMissing(entryId: entry.id, lexicon: source.info.idVersion))
        }
        func synsetOf(_ sense: Sense) throws(JoinError) -> Synset {
            guard let synset = source.synset(id: sense.synset) else {
                throw JoinError(.missingSynset(senseId: sense.id, synsetId: sense.synset))
            }
            return synset
        }
        func translations(of synset: Synset) -> [Translation] {
            targets.map { $0.translation(ili: synset.interlingualId) }
        }

        var senseIndex = 0
        if let pinnedILI {
            guard let index = entry.senses.firstIndex(where: { source.synset(id: $0.synset)?.interlingualId == pinnedILI }) else {
                throw JoinError(.pinnedConceptMissing(entryId: entry.id, ili: pinnedILI))
            }
            senseIndex = index
        }
        var synset = try synsetOf(entry.senses[senseIndex])
        var chosenTranslations = translations(of: synset)
        if pinnedILI == nil, policy == .sense,
           let move = try senseMove(entry, source: source, targets: targets, from: chosenTranslations, maxSenseRank: maxSenseRank) {
            senseIndex = move.index
            synset = move.synset
            chosenTranslations = move.translations
        }
        let sense = entry.senses[senseIndex]

        var synonyms = UniqueStrings(excluding: entry.writtenForm)
        for member in source.members(of: synset) where member.entryId != entry.id && member.lexicalized {
            synonyms.append(member.writtenForm)
        }

        let definition = GlossSource.definition(of: synset, sourceLanguage: source.info.language, glosses: glosses)
        return WordCard(
            lemma: entry.writtenForm, sourceLemma: sourceLemma, partOfSpeech: partOfSpeech,
            definition: definition.text, synonyms: synonyms.items, examples: synset.examples.map(CardExample.init(lexicon:)),
            translations: chosenTranslations,
            provenance: Provenance(
                lexicon: source.info.idVersion, entryId: entry.id, senseId: sense.id, synsetId: synset.id,
                ili: synset.interlingualId, senseRank: senseIndex + 1, pinned: pinnedILI != nil),
            pronunciations: entry.pronunciations, definitionLanguage: definition.language)
    }
}
