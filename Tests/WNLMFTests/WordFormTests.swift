import Foundation
import Testing
import TestSupport
import VocabCore
import WNLMF

/// An entry's `Form`s (inflected forms the lexicon lists: OEWN's `was` of be): read in document
/// order whichever way the lexicon is kept, and a cut keeps an entry for one of its `Form`s only
/// when asked to (the lemmatize step), so that the other stages' cuts do not change.
@Suite struct WordFormTests {
    static let body = """
            <LexicalEntry id="t-be-v">
              <Lemma writtenForm="be" partOfSpeech="v"/>
              <Form writtenForm="was"/>
              <Form writtenForm="Were"><Script script="Latn" writtenForm="were"/></Form>
              <Sense id="t-be-v-1" synset="t-1-v"/>
            </LexicalEntry>
            <LexicalEntry id="t-day-n">
              <Lemma writtenForm="day" partOfSpeech="n"/>
              <Sense id="t-day-n-1" synset="t-2-n"/>
            </LexicalEntry>
            <Synset id="t-1-v" ili="i1" partOfSpeech="v" members="t-be-v"><Definition>have the quality of being</Definition></Synset>
            <Synset id="t-2-n" ili="i2" partOfSpeech="n" members="t-day-n"><Definition>a time</Definition></Synset>
        """

    func read<R>(_ keep: LexiconKeep<R>, body: String = Self.body) throws -> R {
        let dir = try TempDir()
        let file = try dir.write("lexicon.xml", document(body))
        return try LexiconReader.read(.file(file), displayPath: "lexicon.xml", keeping: keep)
    }

    @Test func everyWayOfKeepingTheLexiconGivesTheEntrysForms() throws {
        let whole = try read(.lexicon())
        #expect(whole.entry(id: "t-be-v")?.forms == ["was", "Were"])
        #expect(whole.entry(id: "t-day-n")?.forms == [])
        #expect(whole.entries(caseInsensitiveInflectedForm: "WAS").map(\.id) == ["t-be-v"])
        #expect(whole.entries(caseInsensitiveInflectedForm: "were").map(\.id) == ["t-be-v"])
        #expect(whole.entries(caseInsensitiveInflectedForm: "be").isEmpty, "the lemma is no inflected form")
        let compact = try read(.compact())
        let index = try #require((0..<compact.entryCount).first { compact.entryId(at: $0) == "t-be-v" })
        #expect(compact.entry(at: index).forms == ["was", "Were"])
    }

    @Test func aCutKeepsAnEntryForItsFormsOnlyWhenAsked() throws {
        let plain = try read(.lexicon(entryForms: FormSet(["was", "day"])))
        #expect(plain.entries.map(\.id) == ["t-day-n"])
        let inflected = try read(.lexicon(entryForms: FormSet(["was", "day"]).matchingInflectedForms()))
        #expect(inflected.entries.map(\.id) == ["t-be-v", "t-day-n"])
        #expect(inflected.entry(id: "t-be-v")?.forms == ["was", "Were"])
        // The same from the whole lexicon kept compactly.
        let compact = try read(.compact())
        #expect(compact.lexicon(entryForms: FormSet(["were"])).entries.isEmpty)
        #expect(compact.lexicon(entryForms: FormSet(["were"]).matchingInflectedForms()).entries.map(\.id) == ["t-be-v"])
    }

    @Test func aFormWithoutWrittenFormIsNamed() throws {
        let body = Self.body.replacingOccurrences(of: "<Form writtenForm=\"was\"/>", with: "<Form/>")
        #expect { try read(.lexicon(), body: body) } throws: { error in
            let message = "\(error)"
            return message.contains("Form") && message.contains("writtenForm") && message.contains("lexicon.xml")
        }
    }

    @Test(.needsRealCorpus) func openEnglishWordNetListsIrregularForms() throws {
        let file = TestProject.sharedCorpus.appendingPathComponent("lexicons/english-wordnet-2025.xml.gz")
        let lexicon = try LexiconReader.read(
            .file(file), displayPath: file.path, keeping: .lexicon(entryForms: FormSet(["was", "abaci", "criteria"]).matchingInflectedForms()))
        #expect(lexicon.entries(caseInsensitiveInflectedForm: "was").contains { $0.writtenForm == "be" && $0.partOfSpeech == "v" })
        #expect(lexicon.entries(caseInsensitiveInflectedForm: "abaci").map(\.writtenForm) == ["abacus"])
        #expect(lexicon.entries(caseInsensitiveInflectedForm: "criteria").map(\.writtenForm) == ["criterion"])
    }
}
