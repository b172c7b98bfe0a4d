import Morphology
import StageRead
import VocabCore

/// The sentence pairs tokenized once, whatever the cards: each distinct learned sentence of at
/// most `maxWords` words cut into tokens by the learned language's analyzer, each translation of
/// those sentences by the learner's, every distinct token read once. What the join step weighs
/// senses and translations with (``PairEvidence``) and the examples step chooses sentences from
/// (``ExampleFinder``): one analysis, made once a build (both halves of the pairs at once).
package struct PairCorpus: Sendable {
    /// A distinct learned sentence and the pairs (its translations) it has.
    package struct Sentence: Sendable {
        /// The sentence.
        package var text: String
        /// Its words (``ExampleFinder/words(in:)``).
        package var words: Int32
        /// Its pairs, indices into ``pairs``, in file order.
        package var pairs: [Int32]
    }

    /// A distinct token of the learned sentences: its spelling and its readings.
    package struct LearnedToken: Sendable {
        /// The token as the analyzer cut it.
        package var surface: String
        /// Its readings, classed as the lemmatize step classes them.
        package var readings: [WordReading]
    }

    /// The pairs, in file order.
    package let pairs: [SentencePair]
    /// The distinct learned sentences within the length limit, in file order.
    package let sentences: [Sentence]
    /// The distinct tokens of the learned sentences, in order of first appearance.
    package let learnedTokens: [LearnedToken]
    /// The distinct tokens of the translations, each as the lemmas it may stand for
    /// (``TokenRules/learnerLemmas(of:readings:)``), in order of first appearance.
    package let learnerTokens: [[String]]
    /// Sentence `s`'s tokens are `sentenceTokens[sentenceStart[s] ..< sentenceStart[s + 1]]`.
    private let sentenceStart: [Int32]
    private let sentenceTokens: [Int32]
    /// Pair `p`'s translation tokens are `translationTokens[translationStart[p] ..< translationStart[p + 1]]`
    /// (none for a pair whose sentence is over the length limit).
    private let translationStart: [Int32]
    private let translationTokens: [Int32]

    /// The lemmas of the translations' tokens, numbered in order of first appearance.
    package let learnerLemmaNumbers: [String: Int32]
    /// Per distinct token of the translations (as ``learnerTokens``), its lemmas' numbers, each once.
    package let learnerTokenLemmas: [[Int32]]
    /// Per lemma number, how many tokens of the translations read as it: the learner language's
    /// frequency as the pairs show it.
    package let learnerLemmaFrequency: [Int]

    /// Pairs whose learned sentence has at most `maxWords` words.
    package let considered: Int
    /// Tokens of the learned sentences and of the translations read.
    package let learnedTokenCount: Int
    package let learnerTokenCount: Int

    /// The learned sentence `sentence`'s tokens, as indices into ``learnedTokens``.
    package func tokens(ofSentence sentence: Int) -> ArraySlice<Int32> {
        sentenceTokens[Int(sentenceStart[sentence]) ..< Int(sentenceStart[sentence + 1])]
    }

    /// Pair `pair`'s translation, each token as the lemmas it may stand for.
    package func translationLemmas(ofPair pair: Int32) -> [[String]] {
        translationTokens[Int(translationStart[Int(pair)]) ..< Int(translationStart[Int(pair) + 1])].map { learnerTokens[Int($0)] }
    }

    /// Pair `pair`'s translation, each token as an index into ``learnerTokens``.
    package func translationTokenIndices(ofPair pair: Int32) -> ArraySlice<Int32> {
        translationTokens[Int(translationStart[Int(pair)]) ..< Int(translationStart[Int(pair) + 1])]
    }

    /// Tokenizes `pairs` (in file order): the learned sentences of at most `maxWords` words with
    /// `learned`, their translations with `learner`, in two halves at once each (the analyzers
    /// are read-only; each half reads its own distinct tokens), gathered in order, so that the
    /// corpus is the same whatever the threads' timing.
    package init(
        _ pairs: [SentencePair], learned: ClassedAnalyzer, learner: ClassedAnalyzer, maxWords: Int, wordCount: ExampleWordCount = .spaces
    ) {
        self.pairs = pairs
        var sentences: [Sentence] = []
        var sentenceOf: [String: Int32] = [:]
        var considered = 0
        let counts = Self.words(of: pairs.map(\.learned), by: wordCount, analyzer: learned.analyzer)
        for (index, pair) in pairs.enumerated() {
            let words = counts[index]
            guard words <= maxWords, words > 0 else { continue }
            considered += 1
            if let known = sentenceOf[pair.learned] {
                sentences[Int(known)].pairs.append(Int32(index))
            } else {
                sentenceOf[pair.learned] = Int32(sentences.count)
                sentences.append(Sentence(text: pair.learned, words: Int32(words), pairs: [Int32(index)]))
            }
        }
        self.sentences = sentences
        self.considered = considered

        let texts = sentences.map(\.text)
        let learnedHalves = ParallelHalves.map(texts.count) { range in
            Tokenized.of(texts[range], with: learned.analyzer) { WordReading.readings(of: $0, by: learned) }
        }
        let learnedSide = Tokenized.merged(learnedHalves, count: texts.count)
        (sentenceStart, sentenceTokens) = (learnedSide.start, learnedSide.tokens)
        learnedTokens = zip(learnedSide.surfaces, learnedSide.values).map { LearnedToken(surface: $0, readings: $1) }
        learnedTokenCount = learnedSide.tokens.count

        // The translations of the sentences considered, each pair once (others stay empty).
        var read = [String](repeating: "", count: pairs.count)
        for sentence in sentences { for pair in sentence.pairs { read[Int(pair)] = pairs[Int(pair)].learner } }
        let translations = read
        let learnerHalves = ParallelHalves.map(translations.count) { range in
            Tokenized.of(translations[range], with: learner.analyzer) { token in
                TokenRules.learnerLemmas(of: token.surface, readings: WordReading.readings(of: token, by: learner))
            }
        }
        let learnerSide = Tokenized.merged(learnerHalves, count: translations.count)
        (translationStart, translationTokens) = (learnerSide.start, learnerSide.tokens)
        learnerTokens = learnerSide.values
        learnerTokenCount = learnerSide.tokens.count
        (learnerLemmaNumbers, learnerTokenLemmas, learnerLemmaFrequency) = Self.numbered(learnerSide)
    }

    /// The words of each of `texts` (``ExampleFinder/words(in:)``, or, `tokens`, the analyzer's
    /// word tokens: ``ExampleFinder/words(in:analyzer:)``), each distinct text counted once, in
    /// two halves at once.
    package static func words(of texts: [String], by wordCount: ExampleWordCount, analyzer: any MorphologicalAnalyzer) -> [Int] {
        guard wordCount == .tokens else { return texts.map(ExampleFinder.words(in:)) }
        var distinct: [String] = []
        var number: [String: Int] = [:]
        let numbers = texts.map { text in
            number[text] ?? {
                number[text] = distinct.count
                distinct.append(text)
                return distinct.count - 1
            }()
        }
        let unique = distinct
        let counts = Array(ParallelHalves.map(unique.count) { range in unique[range].map { ExampleFinder.words(in: $0, analyzer: analyzer) } }.joined())
        return numbers.map { counts[$0] }
    }

    /// The translations' lemmas numbered, each token's lemmas as numbers, and how many tokens read as
    /// each (a token counts once for each lemma it may stand for).
    private static func numbered(_ side: Tokenized<[String]>) -> ([String: Int32], [[Int32]], [Int]) {
        var numbers: [String: Int32] = [:]
        let tokenLemmas: [[Int32]] = side.values.map { lemmas in
            var numbered: [Int32] = []
            for lemma in lemmas {
                let number = numbers[lemma] ?? {
                    numbers[lemma] = Int32(numbers.count)
                    return Int32(numbers.count - 1)
                }()
                if !numbered.contains(number) { numbered.append(number) }
            }
            return numbered
        }
        var frequency = [Int](repeating: 0, count: numbers.count)
        for token in side.tokens { for lemma in tokenLemmas[Int(token)] { frequency[Int(lemma)] += 1 } }
        return (numbers, tokenLemmas, frequency)
    }
}

