import Morphology
import StageExamples
import Testing
import TestSupport
import VocabCore

private let russianAnalyzer = "/usr/share/apertium/apertium-rus-ukr/rus-ukr.automorf.bin"
private let bulgarianAnalyzer = "/usr/share/apertium/apertium-mkd-bul/bul-mkd.automorf.bin"

/// A sentence's token shows the card the lemmatize step names its lemma (issue 46): Apertium's
/// Russian `года` (год²) shows the card год, its Bulgarian `имаше` (има) the card имам, as the
/// lemmatize step's citation forms (``CitationForms``) name them.
@Suite(.needsSystemFiles([("apertium-rus-ukr", russianAnalyzer), ("apertium-mkd-bul", bulgarianAnalyzer)]))
struct CitationTokenTests {
    static let russian = russianAnalyzer
    static let bulgarian = bulgarianAnalyzer

    /// The lemmas of the cards each token of `text` shows.
    static func shown(_ text: String, analyzer path: String, citations: CitationForms, cards: [ExampleCard]) throws -> [[String]] {
        let learned = ClassedAnalyzer(try LttoolboxAnalyzer(path: path), AnalyzerConfig(path: path), citations: citations)
        let index = CardIndex(cards)
        return learned.analyzer.tokens(in: text).map { token in
            TokenRules.cards(shownBy: token.surface, readings: WordReading.readings(of: token, by: learned), in: index).map { cards[Int($0)].lemma }
        }
    }

    @Test func aHomographNumberIsNoPartOfTheCardsLemma() throws {
        let cards = [ExampleCard(lemma: "год", partOfSpeech: .noun, translations: ["year"]),
                     ExampleCard(lemma: "писать", partOfSpeech: .verb, translations: ["write"])]
        #expect(try Self.shown("Два года он писал.", analyzer: Self.russian, citations: CitationForms(), cards: cards)
            == [[], ["год"], [], ["писать"], []])
    }

    @Test func theLexiconsCitationFormNamesTheAnalyzersLemma() throws {
        let cards = [ExampleCard(lemma: "имам", partOfSpeech: .verb, translations: ["have"])]
        let citations = CitationForms(aliases: [.init(lemma: "има", partOfSpeech: .verb, entry: "имам")], markedEntries: [])
        #expect(try Self.shown("Той имаше къща.", analyzer: Self.bulgarian, citations: citations, cards: cards) == [[], ["имам"], [], []])
        // Without the lemmatize step's forms, the analyzer's има names no card.
        #expect(try Self.shown("Той имаше къща.", analyzer: Self.bulgarian, citations: CitationForms(), cards: cards) == [[], [], [], []])
    }
}
