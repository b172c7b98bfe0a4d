import Foundation
import Morphology
import Testing
import TestSupport
import VocabCore

/// A card's reading (``LemmaReading``): the analyzer's of the whole lemma, else the lemma itself
/// where the analyzer reads no word, in the transform's script; never one with an ideograph left.
@Suite(needsIPADIC) struct LemmaReadingTests {
    let mecab = AnalyzerConfig(path: ipadicFolder, format: .mecab)
    /// The Japanese release's transform: hiragana, the long-vowel mark kept; Han, which MeCab
    /// always reads, left to Han-Latin (for a language that has no analyzer).
    static let japaneseTransform = "[^ー] Katakana-Hiragana; Han-Latin"

    func japanese() throws -> LemmaReading {
        LemmaReading(analyzer: try ipadic.get(), config: mecab, transform: try Transliterator(id: Self.japaneseTransform))
    }

    @Test func aLemmaIsReadInKanaByTheAnalyzer() throws {
        let reading = try japanese()
        #expect(reading.reading(of: "食べる", partOfSpeech: .verb) == "たべる")
        #expect(reading.reading(of: "日本語", partOfSpeech: .noun) == "にほんご")
        #expect(reading.reading(of: "いい", partOfSpeech: .adjective) == "いい")
        // A loanword's long-vowel mark stays (Katakana-Hiragana alone writes げえむ).
        #expect(reading.reading(of: "ゲーム", partOfSpeech: .noun) == "げーむ")
        #expect(try Transliterator(id: "Katakana-Hiragana").transliterate("ゲーム") == "げえむ")
    }

    @Test func theReadingOfTheCardsPartOfSpeechComesFirst() throws {
        let reading = try japanese()
        // 人 the noun (名詞 一般) is ひと; the suffix (名詞 接尾, 日本人's) じん, ranked after it.
        #expect(reading.reading(of: "人", partOfSpeech: .noun) == "ひと")
        // 見 as a verb's stem is み, not the place name みる MeCab also has.
        #expect(reading.reading(of: "見", partOfSpeech: .verb) == "み")
    }

    @Test func aPhraseIsReadWordByWordWhenEveryWordIsKnown() throws {
        let reading = try japanese()
        // The lexicon's phrases with する: no dictionary word spans them, each of their words is read.
        #expect(reading.reading(of: "勉強する", partOfSpeech: .verb) == "べんきょうする")
        #expect(LemmaReading.tokensReading(of: "呼吸する", analyzer: try ipadic.get()) == "コキュウスル")
    }

    @Test func aLemmaTheAnalyzerDoesNotReadWholeHasNoReading() throws {
        let reading = try japanese()
        // ブログ is unknown to IPADIC: never the name itself, nor a reading of part of it.
        #expect(reading.reading(of: "ブログ", partOfSpeech: .noun) == nil)
        #expect(reading.reading(of: "日本ブログ", partOfSpeech: .noun) == nil)
        #expect(reading.reading(of: "", partOfSpeech: .noun) == nil)
    }

    @Test func withoutAnAnalyzersReadingTheLemmaIsTransliterated() throws {
        let pinyin = LemmaReading(analyzer: try ICUWordSegmenter(locale: "zh"), config: AnalyzerConfig(path: "", format: .icu, locale: "zh"),
                                  transform: try Transliterator(id: Self.japaneseTransform))
        #expect(pinyin.reading(of: "中文", partOfSpeech: .noun) == "zhōng wén")
        #expect(pinyin.reading(of: "汽车", partOfSpeech: .noun) == "qì chē")
        // No analyzer at all: the same.
        #expect(LemmaReading(analyzer: nil, config: nil, transform: try Transliterator(id: "Han-Latin")).reading(of: "中国", partOfSpeech: .noun)
            == "zhōng guó")
    }

    @Test func aReadingThatKeepsAnIdeographIsNone() throws {
        // Chinese through a transform that writes no Han in Latin: the lemma is no reading of itself.
        let kana = LemmaReading(analyzer: nil, config: nil, transform: try Transliterator(id: "Katakana-Hiragana"))
        #expect(kana.reading(of: "中文", partOfSpeech: .noun) == nil)
        #expect(kana.reading(of: "カタカナ", partOfSpeech: .noun) == "かたかな")
        #expect(!LemmaReading.isComplete("たべ食") && !LemmaReading.isComplete("") && LemmaReading.isComplete("zhōng wén"))
        #expect(LemmaReading.isComplete("𠮷") == false)
    }

    @Test func anEngineSaysWhetherItReadsAndRanks() throws {
        #expect(try ipadic.get().givesReadings && ipadic.get().ranksReadings)
        let icu = try ICUWordSegmenter(locale: "ja")
        #expect(!icu.givesReadings && !icu.ranksReadings)
    }
}

/// A text's inflected words as a reader meets them (``MecabAnalyzer/words(in:)``): what a
/// look-up of a form written in a text (`食べた`) needs, MeCab enumerating no lemma's forms.
@Suite(needsIPADIC) struct MecabWordsTests {
    @Test func aWordTakesTheEndingsThatFollowIt() throws {
        let analyzer = try ipadic.get()
        let words = analyzer.words(in: "私は寿司を食べています。")
        #expect(words.map(\.form) == ["私", "は", "寿司", "を", "食べています", "。"])
        let eating = try #require(words.first { $0.form == "食べています" })
        #expect(eating.reading.parts.map(\.lemma) == ["食べる", "て", "いる", "ます"])
        // Each word reads back, as a form of the list would, to its lemma.
        let mecab = AnalyzerConfig(path: ipadicFolder, format: .mecab)
        for word in words where word.form != "。" {
            #expect(analyzer.readings(of: word.form).first?.classified(by: mecab)?.lemma == word.reading.classified(by: mecab)?.lemma, "\(word.form)")
        }
        #expect(analyzer.words(in: "昨日、パンを食べた。").map(\.form) == ["昨日", "、", "パン", "を", "食べた", "。"])
        #expect(analyzer.words(in: "") == [])
    }

    @Test func anUnknownWordOrABlankEndsAWord() throws {
        let analyzer = try ipadic.get()
        // ブログ is unknown to IPADIC: no form, and the ending after it starts a word of its own.
        #expect(analyzer.words(in: "ブログた").map(\.form) == ["た"])
        #expect(analyzer.words(in: "食べ た").map(\.form) == ["食べ", "た"])
    }
}
