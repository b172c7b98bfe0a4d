import Testing
import VocabCore
@testable import WNLMF

/// The entry indexes are built on another thread from the first synset on; an entry that
/// comes after a synset (outside the DTD's order) must still be indexed and checked.
@Suite struct EntryIndexTests {
    let body = """
        <LexicalEntry id="e-cat"><Lemma writtenForm="Cat" partOfSpeech="n"/><Sense id="s-cat" synset="y-cat"/></LexicalEntry>
        <Synset id="y-cat" ili="i1" partOfSpeech="n" members="e-cat e-dog"/>
        <LexicalEntry id="e-dog"><Lemma writtenForm="dog" partOfSpeech="n"/><Sense id="s-dog" synset="y-cat"/></LexicalEntry>
        """

    @Test func anEntryAfterASynsetIsStillIndexed() throws {
        for indexForms in [false, true] {
            let lexicon = try load(document(body), options: LexiconLoadOptions(indexForms: indexForms))
            #expect(lexicon.entry(id: "e-dog")?.writtenForm == "dog")
            #expect(lexicon.sense(id: "s-dog")?.entry.id == "e-dog")
            #expect(lexicon.entries(caseInsensitiveForm: "DOG").map(\.id) == ["e-dog"])
            #expect(lexicon.entries(caseInsensitiveForm: "cat").map(\.id) == ["e-cat"])
            let synset = try #require(lexicon.synset(id: "y-cat"))
            #expect(lexicon.members(of: synset).map(\.writtenForm) == ["Cat", "dog"])
        }
    }

    @Test func aDuplicateAfterASynsetIsStillAnError() {
        let duplicate = body + """
            <LexicalEntry id="e-dog"><Lemma writtenForm="hound" partOfSpeech="n"/><Sense id="s-hound" synset="y-cat"/></LexicalEntry>
            """
        let error = loadError(document(duplicate))
        #expect(error?.problem == .duplicateEntryId("e-dog"), "\(String(describing: error))")
    }

    @Test func indexesFoundWhileLoadingEqualTheLazyOnes() throws {
        let eager = try load(document(body), options: LexiconLoadOptions(indexForms: true))
        let lazy = try load(document(body), options: LexiconLoadOptions(indexForms: false))
        for form in ["cat", "dog", "bird"] {
            #expect(eager.entries(caseInsensitiveForm: form) == lazy.entries(caseInsensitiveForm: form))
        }
    }
}
