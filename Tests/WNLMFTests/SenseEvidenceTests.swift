import Foundation
import Testing
import VocabCore
import WNLMF

/// A frequency-ordered lexicon's evidence (``SenseEvidence``): per concept, its words with the
/// concept's rank among their senses, their number of senses and whether they head the synset;
/// per word, how often it occurs in the lexicon's definitions and examples.
@Suite struct SenseEvidenceTests {
    static let text = document("""
        <LexicalEntry id="e-art-n"><Lemma writtenForm="art" partOfSpeech="n"/>
          <Sense id="s-art-1" synset="y-fine-art"/><Sense id="s-art-2" synset="y-craft"/></LexicalEntry>
        <LexicalEntry id="e-fine-art-n"><Lemma writtenForm="fine art" partOfSpeech="n"/><Sense id="s-fine-art-1" synset="y-fine-art"/></LexicalEntry>
        <LexicalEntry id="e-skill-n"><Lemma writtenForm="Skill" partOfSpeech="n"/><Sense id="s-skill-1" synset="y-craft"/></LexicalEntry>
        <LexicalEntry id="e-wile-n"><Lemma writtenForm="wile" partOfSpeech="n"/><Sense id="s-wile-1" synset="y-trick"/></LexicalEntry>
        <LexicalEntry id="e-self-made-a"><Lemma writtenForm="self-made" partOfSpeech="a"/><Sense id="s-self-made-1" synset="y-new"/></LexicalEntry>
        <Synset id="y-fine-art" ili="i1" partOfSpeech="n" members="e-fine-art-n e-art-n">
          <Definition>the products of art; ART made for its own sake, not skill</Definition>
          <Example>art's oldest works; a fine-art gallery</Example>
        </Synset>
        <Synset id="y-craft" ili="i2" partOfSpeech="n" members="e-skill-n e-art-n"><Definition>an art, a skill: skill-ful wile</Definition></Synset>
        <Synset id="y-trick" ili="in" partOfSpeech="n" members="e-wile-n"><Definition>a trick</Definition><ILIDefinition>a trick</ILIDefinition></Synset>
        <Synset id="y-new" ili="i3" partOfSpeech="a" members="e-self-made-a"><Definition>self-made, 'art' and -art-</Definition></Synset>
        """, lexiconAttributes: #"id="rank" label="Ranking" language="en" version="1" license="https://example.org/l""#)

    static func evidence() throws -> SenseEvidence {
        try LexiconReader.read(.data(Data(text.utf8)), displayPath: "rank.xml", keeping: .evidence)
    }

    @Test func eachConceptListsItsWordsWithTheirRankAndSenseCount() throws {
        let evidence = try Self.evidence()
        #expect(evidence.info.id == "rank")
        #expect(evidence.conceptCount == 3, "i1, i2, i3: `in` is no concept")
        let fine = Array(evidence.members(ili: "i1"))
        #expect(fine.map { evidence.writtenForm(of: $0.word) } == ["fine art", "art"], "members order")
        #expect(fine.map(\.rank) == [1, 1] && fine.map(\.senseCount) == [1, 2])
        #expect(fine.map(\.isHead) == [true, false])
        let craft = Array(evidence.members(ili: "i2"))
        #expect(craft.map { evidence.writtenForm(of: $0.word) } == ["Skill", "art"])
        #expect(craft.map(\.rank) == [1, 2] && craft.map(\.senseCount) == [1, 2])
        #expect(evidence.members(ili: "i99").isEmpty && evidence.members(ili: "in").isEmpty && evidence.members(ili: "").isEmpty)
    }

    @Test func textCountsAreWordsOfDefinitionsAndExamplesIgnoringCase() throws {
        let evidence = try Self.evidence()
        func count(_ form: String) throws -> Int {
            let word = try #require((1...3).lazy.flatMap { evidence.members(ili: "i\($0)") }.first { evidence.writtenForm(of: $0.word) == form })
            return evidence.textCount(of: word.word)
        }
        // "art", "ART", "art's" is another word, "an art", "'art'" (quotes stripped), "-art-" (hyphens stripped).
        #expect(try count("art") == 5)
        #expect(try count("Skill") == 2, "`skill` twice; `skill-ful` is another word")
        #expect(try count("fine art") == 0, "a phrase counts nothing")
        #expect(try count("self-made") == 1, "a hyphenated word is one word")
    }

    @Test func evidenceBuiltInMemoryAnswersTheSame() throws {
        let info = try Self.evidence().info
        let evidence = SenseEvidence(
            info: info, words: [("art", 4), ("skill", 1)],
            concepts: [("i1", [.init(word: 0, rank: 1, senseCount: 2, isHead: true)]), ("i1", [.init(word: 1, rank: 3, senseCount: 3, isHead: true)])])
        #expect(evidence.conceptCount == 1, "two synsets of one ILI are one concept")
        #expect(evidence.members(ili: "i1").map(\.word) == [0, 1])
        #expect(evidence.textCount(of: 0) == 4 && evidence.writtenForm(of: 1) == "skill")
    }

    @Test func glossesAndEvidenceComeFromOnePass() throws {
        let read = try LexiconReader.read(.data(Data(Self.text.utf8)), displayPath: "rank.xml", keeping: .glossesAndEvidence { $0.id == "rank" })
        #expect(read.glosses.definition(ili: "i2") == "an art, a skill: skill-ful wile")
        #expect(read.evidence?.members(ili: "i2").count == 2)
        let without = try LexiconReader.read(.data(Data(Self.text.utf8)), displayPath: "rank.xml", keeping: .glossesAndEvidence { _ in false })
        #expect(without.evidence == nil && without.glosses.definition(ili: "i1") != nil)
    }
}
