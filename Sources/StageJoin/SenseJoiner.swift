import VocabCore
import WNLMF

/// The join stage's result.
package struct JoinResult: Sendable, Equatable {
    /// One record per selected word, in rank order.
    package var records: [WordRecord]
    /// Words with at least one translation, per target language.
    package var translated: [String: Int]
    /// Words whose emitted sense is not the entry's first (the evidence ranked another first, or
    /// policy `sense` moved the card), pinned words aside.
    package var senseMoved: Int
    /// Words whose sense a sense pin chose.
    package var pinned: Int
    /// Translation coverage by target language, by source lexicon and by policy.
    package var coverage: TranslationCoverage = TranslationCoverage()
    /// The words whose card moved to a later sense (policy `sense`), in rank order, for review.
    package var moved: [MovedSense] = []
    /// What the evidence found, for review (``SenseReview``): the cards whose sense it ranked
    /// over the lexicon's first, the cards whose sense it finds implausible and the moves it
    /// refused, in rank order.
    package var reviews: [SenseReview] = []
    /// The words whose card left the release (``DoubtedSense/Outcome/leftOut``), with the card they
    /// would have had, in rank order.
    package var leftOut: [LeftOutWord] = []
    /// How many words of the reserve the join went on to, past the selection (each in the release
    /// or left out).
    package var reserveTaken = 0
}

/// A word whose card the join left out of the release, with the card it would have had.
package struct LeftOutWord: Codable, Sendable, Equatable {
    /// The selected word.
    package var word: SelectedWord
    /// Its card.
    package var card: WordCard

    /// `word` left out with `card`.
    package init(word: SelectedWord, card: WordCard) {
        self.word = word
        self.card = card
    }
}

