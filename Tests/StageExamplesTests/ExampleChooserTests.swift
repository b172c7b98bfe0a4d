import StageExamples
import Testing

/// How a card's sentences are ordered and chosen: the sense first, then the word's part of
/// speech, words the learner knows, length, and file order; at most `perCard` a card, `perSentence`
/// cards a sentence; one unconfirmed pair for a card with none of its sense.
@Suite struct ExampleChooserTests {
    let chooser = ExampleChooser(perCard: 3, perSentence: 2, knownRank: 100)

    /// Card 0's candidate sentence.
    func candidate(_ sentence: Int32, words: Int32 = 5, hardest: Int32 = 10, sameSense: Bool = true, certain: Bool = true) -> Candidate {
        on(0, sentence, words: words, hardest: hardest, sameSense: sameSense, certain: certain)
    }

    /// `card`'s candidate sentence.
    func on(_ card: Int32, _ sentence: Int32, words: Int32 = 5, hardest: Int32 = 10, sameSense: Bool = true, certain: Bool = true) -> Candidate {
        Candidate(card: card, sentence: sentence, words: words, hardest: hardest, sameSense: sameSense, certain: certain)
    }

    /// The sentences `candidates` are chosen in for card 0.
    func order(_ candidates: [Candidate]) -> [Int32] {
        candidates.sorted(by: chooser.prefers).map(\.sentence)
    }

    @Test func theSenseComesFirst() {
        #expect(order([candidate(1, words: 3, sameSense: false), candidate(2, words: 9)]) == [2, 1])
    }

    @Test func thenAWordThatCanOnlyBeTheCardsPartOfSpeech() {
        #expect(order([candidate(1, words: 3, certain: false), candidate(2, words: 9)]) == [2, 1])
        // The sense outweighs it.
        #expect(order([candidate(1, sameSense: false), candidate(2, certain: false)]) == [2, 1])
    }

    @Test func thenWordsTheLearnerKnows() {
        // Sentence 1 has a word beyond the release's size (rank 100): a longer one without goes first.
        #expect(order([candidate(1, words: 4, hardest: 101), candidate(2, words: 8, hardest: 100)]) == [2, 1])
    }

    @Test func thenShortButNotTooShort() {
        #expect(order([candidate(1, words: 7), candidate(2, words: 4), candidate(3, words: 2), candidate(4, words: 3)]) == [4, 2, 1, 3])
    }

    @Test func thenTheEasiestHardestWordThenFileOrder() {
        #expect(order([candidate(3, hardest: 50), candidate(2, hardest: 20), candidate(1, hardest: 50)]) == [2, 1, 3])
    }

    @Test func aCardGetsAtMostPerCard() {
        let chosen = chooser.choose((1...5).map { on(0, $0) }, cards: 1)
        #expect(chosen[0].map(\.sentence) == [1, 2, 3])
    }

    @Test func aSentenceServesAtMostPerSentenceCardsTheScarceChoosingFirst() {
        // Sentence 1 suits cards 0, 1 and 2; card 2 has no other, card 0 has three more.
        let candidates = [on(0, 1), on(0, 2), on(0, 3), on(0, 4), on(1, 1), on(1, 5), on(2, 1)]
        let chosen = chooser.choose(candidates, cards: 3)
        #expect(chosen[2].map(\.sentence) == [1], "the card with one sentence chose first")
        #expect(chosen[1].map(\.sentence) == [1, 5])
        #expect(chosen[0].map(\.sentence) == [2, 3, 4], "sentence 1 already serves two cards")
    }

    @Test func aCardWithoutAPairOfItsSenseTakesOneCertainUnconfirmedPair() {
        let candidates = [
            // Card 0: one pair of its sense: no unconfirmed pair.
            on(0, 1), on(0, 2, sameSense: false),
            // Card 1: none of its sense: the best certain one.
            on(1, 3, words: 9, sameSense: false), on(1, 4, words: 4, sameSense: false, certain: false),
            on(1, 5, words: 6, sameSense: false),
            // Card 2: none of its sense, none certain (drive the verb on the noun's card): nothing.
            on(2, 6, sameSense: false, certain: false),
        ]
        let chosen = chooser.choose(candidates, cards: 3)
        #expect(chosen[0].map(\.sentence) == [1])
        #expect(chosen[1].map(\.sentence) == [5])
        #expect(chosen[2].isEmpty)
    }

    @Test func aCardNeverShowsOneTranslationTwice() {
        var a = on(0, 1), b = on(0, 2), c = on(0, 3)
        (a.translation, b.translation, c.translation) = (7, 7, 8)
        #expect(chooser.choose([a, b, c], cards: 1)[0].map(\.sentence) == [1, 3])
        // Another card may show it.
        var d = on(1, 2)
        d.translation = 7
        #expect(chooser.choose([a, b, c, d], cards: 2)[1].map(\.sentence) == [2])
    }

    @Test func aLexiconExampleIsNeverRepeated() {
        let chosen = chooser.choose([on(0, 1), on(0, 2)], cards: 1) { $0.sentence == 1 }
        #expect(chosen[0].map(\.sentence) == [2])
    }

    @Test func theChoiceIsTheSameWhateverTheCandidatesOrder() {
        var candidates: [Candidate] = []
        for card in Int32(0)..<6 {
            for sentence in Int32(0)..<8 where (card + sentence) % 3 != 0 {
                candidates.append(on(card, sentence, words: 3 + (sentence * 7 + card) % 6, hardest: (sentence * 13) % 150,
                                            sameSense: (card * sentence) % 4 != 1, certain: sentence % 5 != 2))
            }
        }
        let chosen = chooser.choose(candidates, cards: 6)
        #expect(chooser.choose(candidates.reversed(), cards: 6) == chosen)
        #expect(chooser.choose(candidates.sorted { ($0.sentence, $0.card) > ($1.sentence, $1.card) }, cards: 6) == chosen)
        var uses: [Int32: Int] = [:]
        for picks in chosen { for pick in picks { uses[pick.sentence, default: 0] += 1 } }
        #expect(uses.values.allSatisfy { $0 <= 2 })
        #expect(chosen.allSatisfy { $0.count <= 3 })
    }

    @Test func wordsAreChunksWithALetterOrADigit() {
        #expect(ExampleFinder.words(in: "¿Qué hora es?") == 3)
        #expect(ExampleFinder.words(in: "Go.") == 1)
        #expect(ExampleFinder.words(in: "  — Hola, Tom —  ") == 2)
        #expect(ExampleFinder.words(in: "It costs 5 euros.") == 4)
        #expect(ExampleFinder.words(in: "") == 0)
    }
}
