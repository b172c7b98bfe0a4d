import TestSupport
import Testing
import VocabCore
@testable import WNLMF
@testable import StageJoin

@Suite struct SenseJoinerTests {
    let english: Lexicon
    let spanish: Lexicon

    init() throws {
        english = try TestProject.sampleLexicon("lexicon-en.xml")
        spanish = try TestProject.sampleLexicon("lexicon-es.xml")
    }

    func join(_ entryId: String, _ pos: PartOfSpeech, policy: TranslationPolicy = .none) throws -> WordRecord {
        let entry = try #require(english.entry(id: entryId))
        let word = SelectedWord(
            rank: 1, sourceLemma: entry.writtenForm.lowercased(), lemma: entry.writtenForm, partOfSpeech: pos,
            frequency: 10, line: 2, entryId: entryId)
        let result = try SenseJoiner.join(
            [word], source: english, targets: [TranslationSource(language: "es", lexicons: [spanish])], policy: policy)
        return try #require(result.records.first)
    }

    @Test func firstSenseGivesDefinitionExamplesSynonymsAndTranslations() throws {
        let spring = try join("sx-spring-n", .noun)
        #expect(spring.definition == "the season of growth")
        #expect(spring.examples == ["the emerging buds were a sure sign of spring"])
        #expect(spring.synonyms == ["springtime"])
        #expect(spring.translations(for: "es") == ["primavera"])
        #expect(spring.provenance == Provenance(
            lexicon: "sample-en:1.0", entryId: "sx-spring-n", senseId: "sx-spring-n-1", synsetId: "sx-springtime-n-syn",
            ili: "i101", senseRank: 1))
    }

    @Test func synonymsFollowMembersOrderWithoutTheWordItself() throws {
        #expect(try join("sx-car-n", .noun).synonyms == ["auto", "automobile", "motorcar"])
        #expect(try join("sx-big-a", .adjective).synonyms == ["large"])
    }

    @Test func translationsFollowTargetMembersOrderAndSkipLexicalGaps() throws {
        // Spanish entries are in another document order than the synset's members.
        #expect(try join("sx-know-v", .verb).translations(for: "es") == ["conocer", "saber"])
        // "carro" is a gap sense; "grandísimo" sits in a gap synset.
        #expect(try join("sx-car-n", .noun).translations(for: "es") == ["coche", "automóvil"])
        #expect(try join("sx-big-a", .adjective).translations(for: "es") == ["grande"])
    }

    @Test func severalTargetSynsetsOfOneILIAreMergedWithoutDuplicates() throws {
        #expect(try join("sx-new-a", .adjective).translations(for: "es") == ["nuevo", "novedoso"])
    }

    @Test func adjectiveReachesItsSatelliteSynset() throws {
        let big = try join("sx-big-a", .adjective)
        #expect(big.provenance.synsetId == "sx-large-s")
        #expect(big.definition == "above average in size or number or quantity")
    }

    @Test func newConceptHasNoILIAndNoTranslation() throws {
        let selfie = try join("sx-selfie-n", .noun)
        #expect(selfie.provenance.ili == nil)
        #expect(selfie.translations(for: "es").isEmpty)
        #expect(selfie.definition == "a photograph that you take of yourself")
    }

    @Test func textIsWhitespaceCollapsedWithEntitiesResolved() throws {
        let house = try join("sx-house-n", .noun)
        #expect(house.definition == "a dwelling that serves as living quarters for one or more families")
        #expect(house.examples == ["she's looking for a house near the sea", "he has a house on Cape Cod"])
    }

    @Test func policyNoneKeepsTheFirstSenseEvenWithoutTranslation() throws {
        // Sense order comes from @n: the first sense (operate) is second in the document.
        let run = try join("sx-run-v", .verb, policy: .none)
        #expect(run.provenance.senseId == "sx-run-v-1")
        #expect(run.provenance.senseRank == 1)
        #expect(run.definition == "direct or control; projects, businesses, etc.")
        #expect(run.translations(for: "es").isEmpty)
    }

    @Test func policySenseMovesTheWholeRecordToTheFirstTranslatedSense() throws {
        let run = try join("sx-run-v", .verb, policy: .sense)
        #expect(run.provenance.senseId == "sx-run-v-2")
        #expect(run.provenance.senseRank == 2)
        #expect(run.provenance.synsetId == "sx-move-fast-v")
        #expect(run.definition == "move fast by using one's feet")
        #expect(run.translations(for: "es") == ["correr"])
    }

    @Test func policySenseKeepsTheFirstSenseWhenNoSenseIsTranslated() throws {
        let selfie = try join("sx-selfie-n", .noun, policy: .sense)
        #expect(selfie.provenance.senseRank == 1)
        #expect(selfie.translations(for: "es").isEmpty)
    }

    @Test func countsCoverageAndMovedSenses() throws {
        let words = ["sx-spring-n", "sx-run-v", "sx-selfie-n"].enumerated().map { index, id in
            SelectedWord(rank: index + 1, sourceLemma: id, lemma: id, partOfSpeech: .noun, frequency: 1, line: index, entryId: id)
        }
        let targets = [TranslationSource(language: "es", lexicons: [spanish])]
        let none = try SenseJoiner.join(words, source: english, targets: targets, policy: .none)
        #expect(none.translated == ["es": 1])
        #expect(none.senseMoved == 0)
        let sense = try SenseJoiner.join(words, source: english, targets: targets, policy: .sense)
        #expect(sense.translated == ["es": 2])
        #expect(sense.senseMoved == 1)
    }

    @Test func aStaleSelectionIsAnError() {
        let word = SelectedWord(rank: 1, sourceLemma: "x", lemma: "x", partOfSpeech: .noun, frequency: 1, line: 2, entryId: "missing")
        #expect(throws: JoinError(.entryMissing(entryId: "missing", lexicon: english.info.idVersion))) {
            try SenseJoiner.join([word], source: english, targets: [], policy: .none)
        }
    }

    @Test func aSenseWithoutItsSynsetIsAnError() {
        let info = LexiconInfo(id: "m", label: "M", language: "en", version: "1", formatVersion: "1.4")
        let lexicon = Lexicon(
            info: info,
            entries: [LexicalEntry(id: "m-a-n", writtenForm: "a", partOfSpeech: "n", senses: [Sense(id: "m-a-1", synset: "m-9-n")], documentIndex: 0)],
            synsets: [])
        let word = SelectedWord(rank: 1, sourceLemma: "a", lemma: "a", partOfSpeech: .noun, frequency: 1, line: 2, entryId: "m-a-n")
        let error = #expect(throws: JoinError.self) {
            try SenseJoiner.join([word], source: lexicon, targets: [], policy: .none)
        }
        #expect(error?.problem == .missingSynset(senseId: "m-a-1", synsetId: "m-9-n"))
        #expect(error?.description == "sense m-a-1: points at missing synset m-9-n")
    }
}
