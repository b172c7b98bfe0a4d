import Morphology
import StageRead
import VocabCore

/// An analyzer with the classes its readings are read by (the lemmatize step's, for the learned
/// language when the config lemmatizes).
package struct ClassedAnalyzer: Sendable {
    /// The analyzer.
    package var analyzer: any MorphologicalAnalyzer
    /// Its tags' classes and plural tags.
    package var config: AnalyzerConfig

    /// `analyzer` read by `config`.
    package init(_ analyzer: any MorphologicalAnalyzer, _ config: AnalyzerConfig) {
        self.analyzer = analyzer
        self.config = config
    }
}

/// What the examples rule needs besides the cards and the pairs.
package struct ExampleSettings: Sendable {
    /// The source name of the pairs (`examples.id`).
    package var source: String
    /// The longest sentence considered, in words.
    package var maxWords: Int
    /// How the sentences are chosen.
    package var chooser: ExampleChooser

    /// Settings.
    package init(source: String, maxWords: Int, chooser: ExampleChooser) {
        self.source = source
        self.maxWords = maxWords
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
        /// The pairs chosen for each card, parallel to the cards.
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

        /// Nothing counted.
        package init() {}
    }

    /// A distinct learned sentence and the pairs (translations) it has.
    private struct Sentence {
        var text: String
        var words: Int32
        var pairs: [Int32]
    }

    /// What a distinct token of the learned sentences stands for.
    private struct LearnedToken {
        var cards: [Int32]
        /// The cards among them the token can be nothing else but.
        var certain: [Int32]
        var rank: Int32
    }

    /// Finds each card's examples among `pairs` (in file order).
    package func find(_ pairs: [SentencePair]) -> Result {
        var index = index
        let learned = learned
        index.addAnalyzerLemmas { form in
            learned.analyzer.readings(of: form).compactMap { analysis in
                analysis.classified(by: learned.config).map { ($0.lemma, $0.wordClass.partOfSpeech, $0.inflection) }
            }
        }
        let learner = learner
        index.addTranslationLemmas { form in
            learner.analyzer.readings(of: form).compactMap { analysis in
                analysis.classified(by: learner.config).map { ($0.lemma, $0.wordClass.partOfSpeech) }
            }
        }
        var figures = Figures()
        figures.pairs = pairs.count

        // The distinct learned sentences within the length limit, in file order.
        var sentences: [Sentence] = []
        var sentenceOf: [String: Int32] = [:]
        for (index, pair) in pairs.enumerated() {
            let words = Self.words(in: pair.learned)
            guard words <= settings.maxWords, words > 0 else { continue }
            figures.considered += 1
            if let known = sentenceOf[pair.learned] {
                sentences[Int(known)].pairs.append(Int32(index))
            } else {
                sentenceOf[pair.learned] = Int32(sentences.count)
                sentences.append(Sentence(text: pair.learned, words: Int32(words), pairs: [Int32(index)]))
            }
        }
        figures.sentences = sentences.count

        // The cards each sentence shows, with the hardest other word for each: the sentences in
        // two halves at once (the analyzer is read-only; each half caches its own tokens),
        // gathered in sentence order, so the same whatever the threads' timing.
        let (cardIndex, distinct) = (index, sentences)
        let learnedHalves = ParallelHalves.map(distinct.count) { range in learnedPass(distinct[range], index: cardIndex) }
        var shown: [Shown] = []
        shown.reserveCapacity(learnedHalves.reduce(0) { $0 + $1.shown.count })
        for half in learnedHalves {
            shown += half.shown
            figures.learnedTokens += half.tokens
        }

        // The sense test, on the translations of the sentences that show a card. Those
        // translations are tokenized ahead, in two halves at once as above; the test reads them in
        // its own order and counts the tokens of those it reads.
        var showingSentence = Set<Int32>()
        var needed: [Int32] = []
        for entry in shown where showingSentence.insert(entry.sentence).inserted { needed += sentences[Int(entry.sentence)].pairs }
        let toRead = needed
        let learnerHalves = ParallelHalves.map(toRead.count) { range in learnerPass(toRead[range], pairs: pairs) }
        var tokenized: [Int32: TokenizedTranslation] = [:]
        tokenized.reserveCapacity(needed.count)
        for (pair, translation) in zip(toRead, learnerHalves.joined()) { tokenized[pair] = translation }
        var read = Set<Int32>()
        func lemmas(ofPair pair: Int32) -> [[String]] {
            let translation = tokenized[pair] ?? learnerPass([pair], pairs: pairs)[0]
            if read.insert(pair).inserted { figures.learnerTokens += translation.lemmas.count }
            return translation.lemmas
        }
        var candidates: [Candidate] = []
        candidates.reserveCapacity(shown.count)
        // Each translation's text as a number, so that a card never shows one translation twice.
        var translationIds: [String: Int32] = [:]
        // The pair (translation) each candidate shows: the first that passes the test, else the first.
        var translationOf: [CandidateKey: Int32] = [:]
        for entry in shown {
            let (sentence, card, hardest, certain) = (entry.sentence, entry.card, entry.hardest, entry.certain)
            let pairsOfSentence = sentences[Int(sentence)].pairs
            let translations = index.cards[Int(card)].translations
            let passing = pairsOfSentence.first { SenseTest.passes(tokens: lemmas(ofPair: $0), translations: translations) }
            let pair = passing ?? pairsOfSentence[0]
            translationOf[CandidateKey(card: card, sentence: sentence)] = pair
            let text = pairs[Int(pair)].learner
            let translation = translationIds[text] ?? Int32(translationIds.count)
            translationIds[text] = translation
            candidates.append(Candidate(
                card: card, sentence: sentence, words: sentences[Int(sentence)].words, hardest: hardest, sameSense: passing != nil,
                certain: certain, translation: translation))
        }

        let chosen = settings.chooser.choose(candidates, cards: index.cards.count) { candidate in
            index.cards[Int(candidate.card)].lexiconExamples.contains(sentences[Int(candidate.sentence)].text)
        }
        var examples = [[CardExample]](repeating: [], count: index.cards.count)
        var usedSentences = Set<Int32>()
        var cardsShown = Set<Int32>(), cardsShownSameSense = Set<Int32>()
        for candidate in candidates {
            cardsShown.insert(candidate.card)
            if candidate.sameSense { cardsShownSameSense.insert(candidate.card) }
        }
        for (card, picks) in chosen.enumerated() {
            for pick in picks {
                let pair = translationOf[CandidateKey(card: pick.card, sentence: pick.sentence)] ?? sentences[Int(pick.sentence)].pairs[0]
                examples[card].append(CardExample(
                    text: sentences[Int(pick.sentence)].text, translation: pairs[Int(pair)].learner, source: settings.source,
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
        return Result(examples: examples, figures: figures)
    }

    /// A card a sentence shows, with the rank of the sentence's hardest other word, and whether
    /// some token of the sentence can be nothing else but that card.
    private struct Shown: Sendable {
        var sentence: Int32
        var card: Int32
        var hardest: Int32
        var certain: Bool
    }

    /// What one half of the learned sentences shows, and how many tokens it has.
    private struct LearnedHalf: Sendable {
        var shown: [Shown] = []
        var tokens = 0
    }

    /// A translation's tokens, each as its lemmas.
    private struct TokenizedTranslation: Sendable {
        var lemmas: [[String]]
    }

    /// The cards each of `sentences` shows, with the hardest other word for each.
    private func learnedPass(_ sentences: ArraySlice<Sentence>, index: CardIndex) -> LearnedHalf {
        var half = LearnedHalf()
        var learnedTokens: [String: LearnedToken] = [:]
        var tokenInfos: [LearnedToken] = []
        for sentenceIndex in sentences.indices {
            tokenInfos.removeAll(keepingCapacity: true)
            for token in learned.analyzer.tokens(in: sentences[sentenceIndex].text) {
                half.tokens += 1
                if let known = learnedTokens[token.surface] {
                    tokenInfos.append(known)
                    continue
                }
                let readings = WordReading.readings(of: token, config: learned.config)
                let cards = TokenRules.cards(shownBy: token.surface, readings: readings, in: index)
                let listReading = listReadings.isEmpty ? nil : listReadings[token.surface.lowercased()]
                let info = LearnedToken(
                    cards: cards, certain: cards.filter { TokenRules.isCertain(readings, listReading: listReading, for: index.cards[Int($0)]) },
                    rank: TokenRules.rank(of: token.surface, readings: readings, ranks: ranks))
                learnedTokens[token.surface] = info
                tokenInfos.append(info)
            }
            var cards: [Int32] = []
            for info in tokenInfos { for card in info.cards where !cards.contains(card) { cards.append(card) } }
            for card in cards {
                var hardest: Int32 = 0
                for info in tokenInfos where !info.cards.contains(card) { hardest = max(hardest, info.rank) }
                half.shown.append(Shown(
                    sentence: Int32(sentenceIndex), card: card, hardest: hardest, certain: tokenInfos.contains { $0.certain.contains(card) }))
            }
        }
        return half
    }

    /// The translations of `pairsToRead` (indices into `pairs`), tokenized, each token as its lemmas.
    private func learnerPass(_ pairsToRead: ArraySlice<Int32>, pairs: [SentencePair]) -> [TokenizedTranslation] {
        var learnerTokens: [String: [String]] = [:]
        return pairsToRead.map { pair in
            TokenizedTranslation(lemmas: learner.analyzer.tokens(in: pairs[Int(pair)].learner).map { token in
                if let known = learnerTokens[token.surface] { return known }
                let lemmas = TokenRules.learnerLemmas(of: token.surface, readings: WordReading.readings(of: token, config: learner.config))
                learnerTokens[token.surface] = lemmas
                return lemmas
            })
        }
    }

    private struct CandidateKey: Hashable {
        var card: Int32
        var sentence: Int32
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