/// A card the sense ranking has something to say of, for a maintainer to review (and to pin where
/// the evidence is wrong for a learner).
package struct SenseReview: Codable, Sendable, Equatable {
    /// What was found.
    package enum Kind: String, Codable, Sendable, CaseIterable {
        /// The evidence ranked another sense than the lexicon's first first: ``SenseReview/sense``
        /// is the card's, ``SenseReview/other`` the lexicon's first.
        case ranked
        /// The card's sense is the last of its witness's several senses (`poder` → "dismiss": the
        /// last sense of `can`); no other sense is more plausible, or the word has no other.
        case implausible
        /// Policy `sense`: the move to ``SenseReview/other``, translated, was refused as
        /// implausible; the card keeps its sense without a translation.
        case refusedMove = "refused-move"
        /// The card's first sense was implausible and the pairs did not confirm it: it moved to
        /// ``SenseReview/sense``, the plausible sense the pairs name most (``SenseReview/other`` is
        /// the doubted one).
        case replaced
        /// The card's sense is implausible, the pairs refute it and no other is plausible: the
        /// card left the release.
        case leftOut = "left-out"
        /// The card's sense is implausible by its witness, and the pairs confirm it: kept.
        case confirmed
    }

    /// What was found.
    package var kind: Kind
    /// The frequency list's spelling (what a sense pin names).
    package var word: String
    /// The word's part of speech.
    package var partOfSpeech: PartOfSpeech
    /// The card's sense (for ``Kind/ranked``, the sense the evidence put first).
    package var sense: MovedSense.SenseText
    /// Its witness, when it has one.
    package var witness: SenseWitness?
    /// The other sense of the finding: the lexicon's first (``Kind/ranked``) or the move refused
    /// (``Kind/refusedMove``).
    package var other: MovedSense.SenseText?
    /// The other sense's witness.
    package var otherWitness: SenseWitness?
    /// The card's translations.
    package var translations: [Translation]
    /// ``Kind/refusedMove``: the translations the refused move would have given.
    package var otherTranslations: [Translation]?
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
    /// Joins `words` in order until `count` of them have a card (all of them when nil): a card
    /// the evidence leaves out (``DoubtedSense``) makes room for the next word, from the
    /// selection's reserve at the end of `words`. The records are ranked in their order.
    /// `evidence`, made for `words`, orders translations (``TranslationOrder``) and weighs
    /// doubted senses. A word the lexicon cannot account for is a ``JoinError``.
    package static func join(
        _ words: [SelectedWord], count: Int? = nil, source: Lexicon, targets: [TranslationSource], policy: TranslationPolicy,
        maxSenseRank: Int? = nil, glosses: GlossSource? = nil, ordering: SenseOrdering = .lexicon, evidence: (any UsageEvidence)? = nil
    ) throws(JoinError) -> JoinResult {
        let wanted = count ?? words.count
        var leftOut: [LeftOutWord] = []
        var records: [WordRecord] = []
        records.reserveCapacity(words.count)
        var translated: [String: Int] = Dictionary(uniqueKeysWithValues: targets.map { ($0.language, 0) })
        var senseMoved = 0
        var pinned = 0
        var coverage = TranslationCoverage()
        var moved: [MovedSense] = []
        var reviews: [SenseReview] = []
        var taken = 0
        for (position, word) in words.enumerated() where records.count < wanted {
            taken = position + 1
            let joined = try joinWord(
                word, source: source, targets: targets, policy: policy, maxSenseRank: maxSenseRank, glosses: glosses, ordering: ordering,
                usage: evidence.map { WordUsage($0, word: position) })
            var record = joined.record
            let choice = joined.choice
            reviews += try review(record, choice, source: source, targets: targets, glosses: glosses)
            if choice.doubt == .leftOut {
                leftOut.append(LeftOutWord(word: word, card: record.card))
                continue
            }
            record.rank = records.count + 1
            coverage.count(record.card, policy: policy)
            if record.provenance.pinned {
                pinned += 1
            } else if record.provenance.senseRank != 1 {
                senseMoved += 1
            }
            if choice.index != choice.first {
                moved.append(try movedSense(record, from: choice.first, source: source, glosses: glosses))
            }
            for translation in record.translations where !translation.lemmas.isEmpty {
                translated[translation.language, default: 0] += 1
            }
            // The other policy's coverage, for the report: what the first sense gives, or what a move would.
            let other: TranslationPolicy = policy == .sense ? .none : .sense
            if record.provenance.pinned || (policy == .sense && choice.index == choice.first) {
                coverage.count(record.translations, policy: other)
            } else if policy == .sense {
                let first = try synset(of: choice.first, record: record, source: source)
                coverage.count(targets.map { $0.translation(ili: first.interlingualId) }, policy: .none)
            } else if let entry = source.entry(id: word.entryId), case var ranked = choice.ranked,
                      let move = try senseMove(entry, ranked: &ranked, source: source, targets: targets, from: record.translations,
                                               maxSenseRank: maxSenseRank).move {
                coverage.count(move.translations, policy: .sense)
            } else {
                coverage.count(record.translations, policy: .sense)
            }
            records.append(record)
        }
        return JoinResult(
            records: records, translated: translated, senseMoved: senseMoved, pinned: pinned, coverage: coverage, moved: moved,
            reviews: reviews, leftOut: leftOut, reserveTaken: max(0, taken - wanted))
    }

    /// The synset of the sense at `index` in `record`'s entry.
    static func synset(of index: Int, record: WordRecord, source: Lexicon) throws(JoinError) -> Synset {
        guard let entry = source.entry(id: record.provenance.entryId), entry.senses.indices.contains(index) else {
            throw JoinError(.entryMissing(entryId: record.provenance.entryId, lexicon: source.info.idVersion))
        }
        let sense = entry.senses[index]
        guard let synset = source.synset(id: sense.synset) else {
            throw JoinError(.missingSynset(senseId: sense.id, synsetId: sense.synset))
        }
        return synset
    }

    /// The sense at `index` of `record`'s entry as the review shows it.
    static func senseText(_ index: Int, record: WordRecord, source: Lexicon, glosses: GlossSource?) throws(JoinError) -> MovedSense.SenseText {
        let synset = try synset(of: index, record: record, source: source)
        return .init(
            rank: index + 1, synset: synset.id, ili: synset.interlingualId,
            definition: GlossSource.definition(of: synset, sourceLanguage: source.info.language, glosses: glosses).text)
    }

    /// The review line of a record whose card moved off the sense at `first` (the entry's first,
    /// or the evidence's).
    static func movedSense(_ record: WordRecord, from first: Int, source: Lexicon, glosses: GlossSource?) throws(JoinError) -> MovedSense {
        MovedSense(
            word: record.sourceLemma, partOfSpeech: record.partOfSpeech,
            from: try senseText(first, record: record, source: source, glosses: glosses),
            to: .init(rank: record.provenance.senseRank, synset: record.provenance.synsetId, ili: record.provenance.ili,
                      definition: record.definition),
            translations: record.translations)
    }

    /// What the evidence found of a record's sense (``SenseReview``); nothing for a pinned word
    /// (a maintainer chose its sense).
    static func review(
        _ record: WordRecord, _ choice: SenseChoice, source: Lexicon, targets: [TranslationSource], glosses: GlossSource?
    ) throws(JoinError) -> [SenseReview] {
        guard !record.provenance.pinned else { return [] }
        var reviews: [SenseReview] = []
        func line(_ kind: SenseReview.Kind, sense: Int, other: Int?, otherTranslations: [Translation]? = nil) throws(JoinError) {
            var otherText: MovedSense.SenseText?
            if let other { otherText = try senseText(other, record: record, source: source, glosses: glosses) }
            reviews.append(SenseReview(
                kind: kind, word: record.sourceLemma, partOfSpeech: record.partOfSpeech,
                sense: try senseText(sense, record: record, source: source, glosses: glosses), witness: choice.ranked.witnesses[sense],
                other: otherText, otherWitness: other.flatMap { choice.ranked.witnesses[$0] }, translations: record.translations,
                otherTranslations: otherTranslations))
        }
        if choice.ranked.order[0] != 0 { try line(.ranked, sense: choice.ranked.order[0], other: 0) }
        switch choice.doubt {
        case .replaced(let index): try line(.replaced, sense: index, other: choice.ranked.order[0])
        case .leftOut: try line(.leftOut, sense: choice.index, other: nil)
        case .confirmed: try line(.confirmed, sense: choice.index, other: nil)
        case .unconfirmed: try line(.implausible, sense: choice.index, other: nil)
        case nil: break
        }
        if let refused = choice.refused {
            let synset = try synset(of: refused, record: record, source: source)
            try line(.refusedMove, sense: choice.index, other: refused, otherTranslations: targets.map { $0.translation(ili: synset.interlingualId) })
        }
        return reviews
    }

    static func joinWord(
        _ word: SelectedWord, source: Lexicon, targets: [TranslationSource], policy: TranslationPolicy, maxSenseRank: Int?,
        glosses: GlossSource?, ordering: SenseOrdering = .lexicon, usage: WordUsage? = nil
    ) throws(JoinError) -> (record: WordRecord, choice: SenseChoice) {
        guard let entry = source.entry(id: word.entryId), !entry.senses.isEmpty else {
            throw JoinError(.entryMissing(entryId: word.entryId, lexicon: source.info.idVersion))
        }
        let (card, choice) = try cardAndChoice(
            of: entry, sourceLemma: word.sourceLemma, partOfSpeech: word.partOfSpeech, source: source, targets: targets,
            policy: policy, maxSenseRank: maxSenseRank, pinnedILI: word.pinnedILI, glosses: glosses, ordering: ordering, usage: usage)
        return (WordRecord(rank: word.rank, frequency: word.frequency, card: card), choice)
    }

    /// Policy `sense`'s move: when `current` (the translations of the card's sense, the first of
    /// `ranked`) lacks a language, the next sense in `ranked`'s order, no deeper than
    /// `maxSenseRank` positions (``TranslationConfig/defaultMaxSenseRank`` when nil), whose concept
    /// is translated into every target language and which the evidence does not find implausible;
    /// nil when there is none. `refused`: the first such sense the evidence found implausible (the
    /// card then keeps its sense). A sense of the same entry has the entry's part of speech, so
    /// the bound is on rank alone.
    package static func senseMove<Source: SynsetLookup>(
        _ entry: LexicalEntry, ranked: inout RankedSenses, source: Source, targets: [TranslationSource], from current: [Translation],
        maxSenseRank: Int?
    ) throws(JoinError) -> (move: (index: Int, synset: Synset, translations: [Translation])?, refused: Int?) {
        guard !targets.isEmpty, current.contains(where: { $0.lemmas.isEmpty }) else { return (nil, nil) }
        let limit = min(entry.senses.count, maxSenseRank ?? TranslationConfig.defaultMaxSenseRank)
        guard limit > 1 else { return (nil, nil) }
        var refused: Int?
        for position in 1..<limit {
            let index = ranked.order[position]
            let sense = entry.senses[index]
            guard let candidate = source.synset(id: sense.synset) else {
                throw JoinError(.missingSynset(senseId: sense.id, synsetId: sense.synset))
            }
            let translations = targets.map { $0.translation(ili: candidate.interlingualId) }
            guard translations.allSatisfy({ !$0.lemmas.isEmpty }) else { continue }
            ranked.judge(index) { source.members(of: candidate).first?.entryId == entry.id }
            if ranked.implausible[index] {
                refused = refused ?? index
                continue
            }
            return ((index, candidate, translations), nil)
        }
        return (nil, refused)
    }

    /// The card of `entry` (which must have a sense) under `policy`: the same card a selected
    /// word gets, for a dictionary of every entry. `sourceLemma` is the list's spelling (a
    /// dictionary entry's own written form); `partOfSpeech` the word's. With `pinnedILI` (a sense
    /// pin) the card comes from the entry's first sense of that concept, whatever the policy and
    /// the ordering. `source` is the entry's lexicon, as Swift values or kept compactly. A sense
    /// without a definition takes its concept's from `glosses` (``GlossSource/definition(of:sourceLanguage:glosses:)``).
    /// `ordering` says which sense comes first (``SenseRanking``); policy `sense` looks no deeper
    /// than `maxSenseRank` senses in that order (``senseMove(_:ranked:source:targets:from:maxSenseRank:)``).
    package static func card<Source: SynsetLookup>(
        of entry: LexicalEntry, sourceLemma: String, partOfSpeech: PartOfSpeech, source: Source,
        targets: [TranslationSource], policy: TranslationPolicy, maxSenseRank: Int? = nil, pinnedILI: String? = nil,
        glosses: GlossSource? = nil, ordering: SenseOrdering = .lexicon, usage: WordUsage? = nil
    ) throws(JoinError) -> WordCard {
        try cardAndChoice(
            of: entry, sourceLemma: sourceLemma, partOfSpeech: partOfSpeech, source: source, targets: targets, policy: policy,
            maxSenseRank: maxSenseRank, pinnedILI: pinnedILI, glosses: glosses, ordering: ordering, usage: usage).card
    }

    /// ``card(of:sourceLemma:partOfSpeech:source:targets:policy:maxSenseRank:pinnedILI:glosses:ordering:)``
    /// with how its sense was chosen.
    static func cardAndChoice<Source: SynsetLookup>(
        of entry: LexicalEntry, sourceLemma: String, partOfSpeech: PartOfSpeech, source: Source,
        targets: [TranslationSource], policy: TranslationPolicy, maxSenseRank: Int?, pinnedILI: String?,
        glosses: GlossSource?, ordering: SenseOrdering, usage: WordUsage? = nil
    ) throws(JoinError) -> (card: WordCard, choice: SenseChoice) {
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

        var choice: SenseChoice
        if let pinnedILI {
            guard let index = entry.senses.firstIndex(where: { source.synset(id: $0.synset)?.interlingualId == pinnedILI }) else {
                throw JoinError(.pinnedConceptMissing(entryId: entry.id, ili: pinnedILI))
            }
            choice = SenseChoice(ranked: .lexiconOrder(entry.senses.count), first: index, index: index)
        } else {
            let ranked = try SenseRanking.rank(entry, source: source, ordering: ordering)
            choice = SenseChoice(ranked: ranked, first: ranked.order[0], index: ranked.order[0])
            if ranked.implausible[choice.index] {
                choice.doubt = DoubtedSense.resolve(
                    ranked, doubted: choice.index,
                    support: usage.flatMap { pairSupport($0, entry: entry, partOfSpeech: partOfSpeech, ranked: ranked, source: source, targets: targets) })
                if case .replaced(let index) = choice.doubt {
                    choice.index = index
                    choice.first = index
                }
            }
        }
        var synset = try synsetOf(entry.senses[choice.index])
        var chosenTranslations = translations(of: synset)
        if pinnedILI == nil, policy == .sense {
            let outcome = try senseMove(
                entry, ranked: &choice.ranked, source: source, targets: targets, from: chosenTranslations, maxSenseRank: maxSenseRank)
            if let move = outcome.move {
                choice.index = move.index
                synset = move.synset
                chosenTranslations = move.translations
            }
            choice.refused = outcome.refused
        }
        let sense = entry.senses[choice.index]
        if let usage { chosenTranslations = usage.ordered(chosenTranslations, ili: synset.interlingualId, partOfSpeech: partOfSpeech, targets: targets) }

        var synonyms = UniqueStrings(excluding: entry.writtenForm)
        for member in source.members(of: synset) where member.entryId != entry.id && member.lexicalized {
            synonyms.append(member.writtenForm)
        }

        let definition = GlossSource.definition(of: synset, sourceLanguage: source.info.language, glosses: glosses)
        let card = WordCard(
            lemma: entry.writtenForm, sourceLemma: sourceLemma, partOfSpeech: partOfSpeech,
            definition: definition.text, synonyms: synonyms.items, examples: synset.examples.map(CardExample.init(lexicon:)),
            translations: chosenTranslations,
            provenance: Provenance(
                lexicon: source.lexiconInfo(ofEntry: entry.id).idVersion, entryId: entry.id, senseId: sense.id, synsetId: synset.id,
                ili: synset.interlingualId, senseRank: choice.index + 1, pinned: pinnedILI != nil, senseCheck: choice.senseCheck),
            pronunciations: entry.pronunciations, definitionLanguage: definition.language)
        return (card, choice)
    }
}

