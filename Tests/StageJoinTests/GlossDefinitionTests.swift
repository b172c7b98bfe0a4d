import TestSupport
import Testing
import VocabCore
@testable import WNLMF
@testable import StageJoin

/// The definition rule: the source sense's own definition first, else the gloss lexicon's for
/// the same ILI concept, else none; never another concept's.
@Suite struct GlossDefinitionTests {
    /// A Spanish source: `casa` (i118, no definition), `año` (i124, its own definition), `vez`
    /// (i117, no definition, a concept the gloss lexicon lacks), `nuevo` (no ILI).
    let spanish = Lexicon(
        info: LexiconInfo(id: "test-es", label: "test", language: "es", version: "1", formatVersion: "1.4"),
        entries: [
            LexicalEntry(id: "es-casa-n", writtenForm: "casa", partOfSpeech: "n", senses: [Sense(id: "es-casa-n-1", synset: "es-118-n")], documentIndex: 0),
            LexicalEntry(id: "es-año-n", writtenForm: "año", partOfSpeech: "n", senses: [Sense(id: "es-año-n-1", synset: "es-124-n")], documentIndex: 1),
            LexicalEntry(id: "es-vez-n", writtenForm: "vez", partOfSpeech: "n", senses: [Sense(id: "es-vez-n-1", synset: "es-117-n")], documentIndex: 2),
            LexicalEntry(id: "es-nuevo-a", writtenForm: "nuevo", partOfSpeech: "a", senses: [Sense(id: "es-nuevo-a-1", synset: "es-new-a")], documentIndex: 3),
        ],
        synsets: [
            Synset(id: "es-118-n", ili: "i118", partOfSpeech: "n", members: ["es-casa-n"], examples: ["la casa es grande"]),
            Synset(id: "es-124-n", ili: "i124", partOfSpeech: "n", members: ["es-año-n"], definitions: ["período de doce meses"]),
            Synset(id: "es-117-n", ili: "i117", partOfSpeech: "n", members: ["es-vez-n"]),
            Synset(id: "es-new-a", ili: "in", partOfSpeech: "a", members: ["es-nuevo-a"]),
        ])

    /// An English gloss lexicon: i118 and i124 defined, a neighbouring concept i119 defined,
    /// i117 absent; a synset of ILI `in` with a definition that must never be taken.
    let english = Lexicon(
        info: LexiconInfo(id: "test-en", label: "test", language: "en", version: "1", formatVersion: "1.4"),
        entries: [],
        synsets: [
            Synset(id: "en-118-n", ili: "i118", partOfSpeech: "n", definitions: ["a dwelling that serves as living quarters", "second"],
                   examples: ["he has a house in the country"]),
            Synset(id: "en-124-n", ili: "i124", partOfSpeech: "n", definitions: ["a period of 12 months"]),
            Synset(id: "en-119-v", ili: "i119", partOfSpeech: "v", definitions: ["know a fact"]),
            Synset(id: "en-new-a", ili: "in", partOfSpeech: "a", definitions: ["not the same concept"]),
        ])

    func card(_ entryId: String, glosses: GlossSource?) throws -> WordCard {
        let entry = try #require(spanish.entry(id: entryId))
        return try SenseJoiner.card(
            of: entry, sourceLemma: entry.writtenForm, partOfSpeech: .noun, source: spanish, targets: [], policy: .none,
            glosses: glosses)
    }

    var glosses: GlossSource { GlossSource(language: "en", lexicon: english) }

    @Test func senseWithoutDefinitionTakesTheSameConceptsGloss() throws {
        let casa = try card("es-casa-n", glosses: glosses)
        #expect(casa.definition == "a dwelling that serves as living quarters")
        #expect(casa.definitionLanguage == "en")
        // Examples stay in the learned language.
        #expect(casa.examples == ["la casa es grande"])
    }

    @Test func sourceDefinitionComesFirst() throws {
        let año = try card("es-año-n", glosses: glosses)
        #expect(año.definition == "período de doce meses")
        #expect(año.definitionLanguage == "es")
    }

    @Test func noDefinitionWhenNeitherHasOneAndNeverAnotherConcepts() throws {
        // i117 is not in the gloss lexicon: nothing, not i118's or i119's gloss.
        let vez = try card("es-vez-n", glosses: glosses)
        #expect(vez.definition == nil)
        #expect(vez.definitionLanguage == nil)
        // No real ILI: the gloss lexicon's `in` synset is not the same concept.
        let nuevo = try card("es-nuevo-a", glosses: glosses)
        #expect(nuevo.definition == nil)
        #expect(nuevo.definitionLanguage == nil)
    }

    @Test func withoutGlossesTheSourceLanguageOrNone() throws {
        let año = try card("es-año-n", glosses: nil)
        #expect(año.definitionLanguage == "es")
        let casa = try card("es-casa-n", glosses: nil)
        #expect(casa.definition == nil)
        #expect(casa.definitionLanguage == nil)
    }

    @Test func joinPassesTheGlossesOnAndTheSampleLexiconsAgree() throws {
        // The sample Spanish lexicon has no definitions; the sample English one glosses it.
        let source = try TestProject.sampleLexicon("lexicon-es.xml")
        let gloss = try TestProject.sampleLexicon("lexicon-en.xml")
        let entry = try #require(source.entries.first { $0.writtenForm == "casa" })
        let word = SelectedWord(
            rank: 1, sourceLemma: "casa", lemma: "casa", partOfSpeech: .noun, frequency: 10, line: 2, entryId: entry.id)
        let record = try #require(try SenseJoiner.join(
            [word], source: source, targets: [], policy: .none, glosses: GlossSource(language: "en", lexicon: gloss)).records.first)
        let ili = try #require(record.provenance.ili)
        let expected = try #require(gloss.synsets(ili: ili).first?.definitions.first)
        #expect(record.definition == expected)
        #expect(record.definitionLanguage == "en")
    }
}
