import Foundation
import TestSupport
import Testing
import VocabCore
@testable import WNLMF

/// A translation lexicon's scan kept as an index answers every ILI as the lexicon cut from the
/// same scan for those ILIs, and as the whole file loaded (a lexicon's concepts are its
/// synsets of the ILI, lexicalized or not, with their members).
@Suite struct InterlingualIndexTests {
    func answers(_ lookup: any InterlingualLookup, ilis: [String]) -> [String] {
        ilis.map { ili in "\(ili): " + lookup.concepts(ili: ili).map { "\($0)" }.joined(separator: "; ") }
    }

    @Test(arguments: ["lexicon-es.xml", "lexicon-fr.xml", "lexicon-en.xml"])
    func sampleLexiconsAgree(file: String) throws {
        let url = TestProject.sampleCorpus.appendingPathComponent(file)
        let whole = try LexiconReader.read(.file(url), displayPath: "lexicon", keeping: .lexicon(text: false))
        let ilis = Set(whole.synsets.compactMap(\.ili)).sorted() + ["i999999", "in", ""]
        let index = try LexiconReader.read(.file(url), displayPath: "lexicon", keeping: .concepts).index()
        let cut = try LexiconReader.read(.file(url), displayPath: "lexicon", keeping: .concepts).lexicon(interlingualIds: Set(ilis))
        #expect(answers(index, ilis: ilis) == answers(cut, ilis: ilis))
        #expect(answers(index, ilis: ilis) == answers(whole, ilis: ilis))
        #expect(answers(index, ilis: ilis).contains { !$0.hasSuffix(": ") }, "some ILI has synsets")
        // A scan read for look-ups only (no synset ids, parts of speech or `members` names) answers the same.
        let lookUps = try LexiconReader.read(.file(url), displayPath: "lexicon", keeping: .conceptsForLookUps).index()
        #expect(answers(lookUps, ilis: ilis) == answers(index, ilis: ilis))
        // A translation's lemmas walked from the table are those its concepts give.
        for ili in ilis {
            let expected = whole.concepts(ili: ili).filter(\.lexicalized).flatMap { $0.members.filter(\.lexicalized).map(\.writtenForm) }
            #expect(translationLemmas(index, ili: ili) == expected, "\(ili)")
            #expect(translationLemmas(lookUps, ili: ili) == expected, "\(ili)")
            #expect(translationLemmas(whole, ili: ili) == expected, "\(ili)")
        }
        #expect(ilis.contains { !translationLemmas(index, ili: $0).isEmpty }, "some ILI has lemmas")
    }

    func translationLemmas(_ lookup: any InterlingualLookup, ili: String) -> [String] {
        var lemmas: [String] = []
        lookup.forEachTranslationLemma(ili: ili) { lemmas.append($0) }
        return lemmas
    }

    /// A file whose entries come after its synsets is scanned whole; the index answers from it
    /// (the synset has no `members`: its members are the entries with a sense in it, the late one too).
    @Test func aFileOutOfOrderIsIndexedWhole() throws {
        let dir = try TempDir()
        let url = try dir.write("late.xml", document(validBody.replacingOccurrences(of: #" members="t-a-n""#, with: "")).withLateEntry)
        let whole = try LexiconReader.read(.file(url), displayPath: "late", keeping: .lexicon(text: false))
        let index = try LexiconReader.read(.file(url), displayPath: "late", keeping: .concepts).index()
        #expect(answers(index, ilis: ["i1"]) == answers(whole, ilis: ["i1"]))
        #expect(index.concepts(ili: "i1").map { $0.members.map(\.entryId) } == [["t-a-n", "t-late-n"]])
    }
}

extension InterlingualIndexTests {
    /// A lexicon's concepts of an ILI are its synsets of that ILI with their members, gaps too.
    @Test func aLexiconsConceptsAreItsSynsetsWithTheirMembers() throws {
        let gap = document(validBody + """
            <Synset id="t-2-n" ili="i1" partOfSpeech="n" lexicalized="false"/>
            """)
        let lexicon = try load(gap, keeping: .lexicon(text: false))
        #expect(lexicon.concepts(ili: "i1") == [
            Concept(lexicalized: true, members: [Member(writtenForm: "a", entryId: "t-a-n")]),
            Concept(lexicalized: false, members: []),
        ])
        #expect(lexicon.concepts(ili: "in").isEmpty)
        #expect(lexicon.concepts(ili: "i2").isEmpty)
    }
}

/// A source lexicon that is a target too is read once: the entries of some forms and, from the
/// same pass, its concepts, each as the separate loads give them.
@Suite struct LoadWithConceptsTests {
    func concepts(_ lookup: any InterlingualLookup, ilis: [String]) -> [[Concept]] { ilis.map(lookup.concepts) }

