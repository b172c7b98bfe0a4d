import Testing
import VocabCore
@testable import WNLMF
@testable import StageJoin

/// The sense ranking (``SenseRanking``): a source lexicon whose senses are in an arbitrary order
/// has them ranked by a frequency-ordered lexicon's evidence, through the ILI; pins still win,
/// policy `sense` moves along that order and never to an implausible sense.
@Suite struct SenseRankingTests {
    /// The ranking lexicon's words: written form and how often it occurs in its own text.
    static let words: [(form: String, textCount: Int)] = [
        ("art", 8), ("trickery", 0), ("chicanery", 0), ("craft", 3), ("x", 3), ("y", 15), ("can", 99), ("fire", 24), ("sack", 0),
    ]

    /// Word `name`'s index in ``words``.
    static func word(_ name: String) -> Int32 { Int32(words.firstIndex { $0.form == name }!) }

    static func member(_ name: String, _ rank: Int32, of count: Int32, head: Bool = false) -> SenseEvidence.Member {
        .init(word: word(name), rank: rank, senseCount: count, isHead: head)
    }

    /// What the ranking lexicon says of each concept.
    static let evidence = SenseEvidence(
        info: LexiconInfo(id: "rank", label: "Ranking", language: "en", version: "1", formatVersion: "1.4"),
        words: words,
        concepts: [
            // art: fine art (its first sense), craft (second), trickery (third of three).
            ("i1", [member("art", 1, of: 3, head: true)]),
            ("i2", [member("craft", 1, of: 2, head: true), member("art", 2, of: 3)]),
            ("i3", [member("trickery", 1, of: 1, head: true), member("chicanery", 1, of: 1), member("art", 3, of: 3)]),
            // Equal weights: x's first sense (1 × √4 ÷ 1 = 2), y's second (1 × √16 ÷ 2 = 2).
            ("i20", [member("x", 1, of: 1, head: true)]),
            ("i21", [member("y", 2, of: 2, head: true)]),
            // Dismissal: the last sense of `can`, the fourth of `fire`, in a synset `fire` heads.
            ("i30", [member("fire", 4, of: 12, head: true), member("can", 2, of: 2), member("sack", 2, of: 4)]),
            ("i40", [member("can", 1, of: 2, head: true)]),
        ])

    /// A source lexicon of `entries` (written form → the ILIs of its senses, in its order), each
    /// concept in a synset of its own with the entry as its only member.
    static func source(_ entries: [(form: String, ilis: [String])]) -> Lexicon {
        var lexiconEntries: [LexicalEntry] = []
        var synsets: [Synset] = []
        for (index, entry) in entries.enumerated() {
            var senses: [Sense] = []
            for (k, ili) in entry.ilis.enumerated() {
                let synset = "src-\(entry.form)-\(k)"
                senses.append(Sense(id: "\(synset)-s", synset: synset))
                synsets.append(Synset(id: synset, ili: ili, partOfSpeech: "n", members: ["\(synset)-s"]))
            }
            lexiconEntries.append(LexicalEntry(id: "src-\(entry.form)-n", writtenForm: entry.form, partOfSpeech: "n", senses: senses, documentIndex: index))
        }
        return Lexicon(info: LexiconInfo(id: "src", label: "Source", language: "es", version: "1", formatVersion: "1.4"),
                       entries: lexiconEntries, synsets: synsets)
    }

    func ranked(_ ilis: [String], ordering: SenseOrdering = .evidence(SenseRankingTests.evidence)) throws -> RankedSenses {
        let lexicon = Self.source([("w", ilis)])
        return try SenseRanking.rank(lexicon.entries[0], source: lexicon, ordering: ordering)
    }

    @Test func theConceptThatIsTheEarliestSenseOfACommonWitnessComesFirst() throws {
        // Lexicon order: trickery, craft, fine art (omw-es's `arte`).
        let ranked = try ranked(["i3", "i2", "i1"])
        #expect(ranked.order == [2, 1, 0])
        // `art` witnesses all three senses; for trickery it outweighs the rare synonyms' first senses.
        #expect(ranked.witnesses[0] == SenseWitness(word: "art", rank: 3, senseCount: 3, shared: 3, textCount: 8, isHead: false))
        #expect(ranked.witnesses[2]?.text == "art #1 of 3, in 3 senses, 8× in its lexicon's text, first word of the concept")
        #expect(ranked.implausible == [true, false, false], "trickery is the last of art's three senses")
    }

