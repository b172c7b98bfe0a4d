import StageExamples
import Testing
import VocabCore

/// The rules for one token: which cards it shows (by lemma, never by substring), how hard it is,
/// what a translation's token stands for, and the sense test.
@Suite struct TokenRulesTests {
    /// Cards of a Spanish release: casa, ser, ir, hija (a word of its own), hijo, interesado
    /// (an adjective), and an English one, realize.
    static let cards = [
        ExampleCard(lemma: "casa", partOfSpeech: .noun, translations: ["house", "home"]),
        ExampleCard(lemma: "ser", partOfSpeech: .verb, translations: ["be"]),
        ExampleCard(lemma: "ir", partOfSpeech: .verb, translations: ["go"]),
        ExampleCard(lemma: "hija", partOfSpeech: .noun, translations: ["daughter"]),
        ExampleCard(lemma: "hijo", partOfSpeech: .noun, translations: ["son"]),
        ExampleCard(lemma: "interested", partOfSpeech: .adjective, translations: ["interesado"]),
        ExampleCard(lemma: "saw", partOfSpeech: .verb, translations: ["serrar"]),
        ExampleCard(lemma: "confiar", partOfSpeech: .verb, translations: ["trust"]),
    ]
    static let index = CardIndex(cards)

    func shown(_ surface: String, _ readings: [WordReading]) -> [String] {
        TokenRules.cards(shownBy: surface, readings: readings, in: Self.index).map { Self.cards[Int($0)].lemma }
    }

    @Test func aFormShowsTheCardOfItsLemmaInItsPartOfSpeech() {
        #expect(shown("casas", [WordReading(lemma: "casa", wordClass: .noun, plural: true)]) == ["casa"])
        // A verb reading of casar shows no noun card.
        #expect(shown("casa", [WordReading(lemma: "casar", wordClass: .verb)]) == [])
        // fue: ser and ir, which the sense test tells apart.
        #expect(shown("fue", [WordReading(lemma: "ir", wordClass: .verb), WordReading(lemma: "ser", wordClass: .verb)]) == ["ser", "ir"])
        // A sentence-initial capital changes nothing: the analyzer reads Casa as casa.
        #expect(shown("Casa", [WordReading(lemma: "casa", wordClass: .noun)]) == ["casa"])
    }

    @Test func neverBySubstring() {
        #expect(shown("casamiento", [WordReading(lemma: "casamiento", wordClass: .noun)]) == [])
        #expect(shown("casamiento", []) == [], "an unknown word is matched whole, never by a part of it")
    }

    @Test func aFormThatIsACardsOwnLemmaShowsIt() {
        // hija reads as hijo's feminine; the release has hija as a word of its own.
        #expect(shown("hija", [WordReading(lemma: "hijo", wordClass: .noun)]) == ["hija", "hijo"])
        // A participle shows the adjective of its spelling.
        #expect(shown("interested", [WordReading(lemma: "interest", wordClass: .verb)]) == ["interested"])
        // A verb form is its own lemma's only: saw is see's past, not the card of saw.
        #expect(shown("saw", [WordReading(lemma: "see", wordClass: .verb)]) == [])
        // A word the analyzer does not know shows the card of its spelling.
        #expect(shown("hija", []) == ["hija"])
    }

    @Test func aMultiwordVerbShowsItsHead() {
        #expect(shown("confió en", [WordReading(lemma: "confiar# en", wordClass: .verb)]) == ["confiar"])
        #expect(TokenRules.lemmaAndHead("darse# cuenta") == ["darse cuenta", "darse"])
        #expect(TokenRules.lemmaAndHead("Casa") == ["casa"])
    }

    @Test func theAnalyzersSpellingOfACardsLemmaNamesIt() {
        var index = CardIndex([
            ExampleCard(lemma: "realize", partOfSpeech: .verb, translations: []),
            ExampleCard(lemma: "people", partOfSpeech: .noun, translations: []),
            ExampleCard(lemma: "hija", partOfSpeech: .noun, translations: []),
        ])
        // As Apertium's English analyzer reads them: British lemmas, person's plural.
        let analyzer: [String: [(lemma: String, partOfSpeech: PartOfSpeech, tags: [String])]] = [
            "realize": [("realise", .verb, ["inf"])], "realise": [("realise", .verb, ["inf"])],
            "people": [("person", .noun, ["pl"])], "person": [("person", .noun, ["sg"])],
            "hija": [("hijo", .noun, ["f", "sg"])], "hijo": [("hijo", .noun, ["m", "sg"])],
        ]
        index.addAnalyzerLemmas { analyzer[$0] ?? [] }
        #expect(index.cards(lemma: "realise", partOfSpeech: .verb) == [0])
        #expect(index.cards(lemma: "person", partOfSpeech: .noun) == [], "an inflected form names no card")
        #expect(index.cards(lemma: "hijo", partOfSpeech: .noun) == [], "hija is not hijo's other spelling")
        #expect(index.cards(lemma: "realise", partOfSpeech: .verb, ownSpelling: true) == [])
    }

