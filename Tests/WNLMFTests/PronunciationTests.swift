import Foundation
import Testing
import TestSupport
import VocabCore
import WNLMF

/// Issue 20: an entry carries its `Lemma`'s `Pronunciation`s in document order, with `variety`
/// and `audio`, whichever way the lexicon is kept; they are card text, dropped with the text.
@Suite struct PronunciationTests {
    static let body = """
            <LexicalEntry id="t-year-n">
              <Lemma writtenForm="year" partOfSpeech="n">
                <Pronunciation variety="GB">ˈjɪə</Pronunciation>
                <Pronunciation variety="US" audio="https://example.org/year.ogg">  ˈjɪɹ
                </Pronunciation>
                <Pronunciation>   </Pronunciation>
                <Pronunciation notation="ipa">jɪɚ</Pronunciation>
              </Lemma>
              <Sense id="t-year-n-1" synset="t-1-n"/>
            </LexicalEntry>
            <LexicalEntry id="t-day-n">
              <Lemma writtenForm="day" partOfSpeech="n"/>
              <Sense id="t-day-n-1" synset="t-2-n"/>
            </LexicalEntry>
            <Synset id="t-1-n" ili="i1" partOfSpeech="n" members="t-year-n"><Definition>a period</Definition></Synset>
            <Synset id="t-2-n" ili="i2" partOfSpeech="n" members="t-day-n"><Definition>a time</Definition></Synset>
        """

    static let year = [
        Pronunciation(text: "ˈjɪə", variety: "GB"),
        Pronunciation(text: "ˈjɪɹ", variety: "US", audio: "https://example.org/year.ogg"),
        Pronunciation(text: "jɪɚ"),
    ]

    func read<R>(_ keep: LexiconKeep<R>) throws -> R {
        let dir = try TempDir()
        let file = try dir.write("lexicon.xml", document(Self.body))
        return try LexiconReader.read(.file(file), displayPath: "lexicon.xml", keeping: keep)
    }

    @Test func everyWayOfKeepingTheLexiconGivesTheEntrysPronunciationsInOrder() throws {
        let whole = try read(.lexicon())
        #expect(whole.entry(id: "t-year-n")?.pronunciations == Self.year, "empty ones dropped, text collapsed")
        #expect(whole.entry(id: "t-day-n")?.pronunciations == [])
        #expect(try read(.lexicon(entryForms: FormSet(["year"]))).entry(id: "t-year-n")?.pronunciations == Self.year)
        #expect(try read(.lexiconAndConcepts(entryForms: FormSet(["year"]))).0.entry(id: "t-year-n")?.pronunciations == Self.year)
        let compact = try read(.compact())
        let index = try #require((0..<compact.entryCount).first { compact.entryId(at: $0) == "t-year-n" })
        #expect(compact.entry(at: index).pronunciations == Self.year)
        #expect(compact.lexicon(entryForms: FormSet(["year"])).entry(id: "t-year-n")?.pronunciations == Self.year)
    }

    @Test func aLexiconReadWithoutTextHasNoPronunciations() throws {
        #expect(try read(.lexicon(text: false)).entry(id: "t-year-n")?.pronunciations == [])
    }

    @Test(.needsRealCorpus) func openEnglishWordNetGivesPronunciationsWithTheirVarieties() throws {
        let file = TestProject.sharedCorpus.appendingPathComponent("lexicons/english-wordnet-2025.xml.gz")
        let lexicon = try LexiconReader.read(
            .file(file), displayPath: file.path, keeping: .lexicon(entryForms: FormSet(["year", "zero", "water"])))
        let year = try #require(lexicon.entries(caseInsensitiveForm: "year").first { $0.partOfSpeech == "n" })
        // `<Pronunciation variety="GB">jɪə</Pronunciation><Pronunciation variety="US">jɪɹ</Pronunciation>`
        #expect(year.pronunciations.map(\.variety) == ["GB", "US"])
        #expect(year.pronunciations.allSatisfy { !$0.text.isEmpty && !$0.generated && $0.audio == nil })
        let water = try #require(lexicon.entries(caseInsensitiveForm: "water").first { $0.partOfSpeech == "n" })
        #expect(water.pronunciations.isEmpty, "OEWN gives water/n none")
    }
}
