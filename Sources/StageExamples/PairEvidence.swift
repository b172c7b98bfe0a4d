import VocabCore

/// What the sentence pairs say of a list of words (``UsageEvidence``), read off a ``PairCorpus``:
/// the pairs whose sentence shows each word (by the examples step's own rule, ``CardMatches``),
/// and how often a translation occurs in those pairs' translations (by the sense test's match,
/// ``SenseTest``). The join step orders a card's translations and weighs a doubted sense with it;
/// a dictionary's entries are words too.
package struct PairEvidence: UsageEvidence {
    /// The learner's language: the pairs' translations'.
    package let language: String
    private let corpus: PairCorpus
    private let learner: ClassedAnalyzer
    /// Per word, the pairs whose sentence shows it, in file order.
    private let pairsOfWord: [[Int32]]
    /// Per lemma (lower-cased), how many tokens of the translations read as it.
    private let lemmaFrequency: [String: Int]

    /// One word of the list: its lexicon lemma, the frequency list's spelling and its part of speech.
    package typealias Word = (lemma: String, sourceLemma: String, partOfSpeech: PartOfSpeech)

    /// The evidence for `words` in `corpus` (tokenized by `learned` and `learner`), whose
    /// translations are in `language`.
    package init(_ corpus: PairCorpus, words: [Word], learned: ClassedAnalyzer, learner: ClassedAnalyzer, language: String) {
        self.language = language
        self.corpus = corpus
        self.learner = learner
        var index = CardIndex(words.map { ExampleCard(lemma: $0.lemma, sourceLemma: $0.sourceLemma, partOfSpeech: $0.partOfSpeech, translations: []) })
        index.addAnalyzerLemmas(learned)
        pairsOfWord = CardMatches(corpus, index: index).sentencesByCard().map { sentences in
            sentences.flatMap { corpus.sentences[Int($0)].pairs }
        }
        // Each token of the translations read counts once for each lemma it may stand for.
        var tokenCounts = [Int](repeating: 0, count: corpus.learnerTokens.count)
        for sentence in corpus.sentences {
            for pair in sentence.pairs { for token in corpus.translationTokenIndices(ofPair: pair) { tokenCounts[Int(token)] += 1 } }
        }
        var frequency: [String: Int] = [:]
        for (token, lemmas) in corpus.learnerTokens.enumerated() where tokenCounts[token] > 0 {
            for (position, lemma) in lemmas.enumerated() where !lemmas[..<position].contains(lemma) {
                frequency[lemma, default: 0] += tokenCounts[token]
            }
        }
        lemmaFrequency = frequency
    }

    package func pairCount(word: Int) -> Int { pairsOfWord[word].count }

    /// Each of `translations` as the sense test looks for it: its words, and for one word the
    /// lemmas the learner's analyzer reads it as in `partOfSpeech`.
    private func variants(_ translations: [String], partOfSpeech: PartOfSpeech) -> [[[String]]] {
        translations.map { translation in
            guard let words = TranslationWords.words(translation) else { return [] }
            guard words.count == 1 else { return [words] }
            let read = TranslationWords.analyzerLemmas(of: words[0], partOfSpeech: partOfSpeech, readings: learner.classedReadings)
            return [words] + read.filter { $0 != words }
        }
    }

    package func pairsNaming(word: Int, partOfSpeech: PartOfSpeech, anyOf translations: [String]) -> Int {
        let forms = variants(translations, partOfSpeech: partOfSpeech).flatMap { $0 }
        guard !forms.isEmpty else { return 0 }
        return pairsOfWord[word].count { SenseTest.passes(tokens: corpus.translationLemmas(ofPair: $0), translations: forms) }
    }

    package func occurrences(word: Int, partOfSpeech: PartOfSpeech, of translations: [String]) -> [Int] {
        let variants = variants(translations, partOfSpeech: partOfSpeech)
        var counts = [Int](repeating: 0, count: translations.count)
        guard !variants.allSatisfy(\.isEmpty) else { return counts }
        for pair in pairsOfWord[word] {
            let tokens = corpus.translationLemmas(ofPair: pair)
            for (index, forms) in variants.enumerated() where !forms.isEmpty && SenseTest.passes(tokens: tokens, translations: forms) {
                counts[index] += 1
            }
        }
        return counts
    }

    package func frequency(of translation: String) -> Int {
        guard let words = TranslationWords.words(translation), words.count == 1 else { return 0 }
        return lemmaFrequency[words[0]] ?? 0
    }
}
