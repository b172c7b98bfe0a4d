import Foundation
@testable import ReleaseFormat
import Testing
@testable import VocabCore

/// The folded search column by the language (issue 46): an accent goes only where the word's
/// language counts the letter without it as the same letter.
@Suite struct SearchFoldingTests {
    /// Each language's letters: what a search typed without accents may merge, and what never.
    @Test(arguments: [
        ("ru", "Ёжик", "ежик"), ("ru", "йод", "йод"), ("ru", "Йошкар-Ола", "йошкар-ола"), ("ru", "иод", "иод"),
        ("es", "Año", "año"), ("es", "canción", "cancion"), ("es", "pingüino", "pinguino"),
        ("fi", "päivä", "päivä"), ("fi", "Åbo", "åbo"), ("fi", "Müller", "müller"), ("fi", "šakki", "sakki"), ("pl", "łąka", "łąka"), ("pl", "żółw", "żółw"),
        ("bg", "йога", "йога"), ("en", "Café", "cafe"), ("en", "naïve", "naive"), ("ja", "ゲーム", "ゲーム"),
    ])
    func aLanguageKeepsItsOwnLetters(_ language: String, _ text: String, _ folded: String) throws {
        let folding = try SearchFolding(sourceLanguage: language, targetLanguages: [])
        #expect(folding.foldedName(text) == folded)
    }

    /// The name folds by the source language, each translation by its own: a Spanish translation
    /// of an English card keeps its ñ, a Russian card's English translation loses its é.
    @Test func eachLineFoldsByItsLanguage() throws {
        let card = WordCard(
            lemma: "Ёлка", sourceLemma: "ёлка", partOfSpeech: .noun, definition: nil, synonyms: [], examples: [],
            translations: [Translation(language: "en", lemmas: ["fir", "café tree"]), Translation(language: "es", lemmas: ["abeto", "año"])],
            provenance: Provenance(lexicon: "l:1", entryId: "e", senseId: "s", synsetId: "y", ili: nil, senseRank: 1, pinned: false))
        let folding = try SearchFolding(sourceLanguage: "ru", targetLanguages: ["en", "es"])
        #expect(folding.foldedText(card) == "елка\nfir\ncafe tree\nabeto\naño")
        #expect(folding.languages == ["ru", "en", "es"])
        // Before schema 9 every accent went, in every language (what the validator checks an older release by).
        #expect(WordSearch.foldedText(card) == "елка\nfir\ncafe tree\nabeto\nano")
    }

    /// The look-up folds what is typed as the release folded its names: by the language from
    /// schema 9, every accent before.
    @Test func theLookUpFoldsInputAsTheReleaseFoldedItsNames() throws {
        let spanish = try SearchFolding.nameFolding(schemaVersion: Int(ReleaseSchema.version), sourceLanguage: "es")
        #expect(spanish("Año") == "año")
        #expect(spanish("CANCIÓN") == "cancion")
        let older = try SearchFolding.nameFolding(schemaVersion: 8, sourceLanguage: "es")
        #expect(older("Año") == "ano")
    }

    /// The manifest's description names ICU's version and each language's collator, the source
    /// language first; a language without rules of its own is collated by the root's.
    @Test func theDescriptionNamesTheCollationOfEachLanguage() throws {
        let description = try SearchFolding(sourceLanguage: "es", targetLanguages: ["en", "es"]).description
        #expect(description.engine == "ICU")
        #expect(!description.version.isEmpty)
        #expect(description.collations.map(\.language) == ["es", "en"])
        #expect(description.collations.map(\.rules) == ["es", "root"])
        #expect(description.collations.allSatisfy { !$0.version.isEmpty })
    }
}

