import Foundation
import ReleaseFormat
import TestSupport
import Testing
import VocabCore
import VocabJSON
import VocabPipeline

/// The shipped releases' examples on the real corpus (Tatoeba's English–Spanish pairs,
/// `sentences/spa-eng.txt`), against the targets: nine cards in ten with an example, and
/// for most a sentence pair whose translation shows the card's sense.
@Suite(.serialized, .needsRealCorpus) struct ExamplesRealCorpusTests {
    /// The release's words, each with its examples, in release order.
    static func cards(_ release: URL, _ dataset: String) throws -> [(name: String, pos: String, translations: [String], examples: [CardExample])] {
        let bundle = try JSONValue.parse(Data(contentsOf: release.appendingPathComponent("\(dataset).json")))
        return (bundle["words"]?.arrayValue ?? []).map { word in
            let translations = word["translations"]?.objectValue?.first?.value.stringsValue ?? []
            return (word["name"]?.stringValue ?? "", word["pos"]?.stringValue ?? "", translations,
                    word["examples"].flatMap(ExampleJSON.examples) ?? [])
        }
    }

    /// Ten cards of the release, spread over it, with their examples, for the record.
    static func show(_ cards: [(name: String, pos: String, translations: [String], examples: [CardExample])], _ label: String) {
        print("\(label): ten cards")
        for index in stride(from: 7, to: cards.count, by: cards.count / 10).prefix(10) {
            let card = cards[index]
            print("  \(card.name) (\(card.pos)) → \(card.translations.prefix(4).joined(separator: ", "))")
            for example in card.examples.prefix(5) { print("    - " + ExampleJSON.shown(example)) }
        }
    }

    static func share(_ count: Int, _ total: Int) -> String { String(format: "%.1f %%", 100 * Double(count) / Double(max(total, 1))) }

    @Test func theCOCAReleaseHasTranslatedExamplesOfTheCardsSenseAfterOEWNs() throws {
        let build = try ShippedReleases.coca2025()
        let cards = try Self.cards(build.release, "coca-oewn2025-es")
        #expect(cards.count == 3000)
        let withExample = cards.count { !$0.examples.isEmpty }
        let translated = cards.count { $0.examples.contains { $0.translation != nil } }
        let sameSense = cards.count { $0.examples.contains { $0.translation != nil && $0.sameSense } }
        print("COCA 2025: \(Self.share(withExample, 3000)) with an example, \(Self.share(translated, 3000)) with a Spanish-translated one, "
            + "\(Self.share(sameSense, 3000)) with one that passes the sense test")
        #expect(withExample * 10 >= cards.count * 9, "≥ 90 % of the cards with an example")
        #expect(sameSense * 10 >= cards.count * 8, "≥ 80 % with a Spanish-translated example that passes the sense test")
        // OEWN's examples are those the join stage gave each card: the ones that show the card's
        // word first, then the pairs (each translated, at most three), then the others, which a
        // card keeps only while it has fewer than three that show its word.
        let work = build.release.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("work/coca-oewn2025-es-1.0.0")
        let joined = try String(contentsOf: work.appendingPathComponent("join/records.jsonl"), encoding: .utf8).split(separator: "\n")
            .map { try JSONDecoder().decode(WordRecord.self, from: Data($0.utf8)) }
        let lexiconExamples = Dictionary(joined.map { ("\($0.card.lemma)/\($0.card.partOfSpeech.rawValue)", $0.card.examples) }) { first, _ in first }
        for card in cards {
            let own = lexiconExamples["\(card.name)/\(card.pos)"] ?? []
            let showing = card.examples.prefix { $0.isFromLexicon }
            let pairs = card.examples.dropFirst(showing.count).prefix { !$0.isFromLexicon }
            let wordless = card.examples.dropFirst(showing.count + pairs.count)
            #expect(pairs.allSatisfy { $0.source == "tatoeba" && $0.translation != nil }, "\(card.name)")
            #expect(pairs.count <= 3, "\(card.name): at most three pairs")
            #expect(wordless.allSatisfy { $0.isFromLexicon }, "\(card.name): the lexicon's examples without the word come last")
            // None invented; around the pairs, each group in the join's order (a card without pairs
            // has reordered its own: those that show the word first); one left out only for three others.
            #expect((showing + wordless).allSatisfy(own.contains), "\(card.name)")
            if !pairs.isEmpty {
                for group in [Array(showing), Array(wordless)] { #expect(group == own.filter(group.contains), "\(card.name)") }
            }
            #expect(showing.count + wordless.count == own.count || showing.count + pairs.count >= 3, "\(card.name)")
        }
        // Issue 43: the first example shows the card's word on 97 % of the cards with an example,
        // by the step's own count (an independent count: CardChecksTests).
        let figures = try JSONDecoder().decode(ExamplesSummary.self, from: Data(contentsOf: work.appendingPathComponent("examples/stage.json")))
        let order = try #require(figures.pairs.order)
        print("COCA 2025: the first example shows the card's word on \(Self.share(order.firstShowsWord, order.cardsWithExample)) of the cards with an example")
        #expect(order.cardsWithExample == withExample)
        #expect(order.firstShowsWord * 100 >= order.cardsWithExample * 97)
        // A sentence serves at most two cards.
        var uses: [String: Int] = [:]
        for card in cards { for example in card.examples where !example.isFromLexicon { uses[example.text, default: 0] += 1 } }
        #expect(uses.values.allSatisfy { $0 <= 2 })
        Self.show(cards, "COCA 2025")

        let validate = try TestProject.runVocab(["validate", build.release.path])
        #expect(validate.status == 0, "\(validate.stdout)")
        // The pairs' licence and attribution reach the release.
        let attribution = try String(contentsOf: build.release.appendingPathComponent("ATTRIBUTION.md"), encoding: .utf8)
        #expect(attribution.contains("Tatoeba (tatoeba.org) and www.manythings.org/anki"))
        #expect(attribution.contains("This release is licensed under **CC-BY-SA-4.0**"))
    }

    @Test(.needsSpanishMorphology) func theSpanishReleaseHasSpanishExamplesWithTheirEnglishTranslation() throws {
        let pipeline = try SpanishReleaseTests.built.get().pipeline
        let cards = try Self.cards(pipeline.releaseFolder, "wordfreq-es-en")
        #expect(cards.count == 3000)
        let translated = cards.count { $0.examples.contains { $0.translation != nil } }
        let sameSense = cards.count { $0.examples.contains { $0.translation != nil && $0.sameSense } }
        print("wordfreq es: \(Self.share(translated, 3000)) with a Spanish example and its English translation, "
            + "\(Self.share(sameSense, 3000)) with one that passes the sense test")
        #expect(translated * 10 >= cards.count * 9, "≥ 90 % with a Spanish example and its English translation")
        // With omw-es's first senses (libro, the third stomach) 59 % passed; with the senses
        // ranked through the ILI, 77 %.
        #expect(sameSense * 10 >= cards.count * 7, "≥ 70 % with a pair that passes the sense test")
        #expect(cards.allSatisfy { $0.examples.allSatisfy { !$0.isFromLexicon } }, "omw-es has no examples")
        Self.show(cards, "wordfreq es")

        let validate = try TestProject.runVocab(["validate", pipeline.releaseFolder.path])
        #expect(validate.status == 0, "\(validate.stdout)")
    }
}
