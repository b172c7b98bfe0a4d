import Foundation
import Morphology
import Testing
import TestSupport
import VocabCore

/// The fixtures: `tiny.dix` (nouns, a verb, a determiner, a preposition, joined forms, two
/// multiwords, an uppercase entry, punctuation in an inconditional section) and `weighted.dix`,
/// with their compiled `.automorf.bin` (each `.dix` says how to rebuild it). These tests need
/// no Apertium package.
let lttoolboxFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

func fixtureAnalyzer(_ name: String = "tiny") throws -> LttoolboxAnalyzer {
    try LttoolboxAnalyzer(path: lttoolboxFixtures.appendingPathComponent("\(name).automorf.bin").path)
}

/// `lemma<tag><tag>+lemma<tag>` as a reading, for short expectations.
func reading(_ text: String) -> AnalyzerReading {
    try! LtProc.reading(text)
}

struct LttoolboxAnalyzerTests {
    @Test func aNounAndAVerbFormGiveEveryReading() throws {
        let analyzer = try fixtureAnalyzer()
        #expect(analyzer.readings(of: "casa") == [
            reading("casa<n><f><sg>"), reading("casar<vblex><pri><p3><sg>"), reading("casar<vblex><imp><p2><sg>"),
        ])
        #expect(analyzer.readings(of: "casas") == [reading("casa<n><f><pl>")])
        #expect(analyzer.readings(of: "casó") == [reading("casar<vblex><ifi><p3><sg>")])
        #expect(analyzer.readings(of: "cantar") == [reading("cantar<vblex><inf>")])
        #expect(analyzer.readings(of: "la") == [reading("el<det><def><f><sg>")])
        #expect(analyzer.readings(of: "de") == [reading("de<pr>")])
    }

    @Test func aReadingIsItsLemmaAndTags() throws {
        let readings = try fixtureAnalyzer().readings(of: "perro")
        #expect(readings == [AnalyzerReading(parts: [AnalyzerReading.Part(lemma: "perro", tags: ["n", "m", "sg"])])])
        #expect(readings.first?.description == "perro<n><m><sg>")
    }

    @Test func aJoinedFormHasOnePartPerWord() throws {
        let analyzer = try fixtureAnalyzer()
        #expect(analyzer.readings(of: "del") == [AnalyzerReading(parts: [
            AnalyzerReading.Part(lemma: "de", tags: ["pr"]),
            AnalyzerReading.Part(lemma: "el", tags: ["det", "def", "m", "sg"]),
        ])])
        #expect(analyzer.readings(of: "cantarlo") == [AnalyzerReading(parts: [
            AnalyzerReading.Part(lemma: "cantar", tags: ["vblex", "inf"]),
            AnalyzerReading.Part(lemma: "lo", tags: ["prn", "enc", "p3", "m", "sg"]),
        ])])
    }

    @Test func multiwordsKeepTheirSpacesAndTheirInvariablePart() throws {
        let analyzer = try fixtureAnalyzer()
        #expect(analyzer.readings(of: "a pesar de") == [reading("a pesar de<pr>")])
        #expect(analyzer.readings(of: "echo de menos") == [AnalyzerReading(parts: [
            AnalyzerReading.Part(lemma: "echar# de menos", tags: ["vblex", "pri", "p1", "sg"]),
        ])])
        // A prefix of a multiword is no form of its own.
        #expect(analyzer.readings(of: "a pesar") == [])
    }

    @Test func uppercaseMatchesLowercaseAndTheDictionaryCaseIsKept() throws {
        let analyzer = try fixtureAnalyzer()
        #expect(analyzer.readings(of: "Casa") == analyzer.readings(of: "casa"))
        #expect(analyzer.readings(of: "CASA") == analyzer.readings(of: "casa"))
        #expect(analyzer.readings(of: "Madrid") == [reading("Madrid<np><loc>")])
        // A lowercase letter never matches an uppercase one.
        #expect(analyzer.readings(of: "madrid") == [])
        // The soft hyphen is skipped, as lt-proc skips it.
        #expect(analyzer.readings(of: "ca\u{AD}sas") == [reading("casa<n><f><pl>")])
    }

    @Test func unknownEmptyAndSplitFormsHaveNoReading() throws {
        let analyzer = try fixtureAnalyzer()
        #expect(analyzer.readings(of: "perros") == [])
        #expect(analyzer.readings(of: "") == [])
        #expect(analyzer.readings(of: "\u{AD}") == [])
        #expect(analyzer.readings(of: "casa.") == [])
        #expect(analyzer.readings(of: "ca\u{0}sa") == [])
        #expect(analyzer.readings(of: String(repeating: "a", count: 100_000)) == [])
    }

    @Test func punctuationOfAnInconditionalSectionIsAWord() throws {
        let analyzer = try fixtureAnalyzer()
        #expect(analyzer.readings(of: ".") == [reading(".<sent>")])
        #expect(analyzer.readings(of: ",") == [reading(",<cm>")])
    }

    @Test func wordCharactersAreLettersDigitsAndTheFileLetters() throws {
        let analyzer = try fixtureAnalyzer()
        #expect(analyzer.isWordCharacter("a"))
        #expect(analyzer.isWordCharacter("Ñ"))
        #expect(analyzer.isWordCharacter("7"))
        #expect(analyzer.isWordCharacter("ж"))
        #expect(analyzer.isWordCharacter("º"))
        #expect(!analyzer.isWordCharacter("-"))
        #expect(!analyzer.isWordCharacter(" "))
        #expect(!analyzer.isWordCharacter("½"))
        #expect(!analyzer.isWordCharacter("🙂"))
        #expect(analyzer.isWordCharacter("\u{1D400}"))
    }

    @Test func weightsOrderTheReadingsLightestFirst() throws {
        let analyzer = try fixtureAnalyzer("weighted")
        #expect(analyzer.readings(of: "ab") == [reading("ba<n>"), reading("ab<n>")])
        #expect(analyzer.readings(of: "abc") == [reading("abc<adj>")])
    }

    @Test func readingsParseAsLtProcPrintsThem() {
        #expect(reading("dar<vblex><imp><p2><sg>+prpers<prn><enc><p1><mf><sg>").parts.map(\.lemma) == ["dar", "prpers"])
        #expect(reading("echar<vblex><ger>+lo<prn><enc><p3><nt># de menos").parts
            == [AnalyzerReading.Part(lemma: "echar# de menos", tags: ["vblex", "ger"]),
                AnalyzerReading.Part(lemma: "lo", tags: ["prn", "enc", "p3", "nt"])])
        #expect(reading("C++<n>") == AnalyzerReading(parts: [AnalyzerReading.Part(lemma: "C++", tags: ["n"])]))
    }

    @Test func concurrentAnalysesGiveTheSerialResults() async throws {
        let analyzer = try fixtureAnalyzer()
        let forms = ["casa", "del", "Madrid", "echo de menos", "perros", "cantó"]
        let expected = forms.map { analyzer.readings(of: $0) }
        let results = await withTaskGroup(of: (Int, [AnalyzerReading]).self) { group in
            for round in 0..<64 {
                group.addTask { (round % forms.count, analyzer.readings(of: forms[round % forms.count])) }
            }
            var all: [(Int, [AnalyzerReading])] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 64)
        for (index, readings) in results { #expect(readings == expected[index], "\(forms[index])") }
    }
}

