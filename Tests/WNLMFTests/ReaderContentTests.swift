import Foundation
import Testing
import VocabCore
@testable import WNLMF

private let small = document(
    """
        <LexicalEntry id="test-cat-n">
          <Lemma writtenForm="cat" partOfSpeech="n">
            <Pronunciation variety="GB">kæt</Pronunciation>
          </Lemma>
          <Form writtenForm="cats"/>
          <Sense id="test-cat-n-1" synset="test-1-n" dc:identifier="x">
            <SenseRelation relType="other" dc:type="x" target="test-dog-n-1"/>
            <Example>A sense-level example that is dropped.</Example>
          </Sense>
          <Sense id="test-cat-n-2" synset="test-2-n" lexicalized="false"/>
        </LexicalEntry>
        <LexicalEntry id="test-dog-n">
          <Lemma writtenForm="dog" partOfSpeech="n"/>
          <Sense id="test-dog-n-1" synset="test-1-n"/>
        </LexicalEntry>
        <LexicalEntry id="test-Cat-n">
          <Lemma writtenForm="Cat" partOfSpeech="n"/>
          <Sense id="test-Cat-n-1" synset="test-2-n"/>
        </LexicalEntry>
        <LexicalEntry id="test-o-ap-clock-r">
          <Lemma writtenForm="o&apos;clock &amp; co" partOfSpeech="r"/>
          <Sense id="test-o-apos-clock-r-1" synset="test-3-r"/>
        </LexicalEntry>
        <Synset id="test-1-n" ili="i100" partOfSpeech="n" members="test-cat-n test-dog-n" dc:source="somewhere">
          <Definition>  a small
             domesticated   animal </Definition>
          <ILIDefinition>ignored</ILIDefinition>
          <SynsetRelation relType="hypernym" target="test-2-n"/>
          <Example dc:source="x">the cat &amp; the dog</Example>
          <Example xml:space="preserve">  keep   this  </Example>
        </Synset>
        <Synset id="test-2-n" ili="in" partOfSpeech="n" members="test-Cat-n test-cat-n" lexicalized="false">
          <Definition/>
        </Synset>
        <Synset id="test-3-r" ili="" partOfSpeech="r" members="test-o-ap-clock-r unknown-ref"/>
        <Synset id="test-4-n" partOfSpeech="n" members=""/>
    """)

@Test func readsInfoEntriesAndSynsets() throws {
    let lexicon = try load(small)
    #expect(lexicon.info == LexiconInfo(
        id: "test", label: "Test Wordnet", language: "en", version: "1.0",
        license: "https://example.org/license", formatVersion: "1.3"))
    #expect(lexicon.info.idVersion == "test:1.0")
    #expect(lexicon.entries.map(\.id) == ["test-cat-n", "test-dog-n", "test-Cat-n", "test-o-ap-clock-r"])
    #expect(lexicon.entries.map(\.documentIndex) == [0, 1, 2, 3])
    let cat = try #require(lexicon.entry(id: "test-cat-n"))
    #expect(cat.writtenForm == "cat")
    #expect(cat.partOfSpeech == "n")
    #expect(cat.senses == [
        Sense(id: "test-cat-n-1", synset: "test-1-n", n: nil, lexicalized: true),
        Sense(id: "test-cat-n-2", synset: "test-2-n", n: nil, lexicalized: false),
    ])
    #expect(lexicon.synsets.map(\.id) == ["test-1-n", "test-2-n", "test-3-r", "test-4-n"])
    #expect(lexicon.entry(id: "nope") == nil)
    #expect(lexicon.synset(id: "nope") == nil)
}

@Test func attributeEntitiesAreResolved() throws {
    let lexicon = try load(small)
    #expect(lexicon.entry(id: "test-o-ap-clock-r")?.writtenForm == "o'clock & co")
}

@Test func textIsCollapsedUnlessPreserved() throws {
    let lexicon = try load(small)
    let s1 = try #require(lexicon.synset(id: "test-1-n"))
    #expect(s1.definitions == ["a small domesticated animal"])
    // The sense-level Example is not kept; only the synset's.
    #expect(s1.examples == ["the cat & the dog", "  keep   this  "])
    #expect(lexicon.synset(id: "test-2-n")?.definitions == [""])
}

