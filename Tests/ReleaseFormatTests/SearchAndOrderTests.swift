import Foundation
@testable import ReleaseFormat
import Testing
@testable import VocabJSON
@testable import VocabCore

@Suite struct WordSearchTests {
    @Test(arguments: [
        ("año", "ano"), ("Año", "ano"), ("ANO", "ano"), ("canción", "cancion"), ("canção", "cancao"),
        ("année", "annee"), ("Straße", "straße"), ("Frühling", "fruhling"), ("naïve", "naive"), ("ânus", "anus"),
    ])
    func foldingLowerCasesAndDropsAccentsOnly(_ text: String, _ folded: String) {
        #expect(WordSearch.folded(text) == folded)
    }

    /// The table of Latin folds gives what normalization gives: for every scalar below U+0250
    /// alone, next to ASCII and next to each other, and for strings with a combining mark (the
    /// normalization path itself).
    @Test func latinFoldsAgreeWithNormalization() {
        let latin = (0x20..<0x250).compactMap { Unicode.Scalar(UInt32($0)) }.map { String($0) }
        for text in latin {
            #expect(WordSearch.folded(text) == WordSearch.foldedByNormalization(text), "\(text.unicodeScalars.map(\.value))")
            #expect(WordSearch.folded("x" + text + "ñ") == WordSearch.foldedByNormalization("x" + text + "ñ"))
        }
        for pair in zip(latin, latin.reversed()).map({ $0 + $1 }) {
            #expect(WordSearch.folded(pair) == WordSearch.foldedByNormalization(pair))
        }
        #expect(WordSearch.folded("İstanbul") == "istanbul")
        #expect(WordSearch.folded("cafe\u{301}") == "cafe")
        #expect(WordSearch.folded("Ωmega") == WordSearch.foldedByNormalization("Ωmega"))
    }

    /// Kana voicing makes another letter (ゲ is not ケ): folding keeps it, and the marks of
    /// classes 1 to 9 like it (nukta, virama, overlays), while an accent still goes (año → ano).
    @Test func foldingKeepsKanaVoicingAndTheMarksThatMakeALetter() {
        #expect(WordSearch.folded("ゲーム") == "ゲーム" && WordSearch.folded("ケーム") == "ケーム")
        #expect(WordSearch.folded("パン") == "パン" && WordSearch.folded("がっこう") == "がっこう")
        // Decomposed input folds to the composed letter, its voicing kept.
        #expect(WordSearch.folded("\u{30B1}\u{3099}ーム") == "ゲーム")
        #expect(WordSearch.folded("क़") == "क़" && WordSearch.folded("Año ゲーム") == "ano ゲーム")
        #expect(!WordSearch.isFoldedAway("\u{3099}") && !WordSearch.isFoldedAway("\u{309A}") && !WordSearch.isFoldedAway("\u{093C}"))
        #expect(WordSearch.isFoldedAway("\u{0301}") && WordSearch.isFoldedAway("\u{0308}") && !WordSearch.isFoldedAway("a"))
    }

    /// A card's reading is searched as its name is: exactly in `<table>_fts`, folded in
    /// `searchFolded` (pinyin typed without its tone marks), and in `<table>_trigram`.
    @Test func theReadingIsSearchedWithTheName() {
        var card = WordCard(
            lemma: "中文", sourceLemma: "中文", partOfSpeech: .noun, definition: nil, synonyms: [], examples: [],
            translations: [Translation(language: "en", lemmas: ["Chinese"])],
            provenance: Provenance(lexicon: "x:1", entryId: "e", senseId: "s", synsetId: "y", ili: nil, senseRank: 1))
        #expect(WordSearch.foldedText(card) == "中文\nchinese")
        card.reading = "zhōng wén"
        #expect(WordSearch.foldedText(card) == "中文\nzhong wen\nchinese")
        #expect(WordSearch.translationText(card) == "Chinese")
        let index = ReleaseSchema.database.fullTextTables
        #expect(index.map(\.name) == ["words_fts", "words_trigram"])
        #expect(index[0].columns == ["name", "reading", "searchTranslations", "searchFolded"] && !index[0].findsSubstrings)
        #expect(index[1].columns == ["name", "reading"] && index[1].findsSubstrings)
        #expect(DictionarySchema.database.fullTextTables.map(\.name) == ["entries_fts", "entries_trigram"])
        #expect(WordSearch.query(table: "words").contains("'{name reading searchTranslations} : '"))
        #expect(WordSearch.substringQuery(table: "entries").contains("FROM entries_trigram"))
    }

