import Foundation
@testable import ReleaseFormat
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
        let row = CardColumns.wordRow(word, targetLanguages: ["es"], folding: try SearchFolding(sourceLanguage: "es", targetLanguages: ["es"]))
        #expect(row.count == CardField.allCases.count)
        // The search column folds each line by its language: Spanish keeps its ñ.
        #expect(row[CardField.allCases.firstIndex(of: .searchFolded)!] == .text("año\naño"))
        #expect(row[CardField.allCases.firstIndex(of: .pinned)!] == .integer(1))
        #expect(row[CardField.allCases.firstIndex(of: .sentences)!] == .text(#"["a good year"]"#))
        #expect(CardField.sentences.value(of: word) == .strings(["a good year"]))
    }

    /// The reading (schema 8): after the name in the table and the record, `null` without one,
    /// read back as it was written; a dictionary entry has it too.
    @Test func theReadingIsAFieldOfSchemaEight() throws {
        #expect(CardField.reading.sinceSchema == 8 && CardField.reading.inDictionary && CardField.reading.bundlePlacement == .record)
        #expect(Array(CardField.allCases.prefix(4)) == [.id, .name, .reading, .pos])
        #expect(!ReleaseSchema.fields(schemaVersion: 7).contains(.reading) && ReleaseSchema.fields(schemaVersion: 8).contains(.reading))
        var word = ReleaseWord(
            id: 1, band: 1, frequency: 5, rank: 1,
            card: WordCard(
                lemma: "食べる", sourceLemma: "食べ", partOfSpeech: .verb, definition: nil, synonyms: [], examples: [], translations: [],
                provenance: Provenance(lexicon: "l:1", entryId: "e", senseId: "s", synsetId: "y", ili: nil, senseRank: 1), reading: "たべる"))
        for reading in ["たべる", nil] {
            word.card.reading = reading
            let record = try JSONValueEncoder().encode(word)
            #expect(record.objectValue?.first { $0.0 == "reading" }?.1 == (reading.map(JSONValue.string) ?? .null))
            var decoded = try JSONDecoder().decode(ReleaseWord.self, from: Data(record.compact.utf8))
            decoded.id = word.id
            #expect(decoded == word)
            #expect(CardColumns.wordRow(word, targetLanguages: [], folding: try SearchFolding(sourceLanguage: "ja", targetLanguages: []))[CardField.allCases.firstIndex(of: .reading)!] == (reading.map { SQLValue.text($0) } ?? .null))
        }
    }

    /// The bundle's records written as bytes (``BundleRecordWriter``) are what the Codable path
    /// writes for the same words: every optional present and absent, no list, several
    /// languages and pronunciations, and texts that need escaping.
    @Test func theBundlesBytesAreTheCodableRecords() throws {
        let texts = ["plain", "quote \" and \\ backslash", "line\nbreak\ttab", "caf\u{E9} \u{1F600}", "slash/ok", "nul\u{0}esc\u{1B}"]
        for (index, text) in texts.enumerated() {
            let some = index.isMultiple(of: 2)
            let word = ReleaseWord(
                id: index + 1, band: index, frequency: some ? nil : Int64.max - Int64(index), rank: some ? nil : index,
                card: WordCard(
                    lemma: text, sourceLemma: text + "s", partOfSpeech: PartOfSpeech.allCases[index % PartOfSpeech.allCases.count],
                    definition: some ? text : nil, synonyms: some ? [] : [text, "b"], examples: some ? [CardExample(lexicon: text), CardExample(text: text, translation: index == 2 ? nil : text, source: "tatoeba", sameSense: index % 4 == 0)] : [],
                    translations: index == 0 ? [] : [
                        Translation(language: "es", lemmas: [text], sources: ["omw-es:1.4"]),
                        Translation(language: "x-\(text)", lemmas: []),
                    ],
                    provenance: Provenance(lexicon: "l:1", entryId: text, senseId: "s", synsetId: "y", ili: some ? nil : "i\(index)",
                                           senseRank: index + 1, pinned: some),
                    pronunciations: (0..<(index % 3)).map {
                        Pronunciation(text: text, variety: $0 == 0 ? nil : "GB", audio: some ? "a/\(text).ogg" : nil, generated: $0 == 1)
                    },
                    definitionLanguage: index % 3 == 0 ? nil : "en"))
            #expect(PronunciationJSON.compact(word.card.pronunciations) == PronunciationJSON.value(word.card.pronunciations).compact)
            var bytes: [UInt8] = []
            BundleRecordWriter.write(word, into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == (try JSONValueEncoder().encode(word)).compact)
        }
    }
}
