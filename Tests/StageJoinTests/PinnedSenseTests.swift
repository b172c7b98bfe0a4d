import Foundation
import TestSupport
import Testing
import VocabCore
import WNLMF
@testable import StageJoin

/// A selected word with a sense pin: the card comes from the entry's sense of the pinned concept,
/// whatever the translation policy, and its provenance says so.
@Suite struct PinnedSenseTests {
    let english: Lexicon
    let spanish: Lexicon

    init() throws {
        english = try TestProject.sampleLexicon("lexicon-en.xml")
        spanish = try TestProject.sampleLexicon("lexicon-es.xml")
    }

    func join(_ entryId: String, _ pos: PartOfSpeech, sourceLemma: String, pinnedILI: String?,
              policy: TranslationPolicy = .none) throws -> JoinResult {
        let entry = try #require(english.entry(id: entryId))
        let word = SelectedWord(
            rank: 1, sourceLemma: sourceLemma, lemma: entry.writtenForm, partOfSpeech: pos, frequency: 10, line: 2,
            entryId: entryId, pinnedILI: pinnedILI)
        return try SenseJoiner.join(
            [word], source: english, targets: [TranslationSource(language: "es", lexicons: [spanish])], policy: policy)
    }

    @Test func aPinnedWordTakesThePinnedSenseAndSaysSo() throws {
        let result = try join("sx-spring-n", .noun, sourceLemma: "spring", pinnedILI: "i102")
        let spring = try #require(result.records.first)
        #expect(spring.definition == "a metal elastic device that returns to its shape after being compressed")
        #expect(spring.translations(for: "es") == ["muelle", "resorte"])
        #expect(spring.provenance == Provenance(
            lexicon: "sample-en:1.0", entryId: "sx-spring-n", senseId: "sx-spring-n-2", synsetId: "sx-coil-n",
            ili: "i102", senseRank: 2, pinned: true))
        // A pinned sense is the maintainer's, not a move for translations.
        #expect(result.pinned == 1)
        #expect(result.senseMoved == 0)
    }

    @Test func aPinToACapitalisedEntryKeepsTheListSpelling() throws {
        let god = try #require(try join("sx-God-n", .noun, sourceLemma: "god", pinnedILI: "i112").records.first)
        #expect(god.lemma == "God")
        #expect(god.sourceLemma == "god")
        #expect(god.provenance.pinned)
        #expect(god.definition == "the supernatural being conceived as the perfect creator of the universe")
    }

    @Test func thePolicySenseNeverMovesAPinnedWord() throws {
        // run/verb's first sense has no Spanish: policy `sense` would move it to sense 2; a pin to sense 1 holds.
        let run = try #require(try join("sx-run-v", .verb, sourceLemma: "run", pinnedILI: "i114", policy: .sense).records.first)
        #expect(run.provenance.senseId == "sx-run-v-1")
        #expect(run.translations(for: "es").isEmpty)
        #expect(run.provenance.pinned)
    }

    @Test func aPinTheEntryDoesNotCarryIsAStaleSelection() throws {
        #expect(throws: JoinError(.pinnedConceptMissing(entryId: "sx-spring-n", ili: "i112"))) {
            try join("sx-spring-n", .noun, sourceLemma: "spring", pinnedILI: "i112")
        }
    }

    @Test func provenanceFromAnOlderArtifactIsNotPinned() throws {
        let json = #"{"entryId":"e","ili":"i1","lexicon":"l:1","senseId":"s","senseRank":1,"synsetId":"y"}"#
        let provenance = try JSONDecoder().decode(Provenance.self, from: Data(json.utf8))
        #expect(!provenance.pinned)
        let encoded = String(decoding: try JSONEncoder().encode(Provenance(
            lexicon: "l:1", entryId: "e", senseId: "s", synsetId: "y", ili: nil, senseRank: 1, pinned: true)), as: UTF8.self)
        #expect(encoded.contains(#""pinned":true"#))
    }
}
