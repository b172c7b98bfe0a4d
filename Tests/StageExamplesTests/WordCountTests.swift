import Morphology
import StageExamples
import StageRead
import Testing
import VocabCore

/// A sentence's words where the language is written without spaces (`examples.wordCount:
/// "tokens"`): the analyzer's word tokens, not white-space chunks (a Chinese or Japanese sentence
/// is one chunk); counted with ICU's segmenter, which needs no file.
@Suite struct WordCountTests {
    static func chinese() throws -> ClassedAnalyzer {
        ClassedAnalyzer(try ICUWordSegmenter(locale: "zh"), AnalyzerConfig(path: "", format: .icu, locale: "zh"))
    }

    @Test func aSentenceWithoutSpacesHasAsManyWordsAsTokens() throws {
        let analyzer = try Self.chinese().analyzer
        // 我, 喜欢, 学习, 中文: the full stop is no word.
        #expect(ExampleFinder.words(in: "我喜欢学习中文。", analyzer: analyzer) == 4)
        #expect(ExampleFinder.words(in: "我喜欢学习中文。") == 1)
        #expect(ExampleFinder.words(in: "", analyzer: analyzer) == 0)
        #expect(ExampleFinder.words(in: "。！", analyzer: analyzer) == 0)
        // ICU's dictionary holds 我知道 (I know) as one word.
        #expect(PairCorpus.words(of: ["我知道。", "我喜欢学习中文。", "我知道。"], by: .tokens, analyzer: analyzer) == [1, 4, 1])
        #expect(PairCorpus.words(of: ["I know.", "¿Qué hora es?"], by: .spaces, analyzer: analyzer) == [2, 3])
    }

    @Test func theLengthLimitCountsTokens() throws {
        let pairs = [
            SentencePair(line: 1, learned: "我知道。", learner: "I know."),
            SentencePair(line: 2, learned: "我喜欢学习中文。", learner: "I like studying Chinese."),
        ]
        // Three words at most: by tokens the second (four) is too long; by spaces both are one word.
        let chinese = try Self.chinese()
        let byTokens = PairCorpus(pairs, learned: chinese, learner: chinese, maxWords: 3, wordCount: .tokens)
        #expect(byTokens.sentences.map(\.text) == ["我知道。"] && byTokens.sentences.map(\.words) == [1])
        let bySpaces = PairCorpus(pairs, learned: chinese, learner: chinese, maxWords: 3)
        #expect(bySpaces.sentences.map(\.words) == [1, 1])
    }

    @Test func theDefaultFollowsTheLearnedAnalyzersFormat() throws {
        let examples = ExamplesConfig(
            path: "pairs.tsv", id: "tatoeba", learnedColumn: 2, learnerColumn: 1, learnerLanguage: "en", learnerAnalyzer: AnalyzerConfig(path: "en.bin"))
        #expect(examples.wordCount(learnedFormat: .mecab) == .tokens)
        #expect(examples.wordCount(learnedFormat: .icu) == .tokens)
        #expect(examples.wordCount(learnedFormat: .lttoolbox) == .spaces)
        #expect(examples.wordCount(learnedFormat: .voikko) == .spaces)
        var spaces = examples
        spaces.wordCount = .spaces
        #expect(spaces.wordCount(learnedFormat: .icu) == .spaces)
    }
}