    @Test func aPhraseQuotesEveryCharacter() {
        #expect(WordSearch.phrase("self-esteem") == "\"self-esteem\"")
        #expect(WordSearch.phrase("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(WordSearch.phrase("\"") == "\"\"\"\"")
        // Every quote is doubled, also one that a combining accent follows (one Character with it).
        #expect(WordSearch.phrase("a\"\u{301}ñ") == "\"a\"\"\u{301}ñ\"")
        #expect(WordSearch.phrase("") == "\"\"")
    }

    @Test func theSearchColumnsListEveryTranslationAndTheFoldedForms() {
        let card = WordCard(
            lemma: "year", sourceLemma: "year", partOfSpeech: .noun, definition: nil, synonyms: [], examples: [],
            translations: [Translation(language: "es", lemmas: ["año"]), Translation(language: "fr", lemmas: ["année", "an"])],
            provenance: Provenance(lexicon: "x:1", entryId: "e", senseId: "s", synsetId: "y", ili: nil, senseRank: 1))
        #expect(WordSearch.translationText(card) == "año\nannée\nan")
        #expect(WordSearch.foldedText(card) == "year\nano\nannee\nan")
        #expect(CardColumns.translationsJSON(card, targetLanguages: ["es", "de", "fr"]) == #"{"es":["año"],"de":[],"fr":["année","an"]}"#)
        let tricky = Translation(language: "es", lemmas: ["a\"b", "c\\d", "e\nf", "\u{1}", "ñ/ü", ""])
        #expect(CardColumns.translationsJSON([tricky], targetLanguages: ["es", "\"x"])
            == JSONValue.object([("es", JSONValue.strings(tricky.lemmas)), ("\"x", JSONValue.strings([]))]).compact)
        #expect(JSONValue.compactStrings(tricky.lemmas) == JSONValue.strings(tricky.lemmas).compact)
        #expect(JSONValue.compactStrings([]) == "[]")
    }
}

@Suite struct SourceCollationTests {
    @Test func englishSortsCaseInsensitively() {
        let english = SourceCollation(language: "en")
        #expect(english.precedes("access", "September") == true)
        #expect(english.precedes("September", "access") == false)
        #expect(english.precedes("American", "big") == true)
        // Equal but for case: scalar order decides, so the order is total.
        #expect(english.precedes("God", "god") == true)
        #expect(english.precedes("god", "God") == false)
        #expect(english.precedes("god", "god") == nil)
    }

    @Test func spanishPutsEñeAfterEne() {
        let spanish = SourceCollation(language: "es")
        #expect(spanish.precedes("nube", "ñu") == true)
        #expect(spanish.precedes("ñu", "oso") == true)
    }

    @Test func sortingWithAPresortGivesTheCollationsOrder() {
        let english = SourceCollation(language: "en")
        let words = ["September", "access", "Zulu", "zebra", "Ábaco", "abacus", "big", "American"]
        let sorted = SourceCollation.sorted(words, presort: { $0.lowercased() < $1.lowercased() }) { english.precedes($0, $1) == true }
        #expect(sorted == ["Ábaco", "abacus", "access", "American", "big", "September", "zebra", "Zulu"])
        // A presort that disagrees wholly still ends in the collation's order.
        let reversed = SourceCollation.sorted(words, presort: { $0 > $1 }) { english.precedes($0, $1) == true }
        #expect(reversed == sorted)
    }

