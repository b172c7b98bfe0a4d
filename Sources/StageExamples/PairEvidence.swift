import Foundation
import VocabCore

/// What the sentence pairs say of a list of words (``UsageEvidence``), read off a ``PairCorpus``:
/// the pairs whose sentence shows each word (by the examples step's own rule, ``CardMatches``),
/// and how often a translation occurs in those pairs' translations (by the sense test's match,
/// ``SenseTest``). The join step orders a card's translations and weighs a doubted sense with it;
/// a dictionary's entries are words too.
///
/// The translations' lemmas are numbered once, so that matching a translation against the pairs of
/// a word compares numbers (a dictionary asks it for every entry some pair shows).
package struct PairEvidence: UsageEvidence {
    /// The learner's language: the pairs' translations'.
    package let language: String
    private let corpus: PairCorpus
    private let learner: ClassedAnalyzer
    /// Per word, the pairs whose sentence shows it, in file order.
    private let pairsOfWord: [[Int32]]
    /// The lemmas of the translations' tokens, numbered.
    private let lemmaNumbers: [String: Int32]
    /// Per distinct token of the translations, its lemmas' numbers.
    private let tokenLemmas: [[Int32]]
    /// Per lemma number, how many tokens of the translations read as it.
    private let lemmaFrequency: [Int]
    /// Each translation's forms, by part of speech, once asked for (a dictionary asks for the same
    /// translations of many entries).
    private let forms = FormCache()

    /// One word of the list: its lexicon lemma, the frequency list's spelling and its part of speech.
    package typealias Word = (lemma: String, sourceLemma: String, partOfSpeech: PartOfSpeech)

    /// The evidence for `words` in `corpus` (tokenized by `learned` and `learner`), whose
    /// translations are in `language`. With `analyzerSpellings`, a word is also known by the
    /// analyzer's spelling of its lemma (``CardIndex/addAnalyzerLemmas(_:)-(ClassedAnalyzer)``:
    /// `realize` as realise), at the cost of two analyses a word (a whole dictionary's words go
    /// without).
    package init(
        _ corpus: PairCorpus, words: [Word], learned: ClassedAnalyzer, learner: ClassedAnalyzer, language: String, analyzerSpellings: Bool = true
    ) {
        self.language = language
        self.corpus = corpus
        self.learner = learner
        var index = CardIndex(words.map { ExampleCard(lemma: $0.lemma, sourceLemma: $0.sourceLemma, partOfSpeech: $0.partOfSpeech, translations: []) })
        if analyzerSpellings { index.addAnalyzerLemmas(learned) }
        pairsOfWord = CardMatches(corpus, index: index).sentencesByCard().map { sentences in
            sentences.flatMap { corpus.sentences[Int($0)].pairs }
        }
        (lemmaNumbers, tokenLemmas, lemmaFrequency) = (corpus.learnerLemmaNumbers, corpus.learnerTokenLemmas, corpus.learnerLemmaFrequency)
    }

    package func pairCount(word: Int) -> Int { pairsOfWord[word].count }

    package func pairsNaming(word: Int, partOfSpeech: PartOfSpeech, anyOf translations: [String]) -> Int {
        guard !pairsOfWord[word].isEmpty else { return 0 }
        let forms = variants(translations, partOfSpeech: partOfSpeech).flatMap { $0 }
        guard !forms.isEmpty else { return 0 }
        return pairsOfWord[word].count { pair in forms.contains { matches(pair, $0) } }
    }

    package func occurrences(word: Int, partOfSpeech: PartOfSpeech, of translations: [String]) -> [Int] {
        var counts = [Int](repeating: 0, count: translations.count)
        // Most of a dictionary's words are in no pair: nothing to read.
        guard !pairsOfWord[word].isEmpty else { return counts }
        let variants = variants(translations, partOfSpeech: partOfSpeech)
        guard !variants.allSatisfy(\.isEmpty) else { return counts }
        for pair in pairsOfWord[word] {
            for (index, forms) in variants.enumerated() where forms.contains(where: { matches(pair, $0) }) { counts[index] += 1 }
        }
        return counts
    }

    package func frequency(of translation: String) -> Int {
        guard let words = TranslationWords.words(translation), words.count == 1, let number = lemmaNumbers[words[0]] else { return 0 }
        return lemmaFrequency[Int(number)]
    }

    /// One form of a translation as the pairs' lemmas number it: its words' numbers, and the
    /// number of its words joined (a multiword token's lemma); nil parts are lemmas no token has.
    fileprivate struct Form: Sendable {
        var words: [Int32?]
        var whole: Int32?
    }

    /// Each of `translations` as the sense test looks for it (its words, and for one word the
    /// lemmas the learner's analyzer reads it as in `partOfSpeech`), numbered; a form no token can
    /// match is left out.
    private func variants(_ translations: [String], partOfSpeech: PartOfSpeech) -> [[Form]] {
        translations.map { translation in forms.forms(of: translation, partOfSpeech) { numbered(translation, partOfSpeech: partOfSpeech) } }
    }

    /// ``variants(_:partOfSpeech:)`` of one translation.
    private func numbered(_ translation: String, partOfSpeech: PartOfSpeech) -> [Form] {
        guard let words = TranslationWords.words(translation) else { return [] }
        var forms = [words]
        if words.count == 1 {
            forms += TranslationWords.analyzerLemmas(of: words[0], partOfSpeech: partOfSpeech, readings: learner.classedReadings)
                .filter { $0 != words }
        }
        return forms.compactMap { words in
            let form = Form(words: words.map { lemmaNumbers[$0] }, whole: lemmaNumbers[words.joined(separator: " ")])
            return form.whole != nil || form.words.allSatisfy({ $0 != nil }) ? form : nil
        }
    }

    /// Whether pair `pair`'s translation shows `form` (``SenseTest/passes(tokens:translations:)``'s
    /// match, over numbers): one word as a token's lemma, several as one token's lemma or as the
    /// lemmas of as many tokens in a row.
    private func matches(_ pair: Int32, _ form: Form) -> Bool {
        let tokens = corpus.translationTokenIndices(ofPair: pair)
        if let whole = form.whole, tokens.contains(where: { tokenLemmas[Int($0)].contains(whole) }) { return true }
        guard form.words.count > 1, tokens.count >= form.words.count else { return false }
        let words = form.words.map { $0 ?? -1 }
        let first = tokens.startIndex
        for start in first...(tokens.endIndex - words.count)
        where words.indices.allSatisfy({ tokenLemmas[Int(tokens[start + $0])].contains(words[$0]) }) {
            return true
        }
        return false
    }
}

/// The forms of translations already numbered, shared by the threads that make a dictionary's cards.
private final class FormCache: @unchecked Sendable {
    private var known: [String: [PairEvidence.Form]] = [:]
    private let lock = NSLock()

    /// The forms of `translation` in `partOfSpeech`, made by `make` the first time.
    func forms(of translation: String, _ partOfSpeech: PartOfSpeech, make: () -> [PairEvidence.Form]) -> [PairEvidence.Form] {
        let key = partOfSpeech.rawValue + "\u{1}" + translation
        lock.lock()
        if let found = known[key] {
            lock.unlock()
            return found
        }
        lock.unlock()
        let made = make()
        lock.lock()
        known[key] = made
        lock.unlock()
        return made
    }
}
