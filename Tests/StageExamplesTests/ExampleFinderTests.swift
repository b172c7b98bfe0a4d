import Foundation
import Morphology
import StageExamples
import StageRead
import TestSupport
import Testing
import VocabCore

/// The whole rule on the sample corpus's sentence pairs (`Corpus/sample/sentences-en-es.tsv`) with
/// the analyzers written for them: English sentences, Spanish translations, a few of the sample
/// release's cards.
@Suite struct ExampleFinderTests {
    static func analyzer(_ name: String) throws -> ClassedAnalyzer {
        ClassedAnalyzer(try LttoolboxAnalyzer(path: TestProject.sampleCorpus.appendingPathComponent(name).path), AnalyzerConfig(path: name))
    }

    static func pairs() throws -> [SentencePair] {
        let file = TestProject.sampleCorpus.appendingPathComponent("sentences-en-es.tsv")
        return try SentencePairReader(learnedColumn: 1, learnerColumn: 2).read(file, displayPath: file.path).pairs
    }

    /// house, spring (the season), car, new, know, run (no Spanish), fine, song, selfie (no sentence).
    static let cards = [
        ExampleCard(lemma: "house", partOfSpeech: .noun, translations: ["casa", "vivienda"], lexiconExamples: ["The house is big."]),
        ExampleCard(lemma: "spring", partOfSpeech: .noun, translations: ["primavera"]),
        ExampleCard(lemma: "car", partOfSpeech: .noun, translations: ["coche", "automóvil"]),
        ExampleCard(lemma: "new", partOfSpeech: .adjective, translations: ["nuevo", "novedoso"]),
        ExampleCard(lemma: "know", partOfSpeech: .verb, translations: ["conocer", "saber"]),
        ExampleCard(lemma: "run", partOfSpeech: .verb, translations: []),
        ExampleCard(lemma: "fine", partOfSpeech: .adjective, translations: ["fino", "excelente"]),
        ExampleCard(lemma: "song", partOfSpeech: .noun, translations: ["canción"]),
        ExampleCard(lemma: "selfie", partOfSpeech: .noun, translations: []),
    ]

    static func find(perCard: Int = 3, perSentence: Int = 2, maxWords: Int = 12) throws -> ExampleFinder.Result {
        let ranks = LemmaRanks(["the", "be", "house", "car", "new", "know", "good", "song", "year", "time", "big"].enumerated().map {
            FrequencyRow(line: $0.offset + 2, lemma: $0.element, tag: "", partOfSpeech: .noun, frequency: Int64(1000 - $0.offset))
        })
        let finder = ExampleFinder(
            index: CardIndex(cards), ranks: ranks, learned: try analyzer("analyzer-en.automorf.bin"),
            learner: try analyzer("analyzer-es.automorf.bin"),
            settings: ExampleSettings(
                source: "sample-pairs", maxWords: maxWords,
                chooser: ExampleChooser(perCard: perCard, perSentence: perSentence, knownRank: 11)))
        return finder.find(try pairs())
    }

    func texts(_ result: ExampleFinder.Result, _ card: Int) -> [String] { result.examples[card].map(\.text) }

    @Test func eachCardGetsSentencesOfItsSenseWithTheirTranslation() throws {
        let result = try Self.find()
        // house: never its lexicon example again; the shortest sentences first.
        #expect(texts(result, 0) == ["This is my house.", "The houses are new."])
        #expect(result.examples[0].allSatisfy { $0.sameSense && $0.source == "sample-pairs" })
        #expect(result.examples[0].map(\.translation) == ["Esta es mi casa.", "Las casas son nuevas."])
        // spring the season, not the coil (El muelle está roto.).
        #expect(texts(result, 1) == ["Spring is here."])
        // know: Lo sé and Ya sé translate one sentence, I know., which counts once (and, of two
        // words, comes after the longer one).
        #expect(texts(result, 4) == ["I know Tom.", "I know."])
        #expect(result.examples[4][1].translation == "Lo sé.")
        // car: new appears in all three, whose sentences it shares (two cards a sentence at most).
        #expect(texts(result, 2) == ["The car is new.", "My car is big.", "I bought a new car."])
        // new (nuevo): a translation that shows the card's translation as written (El coche es
        // nuevo.) before one that shows another of its forms (Las casas son nuevas.).
        #expect(texts(result, 3) == ["The car is new.", "The houses are new.", "Happy new year!"])
    }

    @Test func aCardWithoutAPairOfItsSenseGetsOneMarkedAsSuch() throws {
        let result = try Self.find()
        // run has no Spanish translation: ran can only be the verb, so one pair, not of a confirmed sense.
        #expect(result.examples[5] == [CardExample(text: "Tom ran home.", translation: "Tom corrió a casa.", source: "sample-pairs", sameSense: false)])
        #expect(result.examples[6].map(\.sameSense) == [false])
        #expect(result.examples[8].isEmpty)
        #expect(result.figures.unconfirmedPairs == 2)
        #expect(result.figures.cardsWithPair == 8)
        #expect(result.figures.cardsWithSameSensePair == 6)
    }

    @Test func theLimitsHold() throws {
        let result = try Self.find(perCard: 1, perSentence: 1, maxWords: 4)
        #expect(result.examples.allSatisfy { $0.count <= 1 })
        let used = result.examples.flatMap { $0.map(\.text) }
        #expect(Set(used).count == used.count, "one card a sentence")
        #expect(used.allSatisfy { ExampleFinder.words(in: $0) <= 4 })
        #expect(result.figures.considered < result.figures.pairs)
        // I bought a new car. serves car or new, not both.
        #expect(!(texts(result, 2).contains("I bought a new car.") && texts(result, 3).contains("I bought a new car.")))
    }

    @Test func theFiguresCountThePass() throws {
        let figures = try Self.find().figures
        #expect(figures.pairs == 22)
        #expect(figures.considered == 21, "one sentence has 13 words")
        #expect(figures.sentences == 20, "I know. has two translations")
        #expect(figures.learnedTokens > 0 && figures.learnerTokens > 0)
        #expect(figures.pairsUsed == 15)
        #expect(figures.sentencesUsed == 13, "The houses are new. and The car is new. serve two cards each")
    }

    @Test func theSameInputGivesTheSameExamples() throws {
        #expect(try Self.find() == Self.find())
    }
}