    @Test func withoutSharedSensesARareSynonymsFirstSenseWins() throws {
        // Alone, the trickery sense's heaviest witness is `trickery` (1 × √1 ÷ 1) against art's
        // third sense (1 × √9 ÷ 3): equal, and the first in member order is the witness.
        let ranked = try ranked(["i3"])
        #expect(ranked.order == [0])
        #expect(ranked.witnesses[0]?.word == "trickery")
        #expect(ranked.implausible == [false])
    }

    @Test func equalWeightsKeepTheLexiconsOrder() throws {
        #expect(try ranked(["i20", "i21"]).order == [0, 1])
        #expect(try ranked(["i21", "i20"]).order == [0, 1])
    }

    @Test func aConceptWithNoWitnessComesAfterEverySenseWithOneInTheLexiconsOrder() throws {
        let ranked = try ranked(["i99", "i98", "i2", "in"])
        #expect(ranked.order == [2, 0, 1, 3])
        #expect(ranked.witnesses[0] == nil && ranked.witnesses[3] == nil)
        #expect(ranked.implausible == [false, false, false, false], "no witness, nothing judged")
        #expect(try self.ranked(["i99", "i98"]).order == [0, 1])
    }

    @Test func aWordWithOneSenseKeepsItAndIsJudged() throws {
        let ranked = try ranked(["i30"])
        #expect(ranked.order == [0])
        // `can` (99 in the text) outweighs `fire` (24, fourth sense): the last of can's two senses,
        // in a synset `fire` heads: implausible, like omw-es's `poder`.
        #expect(ranked.witnesses[0]?.word == "can")
        #expect(ranked.implausible == [true])
    }

    @Test func weightsAreComparedExactly() {
        typealias Weight = SenseRanking.Weight
        #expect(Weight(shared: 1, textCount: 3, rank: 1) == Weight(shared: 1, textCount: 15, rank: 2))
        #expect(Weight(shared: 2, textCount: 0, rank: 1) > Weight(shared: 1, textCount: 14, rank: 1))
        #expect(Weight(shared: 1, textCount: 0, rank: 1) > .none)
    }

    @Test func theLexiconsOrderStandsUnlessRanked() throws {
        #expect(try ranked(["i3", "i2", "i1"], ordering: .lexicon) == .lexiconOrder(3))
        let frequency = try ranked(["i3", "i2", "i1"], ordering: .frequency)
        #expect(frequency.order == [0, 1, 2])
        #expect(frequency.witnesses.map { $0?.word } == ["w", "w", "w"])
        #expect(frequency.implausible == [false, false, false], "a last sense waits for a move to consider it")
    }

    // MARK: The card

    /// English translations: each concept's members in the ranking lexicon, as a lexicon.
    static let english: Lexicon = {
        let concepts = ["i1": ["art", "fine art"], "i2": ["craft", "art"], "i3": ["trickery", "art"], "i30": ["fire", "can", "sack"]]
        var entries: [LexicalEntry] = []
        var synsets: [Synset] = []
        for (ili, members) in concepts.sorted(by: { $0.key < $1.key }) {
            synsets.append(Synset(id: "en-\(ili)", ili: ili, partOfSpeech: "n", members: members.map { "en-\($0)-\(ili)" }))
            for member in members {
                entries.append(LexicalEntry(
                    id: "en-\(member)-\(ili)", writtenForm: member, partOfSpeech: "n", senses: [Sense(id: "en-\(member)-\(ili)-s", synset: "en-\(ili)")],
                    documentIndex: entries.count))
            }
        }
        return Lexicon(info: LexiconInfo(id: "en", label: "English", language: "en", version: "1", formatVersion: "1.4"), entries: entries, synsets: synsets)
    }()

    static let targets = [TranslationSource(language: "en", lexicons: [english])]

    func join(_ entries: [(form: String, ilis: [String])], pins: [String: String] = [:], policy: TranslationPolicy = .none) throws -> JoinResult {
        let lexicon = Self.source(entries)
        let words = lexicon.entries.enumerated().map { index, entry in
            SelectedWord(rank: index + 1, sourceLemma: entry.writtenForm, lemma: entry.writtenForm, partOfSpeech: .noun, frequency: 10,
                         line: index + 2, entryId: entry.id, pinnedILI: pins[entry.writtenForm])
        }
        return try SenseJoiner.join(words, source: lexicon, targets: Self.targets, policy: policy, ordering: .evidence(Self.evidence))
    }

    @Test func theCardTakesTheRankedFirstSenseAndTheReviewSaysSo() throws {
        let result = try join([("arte", ["i3", "i2", "i1"])])
        let arte = try #require(result.records.first)
        #expect(arte.translations(for: "en") == ["art", "fine art"])
        #expect(arte.provenance.ili == "i1" && arte.provenance.senseRank == 3, "the rank in the lexicon's order")
        #expect(result.senseMoved == 1 && result.moved.isEmpty, "ranked, not moved for a translation")
        let review = try #require(result.reviews.first)
        #expect(result.reviews.count == 1)
        #expect(review.kind == .ranked && review.sense.rank == 3 && review.other?.rank == 1 && review.other?.ili == "i3")
        #expect(review.witness?.word == "art" && review.otherWitness?.rank == 3)
    }

