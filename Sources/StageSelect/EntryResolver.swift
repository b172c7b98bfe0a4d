import VocabCore
import WNLMF

/// Finds the lexicon entry a frequency-list lemma stands for.
package enum EntryResolver {
    /// The entry for `lemma` in `partOfSpeech`, or nil when the lexicon has none with a sense.
    ///
    /// Candidates are the entries whose written form equals the lemma ignoring case and whose
    /// part-of-speech letter belongs to the part of speech (`a` or `s` for adjectives). Among
    /// several: the exact spelling first, then an all-lower-case form, then `a` before `s`,
    /// then document order.
    ///
    /// With `pinnedILI` (a sense pin), only the entries with a sense of that concept are
    /// candidates: the pin may pick a case variant (`Earth` for `earth`) the rule above would not.
    package static func resolve(
        _ lemma: String, _ partOfSpeech: PartOfSpeech, in lexicon: Lexicon, pinnedILI: String? = nil
    ) -> LexicalEntry? {
        let letters = partOfSpeech.wordNetLetters
        let candidates = lexicon.entries(caseInsensitiveForm: lemma).filter { entry in
            letters.contains(entry.partOfSpeech) && !entry.senses.isEmpty
                && (pinnedILI.map { pinnedSenseIndex(of: entry, ili: $0, in: lexicon) != nil } ?? true)
        }
        return candidates.min { lhs, rhs in
            preferenceKey(lhs, lemma: lemma, letters: letters) < preferenceKey(rhs, lemma: lemma, letters: letters)
        }
    }

    private static func preferenceKey(_ entry: LexicalEntry, lemma: String, letters: [WordNetPartOfSpeech]) -> (Int, Int, Int, Int) {
        (
            entry.writtenForm == lemma ? 0 : 1,
            entry.writtenForm == entry.writtenForm.lowercased() ? 0 : 1,
            letters.firstIndex(of: entry.partOfSpeech) ?? letters.count,
            entry.documentIndex
        )
    }

    /// The index of `entry`'s first sense (in sense order) whose synset has the interlingual index
    /// `ili`, or nil: the sense a pin selects.
    package static func pinnedSenseIndex(of entry: LexicalEntry, ili: String, in lexicon: Lexicon) -> Int? {
        entry.senses.firstIndex { lexicon.synset(id: $0.synset)?.interlingualId == ili }
    }
}