    func expectSameAsSeparateLoads(_ url: URL, forms: [String]?) throws {
        let entryForms = forms.map(FormSet.init)
        let (lexicon, index) = try LexiconReader.read(.file(url), displayPath: "lexicon", keeping: .lexiconAndConcepts(entryForms: entryForms))
        let alone = try LexiconReader.read(.file(url), displayPath: "lexicon", keeping: .lexicon(entryForms: entryForms))
        #expect(lexicon.entries == alone.entries)
        #expect(lexicon.synsets == alone.synsets)
        for synset in alone.synsets { #expect(lexicon.members(of: synset) == alone.members(of: synset)) }
        let whole = try LexiconReader.read(.file(url), displayPath: "lexicon", keeping: .lexicon(text: false))
        // A synset kept only as a concept is no synset of the lexicon's.
        for synset in whole.synsets { #expect(lexicon.synset(id: synset.id) == alone.synset(id: synset.id)) }
        let ilis = Set(whole.synsets.compactMap(\.ili)).sorted() + ["i999999", "in"]
        let scanned = try LexiconReader.read(.file(url), displayPath: "lexicon", keeping: .concepts).index()
        #expect(concepts(index, ilis: ilis) == concepts(scanned, ilis: ilis))
    }

    @Test(arguments: ["lexicon-en.xml", "lexicon-es.xml"])
    func sampleLexiconsAgree(file: String) throws {
        let url = TestProject.sampleCorpus.appendingPathComponent(file)
        let forms = try LexiconReader.read(.file(url), displayPath: "lexicon", keeping: .lexicon()).entries.map(\.writtenForm)
        for asked in [forms, Array(forms.prefix(3)), ["nothing"], nil] { try expectSameAsSeparateLoads(url, forms: asked) }
    }

    @Test func aFileOutOfOrderIsReadWhole() throws {
        let dir = try TempDir()
        let url = try dir.write("late.xml", document(validBody).withLateEntry)
        let (lexicon, index) = try LexiconReader.read(.file(url), displayPath: "late", keeping: .lexiconAndConcepts(entryForms: FormSet(["a"])))
        #expect(lexicon.entries.map(\.id) == ["t-a-n", "t-late-n"])
        #expect(index.concepts(ili: "i1").map { $0.members.map(\.entryId) } == [["t-a-n"]])
    }
}

extension InterlingualIndexTests {
    /// ILIs written `i` and a number are looked up by their number, any other by its text: both
    /// answer as the whole lexicon does, `i07` is not `i7`, and a number past the table's is text.
    @Test func everyFormOfILIIsFoundAsTheLexiconHasIt() throws {
        let ilis = ["i7", "i07", "i4194304", "i99999999999999999999", "ili-x", "i12", "i3"]
        var body = ""
        for index in (ilis + ["i7"]).indices {
            body += """
                <LexicalEntry id="t-w\(index)-n">
                  <Lemma writtenForm="w\(index)" partOfSpeech="n"/>
                  <Sense id="t-w\(index)-n-1" synset="t-\(index)-n"/>
                </LexicalEntry>

                """
        }
        for (index, ili) in (ilis + ["i7"]).enumerated() {
            body += #"<Synset id="t-\#(index)-n" ili="\#(ili)" partOfSpeech="n" members="t-w\#(index)-n"/>"# + "\n"
        }
        let dir = try TempDir()
        let url = try dir.write("ilis.xml", document(body))
        let whole = try LexiconReader.read(.file(url), displayPath: "ilis", keeping: .lexicon(text: false))
        let asked = ilis + ["i8", "i0", "i", "i4194303", "i1"]
        let indexes = [
            try LexiconReader.read(.file(url), displayPath: "ilis", keeping: .concepts).index(),
            try LexiconReader.read(.file(url), displayPath: "ilis", keeping: .conceptsForLookUps).index(),
        ]
        for index in indexes {
            #expect(answers(index, ilis: asked) == answers(whole, ilis: asked))
            for ili in asked {
                #expect(translationLemmas(index, ili: ili) == translationLemmas(whole, ili: ili), "\(ili)")
            }
            #expect(translationLemmas(index, ili: "i7") == ["w0", "w7"])
            #expect(translationLemmas(index, ili: "i07") == ["w1"])
            #expect(translationLemmas(index, ili: "i4194304") == ["w2"])
            #expect(translationLemmas(index, ili: "ili-x") == ["w4"])
        }
        #expect(TranslationTable.iliNumber("i35545") == 35545)
        #expect(["i07", "i", "in", "x1", "i1x", "i4194304", ""].allSatisfy { TranslationTable.iliNumber($0) == nil })
    }
}
