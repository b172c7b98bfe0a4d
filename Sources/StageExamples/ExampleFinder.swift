import Morphology
import StageRead
import VocabCore

/// An analyzer with the classes its readings are read by (the lemmatize step's, for the learned
/// language when the config lemmatizes) and the names the source lexicon gives its lemmas.
package struct ClassedAnalyzer: Sendable {
    /// The analyzer.
    package var analyzer: any MorphologicalAnalyzer
    /// Its tags' classes and plural tags.
    package var config: AnalyzerConfig
    /// Its lemmas as the lexicon names them: the lemmatize step's (``CitationForms``), so that a
    /// token reads as the list's forms do; without the step, markers dropped only.
    package var citations: CitationForms

    /// `analyzer` read by `config`, its lemmas named by `citations`.
    package init(_ analyzer: any MorphologicalAnalyzer, _ config: AnalyzerConfig, citations: CitationForms = CitationForms()) {
        self.analyzer = analyzer
        self.config = config
        self.citations = citations
    }

    /// `analysis` as a word of the lexicon sees it (``AnalyzerReading/classified(by:citations:)``).
    package func classify(_ analysis: AnalyzerReading) -> (lemma: String, wordClass: WordClass, inflection: [String])? {
        analysis.classified(by: config, citations: citations)
    }
}

/// What the examples rule needs besides the cards and the pairs.
package struct ExampleSettings: Sendable {
    /// The source name of the pairs (`examples.id`).
    package var source: String
    /// The longest sentence considered, in words.
    package var maxWords: Int
    /// How its words are counted.
    package var wordCount: ExampleWordCount
    /// How the sentences are chosen.
    package var chooser: ExampleChooser

    /// Settings.
    package init(source: String, maxWords: Int, wordCount: ExampleWordCount = .spaces, chooser: ExampleChooser) {
        self.source = source
        self.maxWords = maxWords
        self.wordCount = wordCount
        self.chooser = chooser
    }
}

