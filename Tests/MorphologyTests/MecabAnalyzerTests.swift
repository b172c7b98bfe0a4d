import Foundation
import Morphology
import Testing
import TestSupport
import VocabCore

/// Debian's IPADIC in UTF-8, which the Japanese config names.
let ipadicFolder = "/var/lib/mecab/dic/ipadic-utf8"
let needsIPADIC = ConditionTrait.needsSystemFiles([("mecab-ipadic-utf8", ipadicFolder + "/sys.dic"), ("libmecab2", "/usr/include/mecab.h")])

/// The analyzer of Debian's IPADIC, opened once for the tests.
let ipadic = Result { () throws(MorphologyError) in try MecabAnalyzer(path: ipadicFolder) }

/// A part of a MeCab reading, conjugated as `form` (its inflection; none for a word that does
/// not conjugate).
func part(_ lemma: String, _ tags: String, _ reading: String?, form: String? = nil) -> AnalyzerReading.Part {
    AnalyzerReading.Part(lemma: lemma, tags: tags.split(separator: " ").map(String.init), reading: reading, inflection: form.map { [$0] } ?? [])
}

@Suite(needsIPADIC) struct MecabAnalyzerTests {
    let mecab = AnalyzerConfig(path: ipadicFolder, format: .mecab)

    @Test func aStemOfTheListReadsAsItsVerb() throws {
        let readings = try ipadic.get().readings(of: "食べ")
        // Both of MeCab's words spelt 食べ, the cheaper (MeCab's own choice) first.
        #expect(readings == [
            AnalyzerReading(parts: [part("食べる", "動詞 自立 一段 連用形", "タベ", form: "連用形")]),
            AnalyzerReading(parts: [part("食べる", "動詞 自立 一段 未然形", "タベ", form: "未然形")]),
        ])
        let classified = try #require(readings.first?.classified(by: mecab))
        // The inflection is the conjugation form alone: the subclass and the conjugation type
        // (一段) are the verb's, whatever its form.
        #expect(classified.lemma == "食べる" && classified.wordClass == .verb && classified.inflection == ["連用形"])
    }

    @Test func anInflectedFormReadsAsItsFirstWordWithItsEndings() throws {
        let analyzer = try ipadic.get()
        #expect(analyzer.readings(of: "食べた") == [
            AnalyzerReading(parts: [part("食べる", "動詞 自立 一段 連用形", "タベ", form: "連用形"), part("た", "助動詞 特殊・タ 基本形", "タ", form: "基本形")]),
        ])
        #expect(analyzer.readings(of: "食べた").first?.classified(by: mecab)?.lemma == "食べる")
        // て + the non-independent いる: one word.
        #expect(analyzer.readings(of: "食べている").first?.parts.map(\.lemma) == ["食べる", "て", "いる"])
    }

    @Test func aNounReadsWithItsKana() throws {
        let readings = try ipadic.get().readings(of: "日本語")
        // Both of IPADIC's entries, MeCab's own choice first.
        #expect(readings == [AnalyzerReading(parts: [part("日本語", "名詞 一般", "ニホンゴ")]), AnalyzerReading(parts: [part("日本語", "名詞 一般", "ニッポンゴ")])])
        #expect(readings[0].classified(by: mecab)?.wordClass == .noun)
        // Every reading the dictionary has of the whole form, the readings told apart too.
        #expect(try ipadic.get().readings(of: "日本人").map { $0.parts[0].reading } == ["ニッポンジン", "ニホンジン"])
    }

    @Test(arguments: ["勉強した", "日本語学校", "ケーム", "xyzzy", "", "食 べ", " 食べ", String(repeating: "あ", count: 400)])
    func severalWordsAndUnknownWordsHaveNoReading(form: String) throws {
        #expect(try ipadic.get().readings(of: form) == [])
    }

    @Test func theTagsOfIPADICMapToWordClasses() throws {
        let analyzer = try ipadic.get()
        func classes(_ form: String) -> [WordClass] {
            analyzer.readings(of: form).compactMap { $0.classified(by: mecab)?.wordClass }
        }
        #expect(classes("私").first == .pronoun)
        #expect(classes("は").first == .particle)
        #expect(classes("東京").first == .properNoun)
        #expect(classes("静か").first == .adjective)
        #expect(classes("三").first == .numeral)
        #expect(classes("この").first == .determiner)
        #expect(classes("ます").first == .auxiliary)
        #expect(classes("たい").contains(.auxiliary))
        #expect(classes("れる").first == .auxiliary)
        #expect(classes("こと").first == .other)
        #expect(classes("とても").first == .adverb)
        #expect(classes("しかし").first == .conjunction)
        #expect(classes("ああ").contains(.interjection))
        // The config's classes come first.
        let custom = AnalyzerConfig(path: ipadicFolder, format: .mecab, classes: ["名詞 非自立": .noun])
        #expect(analyzer.readings(of: "こと").first?.classified(by: custom)?.wordClass == .noun)
    }

    @Test func aSentencesTokensSliceTheTextAndCarryTheirReading() throws {
        let text = "「私は日本語を勉強しています。」"
        let tokens = try ipadic.get().tokens(in: text)
        #expect(tokens.map(\.surface) == ["「", "私", "は", "日本語", "を", "勉強", "し", "て", "い", "ます", "。", "」"])
        for token in tokens { #expect(String(text[token.range]) == token.surface) }
        #expect(tokens.map { $0.readings.first?.parts.first?.lemma } == ["「", "私", "は", "日本語", "を", "勉強", "する", "て", "いる", "ます", "。", "」"])
        #expect(tokens[5].readings == [AnalyzerReading(parts: [part("勉強", "名詞 サ変接続", "ベンキョウ")])])
    }

    @Test func blanksAreLeftOutAndUnknownWordsHaveNoReading() throws {
        let text = "私は ケーム\tを\nした。 "
        let tokens = try ipadic.get().tokens(in: text)
        #expect(tokens.map(\.surface) == ["私", "は", "ケーム", "を", "し", "た", "。"])
        for token in tokens { #expect(String(text.unicodeScalars[token.range]) == token.surface) }
        #expect(tokens[2].readings == [])
        #expect(try ipadic.get().tokens(in: "") == [])
    }

    @Test(arguments: ["a\u{0}b 日本\u{0}語", "か\u{3099}きく", "🙂日本語🙂", "\u{FEFF}私", String(repeating: "日本語とEnglish、", count: 2_000)])
    func oddTextKeepsRangesThatSliceIt(text: String) throws {
        let tokens = try ipadic.get().tokens(in: text)
        #expect(!tokens.isEmpty)
        for token in tokens { #expect(String(text.unicodeScalars[token.range]) == token.surface) }
        // Ranges follow each other.
        #expect(zip(tokens, tokens.dropFirst()).allSatisfy { $0.range.upperBound <= $1.range.lowerBound })
        _ = try ipadic.get().readings(of: text)
    }

    @Test func concurrentAnalysesGiveTheSerialResults() async throws {
        let analyzer = try ipadic.get()
        let forms = ["食べ", "食べた", "日本語", "は", "たい", "ケーム", "私は日本語を勉強しています。"]
        let serial = forms.map { (analyzer.readings(of: $0), analyzer.tokens(in: $0)) }
        let results = await withTaskGroup(of: (Int, [AnalyzerReading], [AnalyzedToken]).self) { group in
            for round in 0..<400 {
                group.addTask { (round % forms.count, analyzer.readings(of: forms[round % forms.count]), analyzer.tokens(in: forms[round % forms.count])) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 400)
        for (index, readings, tokens) in results {
            #expect(readings == serial[index].0)
            #expect(tokens == serial[index].1)
        }
    }

    @Test func theEngineIsChosenByFormatAndEnumeratesNothing() throws {
        let analyzer = try AnalyzerEngines.open(AnalyzerConfig(path: ipadicFolder, format: .mecab), path: ipadicFolder)
        #expect(analyzer is MecabAnalyzer)
        #expect(analyzer.path == ipadicFolder)
        #expect(analyzer.enumerateForms(of: ["食べる"]) { _ in Issue.record("no form expected") } == false)
        #expect(MecabAnalyzer.libraryVersion == "0.996")
        #expect(try ipadic.get().layout == .ipadic)
    }

    @Test(.needsSystemFiles([("mecab-jumandic-utf8", "/var/lib/mecab/dic/juman-utf8/sys.dic")]))
    func aJumanDictionaryIsReadByItsLayout() throws {
        let juman = try MecabAnalyzer(path: "/var/lib/mecab/dic/juman-utf8")
        #expect(juman.layout == .juman)
        let readings = juman.readings(of: "日本")
        #expect(readings.first?.parts.map(\.lemma) == ["日本"] && readings.first?.parts.first?.tags == ["名詞", "地名"])
        #expect(readings.map { $0.parts[0].reading } == ["にっぽん", "にほん"])
        #expect(juman.tokens(in: "食べた").first?.readings.first?.parts.first?.lemma == "食べる")
    }
}

/// Features as MeCab's dictionaries write them, read without a dictionary.
struct MecabFeatureLayoutTests {
    @Test func ipadicsFieldsGiveTagsLemmaAndReading() {
        let layout = MecabFeatureLayout.ipadic
        #expect(layout.part(surface: "食べ", feature: "動詞,自立,*,*,一段,連用形,食べる,タベ,タベ") == part("食べる", "動詞 自立 一段 連用形", "タベ", form: "連用形"))
        // An unknown word's seven fields: no lemma (the surface) and no reading.
        #expect(layout.part(surface: "ケーム", feature: "名詞,固有名詞,組織,*,*,*,*") == part("ケーム", "名詞 固有名詞 組織", nil))
    }

    @Test func uniDicsLemmaIsTheSpellingOfTheText() throws {
        // unidic-cwj 3.1's 29 fields for し (する): lemma 為る (7), orthBase する (10), kana シ (20).
        let feature = "動詞,非自立可能,*,*,サ行変格,連用形-一般,スル,為る,し,シ,する,スル,和,*,*,*,*,*,*,用,シ,スル,シ,スル,0,C5,*,5370,19"
        let layout = try #require(MecabFeatureLayout.ofKnownWord(fields: MecabFeatureLayout.fields(of: feature).count))
        #expect(layout == .unidic)
        #expect(layout.part(surface: "し", feature: feature) == part("する", "動詞 非自立可能 サ行変格 連用形-一般", "シ", form: "連用形-一般"))
        #expect(MecabFeatureLayout.ofKnownWord(fields: 17) == .unidic2)
        #expect(MecabFeatureLayout.ofKnownWord(fields: 8) == nil)
        #expect(MecabFeatureLayout.ofKnownWord(fields: 26) == nil)
    }

    @Test func aQuotedFieldHoldsCommasAndQuotes() {
        #expect(MecabFeatureLayout.fields(of: #"記号,一般,*,*,*,*,",",","#) == ["記号", "一般", "*", "*", "*", "*", ",", ","])
        #expect(MecabFeatureLayout.fields(of: #"a,"b""c",d"#) == ["a", #"b"c"#, "d"])
        #expect(MecabFeatureLayout.fields(of: "") == [""])
    }
}
