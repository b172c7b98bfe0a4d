import Foundation
import Morphology
import Testing
import VocabCore

/// ICU's word segmentation and transforms, as Debian 12's libicu72 gives them.
struct ICUWordSegmenterTests {
    @Test func chineseIsCutByICUsDictionary() throws {
        let chinese = try ICUWordSegmenter(locale: "zh")
        let text = "我喜欢学习中文。"
        let tokens = chinese.tokens(in: text)
        #expect(tokens.map(\.surface) == ["我", "喜欢", "学习", "中文"])
        for token in tokens {
            #expect(String(text[token.range]) == token.surface)
            #expect(token.readings == [])
        }
        #expect(chinese.readings(of: "中文") == [])
        #expect(chinese.enumerateForms(of: ["中文"]) { _ in Issue.record("no form expected") } == false)
    }

    @Test func aJapaneseSentenceIsCutIntoWordsWithoutItsPunctuation() throws {
        let text = "私は日本語を勉強しています。"
        let segments = try ICUWordSegmenter(locale: "ja").segments(in: text)
        // Segments cover the text; ICU's Japanese dictionary cuts it close to MeCab's words.
        #expect(segments.map(\.text).joined() == text)
        #expect(segments.map(\.text) == ["私", "は", "日本語", "を", "勉強", "し", "てい", "ます", "。"])
        #expect(segments.last?.kind == ICUWordSegmenter.SegmentKind.none)
        #expect(try ICUWordSegmenter(locale: "ja").tokens(in: text).map(\.surface) == ["私", "は", "日本語", "を", "勉強", "し", "てい", "ます"])
    }

    @Test func segmentsHaveTheirKinds() throws {
        let text = "他有3本书, ok 🙂"
        let segments = try ICUWordSegmenter(locale: "zh").segments(in: text)
        #expect(segments.map(\.text) == ["他有", "3", "本", "书", ",", " ", "ok", " ", "🙂"])
        #expect(segments.map(\.kind) == [.ideographic, .number, .ideographic, .ideographic, .none, .none, .letter, .none, .none])
        for segment in segments { #expect(String(text[segment.range]) == segment.text) }
        #expect(try ICUWordSegmenter(locale: "zh").tokens(in: "") == [])
    }

    @Test(arguments: ["", "中文", "zh cn", String(repeating: "a", count: 65)])
    func aTextThatIsNoLocaleIsRefused(locale: String) {
        #expect(throws: MorphologyError(item: locale, .icuLocale(locale))) { try ICUWordSegmenter(locale: locale) }
    }

    @Test func theEngineIsChosenByFormatWithItsLocale() throws {
        let config = AnalyzerConfig(path: "", format: .icu, locale: "th")
        let thai = try AnalyzerEngines.open(config, path: "/ignored")
        #expect(thai.path == "th")
        #expect(thai.tokens(in: "สวัสดีครับ").map(\.surface) == ["สวัสดี", "ครับ"])
        #expect(try AnalyzerEngines.open(.icu, path: "zh").path == "zh")
        #expect(ICUWordSegmenter.libraryVersion.split(separator: ".").count >= 2)
    }
}

struct TransliteratorTests {
    @Test func hanLatinGivesPinyinWithToneMarks() throws {
        let pinyin = try Transliterator(id: "Han-Latin")
        #expect(pinyin.transliterate("中文") == "zhōng wén")
        #expect(pinyin.transliterate("你好") == "nǐ hǎo")
        #expect(pinyin.transliterate("中国") == "zhōng guó")
        // A syllable per character, the character's most frequent reading: 喜欢 is xǐhuan.
        #expect(pinyin.transliterate("我喜欢学习中文") == "wǒ xǐ huān xué xí zhōng wén")
        #expect(pinyin.transliterate("") == "")
        #expect(pinyin.transliterate(String(repeating: "中", count: 1_000))?.count == 1_000 * 6 - 1)
    }

    @Test func katakanaBecomesHiragana() throws {
        let hiragana = try Transliterator(id: "Katakana-Hiragana")
        #expect(hiragana.transliterate("カタカナ") == "かたかな")
        #expect(hiragana.transliterate("タベル") == "たべる")
        // The long-vowel mark becomes the vowel: give it MeCab's reading, not its pronunciation.
        #expect(hiragana.transliterate("ベンキョー") == "べんきょお")
        #expect(hiragana.transliterate("ベンキョウ") == "べんきょう")
        #expect(try Transliterator(id: "Any-Latin; Latin-ASCII").transliterate("café 日本") == "cafe ri ben")
    }

    // (ICU takes script codes too: `Han-Latn` is Han-Latin.)
    @Test(arguments: ["Han-Klingon", "", "Nothing-Else"])
    func anUnknownTransformIsRefused(id: String) {
        #expect {
            try Transliterator(id: id)
        } throws: { error in
            guard let error = error as? MorphologyError, case .unknownTransform(let named, _) = error.problem else { return false }
            return named == id && error.location.item == id
        }
    }

    @Test func concurrentCallsGiveTheSerialResults() async throws {
        let pinyin = try Transliterator(id: "Han-Latin")
        let words = ["中文", "你好", "学习", "我喜欢学习中文"]
        let serial = words.map { pinyin.transliterate($0) }
        let results = await withTaskGroup(of: (Int, String?).self) { group in
            for round in 0..<200 { group.addTask { (round % words.count, pinyin.transliterate(words[round % words.count])) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 200)
        for (index, text) in results { #expect(text == serial[index]) }
    }
}