@Test func keepTextFalseSkipsDefinitionsAndExamples() throws {
    let lexicon = try load(small, keeping: .lexicon(text: false))
    let s1 = try #require(lexicon.synset(id: "test-1-n"))
    #expect(s1.definitions.isEmpty)
    #expect(s1.examples.isEmpty)
    #expect(s1.members == ["test-cat-n", "test-dog-n"])
}

@Test func xmlSpacePreserveIsInherited() throws {
    let text = document(
        """
            <Synset id="t-1-n" partOfSpeech="n" xml:space="preserve">
              <Definition> two  spaces </Definition>
              <Example xml:space="default"> two  spaces </Example>
            </Synset>
            <Synset id="t-2-n" partOfSpeech="n">
              <Definition> two  spaces </Definition>
            </Synset>
        """)
    let lexicon = try load(text)
    #expect(lexicon.synset(id: "t-1-n")?.definitions == [" two  spaces "])
    #expect(lexicon.synset(id: "t-1-n")?.examples == ["two spaces"])
    #expect(lexicon.synset(id: "t-2-n")?.definitions == ["two spaces"])
}

@Test func iliValuesAndIndex() throws {
    let lexicon = try load(small)
    let s = lexicon.synsets
    #expect(s.map(\.ili) == ["i100", "in", "", nil])
    #expect(s.map(\.interlingualId) == ["i100", nil, nil, nil])
    #expect(lexicon.synsets(ili: "i100").map(\.id) == ["test-1-n"])
    #expect(lexicon.synsets(ili: "in").isEmpty)
    #expect(lexicon.synsets(ili: "").isEmpty)
    #expect(lexicon.synsets(ili: "i999").isEmpty)
    #expect(s.map(\.lexicalized) == [true, false, true, true])
    #expect(s[3].members == [])
}

@Test func severalSynsetsShareAnILI() throws {
    let text = document(
        """
            <Synset id="t-1-n" ili="i5" partOfSpeech="n"/>
            <Synset id="t-2-n" ili="i6" partOfSpeech="n"/>
            <Synset id="t-3-n" ili="i5" partOfSpeech="n"/>
        """)
    let lexicon = try load(text)
    #expect(lexicon.synsets(ili: "i5").map(\.id) == ["t-1-n", "t-3-n"])
    #expect(lexicon.synsets.map(\.members) == [nil, nil, nil])
}

@Test func caseInsensitiveFormLookup() throws {
    let lexicon = try load(small)
    #expect(lexicon.entries(caseInsensitiveForm: "CAT").map(\.id) == ["test-cat-n", "test-Cat-n"])
    #expect(lexicon.entries(caseInsensitiveForm: "dog").map(\.id) == ["test-dog-n"])
    #expect(lexicon.entries(caseInsensitiveForm: "cow").isEmpty)
}

@Test func membersAsEntryIds() throws {
    let lexicon = try load(small)
    let s1 = try #require(lexicon.synset(id: "test-1-n"))
    #expect(lexicon.members(of: s1) == [
        Member(writtenForm: "cat", entryId: "test-cat-n", lexicalized: true),
        Member(writtenForm: "dog", entryId: "test-dog-n", lexicalized: true),
    ])
    // Member order follows the attribute; the cat sense of test-2-n is not lexicalized.
    let s2 = try #require(lexicon.synset(id: "test-2-n"))
    #expect(lexicon.members(of: s2) == [
        Member(writtenForm: "Cat", entryId: "test-Cat-n", lexicalized: true),
        Member(writtenForm: "cat", entryId: "test-cat-n", lexicalized: false),
    ])
    // Unresolvable refs are skipped.
    let s3 = try #require(lexicon.synset(id: "test-3-r"))
    #expect(lexicon.members(of: s3).map(\.entryId) == ["test-o-ap-clock-r"])
}