/// Running text cut into tokens as `lt-proc -w` cuts it.
struct LttoolboxTokenTests {
    private func surfaces(_ text: String) throws -> [String] {
        try fixtureAnalyzer().tokens(in: text).map(\.surface)
    }

    @Test func theLongestMatchIsTheToken() throws {
        let tokens = try fixtureAnalyzer().tokens(in: "A pesar de la casa, Madrid.")
        #expect(tokens.map(\.surface) == ["A pesar de", "la", "casa", ",", "Madrid", "."])
        #expect(tokens[0].readings == [reading("a pesar de<pr>")])
        #expect(tokens[3].readings == [reading(",<cm>")])
        #expect(tokens.allSatisfy { $0.isKnown })
    }

    @Test func aTokenKnowsWhereItIsInTheText() throws {
        let text = "  la\u{AD} ca\u{AD}sa 🙂 mesa"
        let tokens = try fixtureAnalyzer().tokens(in: text)
        #expect(tokens.map(\.surface) == ["la", "casa", "mesa"])
        #expect(tokens.map { String(text[$0.range]) } == ["la", "ca\u{AD}sa", "mesa"])
    }

    @Test func aMultiwordCutShortBacksUpToTheLastMatch() throws {
        // `a pesar del`: `a pesar de` is followed by a word character, so the last match is `a`.
        #expect(try surfaces("a pesar del") == ["a", "pesar", "del"])
        // At the very end of the text (lt-proc would drop `pesar` without a line end).
        #expect(try surfaces("a pesar") == ["a", "pesar"])
    }

    @Test func unknownWordsAreRunsOfWordCharacters() throws {
        let tokens = try fixtureAnalyzer().tokens(in: "perros casas3 x-y ½ madrid")
        #expect(tokens.map(\.surface) == ["perros", "casas3", "x", "y", "madrid"])
        #expect(tokens.map(\.isKnown) == [false, false, false, false, false])
    }

    @Test func aStandardMatchNeedsANonWordCharacterAfterIt() throws {
        // `casa` is no token inside `casas`, nor `de` inside `dedo`.
        #expect(try surfaces("casas dedo") == ["casas", "dedo"])
        let analyzer = try fixtureAnalyzer()
        #expect(analyzer.tokens(in: "dedo").first?.isKnown == false)
    }

    @Test func blanksAndEmptyTextGiveNoToken() throws {
        #expect(try surfaces("") == [])
        #expect(try surfaces(" \n\t ") == [])
        #expect(try surfaces("la\u{0}casa") == ["la", "casa"])
    }
}
