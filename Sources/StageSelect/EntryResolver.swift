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
    ///
    /// With `fittingCase` (a list of word forms the lemmatize step read), an entry with a capital
    /// where the lemma has a small letter is no candidate unless a pin names it: a lower-cased
    /// form is a common word, and a capitalised or all-capitals entry of that spelling is a name,
    /// an abbreviation or a symbol (Polish `in`, `b`, `al` are not indium, boron, aluminium). The
    /// lemmatize step gives a name its capitals, and a class that is never a card (``casingFits(_:lemma:)``).
    /// A list of lemmas (COCA's) keeps the rule above: its lemmas are its maker's, lower-cased
    /// (`american` is American, `tv` is TV).
    package static func resolve(
        _ lemma: String, _ partOfSpeech: PartOfSpeech, in lexicon: Lexicon, pinnedILI: String? = nil, fittingCase: Bool = false
    ) -> LexicalEntry? {
        let letters = partOfSpeech.wordNetLetters
        let candidates = lexicon.entries(caseInsensitiveForm: lemma).filter { entry in
            letters.contains(entry.partOfSpeech) && !entry.senses.isEmpty
                && (pinnedILI.map { pinnedSenseIndex(of: entry, ili: $0, in: lexicon) != nil } ?? (!fittingCase || casingFits(entry.writtenForm, lemma: lemma)))
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

    /// Whether the written form `entry` (equal to `lemma` ignoring case) has no capital where
    /// `lemma` has a small letter: `casa` fits `casa`, `Haus` fits `Haus`, `In` does not fit `in`,
    /// `NATO` does not fit `nato`.
    package static func casingFits(_ entry: String, lemma: String) -> Bool {
        if entry == lemma || !entry.contains(where: \.isUppercase) { return true }
        guard entry.count == lemma.count else { return false }
        return !zip(entry, lemma).contains { $0.isUppercase && !$1.isUppercase }
    }

    /// The index of `entry`'s first sense (in sense order) whose synset has the interlingual index
    /// `ili`, or nil: the sense a pin selects.
    package static func pinnedSenseIndex(of entry: LexicalEntry, ili: String, in lexicon: Lexicon) -> Int? {
        entry.senses.firstIndex { lexicon.synset(id: $0.synset)?.interlingualId == ili }
    }
}