@Test func membersAsSenseIds() throws {
    let text = document(
        """
            <LexicalEntry id="es-perro-n">
              <Lemma writtenForm="perro" partOfSpeech="n" />
              <Sense id="es-perro-1-n" synset="es-1-n" />
            </LexicalEntry>
            <LexicalEntry id="es-can-n">
              <Lemma writtenForm="can" partOfSpeech="n" />
              <Sense id="es-can-2-n" synset="es-2-n" />
              <Sense id="es-can-1-n" synset="es-1-n" lexicalized="false" />
            </LexicalEntry>
            <Synset id="es-1-n" ili="i1" partOfSpeech="n" members="es-can-1-n es-perro-1-n" />
            <Synset id="es-2-n" ili="i2" partOfSpeech="n" members="es-can-2-n" />
        """, doctype: #"<!DOCTYPE LexicalResource SYSTEM "https://globalwordnet.github.io/schemas/WN-LMF-1.1.dtd">"#)
    let lexicon = try load(text)
    #expect(lexicon.info.formatVersion == "1.1")
    let s1 = try #require(lexicon.synset(id: "es-1-n"))
    #expect(lexicon.members(of: s1) == [
        Member(writtenForm: "can", entryId: "es-can-n", lexicalized: false),
        Member(writtenForm: "perro", entryId: "es-perro-n", lexicalized: true),
    ])
    #expect(lexicon.members(of: lexicon.synsets[1]).map(\.writtenForm) == ["can"])
    #expect(lexicon.sense(id: "es-can-1-n")?.entry.id == "es-can-n")
}

@Test func absentMembersComeFromSenses() throws {
    let text = document(
        """
            <LexicalEntry id="t-b-n">
              <Lemma writtenForm="b" partOfSpeech="n"/>
              <Sense id="t-b-1" synset="t-1-n" lexicalized="false"/>
              <Sense id="t-b-2" synset="t-1-n"/>
            </LexicalEntry>
            <LexicalEntry id="t-a-n">
              <Lemma writtenForm="a" partOfSpeech="n"/>
              <Sense id="t-a-1" synset="t-1-n"/>
            </LexicalEntry>
            <Synset id="t-1-n" partOfSpeech="n"/>
            <Synset id="t-2-n" partOfSpeech="n"/>
        """, doctype: #"<!DOCTYPE LexicalResource SYSTEM "http://globalwordnet.github.io/schemas/WN-LMF-1.0.dtd">"#)
    let lexicon = try load(text)
    let s1 = try #require(lexicon.synset(id: "t-1-n"))
    #expect(s1.members == nil)
    #expect(lexicon.members(of: s1) == [
        Member(writtenForm: "b", entryId: "t-b-n", lexicalized: false),
        Member(writtenForm: "a", entryId: "t-a-n", lexicalized: true),
    ])
    #expect(lexicon.members(of: lexicon.synsets[1]).isEmpty)
}