    @Test func aTokensRankIsItsLemmasInTheList() {
        let ranks = LemmaRanks([
            FrequencyRow(line: 2, lemma: "casa", tag: "", partOfSpeech: .noun, frequency: 900),
            FrequencyRow(line: 3, lemma: "Perro", tag: "", partOfSpeech: .noun, frequency: 500),
            FrequencyRow(line: 4, lemma: "gato", tag: "", partOfSpeech: .noun, frequency: 500),
        ])
        #expect(ranks.rank(of: "casa") == 1)
        #expect(ranks.rank(of: "perro") == 2, "lower-cased; ties in list order")
        #expect(ranks.rank(of: "gato") == 3)
        #expect(TokenRules.rank(of: "gatos", readings: [WordReading(lemma: "gato", wordClass: .noun, plural: true)], ranks: ranks) == 3)
        // What needs no card: a function word, a name, punctuation, a number.
        #expect(TokenRules.rank(of: "el", readings: [WordReading(lemma: "el", wordClass: .determiner)], ranks: ranks) == 0)
        #expect(TokenRules.rank(of: "Tom", readings: [WordReading(lemma: "Tom", wordClass: .properNoun)], ranks: ranks) == 0)
        #expect(TokenRules.rank(of: "Tatoeba", readings: [], ranks: ranks) == 0, "an unknown capitalised word is taken for a name")
        #expect(TokenRules.rank(of: "1984", readings: [], ranks: ranks) == 0)
        #expect(TokenRules.rank(of: ".", readings: [WordReading(lemma: ".", wordClass: .other)], ranks: ranks) == 0)
        // A word the list lacks.
        #expect(TokenRules.rank(of: "ornitorrinco", readings: [WordReading(lemma: "ornitorrinco", wordClass: .noun)], ranks: ranks)
                == TokenRules.unknownRank)
        #expect(TokenRules.rank(of: "gato", readings: [], ranks: ranks) == 3, "an unknown word by its spelling")
    }

    @Test func aTokenIsCertainWhenItCanBeNothingElse() {
        let casa = Self.cards[0]
        #expect(TokenRules.isCertain([WordReading(lemma: "casa", wordClass: .noun)], listReading: nil, for: casa))
        let ambiguous = [WordReading(lemma: "casa", wordClass: .noun), WordReading(lemma: "casar", wordClass: .verb)]
        #expect(!TokenRules.isCertain(ambiguous, listReading: nil, for: casa))
        // The list's own reading of the form settles it.
        #expect(TokenRules.isCertain(ambiguous, listReading: WordReading(lemma: "casa", wordClass: .noun), for: casa))
        #expect(!TokenRules.isCertain(ambiguous, listReading: WordReading(lemma: "casar", wordClass: .verb), for: casa))
        #expect(!TokenRules.isCertain([], listReading: nil, for: casa), "an unknown word is never certain")
    }

    @Test func aTranslationsTokenStandsForItsLemmasAndItsSpelling() {
        #expect(TokenRules.learnerLemmas(of: "Bones", readings: [WordReading(lemma: "bone", wordClass: .noun, plural: true)]) == ["bones", "bone"])
        #expect(TokenRules.learnerLemmas(of: "di cuenta", readings: [WordReading(lemma: "darse# cuenta", wordClass: .verb)])
                == ["di cuenta", "darse cuenta", "darse"])
    }

    @Test func theSenseTestLooksForOneOfTheCardsTranslations() {
        let tokens = [["the"], ["dogs", "dog"], ["buried"], ["a"], ["bone"], ["."]]
        #expect(SenseTest.passes(tokens: tokens, translations: [["hueso"], ["bone"]]))
        #expect(!SenseTest.passes(tokens: tokens, translations: [["spine"]]))
        #expect(!SenseTest.passes(tokens: tokens, translations: []))
        // Several words in a row, or one multiword token.
        let spanish = [["la"], ["reunión"], ["tuvo", "tener"], ["lugar"], ["ayer"]]
        #expect(SenseTest.passes(tokens: spanish, translations: [["tener", "lugar"]]))
        #expect(!SenseTest.passes(tokens: [["lugar"], ["tuvo", "tener"]], translations: [["tener", "lugar"]]), "in that order")
        #expect(SenseTest.passes(tokens: [["a menudo"]], translations: [["a", "menudo"]]))
    }

    @Test func aCardsTranslationsAreCutIntoWords() {
        let card = ExampleCard(lemma: "Take_Place", partOfSpeech: .verb, translations: ["tener_lugar", "Ocurrir", ""])
        #expect(card.lemma == "take_place")
        #expect(card.translations == [["tener", "lugar"], ["ocurrir"]])
    }
}