    @Test func aPinWinsOverTheRankingAndIsNotReviewed() throws {
        let result = try join([("arte", ["i3", "i2", "i1"])], pins: ["arte": "i2"])
        let arte = try #require(result.records.first)
        #expect(arte.provenance.ili == "i2" && arte.provenance.pinned)
        #expect(arte.translations(for: "en") == ["craft", "art"])
        #expect(result.reviews.isEmpty && result.pinned == 1 && result.senseMoved == 0)
        // Even an implausible sense, pinned, is the maintainer's.
        let poder = try join([("poder", ["i30"])], pins: ["poder": "i30"])
        #expect(poder.reviews.isEmpty)
    }

    @Test func anImplausibleSenseIsListed() throws {
        let result = try join([("poder", ["i30"])])
        #expect(result.records.first?.translations(for: "en") == ["fire", "can", "sack"])
        #expect(result.reviews.map(\.kind) == [.implausible])
        #expect(result.reviews.first?.witness?.text == "can #2 of 2, 99× in its lexicon's text")
    }

    @Test func policySenseMovesAlongTheRankedOrder() throws {
        // i40 (can's first sense) outweighs i2 (craft) but has no English translation here.
        let none = try join([("w", ["i2", "i40"])])
        #expect(none.records.first?.provenance.ili == "i40" && none.records.first?.translations(for: "en") == [])
        let sense = try join([("w", ["i2", "i40"])], policy: .sense)
        let card = try #require(sense.records.first)
        #expect(card.provenance.ili == "i2" && card.translations(for: "en") == ["craft", "art"])
        #expect(sense.moved.count == 1 && sense.moved.first?.from.ili == "i40" && sense.moved.first?.to.ili == "i2")
        #expect(sense.reviews.map(\.kind) == [.ranked], "i40, the lexicon's second, ranked first")
    }

    @Test func policySenseNeverMovesToAnImplausibleSense() throws {
        // i40 (can #1, untranslated) then i30 (can #2 of 2, translated, in a synset fire heads).
        let result = try join([("w", ["i40", "i30"])], policy: .sense)
        let card = try #require(result.records.first)
        #expect(card.provenance.ili == "i40" && card.translations(for: "en").isEmpty, "keeps its sense, untranslated")
        #expect(result.moved.isEmpty && result.senseMoved == 0)
        let refused = try #require(result.reviews.first { $0.kind == .refusedMove })
        #expect(refused.other?.ili == "i30" && refused.otherWitness?.word == "can")
        #expect(refused.otherTranslations?.first?.lemmas == ["fire", "can", "sack"])
        // Coverage under policy sense says what the build gives: no translation.
        #expect(result.coverage.byPolicy["sense"]?["en"] == 0)
    }

    @Test func aFrequencyOrderedSourceMovesOnlyToASenseThatIsNotItsLastOrThatItHeads() throws {
        // A frequency-ordered source: `w`'s senses i40 (untranslated), i30 (its last, translated).
        let lexicon = Self.source([("w", ["i40", "i30"])])
        let entry = lexicon.entries[0]
        func card(_ lexicon: Lexicon) throws -> WordCard {
            try SenseJoiner.card(
                of: lexicon.entries[0], sourceLemma: "w", partOfSpeech: .noun, source: lexicon, targets: Self.targets, policy: .sense,
                ordering: .frequency)
        }
        // The source's synsets have `w` as their only member: it heads i30, the move is plausible.
        #expect(try card(lexicon).provenance.ili == "i30")
        // Headed by another word, the last sense is implausible: no move.
        var synsets = lexicon.synsets
        synsets[1].members = ["other-s", entry.senses[1].id]
        let other = LexicalEntry(id: "other-n", writtenForm: "other", partOfSpeech: "n", senses: [Sense(id: "other-s", synset: synsets[1].id)], documentIndex: 1)
        let headed = Lexicon(info: lexicon.info, entries: [entry, other], synsets: synsets)
        let kept = try card(headed)
        #expect(kept.provenance.ili == "i40" && kept.translations(for: "en").isEmpty)
        // Without the judgement (the lexicon's order, nothing judged) the move is made.
        #expect(try SenseJoiner.card(of: entry, sourceLemma: "w", partOfSpeech: .noun, source: headed, targets: Self.targets, policy: .sense)
            .provenance.ili == "i30")
    }
}
