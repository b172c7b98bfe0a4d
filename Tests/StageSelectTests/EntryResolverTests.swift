import Testing
import VocabCore
import WNLMF
@testable import StageSelect

@Suite struct EntryResolverTests {
    let lexicon: Lexicon

    init() throws { lexicon = try SampleCorpus.lexicon("lexicon-en.xml") }

    @Test func lowerCaseLemmaFindsTheCapitalisedEntry() {
        #expect(EntryResolver.resolve("american", .adjective, in: lexicon)?.id == "sx-American-a")
        #expect(EntryResolver.resolve("american", .noun, in: lexicon)?.id == "sx-American-n")
        #expect(EntryResolver.resolve("september", .noun, in: lexicon)?.writtenForm == "September")
    }

    @Test func exactSpellingWinsOverAnotherCase() {
        #expect(EntryResolver.resolve("god", .noun, in: lexicon)?.id == "sx-god-n")
        #expect(EntryResolver.resolve("God", .noun, in: lexicon)?.id == "sx-God-n")
    }

    @Test func lowerCaseFormWinsWhenNoExactSpelling() {
        #expect(EntryResolver.resolve("GOD", .noun, in: lexicon)?.id == "sx-god-n")
        #expect(EntryResolver.resolve("TRUE", .adjective, in: lexicon)?.id == "sx-true-a")
    }

    @Test func adjectivesMatchSatelliteEntries() {
        #expect(EntryResolver.resolve("fine", .adjective, in: lexicon)?.id == "sx-fine-s")
    }

    @Test func partOfSpeechMustMatch() {
        #expect(EntryResolver.resolve("spring", .verb, in: lexicon)?.id == "sx-spring-v")
        #expect(EntryResolver.resolve("house", .verb, in: lexicon) == nil)
        #expect(EntryResolver.resolve("okay", .adjective, in: lexicon) == nil)
        #expect(EntryResolver.resolve("spring", .other, in: lexicon) == nil)
    }

    /// A list of forms the lemmatize step read (`fittingCase`): a lower-case lemma is a common word,
    /// and takes no capitalised or all-capitals entry (a name, an abbreviation, a symbol: Polish
    /// `in`, `b`, `al`; Finnish `oman`), unless a pin names it; a list of lemmas keeps COCA's rule.
    @Test func aLemmatizedListsLowerCaseWordTakesNoCapitalisedEntry() {
        #expect(EntryResolver.resolve("american", .adjective, in: lexicon, fittingCase: true) == nil)
        #expect(EntryResolver.resolve("september", .noun, in: lexicon, fittingCase: true) == nil)
        #expect(EntryResolver.resolve("god", .noun, in: lexicon, fittingCase: true)?.id == "sx-god-n")
        #expect(EntryResolver.resolve("God", .noun, in: lexicon, fittingCase: true)?.id == "sx-God-n")
        #expect(EntryResolver.resolve("american", .adjective, in: lexicon, fittingCase: false)?.id == "sx-American-a")
        #expect(EntryResolver.casingFits("In", lemma: "in") == false)
        #expect(EntryResolver.casingFits("NATO", lemma: "nato") == false)
        #expect(EntryResolver.casingFits("Haus", lemma: "Haus"))
        #expect(EntryResolver.casingFits("casa", lemma: "Casa"))
    }
}
