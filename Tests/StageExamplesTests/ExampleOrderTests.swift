import StageExamples
import Testing
import VocabCore

/// A token's cards by its spelling alone (where the analyzer lacks the card's use), the order of a
/// card's examples (those that show its word first), and the preference for a translation that
/// shows the card's translation as written.
@Suite struct ExampleOrderTests {
    static let cards = [
        ExampleCard(lemma: "evil", partOfSpeech: .adjective, translations: ["malvado"]),
        ExampleCard(lemma: "vessel", partOfSpeech: .noun, translations: ["vaso"]),
        ExampleCard(lemma: "house", partOfSpeech: .noun, translations: ["casa"]),
    ]
    static let index = CardIndex(cards)

    func weak(_ surface: String, _ readings: [WordReading]) -> [String] {
        TokenRules.weakCards(shownBy: surface, readings: readings, in: Self.index).map { Self.cards[Int($0)].lemma }
    }

    @Test func aTokenSpellingACardInAnotherPartOfSpeechShowsItWeakly() {
        // Apertium's English reads evil as a noun only.
        #expect(weak("evil", [WordReading(lemma: "evil", wordClass: .noun)]) == ["evil"])
        #expect(TokenRules.cards(shownBy: "evil", readings: [WordReading(lemma: "evil", wordClass: .noun)], in: Self.index) == [])
        // A reading in the card's part of speech is a card's match, not a weak one.
        #expect(weak("house", [WordReading(lemma: "house", wordClass: .noun)]) == [])
        // A word of a multiword token (blood vessel).
        #expect(weak("blood vessel", [WordReading(lemma: "blood vessel", wordClass: .noun)]) == ["vessel"])
        // A word the analyzer does not know matches by its spelling already: nothing weak.
        #expect(weak("evil", []) == [])
    }

    static let lexicon = [CardExample(lexicon: "a large city"), CardExample(lexicon: "a big house")]
    static func pair(_ text: String) -> CardExample { CardExample(text: text, translation: "-", source: "tatoeba", sameSense: true) }

    @Test func examplesThatShowTheWordComeFirstAndTheOthersOnlyWhileTheyAreFew() {
        var figures = ExampleOrder.Figures()
        let shows = { (text: String) in text.contains("big") }
        // big: "a large city" (the synset's, through large) after the others; kept, the card having two.
        let few = ExampleOrder.arranged(own: Self.lexicon, pairs: [Self.pair("It's big.")], perCard: 3, figures: &figures, showsWord: shows)
        #expect(few.map(\.text) == ["a big house", "It's big.", "a large city"])
        // With three that show the word, it is left out.
        let many = ExampleOrder.arranged(
            own: Self.lexicon, pairs: [Self.pair("It's big."), Self.pair("So big!")], perCard: 3, figures: &figures, showsWord: shows)
        #expect(many.map(\.text) == ["a big house", "It's big.", "So big!"])
        // A card whose examples none show the word keeps them.
        let none = ExampleOrder.arranged(own: [Self.lexicon[0]], pairs: [], perCard: 3, figures: &figures, showsWord: shows)
        #expect(none.map(\.text) == ["a large city"])
        #expect(figures.cardsWithExample == 3 && figures.firstShowsWord == 2)
        #expect(figures.wordlessKept == 2 && figures.wordlessLeftOut == 1)
    }

    @Test func aTranslationShowingTheCardsTranslationAsWrittenComesFirst() {
        let chooser = ExampleChooser(perCard: 2, perSentence: 2, knownRank: 100)
        let feminine = Candidate(card: 0, sentence: 0, words: 4, hardest: 1, sameSense: true, translation: 0)
        let literal = Candidate(card: 0, sentence: 1, words: 5, hardest: 1, sameSense: true, translation: 1, literal: true)
        #expect(chooser.prefers(literal, feminine))
        // Not over a sentence whose other words a learner knows.
        let hard = Candidate(card: 0, sentence: 2, words: 4, hardest: 500, sameSense: true, translation: 2, literal: true)
        #expect(chooser.prefers(feminine, hard))
        #expect(chooser.choose([feminine, literal], cards: 1)[0].map(\.sentence) == [1, 0])
    }
}
