/// One data row of a frequency list, as the read stage hands it on.
package struct FrequencyRow: Codable, Sendable, Equatable {
    /// 1-based physical line of the row in the source file (for messages and tie-breaking).
    package var line: Int
    /// The lemma as the list spells it, trimmed (COCA's `TRUE` stays `TRUE`; the lexicon's
    /// written form is chosen in the select stage).
    package var lemma: String
    /// The source's own part-of-speech tag (`n`, `j`, `NN1`, ...); empty for a list without a
    /// part-of-speech column (its rows' ``partOfSpeech`` is `other` until the lemmatize step
    /// gives the lemma's).
    package var tag: String
    /// The tag mapped through the configured tag set.
    package var partOfSpeech: PartOfSpeech
    /// The count in the frequency column: a non-negative integer (a decimal frequency in units
    /// of its last decimal place, `frequency.decimalPlaces`; a list without counts: see
    /// `FrequencyListReader`).
    package var frequency: Int64

    /// A row as read: `tag` as the source writes it, `partOfSpeech` its mapping through `frequency.tags`.
    package init(line: Int, lemma: String, tag: String, partOfSpeech: PartOfSpeech, frequency: Int64) {
        self.line = line
        self.lemma = lemma
        self.tag = tag
        self.partOfSpeech = partOfSpeech
        self.frequency = frequency
    }
}
