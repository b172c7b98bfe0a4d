import VocabCore
import WNLMF

/// Finds the lexicon entry a frequency-list lemma stands for.
public enum EntryResolver {
    /// The entry for `lemma` in `partOfSpeech`, or nil when the lexicon has none with a sense.
    ///
    /// Candidates are the entries whose written form equals the lemma ignoring case and whose
    /// part-of-speech letter belongs to the part of speech (`a` or `s` for adjectives). Among
    /// several: the exact spelling first, then an all-lower-case form, then `a` before `s`,
    /// then document order.
    public static func resolve(_ lemma: String, _ partOfSpeech: PartOfSpeech, in lexicon: Lexicon) -> LexicalEntry? {
        let letters = partOfSpeech.wordNetLetters
        let candidates = lexicon.entries(caseInsensitiveForm: lemma).filter {
            letters.contains($0.partOfSpeech) && !$0.senses.isEmpty
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
}
