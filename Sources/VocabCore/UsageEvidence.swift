/// What sentence pairs say of a list of words' translations (the examples step's pairs: a
/// sentence in the learned language, its translation into the learner's): for each word, the
/// pairs whose sentence shows it, and how often a given translation occurs in their translations.
/// The join step orders a card's translations by it and weighs a doubted sense with it
/// (docs/policy.md, the join); StageExamples' `PairEvidence` reads it off the tokenized pairs.
package protocol UsageEvidence: Sendable {
    /// The learner's language, the language of the pairs' translations (`examples.learnerLanguage`).
    var language: String { get }

    /// How many pairs show the word at `word` (its index in the list the evidence was made for).
    func pairCount(word: Int) -> Int

    /// For each of `translations` (as a lexicon writes them: `tener_lugar` is two words), how
    /// many of the pairs that show the word at `word` contain it in their translation: as the
    /// lemma or the spelling of a token, a translation of several words as as many tokens in a row
    /// (the sense test's match), also as the learner language's analyzer reads the translation in
    /// `partOfSpeech` (`niños` is niño).
    func occurrences(word: Int, partOfSpeech: PartOfSpeech, of translations: [String]) -> [Int]

    /// How many of the pairs that show the word at `word` contain at least one of `translations`
    /// in their translation (each matched as ``occurrences(word:partOfSpeech:of:)`` matches it):
    /// how many pairs name a concept, by any of its names.
    func pairsNaming(word: Int, partOfSpeech: PartOfSpeech, anyOf translations: [String]) -> Int

    /// How often a token of all the pairs' translations reads as `translation` (one word,
    /// lower-cased): the learner language's frequency as the pairs show it; 0 for a translation of
    /// several words.
    func frequency(of translation: String) -> Int
}