/// Texts cut into tokens, each distinct token (by spelling) once with what it stands for.
private struct Tokenized<Value: Sendable>: Sendable {
    /// Text `t`'s tokens are `tokens[start[t] ..< start[t + 1]]`, indices into `surfaces`.
    var start: [Int32] = [0]
    var tokens: [Int32] = []
    var surfaces: [String] = []
    var values: [Value] = []

    /// `texts` tokenized by `analyzer`, each distinct token read by `read` once.
    static func of(_ texts: ArraySlice<String>, with analyzer: any MorphologicalAnalyzer, read: (AnalyzedToken) -> Value) -> Tokenized {
        var result = Tokenized()
        var known: [String: Int32] = [:]
        result.start.reserveCapacity(texts.count + 1)
        for text in texts {
            if !text.isEmpty {
                for token in analyzer.tokens(in: text) {
                    if let index = known[token.surface] {
                        result.tokens.append(index)
                        continue
                    }
                    let index = Int32(result.surfaces.count)
                    known[token.surface] = index
                    result.surfaces.append(token.surface)
                    result.values.append(read(token))
                    result.tokens.append(index)
                }
            }
            result.start.append(Int32(result.tokens.count))
        }
        return result
    }

    /// The halves in order as one: the second's distinct tokens renumbered after the first's
    /// (a token both read is the first's).
    static func merged(_ halves: [Tokenized], count: Int) -> Tokenized {
        guard var merged = halves.first else { return Tokenized(start: [Int32](repeating: 0, count: count + 1)) }
        var known: [String: Int32] = [:]
        for (index, surface) in merged.surfaces.enumerated() { known[surface] = Int32(index) }
        for half in halves.dropFirst() {
            let renumbered: [Int32] = half.surfaces.indices.map { index in
                if let existing = known[half.surfaces[index]] { return existing }
                let next = Int32(merged.surfaces.count)
                known[half.surfaces[index]] = next
                merged.surfaces.append(half.surfaces[index])
                merged.values.append(half.values[index])
                return next
            }
            let offset = Int32(merged.tokens.count)
            merged.tokens += half.tokens.map { renumbered[Int($0)] }
            merged.start += half.start.dropFirst().map { $0 + offset }
        }
        return merged
    }
}