    @Test func aBandsOnlyReleaseIsInBandThenCollationOrder() {
        func record(_ rank: Int, _ lemma: String) -> WordRecord {
            WordRecord(rank: rank, frequency: Int64(1000 - rank), card: WordCard(
                lemma: lemma, sourceLemma: lemma.lowercased(), partOfSpeech: .noun, definition: nil, synonyms: [], examples: [],
                translations: [], provenance: Provenance(lexicon: "x:1", entryId: lemma, senseId: lemma, synsetId: lemma, ili: nil, senseRank: 1)))
        }
        let records = [record(1, "September"), record(2, "time"), record(3, "access"), record(4, "zone")]
        let words = FrequencyBands.publish(records, publishesCounts: false, bands: 2, collation: SourceCollation(language: "en"))
        #expect(words.map(\.lemma) == ["September", "time", "access", "zone"])
        let oneBand = FrequencyBands.publish(records, publishesCounts: false, bands: 1, collation: SourceCollation(language: "en"))
        #expect(oneBand.map(\.lemma) == ["access", "September", "time", "zone"])
        #expect(oneBand.map(\.id) == [1, 2, 3, 4])
        #expect(oneBand.allSatisfy { $0.rank == nil && $0.frequency == nil })
    }
}

@Suite struct ExclusionListTests {
    static func dropped(_ lemma: String, _ reason: DropReason, pos: PartOfSpeech? = .noun) -> DroppedWord {
        DroppedWord(sourceLemma: lemma, tag: "n", partOfSpeech: pos, frequency: 987_654_321, line: 7, reason: reason)
    }

    @Test func sortedByReasonAndLemmaWithoutCountsOrLines() throws {
        let list = ExclusionList(dropped: [
            Self.dropped("zeta", .noEntry), Self.dropped("alpha", .notReached), Self.dropped("beta", .noEntry),
            Self.dropped("of", .posNotKept, pos: .other), Self.dropped("beta", .noEntry),
        ])
        #expect(list.exclusions.map { "\($0.reason) \($0.sourceLemma)" } == [
            "no-entry beta", "no-entry zeta", "not-reached alpha", "pos-not-kept of",
        ])
        #expect(list.notReachedOmitted == 0)
        let text = String(decoding: try list.rendered(), as: UTF8.self)
        #expect(!text.contains("987654321") && !text.contains("\"line\""))
        #expect(try JSONDecoder().decode(ExclusionList.self, from: list.rendered()) == list)
    }

    @Test func notReachedWordsAreCutNearestFirst() {
        let walked = [Self.dropped("kept-out", .stoplisted)]
        let far = (0..<(ExclusionList.notReachedLimit + 3)).map { Self.dropped("w\($0)", .notReached) }
        let list = ExclusionList(dropped: walked + far)
        #expect(list.notReachedOmitted == 3)
        #expect(list.exclusions.count == ExclusionList.notReachedLimit + 1)
        let listed = Set(list.exclusions.map(\.sourceLemma))
        #expect(listed.contains("w0") && listed.contains("w\(ExclusionList.notReachedLimit - 1)"))
        #expect(!listed.contains("w\(ExclusionList.notReachedLimit)"))
    }
}

