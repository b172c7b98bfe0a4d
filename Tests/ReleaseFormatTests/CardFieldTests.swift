import Foundation
import ReleaseFormat
import Testing
import VocabCore
import VocabJSON

/// The card fields (``CardField``) are the one list the tables, the bundle and the published
/// JSON Schema follow.
@Suite struct CardFieldTests {
    /// The card tables' columns are the fields', in order: `words` all of them, `entries` a
    /// dictionary entry's.
    @Test func theCardTablesColumnsAreTheFields() throws {
        let words = try #require(ReleaseSchema.database.table(ReleaseSchema.cardTable))
        #expect(words.columns.map(\.name) == CardField.allCases.map(\.key))
        let entries = try #require(DictionarySchema.database.table(DictionarySchema.cardTable))
        #expect(entries.columns.map(\.name) == CardField.allCases.filter(\.inDictionary).map(\.key))
        #expect(!entries.columns.contains { ["freq", "freqRank", "band", "sourceLemma", "pinned"].contains($0.name) })
    }

    /// The hand-written JSON Schema of a bundle record lists exactly the bundle's fields, in
    /// order, the provenance ones under `provenance`: a new field cannot be left out of it.
    @Test func theBundleSchemaListsTheBundleFields() throws {
        let schema = try ReleaseSchemas.schema(ReleaseSchemas.bundleFileName)
        let word = try #require(schema["$defs"]?["word"])
        let required = try #require(word["required"]?.stringsValue)
        let provenance = try #require(word["properties"]?[CardField.provenanceKey]?["required"]?.stringsValue)
        let record = CardField.bundleFields.filter { $0.bundlePlacement == .record }.map(\.key)
        #expect(required == record + [CardField.provenanceKey])
        #expect(provenance == CardField.bundleFields.filter { $0.bundlePlacement == .provenance }.map(\.key))
        #expect(schema["properties"]?["schemaVersion"]?["const"]?.int64Value == Int64(ReleaseSchema.version))
    }

    /// A word written as a bundle record and read back is the same word (its id aside), and
    /// its row holds each field's value in column order.
    @Test func aWordRoundTripsThroughItsRecordAndRow() throws {
        let word = ReleaseWord(
            id: 7, band: 3, frequency: 1200, rank: 7,
            card: WordCard(
                lemma: "año", sourceLemma: "ano", partOfSpeech: .noun, definition: nil, synonyms: ["year"],
                examples: ["a good year"], translations: [Translation(language: "es", lemmas: ["año"])],
                provenance: Provenance(lexicon: "l:1", entryId: "e", senseId: "s", synsetId: "y", ili: "i1", senseRank: 2, pinned: true)))
        let record = try JSONValueEncoder().encode(word)
        #expect(record.objectValue?.map(\.0) == CardField.bundleFields.filter { $0.bundlePlacement == .record }.map(\.key) + ["provenance"])
        var decoded = try JSONDecoder().decode(ReleaseWord.self, from: Data(record.compact.utf8))
        decoded.id = word.id
        #expect(decoded == word)
        let row = CardColumns.wordRow(word, targetLanguages: ["es"])
        #expect(row.count == CardField.allCases.count)
        #expect(row[CardField.allCases.firstIndex(of: .pinned)!] == .integer(1))
        #expect(row[CardField.allCases.firstIndex(of: .sentences)!] == .text(#"["a good year"]"#))
        #expect(CardField.sentences.value(of: word) == .strings(["a good year"]))
    }
}
