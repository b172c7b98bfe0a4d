import Foundation
import Morphology
import Testing
import TestSupport
import VocabCore

/// Debian's Finnish dictionary (`voikko-fi` 2.5) read through libvoikko (`libvoikko-dev` 4.3):
/// the readings of homographs and inflected forms as the steps classify them, tokens of running
/// text, and two threads at once. Skipped, with the reason, where voikko-fi is missing.
@Suite(.needsSystemFiles(TestProject.finnishVoikko))
struct VoikkoAnalyzerTests {
    private let analyzer: VoikkoAnalyzer
    private let config = AnalyzerConfig(path: "/usr/lib/voikko", format: .voikko)

    init() throws {
        analyzer = try VoikkoAnalyzer(path: "/usr/lib/voikko")
    }

    /// The readings of `form` as `lemma<tag>…` strings.
    private func readings(_ form: String) -> [String] {
        analyzer.readings(of: form).map(\.description)
    }

    @Test func theDictionaryIsDebiansStandardFinnish() throws {
        #expect(analyzer.language == "fi-x-standard")
        #expect(analyzer.dictionaryFolder == "/usr/lib/voikko/5/mor-standard")
        // The dictionary's own folder names the same dictionary.
        let own = try VoikkoAnalyzer(path: "/usr/lib/voikko/5/mor-standard")
        #expect(own.readings(of: "talossa") == analyzer.readings(of: "talossa"))
        #expect(try AnalyzerEngines.open(.voikko, path: "/usr/lib/voikko").readings(of: "talossa") == analyzer.readings(of: "talossa"))
    }

