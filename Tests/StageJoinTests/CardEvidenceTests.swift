import Testing
import VocabCore
@testable import WNLMF
@testable import StageJoin

/// What the sentence pairs say of a word, for the tests: per word its pairs, and per lemma how many
/// of them name it (a pair names several lemmas at most once: ``pairsNaming`` is the largest count
/// of the lemmas asked for, capped at the word's pairs).
struct FakeEvidence: UsageEvidence {
    var language = "en"
    var pairs: [Int]
    var counts: [[String: Int]]
    var frequencies: [String: Int] = [:]

    func pairCount(word: Int) -> Int { pairs[word] }

    func occurrences(word: Int, partOfSpeech: PartOfSpeech, of translations: [String]) -> [Int] {
        translations.map { counts[word][$0] ?? 0 }
    }

    func pairsNaming(word: Int, partOfSpeech: PartOfSpeech, anyOf translations: [String]) -> Int {
        min(pairs[word], translations.map { counts[word][$0] ?? 0 }.max() ?? 0)
    }

    func frequency(of translation: String) -> Int { frequencies[translation] ?? 0 }
}

/// The order of a card's translations (``TranslationOrder``): by the pairs' evidence, then the
/// learner language's frequency where the lexicon's member order means nothing, then the lexicon's.
@Suite struct TranslationOrderTests {
    static func translation(_ lemmas: [String], source: String = "omw") -> Translation {
        Translation(language: "en", lemmas: lemmas, sources: lemmas.map { _ in source })
    }

    func ordered(_ lemmas: [String], counts: [String: Int], pairs: Int = 100, names: [String] = [], arbitrary: Bool,
                 frequencies: [String: Int] = [:]) -> Translation {
        let evidence = FakeEvidence(pairs: [pairs], counts: [counts], frequencies: frequencies)
        return TranslationOrder.ordered(
            Self.translation(lemmas), names: Self.translation(lemmas + names, source: "other"), word: 0, partOfSpeech: .noun,
            evidence: evidence, arbitrary: arbitrary ? ["omw"] : [])
    }

    @Test func thePairsPutTheUsualTranslationFirst() {
        // child: omw-es lists alevín … niño; the pairs say niño.
        let result = ordered(["alevín", "chico", "niño"], counts: ["niño": 60, "chico": 12], arbitrary: true)
        #expect(result.lemmas == ["niño", "chico", "alevín"])
        #expect(result.sources == ["omw", "omw", "omw"])
    }

    @Test func equalCountsGoByFrequencyOnlyWhereTheMemberOrderIsArbitrary() {
        let frequencies = ["casa": 500, "hogar": 40, "domicilio": 2]
        #expect(ordered(["domicilio", "hogar", "casa"], counts: [:], arbitrary: true, frequencies: frequencies).lemmas == ["casa", "hogar", "domicilio"])
        // A curated order (OEWN's: the head word first) stays where the pairs do not decide.
        #expect(ordered(["domicilio", "hogar", "casa"], counts: [:], arbitrary: false, frequencies: frequencies).lemmas
            == ["domicilio", "hogar", "casa"])
        #expect(ordered(["domicilio", "hogar", "casa"], counts: ["hogar": 3], arbitrary: false, frequencies: frequencies).lemmas
            == ["hogar", "domicilio", "casa"])
    }

    @Test func anotherNameOfTheConceptJoinsTheCardWhenThePairsAttestIt() {
        // job: omw-es gives ocupación; a fallback lexicon trabajo, in 30 of the word's 100 pairs.
        let attested = ordered(["ocupación"], counts: ["trabajo": 30, "empleo": 1], names: ["trabajo", "empleo", "curro"], arbitrary: true)
        #expect(attested.lemmas == ["trabajo", "ocupación"])
        #expect(attested.sources == ["other", "omw"])
        // Attested too rarely (1 pair), or in too small a share of a frequent word's pairs (3 of 1,000).
        #expect(ordered(["ocupación"], counts: ["empleo": 1], names: ["empleo"], arbitrary: true).lemmas == ["ocupación"])
        #expect(ordered(["ocupación"], counts: ["empleo": 3], pairs: 1000, names: ["empleo"], arbitrary: true).lemmas == ["ocupación"])
    }

    @Test func anotherLanguageKeepsTheLexiconsOrder() {
        let evidence = FakeEvidence(pairs: [10], counts: [["b": 9]])
        let french = Translation(language: "fr", lemmas: ["a", "b"], sources: ["x", "x"])
        #expect(TranslationOrder.ordered(french, names: french, word: 0, partOfSpeech: .noun, evidence: evidence, arbitrary: ["x"]) == french)
    }
}

/// A doubted sense (``DoubtedSense``): confirmed by the pairs, replaced by a plausible sense,
/// left out, or kept unconfirmed.
@Suite struct DoubtedSenseTests {
    static func witness(_ word: String, rank: Int, of count: Int, head: Bool) -> SenseWitness {
        SenseWitness(word: word, rank: rank, senseCount: count, shared: 1, textCount: 10, isHead: head)
    }

    /// Sense 0 implausible (`can` #2 of 2); sense 1, when `alternative`, plausible (`able` #1 of 1, head).
    static func ranked(alternative: Bool) -> RankedSenses {
        var ranked = RankedSenses.lexiconOrder(alternative ? 2 : 1)
        ranked.witnesses[0] = witness("can", rank: 2, of: 2, head: false)
        ranked.implausible[0] = true
        if alternative { ranked.witnesses[1] = witness("able", rank: 1, of: 1, head: true) }
        return ranked
    }

