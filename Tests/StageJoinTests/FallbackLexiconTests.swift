import TestSupport
import Testing
import VocabCore
@testable import WNLMF
@testable import StageJoin

/// The layered translation rule: a fallback lexicon gives a concept lemmas only where the
/// lexicons before it give none; each lemma keeps the lexicon it came from. And the bound of
/// policy `sense` (`translation.maxSenseRank`).
@Suite struct FallbackLexiconTests {
    let english: Lexicon
    let spanish: Lexicon
    let wiktionary: Lexicon

    init() throws {
        english = try TestProject.sampleLexicon("lexicon-en.xml")
        spanish = try TestProject.sampleLexicon("lexicon-es.xml")
        wiktionary = try TestProject.sampleLexicon("lexicon-es-wikt.xml")
    }

    func spanishSource(fallback: Bool) -> TranslationSource {
        TranslationSource(language: "es", layers: [
            .init(id: spanish.info.idVersion, lexicon: spanish),
            .init(id: wiktionary.info.idVersion, lexicon: wiktionary, fallback: fallback),
        ])
    }

    func card(_ entryId: String, _ pos: PartOfSpeech, targets: [TranslationSource], policy: TranslationPolicy = .none,
              maxSenseRank: Int? = nil) throws -> WordCard {
        let entry = try #require(english.entry(id: entryId))
        return try SenseJoiner.card(
            of: entry, sourceLemma: entry.writtenForm, partOfSpeech: pos, source: english, targets: targets, policy: policy,
            maxSenseRank: maxSenseRank)
    }

    @Test func aFallbackFillsOnlyConceptsTheLexiconsBeforeItLeaveUntranslated() throws {
        let targets = [spanishSource(fallback: true)]
        // run's first sense (i114) has no lemma in lexicon-es: the fallback gives it, with its source.
        let run = try card("sx-run-v", .verb, targets: targets)
        let runSpanish = try #require(run.translations.first)
        #expect(runSpanish.lemmas == ["funcionar"])
        #expect(runSpanish.sources == ["sample-wikt-es:1.0"])
        #expect(run.provenance.senseRank == 1, "the translation comes from the card's own concept")
        // spring (i101) is translated by lexicon-es: the fallback's "estío" is not added.
        let spring = try #require(try card("sx-spring-n", .noun, targets: targets).translations.first)
        #expect(spring.lemmas == ["primavera"])
        #expect(spring.sources == ["sample-es:1.0"])
    }

    @Test func withoutFallbackTheSecondLexiconIsMergedIn() throws {
        let spring = try #require(try card("sx-spring-n", .noun, targets: [spanishSource(fallback: false)]).translations.first)
        #expect(spring.lemmas == ["primavera", "estío"])
        #expect(spring.sources == ["sample-es:1.0", "sample-wikt-es:1.0"])
    }

    @Test func aFallbackFirstInOrderIsOnlyConsultedFirst() throws {
        // A fallback with nothing before it gives what it has; the merged lexicon after it still merges.
        let source = TranslationSource(language: "es", layers: [
            .init(id: wiktionary.info.idVersion, lexicon: wiktionary, fallback: true),
            .init(id: spanish.info.idVersion, lexicon: spanish),
        ])
        #expect(source.translation(ili: "i101").lemmas == ["estío", "primavera"])
        #expect(source.translation(ili: "i114").sources == ["sample-wikt-es:1.0"])
        #expect(source.translation(ili: "in").lemmas.isEmpty)
    }

    @Test func policySenseMovesNoDeeperThanItsBound() throws {
        let targets = [TranslationSource(language: "es", layers: [.init(id: spanish.info.idVersion, lexicon: spanish)])]
        // run: sense 1 (i114) untranslated, sense 2 (i115) "correr".
        let bounded = try card("sx-run-v", .verb, targets: targets, policy: .sense, maxSenseRank: 1)
        #expect(bounded.provenance.senseRank == 1)
        #expect(bounded.translations(for: "es").isEmpty)
        let moved = try card("sx-run-v", .verb, targets: targets, policy: .sense, maxSenseRank: 2)
        #expect(moved.provenance.senseRank == 2)
        #expect(moved.translations(for: "es") == ["correr"])
        #expect(moved.translations.first?.sources == ["sample-es:1.0"])
        // With the fallback the first sense is translated: no move at all.
        let filled = try card("sx-run-v", .verb, targets: [spanishSource(fallback: true)], policy: .sense, maxSenseRank: 2)
        #expect(filled.provenance.senseRank == 1)
    }

    @Test func theJoinCountsCoverageBySourceAndPolicyAndListsTheMovedCards() throws {
        let entry = try #require(english.entry(id: "sx-run-v"))
        let word = SelectedWord(rank: 1, sourceLemma: "run", lemma: "run", partOfSpeech: .verb, frequency: 10, line: 2, entryId: entry.id)
        let spring = try #require(english.entry(id: "sx-spring-n"))
        let second = SelectedWord(rank: 2, sourceLemma: "spring", lemma: "spring", partOfSpeech: .noun, frequency: 9, line: 3, entryId: spring.id)
        let targets = [TranslationSource(language: "es", layers: [.init(id: spanish.info.idVersion, lexicon: spanish)])]
        let result = try SenseJoiner.join([word, second], source: english, targets: targets, policy: .sense, maxSenseRank: 2)
        #expect(result.coverage.byPolicy["sense"]?["es"] == 2)
        #expect(result.coverage.byPolicy["none"]?["es"] == 1, "under policy none run has no Spanish")
        #expect(result.coverage.bySource["es"]?["sample-es:1.0"] == 2)
        let moved = try #require(result.moved.first)
        #expect(result.moved.count == 1)
        #expect(moved.word == "run" && moved.from.rank == 1 && moved.to.rank == 2)
        #expect(moved.from.ili == "i114" && moved.to.ili == "i115")
    }
}

/// A translation lists each lemma once, in the order the layers give them, however long the list
/// (a few lemmas are compared in place, a long list through a set).
@Suite struct TranslationLemmaOrderTests {
    /// Concepts given as lists of written forms (every member lexicalized).
    struct Concepts: InterlingualLookup {
        var forms: [[String]]
        func concepts(ili: String) -> [Concept] {
            forms.map { Concept(lexicalized: true, members: $0.map { Member(writtenForm: $0, entryId: "e-" + $0) }) }
        }
    }

    @Test(arguments: [3, 15, 16, 17, 40])
    func eachLemmaOnceInOrder(count: Int) {
        let first = (0..<count).map { "w\($0)" }
        // Repeats inside a layer, across its concepts and across layers, on both sides of 16.
        let one = Concepts(forms: [first, first.reversed() + ["x"]])
        let two = Concepts(forms: [["x", "y"] + first.suffix(3), ["w0", "z"]])
        let source = TranslationSource(language: "es", layers: [.init(id: "one", lexicon: one), .init(id: "two", lexicon: two)])
        let translation = source.translation(ili: "i1")
        #expect(translation.lemmas == first + ["x", "y", "z"])
        #expect(translation.sources == Array(repeating: "one", count: count + 1) + ["two", "two"])
    }
}