    /// voi, tuli and oman are each a verb or an adjective's form and a noun or a name: every
    /// reading is given, with the verb's inflection, in libvoikko's order.
    @Test func homographsGiveEveryReading() {
        #expect(readings("voi") == [
            "voida<teonsana><NUMBER=singular><PERSON=3><MOOD=indicative><TENSE=past_imperfective><NEGATIVE=false>",
            "voida<teonsana><NUMBER=singular><PERSON=2><MOOD=imperative><TENSE=present_simple><NEGATIVE=both>",
            "voida<teonsana><NUMBER=singular><PERSON=3><MOOD=indicative><TENSE=present_simple><NEGATIVE=both>",
            "voi<huudahdussana>",
            "voi<nimisana><SIJAMUOTO=nimento><NUMBER=singular>",
        ])
        #expect(readings("tuli") == [
            "tulla<teonsana><NUMBER=singular><PERSON=3><MOOD=indicative><TENSE=past_imperfective><NEGATIVE=false>",
            "tuli<nimisana><SIJAMUOTO=nimento><NUMBER=singular>",
        ])
        #expect(readings("Oman") == [
            "oma<nimisana_laatusana><SIJAMUOTO=omanto><NUMBER=singular><COMPARISON=positive>",
            "Oman<paikannimi><SIJAMUOTO=nimento><NUMBER=singular>",
        ])
        #expect(readings("kirjoitin") == [
            "kirjoitin<nimisana><SIJAMUOTO=nimento><NUMBER=singular>",
            "kirjoittaa<teonsana><NUMBER=singular><PERSON=1><MOOD=indicative><TENSE=past_imperfective><NEGATIVE=false>",
        ])
        #expect(readings("talossa") == ["talo<nimisana><SIJAMUOTO=sisaolento><NUMBER=singular>"])
    }

    /// A small letter matches only itself, as in lttoolbox: a name or an acronym is read only
    /// where the form has its capitals (capitals match small letters too).
    @Test func aSmallLetterIsNeverACapital() {
        #expect(readings("oman") == ["oma<nimisana_laatusana><SIJAMUOTO=omanto><NUMBER=singular><COMPARISON=positive>"])
        #expect(readings("helsingissä").isEmpty)
        #expect(readings("Helsingissä") == ["Helsinki<paikannimi><SIJAMUOTO=sisaolento><NUMBER=singular>"])
        #expect(readings("HELSINGISSÄ") == readings("Helsingissä"))
        #expect(readings("suomessa") == ["suomi<nimisana><SIJAMUOTO=sisaolento><NUMBER=singular>"])
        #expect(readings("Suomessa").count == 2)
        #expect(readings("yk").isEmpty)
        #expect(readings("Yk").isEmpty)
        #expect(readings("YK") == ["YK<lyhenne><SIJAMUOTO=nimento><NUMBER=singular>"])
        #expect(readings("TALO") == readings("talo"))
        #expect(VoikkoAnalyzer.caseFits("eu:n", structure: "=jj:p") == false)
        #expect(VoikkoAnalyzer.caseFits("EU:n", structure: "=jj:p"))
        #expect(VoikkoAnalyzer.caseFits("koira-aitaus", structure: "=ppppp-=pppppp"))
        #expect(VoikkoAnalyzer.caseFits("x", structure: "=ii"))
        #expect(VoikkoAnalyzer.caseFits("x", structure: nil))
    }

    /// As the steps see them (`classified(by:)` with Voikko's default classes): lemma, class and
    /// the inflection after the class tag.
    @Test func readingsAreClassifiedByVoikkosClasses() throws {
        let classified = { (form: String) in
            self.analyzer.readings(of: form).compactMap { $0.classified(by: self.config) }.map { "\($0.lemma) \($0.wordClass.rawValue)" }
        }
        #expect(classified("voi") == ["voida verb", "voida verb", "voida verb", "voi interjection", "voi noun"])
        #expect(classified("Oman") == ["oma adjective", "Oman proper-noun"])
        #expect(classified("ei") == ["ei auxiliary"])
        #expect(classified("ja") == ["ja conjunction"])
        #expect(classified("hän") == ["hän pronoun"])
        #expect(classified("kaksi") == ["kaksi numeral"])
        #expect(classified("EU") == ["EU other"])
        let talossa = try #require(analyzer.readings(of: "taloissa").first?.classified(by: config))
        #expect(talossa.inflection == ["SIJAMUOTO=sisaolento", "NUMBER=plural"])
        #expect(talossa.inflection.contains { config.pluralTags.contains($0) })
    }

    @Test func unknownEmptyAndOverlongFormsHaveNoReading() {
        #expect(analyzer.readings(of: "xyzzyq").isEmpty)
        #expect(analyzer.readings(of: "").isEmpty)
        #expect(analyzer.readings(of: "talo\u{0}ssa").isEmpty)
        #expect(analyzer.readings(of: "talo auto").isEmpty)
        #expect(analyzer.readings(of: String(repeating: "talo", count: 70)).isEmpty)
        // Decomposed letters are read composed.
        #expect(analyzer.readings(of: "a\u{308}iti") == analyzer.readings(of: "äiti"))
        #expect(!analyzer.readings(of: "äiti").isEmpty)
    }

    @Test func tokensSliceTheText() {
        let text = "Hän tuli kotiin, mutta koira-aitaus oli EU:n 3,5 % rikki 😀."
        let tokens = analyzer.tokens(in: text)
        #expect(tokens.map(\.surface) == ["Hän", "tuli", "kotiin", ",", "mutta", "koira-aitaus", "oli", "EU:n", "3,5", "rikki", "."])
        for token in tokens { #expect(String(text[token.range]) == token.surface) }
        #expect(tokens[1].readings == analyzer.readings(of: "tuli"))
        #expect(tokens[5].readings.first?.parts.first?.lemma == "koira-aitaus")
        #expect(tokens[3].readings.isEmpty)
        let words = tokens.filter { $0.surface.first?.isLetter == true }
        #expect(words.allSatisfy { $0.isKnown })
    }

    /// A letter written with a combining mark is one token, its range the letters as written.
    @Test func decomposedLettersStayInTheirWord() {
        let text = "A\u{308}iti sanoi: \u{0}kyllä."
        let tokens = analyzer.tokens(in: text)
        #expect(tokens.map(\.surface) == ["A\u{308}iti", "sanoi", ":", "kyllä", "."])
        #expect(tokens[0].isKnown)
        for token in tokens { #expect(String(text[token.range]) == token.surface) }
        #expect(analyzer.tokens(in: "").isEmpty)
        #expect(analyzer.tokens(in: "  \n ").isEmpty)
    }

    /// The steps call one analyzer from two threads: each call has a handle of its own, and the
    /// results are those of one thread alone.
    @Test func twoThreadsAtOnceGiveTheSameResults() {
        let forms = ["voi", "tuli", "oman", "talossa", "kirjoitin", "xyzzyq", "juokseva", "koiranikin", "talollako", "isompi"]
        let sentence = "Koira juoksi talon ympäri, ja kissa katsoi ikkunasta."
        let expected = forms.map { analyzer.readings(of: $0) }
        let expectedTokens = analyzer.tokens(in: sentence)
        let results = ThreadResults(Array(repeating: true, count: 2))
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            var same = true
            for _ in 0..<200 {
                same = same && forms.map { analyzer.readings(of: $0) } == expected
                same = same && analyzer.tokens(in: sentence) == expectedTokens
            }
            results.set(thread, same)
        }
        #expect(results.values == [true, true])
    }
}

/// Results written by concurrent iterations, each to its own slot.
private final class ThreadResults: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [Bool]
    init(_ values: [Bool]) { self.values = values }
    func set(_ index: Int, _ value: Bool) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }
}
