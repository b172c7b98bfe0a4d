import VocabCore

/// One reading of a word form: a lemma, its word class and the inflection that makes the form
/// from it (the analyzer's tags after the class: `casas` → casa, noun, `f pl`), with the source
/// that gave it. Every morphology source gives readings (the analyzer, the lemma table, the
/// lexicon's entries and `Form`s, Hunspell's stems); one rule chooses among them
/// (``ReadingChooser``).
package struct Reading: Sendable, Hashable {
    /// The lemma, as the source spells it.
    package var lemma: String
    /// Its word class.
    package var wordClass: WordClass
    /// The inflection tags after the class tag (`pri p3 sg`); empty for a source that has none.
    package var inflection: [String]
    /// The analyzer's tag(s) that named the class (`vbser`, `vblex`: both verbs), whose forms
    /// inflect by a paradigm of their own and are weighed among themselves (``ReadingChooser``);
    /// empty for a source without tags.
    package var kind: [String]
    /// Where the reading comes from.
    package var source: LemmaSource

    /// A reading.
    package init(lemma: String, wordClass: WordClass, inflection: [String] = [], kind: [String] = [], source: LemmaSource) {
        self.lemma = lemma
        self.wordClass = wordClass
        self.inflection = inflection
        self.kind = kind
        self.source = source
    }
}
