import Testing
import VocabCore
@testable import WNLMF

/// An entry that comes after a synset (outside the DTD's order) must still be loaded, indexed
/// and checked, whether the load keeps everything or only the entries of some forms.
@Suite struct EntryIndexTests {
    let body = """
        <LexicalEntry id="e-cat"><Lemma writtenForm="Cat" partOfSpeech="n"/><Sense id="s-cat" synset="y-cat"/></LexicalEntry>
        <Synset id="y-cat" ili="i1" partOfSpeech="n" members="e-cat e-dog"><Definition>a cat</Definition></Synset>
        <LexicalEntry id="e-dog"><Lemma writtenForm="dog" partOfSpeech="n"/><Sense id="s-dog" synset="y-cat"/></LexicalEntry>
        """

    @Test(arguments: [nil, FormSet(["dog"]), FormSet(["CAT", "dog"])])
    func anEntryAfterASynsetIsStillIndexed(_ forms: FormSet?) throws {
        let lexicon = try load(document(body), keeping: .lexicon(entryForms: forms))
        #expect(lexicon.entry(id: "e-dog")?.writtenForm == "dog")
        #expect(lexicon.sense(id: "s-dog")?.entry.id == "e-dog")
        #expect(lexicon.entries(caseInsensitiveForm: "DOG").map(\.id) == ["e-dog"])
        let synset = try #require(lexicon.synset(id: "y-cat"))
        #expect(synset.definitions == ["a cat"])
        #expect(lexicon.members(of: synset).map(\.writtenForm) == ["Cat", "dog"])
    }

    @Test func aDuplicateAfterASynsetIsStillAnError() {
        let duplicate = body + """
            <LexicalEntry id="e-dog"><Lemma writtenForm="hound" partOfSpeech="n"/><Sense id="s-hound" synset="y-cat"/></LexicalEntry>
            """
        for forms in [nil, FormSet(["hound"])] {
            let error = loadError(document(duplicate), keeping: .lexicon(entryForms: forms))
            #expect(error?.problem == .duplicateEntryId("e-dog"), "\(String(describing: error))")
        }
    }
}
