import Foundation
@testable import ReleaseLookup
import Testing
import VocabCore

/// `vocab lookup` for a dictionary service: a word of the learner's language finds the cards it
/// translates, and close matches come nearest first, then most frequent.
@Suite struct LookupRankingTests {
    @Test func aSwapOfTwoLettersIsOneEdit() {
        #expect(EditDistance.distance(Array("recieve"), Array("receive"), limit: 2) == 1)
        #expect(EditDistance.distance(Array("tiem"), Array("time"), limit: 1) == 1)
        #expect(EditDistance.distance(Array("abc"), Array("cba"), limit: 1) == nil)
        #expect(EditDistance.distance(Array("kitten"), Array("sitting"), limit: 3) == 3)
        #expect(EditDistance.distance(Array("house"), Array("house"), limit: 0) == 0)
    }

    @Test func closeMatchesComeNearestFirstThenMostFrequent() {
        let names: [WordLookup.Name] = [
            ("relieve", "relieve", 9), ("receive", "receive", 2), ("recieved", "recieved", nil), ("deceive", "deceive", nil),
            ("receive", "receive", nil),
        ]
        // recieve: receive, relieve and recieved are one edit away; receive is the most frequent
        // (band 2), relieve next (band 9), the dictionary's recieved last; deceive is two away.
        #expect(WordLookup.closeMatches(to: "recieve", among: names) == ["receive", "relieve", "recieved", "deceive"])
    }

    @Test func aWordOfTheLearnersLanguageFindsTheCardsItTranslates() throws {
        let release = try Fixtures.sampleRelease.get()
        let vez = try WordLookup.lookup("Vez", partOfSpeech: nil, in: release)
        #expect(vez.map(\.card.lemma) == ["time"])
        #expect(vez.first?.match == .translation && vez.first?.source == .release)
        // A release word's translation: the release's card only (car, not the dictionary's auto).
        let automovil = try WordLookup.lookup("automóvil", partOfSpeech: nil, in: release)
        #expect(automovil.map(\.card.lemma) == ["car"] && automovil.first?.source == .release)
        // Accents as typed: automovil is no translation.
        #expect(throws: LookupError.self) { try WordLookup.lookup("automovil", partOfSpeech: nil, in: release) }
        // Outside the release's words (it has American the adjective): from the dictionary's
        // American the noun, in German.
        let american = try WordLookup.lookup("amerikaner", partOfSpeech: nil, in: release)
        #expect(american.map(\.card.lemma) == ["American"] && american.first?.card.partOfSpeech == .noun)
        #expect(american.first?.source == .dictionary && american.first?.match == .translation)

        let run = try Fixtures.runVocab(["lookup", release.path, "vez", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(items.first?["match"] as? String == "translation" && items.first?["name"] as? String == "time")
    }

    @Test func aTypoWithSwappedLettersSuggestsTheWord() throws {
        let release = try Fixtures.sampleRelease.get()
        #expect(throws: LookupError.self) { try WordLookup.lookup("tiem", partOfSpeech: nil, in: release) }
        do {
            _ = try WordLookup.lookup("tiem", partOfSpeech: nil, in: release)
        } catch let error as LookupError {
            guard case .notFound(_, _, _, let suggestions) = error.problem else { return #expect(Bool(false), "\(error.problem)") }
            #expect(suggestions.first == "time")
        }
    }
}