/// The examples stage's work on the pairs, from the learned sentences' tokens to each card's
/// chosen pairs (docs/policy.md, examples): each distinct learned sentence of at most `maxWords`
/// words is tokenized once (`LttoolboxAnalyzer.tokens(in:)`, as `lt-proc -w`); each distinct token
/// is read once per half (the sentences and the translations go in two halves at once: the cards
/// it shows, its rank), and so is each distinct token of the translations of the sentences that
/// show a card (its lemmas); the sense test, then the choice (``ExampleChooser``).
package struct ExampleFinder: Sendable {
    /// The cards.
    package var index: CardIndex
    /// The release's frequency list's ranks.
    package var ranks: LemmaRanks
    /// The learned language's analyzer.
    package var learned: ClassedAnalyzer
    /// The learner's language's analyzer.
    package var learner: ClassedAnalyzer
    /// The source name, the length limit and the chooser.
    package var settings: ExampleSettings
    /// The frequency list's own reading of each of its forms (lower-cased), when the lemmatize
    /// step chose them: what a form most often is (``TokenRules/isCertain(_:listReading:for:)``).
    package var listReadings: [String: WordReading]

    /// A finder.
    package init(
        index: CardIndex, ranks: LemmaRanks, learned: ClassedAnalyzer, learner: ClassedAnalyzer, settings: ExampleSettings,
        listReadings: [String: WordReading] = [:]
    ) {
        self.index = index
        self.ranks = ranks
        self.learned = learned
        self.learner = learner
        self.settings = settings
        self.listReadings = listReadings
    }

    /// What the pass found: each card's chosen pairs (in release order, best first) and the figures.
    package struct Result: Sendable, Equatable {
        /// Each card's examples, parallel to the cards: its own (the lexicon's) and the pairs chosen
        /// for it, in the order ``ExampleOrder`` gives them.
        package var examples: [[CardExample]]
        /// What the pass counted.
        package var figures: Figures
    }

    /// What the pass counts, for the stage's figures and the report.
    package struct Figures: Codable, Sendable, Equatable {
        /// Pairs given.
        package var pairs = 0
        /// Pairs whose learned sentence has at most `maxWords` words.
        package var considered = 0
        /// Distinct learned sentences among them (a sentence with several translations is one).
        package var sentences = 0
        /// Tokens of those sentences, and of the translations analyzed (those of a sentence that
        /// shows a card).
        package var learnedTokens = 0
        package var learnerTokens = 0
        /// Cards that some sentence shows, and that some pair passing the sense test shows.
        package var cardsShown = 0
        package var cardsShownSameSense = 0
        /// Cards given at least one pair, and at least one passing the sense test.
        package var cardsWithPair = 0
        package var cardsWithSameSensePair = 0
        /// Pairs given to cards, and of those the ones that did not pass the sense test.
        package var pairsUsed = 0
        package var unconfirmedPairs = 0
        /// Distinct sentences given to some card.
        package var sentencesUsed = 0
        /// What ordering the cards' examples did (``ExampleOrder``); nil in a `stage.json` written before it.
        package var order: ExampleOrder.Figures?

        /// Nothing counted.
        package init() {}
    }

    /// Finds each card's examples among `pairs` (in file order), tokenized here.
    package func find(_ pairs: [SentencePair]) -> Result {
        find(PairCorpus(pairs, learned: learned, learner: learner, maxWords: settings.maxWords, wordCount: settings.wordCount))
    }

    /// The card index with the analyzers' spellings: each card known by the learned analyzer's
    /// name for its lemma, its translations by the learner analyzer's (``CardIndex``).
    package func indexWithAnalyzerLemmas() -> CardIndex {
        var index = index
        index.addAnalyzerLemmas(learned)
        index.addTranslationLemmas(learner)
        return index
    }

    /// Finds each card's examples in `corpus` (the pairs tokenized by the same analyzers and
    /// length limit).
    package func find(_ corpus: PairCorpus) -> Result {
        let index = indexWithAnalyzerLemmas()
        var figures = Figures()
        figures.pairs = corpus.pairs.count
        figures.considered = corpus.considered
        figures.sentences = corpus.sentences.count
        figures.learnedTokens = corpus.learnedTokenCount
        let sentences = corpus.sentences
        let shown = CardMatches(corpus, index: index, listReadings: listReadings).shown(ranks: ranks)

        // The sense test, on the translations of the sentences that show a card; the tokens of
        // those it reads are counted.
        var read = Set<Int32>()
        func lemmas(ofPair pair: Int32) -> [[String]] {
            let lemmas = corpus.translationLemmas(ofPair: pair)
            if read.insert(pair).inserted { figures.learnerTokens += lemmas.count }
            return lemmas
        }
        var candidates: [Candidate] = []
        candidates.reserveCapacity(shown.count)
        // Each translation's text as a number, so that a card never shows one translation twice.
        var translationIds: [String: Int32] = [:]
        // The pair (translation) each candidate shows: the first that passes the test, else the first.
        var translationOf: [CandidateKey: Int32] = [:]
        for entry in shown {
            let (sentence, card) = (entry.sentence, entry.card)
            let pairsOfSentence = sentences[Int(sentence)].pairs
            let translations = index.cards[Int(card)].translations
            let passing = pairsOfSentence.first { SenseTest.passes(tokens: lemmas(ofPair: $0), translations: translations) }
            // A sentence that shows the card only by a token's spelling must name its concept.
            if entry.weak && passing == nil { continue }
            // Of the passing translations, one that shows the card's own translation as written.
            let own = index.cards[Int(card)].ownTranslations
            let literal = passing == nil ? nil : pairsOfSentence.first { pair in
                SenseTest.passes(tokens: lemmas(ofPair: pair).map { Array($0.prefix(1)) }, translations: own)
            }
            let pair = literal ?? passing ?? pairsOfSentence[0]
            translationOf[CandidateKey(card: card, sentence: sentence)] = pair
            let text = corpus.pairs[Int(pair)].learner
            let translation = translationIds[text] ?? Int32(translationIds.count)
            translationIds[text] = translation
            candidates.append(Candidate(
                card: card, sentence: sentence, words: sentences[Int(sentence)].words, hardest: entry.hardest, sameSense: passing != nil,
                certain: entry.certain, translation: translation, literal: literal != nil))
        }

        let chosen = settings.chooser.choose(candidates, cards: index.cards.count) { candidate in
            index.cards[Int(candidate.card)].lexiconExamples.contains(sentences[Int(candidate.sentence)].text)
        }
        var pairExamples = [[CardExample]](repeating: [], count: index.cards.count)
        var usedSentences = Set<Int32>()
        var cardsShown = Set<Int32>(), cardsShownSameSense = Set<Int32>()
        for candidate in candidates {
            cardsShown.insert(candidate.card)
            if candidate.sameSense { cardsShownSameSense.insert(candidate.card) }
        }
        for (card, picks) in chosen.enumerated() {
            for pick in picks {
                let pair = translationOf[CandidateKey(card: pick.card, sentence: pick.sentence)] ?? sentences[Int(pick.sentence)].pairs[0]
                pairExamples[card].append(CardExample(
                    text: sentences[Int(pick.sentence)].text, translation: corpus.pairs[Int(pair)].learner, source: settings.source,
                    sameSense: pick.sameSense))
                usedSentences.insert(pick.sentence)
                figures.pairsUsed += 1
                if !pick.sameSense { figures.unconfirmedPairs += 1 }
            }
            if !picks.isEmpty { figures.cardsWithPair += 1 }
            if picks.contains(where: \.sameSense) { figures.cardsWithSameSensePair += 1 }
        }
        figures.cardsShown = cardsShown.count
        figures.cardsShownSameSense = cardsShownSameSense.count
        figures.sentencesUsed = usedSentences.count
        var order = ExampleOrder.Figures()
        let examples = index.cards.indices.map { card in
            ExampleOrder.arranged(own: index.cards[card].ownExamples, pairs: pairExamples[card], perCard: settings.chooser.perCard,
                                  figures: &order) { showsWord($0, card: card, index: index) }
        }
        figures.order = order
        return Result(examples: examples, figures: figures)
    }

    /// Whether `text` has a token that shows the card at `card` of `index` (by the rule a pair's
    /// sentence shows it: ``TokenRules/cards(shownBy:readings:in:)``).
    func showsWord(_ text: String, card: Int, index: CardIndex) -> Bool {
        learned.analyzer.tokens(in: text).contains { token in
            TokenRules.cards(shownBy: token.surface, readings: WordReading.readings(of: token, by: learned), in: index)
                .contains(Int32(card))
        }
    }

    private struct CandidateKey: Hashable {
        var card: Int32
        var sentence: Int32
    }

    /// The words of a sentence written without spaces (`examples.wordCount: "tokens"`): the
    /// analyzer's tokens that hold a letter or a digit (MeCab's `私は日本語を勉強しています。` is
    /// 私, は, 日本語, を, 勉強, し, て, い, ます: 9 words, `。` none).
    package static func words(in text: String, analyzer: any MorphologicalAnalyzer) -> Int {
        analyzer.tokens(in: text).count { token in
            token.surface.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        }
    }

    /// The words of a sentence: its white-space separated chunks that hold a letter or a digit
    /// (`¿Qué?` is one word, `—` none).
    package static func words(in text: String) -> Int {
        var count = 0
        var inChunk = false, chunkHasWord = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                if inChunk && chunkHasWord { count += 1 }
                inChunk = false
                chunkHasWord = false
            } else {
                inChunk = true
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil { chunkHasWord = true }
            }
        }
        if inChunk && chunkHasWord { count += 1 }
        return count
    }
}
