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
}

/// Joins each selected word with one sense of its entry: definition, synonyms, examples and
/// translations all come from that one sense's synset, never from another.
package enum SenseJoiner {
    /// Joins `words` in order; a word the lexicon cannot account for is a ``JoinError``.
    package static func join(
        _ words: [SelectedWord], source: Lexicon, targets: [TranslationSource], policy: TranslationPolicy,
        glosses: GlossSource? = nil
    ) throws(JoinError) -> JoinResult {
        var records: [WordRecord] = []
        records.reserveCapacity(words.count)
        var translated: [String: Int] = Dictionary(uniqueKeysWithValues: targets.map { ($0.language, 0) })
        var senseMoved = 0
        var pinned = 0
        for word in words {
            let record = try joinWord(word, source: source, targets: targets, policy: policy, glosses: glosses)
            if record.provenance.pinned {
                pinned += 1
            } else if record.provenance.senseRank != 1 {
                senseMoved += 1
            }
            for translation in record.translations where !translation.lemmas.isEmpty {
                translated[translation.language, default: 0] += 1
            }
            records.append(record)
        }
        return JoinResult(records: records, translated: translated, senseMoved: senseMoved, pinned: pinned)
    }

    static func joinWord(
        _ word: SelectedWord, source: Lexicon, targets: [TranslationSource], policy: TranslationPolicy, glosses: GlossSource?
    ) throws(JoinError) -> WordRecord {
        guard let entry = source.entry(id: word.entryId), !entry.senses.isEmpty else {
            throw JoinError(.entryMissing(entryId: word.entryId, lexicon: source.info.idVersion))
        }
        let card = try card(
            of: entry, sourceLemma: word.sourceLemma, partOfSpeech: word.partOfSpeech, source: source, targets: targets,
            policy: policy, pinnedILI: word.pinnedILI, glosses: glosses)
        return WordRecord(rank: word.rank, frequency: word.frequency, card: card)
    }

    /// The card of `entry` (which must have a sense) under `policy`: the same card a selected
    /// word gets, for a dictionary of every entry. `sourceLemma` is the list's spelling (a
    /// dictionary entry's own written form); `partOfSpeech` the word's. With `pinnedILI` (a sense
    /// pin) the card comes from the entry's first sense of that concept, whatever the policy.
    /// `source` is the entry's lexicon, as Swift values or kept compactly. A sense without a
    /// definition takes its concept's from `glosses` (``GlossSource/definition(of:sourceLanguage:glosses:)``).
    package static func card<Source: SynsetLookup>(
        of entry: LexicalEntry, sourceLemma: String, partOfSpeech: PartOfSpeech, source: Source,
        targets: [TranslationSource], policy: TranslationPolicy, pinnedILI: String? = nil, glosses: GlossSource? = nil
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
            targets.map { Translation(language: $0.language, lemmas: $0.lemmas(ili: synset.interlingualId)) }
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
        if pinnedILI == nil, policy == .sense, !targets.isEmpty, chosenTranslations.contains(where: { $0.lemmas.isEmpty }) {
            for index in entry.senses.indices.dropFirst() {
                let candidate = try synsetOf(entry.senses[index])
                let candidateTranslations = translations(of: candidate)
                if candidateTranslations.allSatisfy({ !$0.lemmas.isEmpty }) {
                    senseIndex = index
                    synset = candidate
                    chosenTranslations = candidateTranslations
                    break
                }
            }
        }
        let sense = entry.senses[senseIndex]

        var seen: Set<String> = [entry.writtenForm]
        var synonyms: [String] = []
        for member in source.members(of: synset) where member.entryId != entry.id && member.lexicalized {
            if seen.insert(member.writtenForm).inserted { synonyms.append(member.writtenForm) }
        }

        let definition = GlossSource.definition(of: synset, sourceLanguage: source.info.language, glosses: glosses)
        return WordCard(
            lemma: entry.writtenForm, sourceLemma: sourceLemma, partOfSpeech: partOfSpeech,
            definition: definition.text, synonyms: synonyms, examples: synset.examples,
            translations: chosenTranslations,
            provenance: Provenance(
                lexicon: source.info.idVersion, entryId: entry.id, senseId: sense.id, synsetId: synset.id,
                ili: synset.interlingualId, senseRank: senseIndex + 1, pinned: pinnedILI != nil),
            pronunciations: entry.pronunciations, definitionLanguage: definition.language)
    }
}