@Test func senseOrderFollowsN() throws {
    let text = document(
        """
            <LexicalEntry id="t-x-n">
              <Lemma writtenForm="x" partOfSpeech="n"/>
              <Sense id="s-a" synset="t-1-n"/>
              <Sense id="s-b" synset="t-2-n" n="3"/>
              <Sense id="s-c" synset="t-3-n" n="1"/>
              <Sense id="s-d" synset="t-4-n"/>
              <Sense id="s-e" synset="t-5-n" n="3"/>
              <Sense id="s-f" synset="t-6-n" n="2"/>
            </LexicalEntry>
            <LexicalEntry id="t-y-n">
              <Lemma writtenForm="y" partOfSpeech="n"/>
              <Sense id="y-c" synset="t-3-n"/>
              <Sense id="y-a" synset="t-1-n"/>
              <Sense id="y-b" synset="t-2-n"/>
            </LexicalEntry>
            <Synset id="t-1-n" partOfSpeech="n"/>
            <Synset id="t-2-n" partOfSpeech="n"/>
            <Synset id="t-3-n" partOfSpeech="n"/>
            <Synset id="t-4-n" partOfSpeech="n"/>
            <Synset id="t-5-n" partOfSpeech="n"/>
            <Synset id="t-6-n" partOfSpeech="n"/>
        """, doctype: #"<!DOCTYPE LexicalResource SYSTEM "https://globalwordnet.github.io/schemas/WN-LMF-1.4.dtd">"#)
    let lexicon = try load(text)
    #expect(lexicon.info.formatVersion == "1.4")
    #expect(lexicon.entries[0].senses.map(\.id) == ["s-c", "s-f", "s-b", "s-e", "s-a", "s-d"])
    #expect(lexicon.entries[0].senses.map(\.n) == [1, 2, 3, 3, nil, nil])
    #expect(lexicon.entries[1].senses.map(\.id) == ["y-c", "y-a", "y-b"])
    // Sense lookup still finds the right sense after reordering.
    #expect(lexicon.sense(id: "s-f")?.sense.synset == "t-6-n")
}

@Test func ignoredElementsAndVersionVariants() throws {
    let text = document(
        """
            <Requires id="other" version="1"/>
            <Requires ref="other2" version="1"/>
            <Extends ref="base" version="1"/>
            <LexicalEntry id="t-x-v">
              <Lemma writtenForm="x" partOfSpeech="v"><Tag category="c">t</Tag></Lemma>
              <Sense id="t-x-v-1" synset="t-1-v"><Count>3</Count></Sense>
              <SyntacticBehaviour subcategorizationFrame="Somebody ----s"/>
            </LexicalEntry>
            <Synset id="t-1-v" partOfSpeech="v" members="t-x-v"><Meta/></Synset>
            <SyntacticBehaviour id="f1" subcategorizationFrame="Something ----s"/>
        """, doctype: #"<!DOCTYPE LexicalResource SYSTEM "https://globalwordnet.github.io/schemas/WN-LMF-relaxed-1.2.dtd">"#)
    let lexicon = try load(text)
    #expect(lexicon.info.formatVersion == "1.2")
    #expect(lexicon.entries.count == 1)
    #expect(lexicon.entries[0].senses.map(\.id) == ["t-x-v-1"])
    #expect(lexicon.synsets.count == 1)
}

/// An element means what its place says (the loader's element stack): a `Sense` or `Lemma`
/// outside an entry's own children, or a `Definition` outside a synset's, is not read; the
/// text of elements inside a `Definition` or `Example` is part of its text, and an element
/// named like a text element inside one does not end it.
@Test func elementsAreReadOnlyInTheirPlace() throws {
    let text = document(
        """
            <Sense id="t-stray-1" synset="t-1-n"/>
            <Definition>a definition outside any synset</Definition>
            <LexicalEntry id="t-a-n">
              <Lemma writtenForm="a" partOfSpeech="n"><Sense id="t-in-lemma" synset="t-1-n"/></Lemma>
              <Form writtenForm="as"><Lemma writtenForm="not-a-lemma" partOfSpeech="v"/></Form>
              <Sense id="t-a-n-1" synset="t-1-n"><Sense id="t-in-sense" synset="t-1-n"/></Sense>
            </LexicalEntry>
            <Synset id="t-1-n" ili="i1" partOfSpeech="n" members="t-a-n">
              <Definition>the <i>first</i> letter <Example>of an alphabet</Example>, said to be</Definition>
              <SynsetRelation relType="also"><Example>not an example</Example></SynsetRelation>
              <Example>an <Definition>example</Definition> only</Example>
            </Synset>
        """)
    let lexicon = try load(text)
    #expect(lexicon.entries.map(\.id) == ["t-a-n"])
    #expect(lexicon.entries[0].writtenForm == "a")
    #expect(lexicon.entries[0].partOfSpeech == "n")
    #expect(lexicon.entries[0].senses.map(\.id) == ["t-a-n-1"])
    let synset = try #require(lexicon.synset(id: "t-1-n"))
    #expect(synset.definitions == ["the first letter of an alphabet, said to be"])
    #expect(synset.examples == ["an example only"])
}

@Test func gzipIsDetectedByContentNotName() throws {
    let dir = try TempDir()
    let gz = try dir.gzip("a.xml", small)
    let renamed = dir.url.appendingPathComponent("plain-name.xml")
    try FileManager.default.moveItem(at: gz, to: renamed)
    let lexicon = try LexiconReader.read(.file(renamed), displayPath: "plain-name.xml", keeping: .lexicon())
    #expect(lexicon.entries.count == 4)
    #expect(lexicon.synsets.count == 4)
    #expect(try BareXMLPass.run(renamed, maxBytes: 1 << 20) > 20)
}

private let twoLexicons = """
    <?xml version="1.0" encoding="UTF-8"?>
    \(doctype13)
    <LexicalResource>
      <Lexicon id="first" label="First" language="en" version="1">
        <LexicalEntry id="f-a-n"><Lemma writtenForm="a" partOfSpeech="n"/><Sense id="f-a-1" synset="f-1-n"/></LexicalEntry>
        <Synset id="f-1-n" partOfSpeech="n" members="f-a-n"/>
      </Lexicon>
      <Lexicon id="second" label="Second" language="fr" version="2">
        <LexicalEntry id="f-a-n"><Lemma writtenForm="b" partOfSpeech="n"/><Sense id="f-a-1" synset="f-1-n"/></LexicalEntry>
        <Synset id="f-1-n" partOfSpeech="n" members="f-a-n"/>
      </Lexicon>
      <Lexicon id="third" label="Third" language="de" version="3"/>
    </LexicalResource>
    """

@Test func severalLexiconsNeedALexiconId() throws {
    let error = try #require(loadError(twoLexicons))
    #expect(error.location == ErrorLocation(file: "lexicon.xml", item: "Lexicon"))
    #expect(error.problem == .severalLexicons(["first", "second", "third"]))

    let second = try load(twoLexicons, options: LexiconLoadOptions(lexiconId: "second"))
    #expect(second.info.id == "second")
    #expect(second.info.language == "fr")
    #expect(second.entries.map(\.writtenForm) == ["b"])
    let first = try load(twoLexicons, options: LexiconLoadOptions(lexiconId: "first"))
    #expect(first.entries.map(\.writtenForm) == ["a"])
    let third = try load(twoLexicons, options: LexiconLoadOptions(lexiconId: "third"))
    #expect(third.entries.isEmpty)

    let missing = try #require(loadError(twoLexicons, options: LexiconLoadOptions(lexiconId: "fourth")))
    if case .noSuchLexicon(let wanted, let found) = missing.problem {
        #expect(wanted == "fourth")
        #expect(found == ["first", "second", "third"])
    } else {
        Issue.record("expected noSuchLexicon: \(missing)")
    }
}

@Test func inMemoryLexicon() throws {
    let info = LexiconInfo(id: "m", label: "M", language: "en", version: "1", formatVersion: "1.4")
    let lexicon = Lexicon(
        info: info,
        entries: [
            LexicalEntry(id: "m-a-n", writtenForm: "A", partOfSpeech: "n", senses: [Sense(id: "m-a-1", synset: "m-1-n")], documentIndex: 0),
            LexicalEntry(id: "m-b-n", writtenForm: "b", partOfSpeech: "n", senses: [Sense(id: "m-b-1", synset: "m-1-n", lexicalized: false)], documentIndex: 1),
        ],
        synsets: [Synset(id: "m-1-n", ili: "i7", partOfSpeech: "n", members: ["m-b-1", "m-a-n"])])
    #expect(lexicon.synsets(ili: "i7").count == 1)
    #expect(lexicon.entries(caseInsensitiveForm: "a").map(\.id) == ["m-a-n"])
    #expect(lexicon.members(of: lexicon.synsets[0]) == [
        Member(writtenForm: "b", entryId: "m-b-n", lexicalized: false),
        Member(writtenForm: "A", entryId: "m-a-n", lexicalized: true),
    ])
}

@Test func lazyIndexesAreSafeAcrossThreads() async throws {
    let lexicon = try load(small)
    let counts = await withTaskGroup(of: Int.self) { group in
        for i in 0..<16 {
            group.addTask {
                lexicon.entries(caseInsensitiveForm: i % 2 == 0 ? "cat" : "CAT").count
                    + lexicon.synsets(ili: "i100").count
                    + lexicon.members(of: Synset(id: "test-2-n")).count
            }
        }
        var all: [Int] = []
        for await c in group { all.append(c) }
        return all
    }
    // 2 cat entries + 1 synset + 2 entries with a sense in test-2-n (members attribute absent here).
    #expect(counts == Array(repeating: 5, count: 16))
}