@Suite struct ManifestTests {
    @Test func tableSchemasComeFromTheDatabaseSchema() throws {
        let file = ReleaseResources.WrittenFile(path: "x.sqlite", bytes: 1, sha256: String(repeating: "a", count: 64))
        let bundle = ReleaseResources.WrittenFile(path: "x.json", bytes: 1, sha256: String(repeating: "b", count: 64))
        let resources = ReleaseResources.resources(dataset: "x", bands: 7, database: file, bundle: bundle, dictionary: file)
        #expect(resources.map(\.name) == [
            "x-metadata", "x-words", "x-translations", "x-inflections", "x-forms", "x-bundle", "x-dictionary-metadata", "x-dictionary-entries",
            "x-dictionary-inflections", "x-dictionary-forms",
        ])
        // Forms keyed by form (a look-up's one index), each leading to a card by one reading.
        let forms = try #require(resources.first { $0.name == "x-dictionary-forms" }?.schema)
        #expect(forms.primaryKey == ["form", "entryId", "inflectionId"])
        #expect(forms.fields.map(\.name) == ["form", "entryId", "inflectionId", "rank"])
        let wordForms = try #require(resources.first { $0.name == "x-forms" }?.schema)
        #expect(wordForms.fields.map(\.name) == ["form", "wordId", "inflectionId"])
        #expect(wordForms.foreignKeys?.map(\.reference.resource) == ["x-words", "x-inflections"])
        let words = try #require(resources.first { $0.name == "x-words" }?.schema)
        #expect(words.primaryKey == ["id"])
        let band = try #require(words.fields.first { $0.name == "band" })
        #expect(band.type == "integer" && band.constraints?.minimum == 1 && band.constraints?.maximum == 7)
        #expect(words.fields.first { $0.name == "pos" }?.constraints?.enum == ["noun", "verb", "adjective", "adverb", "other"])
        #expect(words.fields.first { $0.name == "translations" }?.type == "object")
        #expect(words.fields.first { $0.name == "synonyms" }?.type == "array")
        #expect(words.fields.first { $0.name == "freq" }?.constraints?.required == nil)
        let translations = try #require(resources.first { $0.name == "x-translations" }?.schema)
        #expect(translations.primaryKey == ["wordId", "language", "position"])
        let foreignKey = try #require(translations.foreignKeys?.first)
        #expect(translations.foreignKeys?.count == 1)
        #expect(foreignKey.fields == ["wordId"] && foreignKey.reference.resource == "x-words" && foreignKey.reference.fields == ["id"])
        #expect(resources.first { $0.name == "x-dictionary-entries" }?.dialect == .table("entries"))
        #expect(resources.first { $0.name == "x-bundle" }?.dialect?.property == "words")
    }

    @Test func licencesKnownByTheirURLGetTheirSPDXName() throws {
        let release = ReleaseDescription(
            name: "x", version: "1.0.0", created: Date(timeIntervalSince1970: 0), sourceLanguage: "en", targetLanguages: ["es"],
            publishesCounts: true, bands: 20,
            sources: [
                SourceFile(role: .lexicon, path: "en.xml", bytes: 1, sha256: "a",
                           license: SourceLicense(path: "https://creativecommons.org/licenses/by/4.0")),
                SourceFile(role: .translation, path: "es.xml", bytes: 1, sha256: "b",
                           license: SourceLicense(path: "https://creativecommons.org/licenses/by/3.0/")),
                SourceFile(role: .frequency, path: "list.csv", bytes: 1, sha256: "c",
                           license: SourceLicense(path: "https://www.wordfrequency.info/", title: "no redistribution")),
            ],
            attribution: [], counts: ReleaseCounts(), config: .object([]))
        let manifest = DataPackage(release, sqliteVersion: "3.40.1", searchFolding: nil, resources: [])
        #expect(manifest.licenses.map(\.name) == ["CC-BY-4.0", "CC-BY-3.0", nil])
        #expect(manifest.sources.map { $0.license?.name } == ["CC-BY-4.0", "CC-BY-3.0", nil])
    }
}

/// The search columns written as UTF-8 once are what their definitions give: the translations
/// one per line, and the name and translations each folded, one per line.
@Suite struct SearchColumnsTests {
    func card(_ lemma: String, _ translations: [[String]]) -> WordCard {
        WordCard(
            lemma: lemma, sourceLemma: lemma, partOfSpeech: .noun, definition: nil, synonyms: [], examples: [],
            translations: translations.enumerated().map { Translation(language: "l\($0.offset)", lemmas: $0.element) },
            provenance: Provenance(lexicon: "x:1", entryId: "e", senseId: "s", synsetId: "y", ili: nil, senseRank: 1))
    }

    @Test(arguments: [
        ("Dog", [["perro", "Can"], [], ["CHIEN"]]), ("año", [["Año", "ANNÉE"]]), ("", [[""], ["", "x"]]),
        ("Straße", [["canção", "ǅ", "İstanbul"], ["短い", "Ωμέγα"]]), ("ok", []), ("A-Z[]@`{", [["MiXeD Case 123"]]),
    ])
    func searchColumnsAreTheirDefinitions(_ lemma: String, _ translations: [[String]]) {
        let card = card(lemma, translations)
        #expect(WordSearch.translationText(card) == card.translations.flatMap(\.lemmas).joined(separator: "\n"))
        #expect(WordSearch.foldedText(card) == ([card.lemma] + card.translations.flatMap(\.lemmas)).map(WordSearch.folded).joined(separator: "\n"))
    }
}
