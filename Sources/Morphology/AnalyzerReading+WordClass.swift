import VocabCore

extension AnalyzerReading {
    /// The reading as a word of the lexicon sees it: its first word's lemma, its word class by
    /// `config`'s classes over Apertium's tags (``AnalyzerConfig/wordClass(ofTags:)``: the first
    /// tag's, or the first two's, `det ord`) and its inflection, the tags after those (or the
    /// part's own ``AnalyzerReading/Part/inflection``, where the engine names it); nil for a
    /// reading without a lemma or a tag. A joined form is its first word's (`del` = de + el is the
    /// preposition de; `dámelo` is dar). What the lemmatize step makes of a list's form and the
    /// examples stage of a sentence's token.
    package func classified(by config: AnalyzerConfig) -> (lemma: String, wordClass: WordClass, inflection: [String])? {
        guard let first = parts.first, !first.tags.isEmpty, !first.lemma.isEmpty else { return nil }
        let (wordClass, classTags) = config.wordClass(ofTags: first.tags)
        return (first.lemma, wordClass, first.inflection ?? Array(first.tags.dropFirst(classTags)))
    }

    /// ``classified(by:)`` with the lemma named as the source lexicon names it
    /// (``CitationForms/citation(of:partOfSpeech:)``: `год²` is `год`): how the lemmatize and
    /// examples steps read a reading once they know the lexicon's names.
    package func classified(by config: AnalyzerConfig, citations: CitationForms) -> (lemma: String, wordClass: WordClass, inflection: [String])? {
        guard let (lemma, wordClass, inflection) = classified(by: config) else { return nil }
        return (citations.citation(of: lemma, partOfSpeech: wordClass.partOfSpeech), wordClass, inflection)
    }
}