    @Test func enoughPairsNamingTheConceptConfirmIt() {
        let outcome = DoubtedSense.resolve(Self.ranked(alternative: true), doubted: 0) { index, _ in index == 0 ? (12, 100) : (50, 100) }
        #expect(outcome == .confirmed)
    }

    @Test func aPlausibleSenseReplacesItTheOneThePairsNameMost() {
        #expect(DoubtedSense.resolve(Self.ranked(alternative: true), doubted: 0) { index, _ in index == 0 ? (2, 100) : (40, 100) } == .replaced(1))
        // Without pairs, the first plausible sense with a witness.
        #expect(DoubtedSense.resolve(Self.ranked(alternative: true), doubted: 0, support: nil) == .replaced(1))
    }

    @Test func thePairsRefuteItWithoutAPlausibleSenseTheCardLeaves() {
        // poder: can 5,191 times, fire 13 times in 6,381 pairs (the witness's own name not counted).
        var excluded: [Bool] = []
        let outcome = DoubtedSense.resolve(Self.ranked(alternative: false), doubted: 0) { _, excluding in
            excluded.append(excluding)
            return (13, 6381)
        }
        #expect(outcome == .leftOut)
        #expect(excluded == [true])
    }

    @Test func tooFewPairsOrNoneKeepItUnconfirmed() {
        #expect(DoubtedSense.resolve(Self.ranked(alternative: false), doubted: 0) { _, _ in (0, 4) } == .unconfirmed)
        #expect(DoubtedSense.resolve(Self.ranked(alternative: false), doubted: 0, support: nil) == .unconfirmed)
    }
}

/// The join with the pairs' evidence: a doubted card is confirmed, replaced, kept marked, or left
/// out with the selection's reserve taking its place, the records ranked in their new order.
@Suite struct DoubtedCardJoinTests {
    /// `entries` joined by `SenseRankingTests`' evidence and English lexicon, `count` of them wanted,
    /// with `evidence` for them.
    func join(_ entries: [(form: String, ilis: [String])], count: Int, evidence: FakeEvidence?) throws -> JoinResult {
        let lexicon = SenseRankingTests.source(entries)
        let words = lexicon.entries.enumerated().map { index, entry in
            SelectedWord(rank: index + 1, sourceLemma: entry.writtenForm, lemma: entry.writtenForm, partOfSpeech: .noun, frequency: 10,
                         line: index + 2, entryId: entry.id)
        }
        return try SenseJoiner.join(
            words, count: count, source: lexicon, targets: SenseRankingTests.targets, policy: .none,
            ordering: .evidence(SenseRankingTests.evidence), evidence: evidence)
    }

    @Test func aRefutedCardLeavesAndTheReserveTakesItsPlace() throws {
        // poder (i30: can #2 of 2): in 6,381 pairs, fire 13 times; arte from the reserve.
        let evidence = FakeEvidence(pairs: [6381, 40], counts: [["can": 5191, "fire": 13], ["art": 30]])
        let result = try join([("poder", ["i30"]), ("arte", ["i1"])], count: 1, evidence: evidence)
        #expect(result.records.map(\.lemma) == ["arte"])
        #expect(result.records.first?.rank == 1)
        #expect(result.leftOut.map(\.word.sourceLemma) == ["poder"])
        #expect(result.leftOut.first?.card.provenance.ili == "i30")
        #expect(result.reserveTaken == 1)
        #expect(result.reviews.map(\.kind) == [.leftOut])
    }

    @Test func aConfirmedOrAnUnconfirmedCardIsKeptAndSaysSo() throws {
        let confirmed = try join([("poder", ["i30"])], count: 1, evidence: FakeEvidence(pairs: [100], counts: [["fire": 40, "can": 90]]))
        #expect(confirmed.records.first?.provenance.senseCheck == .confirmed)
        #expect(confirmed.reviews.map(\.kind) == [.confirmed])
        let rare = try join([("poder", ["i30"])], count: 1, evidence: FakeEvidence(pairs: [3], counts: [["can": 3]]))
        #expect(rare.records.first?.provenance.senseCheck == .unconfirmed)
        #expect(rare.reviews.map(\.kind) == [.implausible])
        #expect(rare.leftOut.isEmpty && rare.reserveTaken == 0)
    }

    @Test func aPlausibleSenseReplacesTheDoubtedOne() throws {
        // w: i30 (implausible, ranked first by `can`'s weight), i1 (art #1, head).
        let result = try join([("w", ["i30", "i1"])], count: 1, evidence: FakeEvidence(pairs: [50], counts: [["art": 20, "can": 45]]))
        let card = try #require(result.records.first)
        #expect(card.provenance.ili == "i1" && card.provenance.senseCheck == nil)
        #expect(card.translations(for: "en").first == "art")
        #expect(result.reviews.map(\.kind).contains(.replaced))
        let replaced = try #require(result.reviews.first { $0.kind == .replaced })
        #expect(replaced.sense.ili == "i1" && replaced.other?.ili == "i30")
        #expect(result.moved.isEmpty, "not a move of policy sense")
    }
}