/// How a card's sense was chosen among its entry's senses.
struct SenseChoice {
    /// The entry's senses in the order the card takes them (the lexicon's for a pinned word).
    var ranked: RankedSenses
    /// The sense the card takes before policy `sense`: the first of ``ranked``, or the pinned one.
    var first: Int
    /// The card's sense.
    var index: Int
    /// Policy `sense`: the translated sense a move would have taken, refused as implausible.
    var refused: Int?
    /// What became of a doubted first sense (``DoubtedSense``); nil when it was not doubted.
    var doubt: DoubtedSense.Outcome?

    /// What the card says of its doubted sense: confirmed by the pairs, or kept unconfirmed.
    var senseCheck: SenseCheck? {
        switch doubt {
        case .confirmed: .confirmed
        case .unconfirmed: .unconfirmed
        case .replaced, .leftOut, nil: nil
        }
    }
}

extension SenseJoiner {
    /// What the sentence pairs say of the senses of `entry` (``DoubtedSense/Support``), in the
    /// first target language that is the pairs' language; nil when none is.
    static func pairSupport<Source: SynsetLookup>(
        _ usage: WordUsage, entry: LexicalEntry, partOfSpeech: PartOfSpeech, ranked: RankedSenses, source: Source,
        targets: [TranslationSource]
    ) -> ((Int, Bool) -> DoubtedSense.Support)? {
        guard let target = targets.first(where: { $0.language == usage.evidence.language }) else { return nil }
        let pairs = usage.evidence.pairCount(word: usage.word)
        return { index, excludingWitness in
            guard let synset = source.synset(id: entry.senses[index].synset) else { return (0, pairs) }
            var names = target.allLemmas(ili: synset.interlingualId)
            if excludingWitness, let witness = ranked.witnesses[index]?.word.lowercased() {
                names.removeAll { $0.lowercased() == witness }
            }
            return (usage.evidence.pairsNaming(word: usage.word, partOfSpeech: partOfSpeech, anyOf: names), pairs)
        }
    }
}
