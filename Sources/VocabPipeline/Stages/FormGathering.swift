import Morphology
import StageExamples
import StageForms
import StageLemmatize
import VocabCore

/// What the forms of a list of words are gathered from (docs/policy.md, forms), for the release's
/// words (``FormsStage``) and the dictionary's entries (``DictionaryStage``) alike.
struct FormGathering {
    /// The learned language's analyzer with its classes and tag names; nil without one.
    var analyzer: ClassedAnalyzer?
    /// Forms shown to the build: the frequency list's and the example sentences' tokens, read by
    /// the analyzer.
    var shown: [String] = []
    /// The example sentences' texts: where the engine cannot enumerate a lemma's forms, their
    /// words as a reader meets them (MeCab's word with its endings).
    var texts: [String] = []
    /// The lemmatize step's lemma of each list form (any source: the table, Hunspell, the lexicon).
    var listLemmas: [FormLemma] = []
    /// The lexicon's `Form`s of the word at an index.
    var lexiconForms: (Int) -> [String] = { _ in [] }

    /// The forms of `words` (name and part of speech): the analyzer's forms of their lemmas where
    /// its engine enumerates them, the readings of the shown forms, the list's lemmas (with the
    /// analyzer's tags where one of its readings agrees, else none), the lexicon's `Form`s.
    /// `enumerated` is false when there was no analyzer or its engine cannot enumerate.
    func collect(_ words: [(name: String, partOfSpeech: PartOfSpeech)]) -> (forms: [FormCollector.CollectedForm], enumerated: Bool) {
        let config = analyzer?.config
        var collector = FormCollector(
            words: words, names: InflectionNames(format: config?.format ?? .lttoolbox, overrides: config?.tagNames ?? [:]))
        var enumerated = false
        var analyses: [String: [Reading]] = [:]
        if let analyzer {
            // Every reading's lemma as the lexicon names it (the words' names: CitationForms).
            let citations = analyzer.citations
            enumerated = collector.addEnumerated(by: analyzer.analyzer, config: analyzer.config, citations: citations)
            if !enumerated { collector.addTextWords(of: texts, by: analyzer.analyzer, config: analyzer.config, citations: citations) }
            analyses = LemmatizeStage.named(
                LemmatizeStage.analyses(ofForms: shown + listLemmas.map(\.form), analyzer: analyzer.analyzer, config: analyzer.config),
                by: citations)
            // The collector keeps a set: the order of the forms does not matter.
            for (form, readings) in analyses {
                for reading in readings {
                    collector.add(form, lemma: reading.lemma, partOfSpeech: reading.wordClass.partOfSpeech, tags: reading.inflection)
                }
            }
        }
        collector.addAgreeingForms(AgreementTags(format: config?.format ?? .lttoolbox))
        for outcome in listLemmas {
            guard let lemma = outcome.lemma, let partOfSpeech = outcome.partOfSpeech else { continue }
            let agreeing = (analyses[outcome.form] ?? []).contains { $0.lemma == lemma && $0.wordClass.partOfSpeech == partOfSpeech }
            if !agreeing { collector.add(outcome.form, lemma: lemma, partOfSpeech: partOfSpeech, tags: []) }
        }
        for index in words.indices {
            for form in lexiconForms(index) { collector.add(form, word: index, tags: []) }
        }
        return (collector.forms(), enumerated)
    }
}
