import SQLiteDatabase
import ReleaseFormat
import VocabCore

/// Reads a schema 1 database (the format before the word card table), so that `vocab diff` can
/// compare a release with one of the previous format and report the schema change. Its queries
/// are the schema 1 layout as released (`words` with `lemma`, `frequency`, ...; `definitions`,
/// `synonyms`, `examples`, `translations` by `word_id`; `exclusions`), kept here only for reading.
enum LegacyReader {
    /// The words in id order, each with its definition, synonyms, examples and translations.
    static func words(_ db: SQLiteConnection, targetLanguages: [String], file: String) throws -> [ReleaseWord] {
        var words: [ReleaseWord] = []
        var index: [Int: Int] = [:]
        for reader in try DatabaseRow.fetchAll(db, sql: """
            SELECT w.id, w.lemma, w.source_lemma, w.pos, w.frequency, w.rank, w.band, w.sense_rank, w.lexicon,
                   w.entry_id, w.sense_id, w.synset_id, w.ili, d.text AS definition
            FROM words w LEFT JOIN definitions d ON d.word_id = w.id ORDER BY w.id
            """, table: "words", keyColumn: "id", file: file) {
            let word = ReleaseWord(
                id: try reader.int("id"), band: try reader.int("band"), frequency: try reader.optionalInteger("frequency"),
                rank: try reader.optionalInt("rank"),
                card: WordCard(
                    lemma: try reader.text("lemma"), sourceLemma: try reader.text("source_lemma"),
                    partOfSpeech: try reader.partOfSpeech("pos"), definition: try reader.optionalText("definition"),
                    synonyms: [], examples: [], translations: targetLanguages.map { Translation(language: $0, lemmas: []) },
                    provenance: Provenance(
                        lexicon: try reader.text("lexicon"), entryId: try reader.text("entry_id"),
                        senseId: try reader.text("sense_id"), synsetId: try reader.text("synset_id"),
                        ili: try reader.optionalText("ili"), senseRank: try reader.int("sense_rank"))))
            index[word.id] = words.count
            words.append(word)
        }
        func rows(_ table: String, _ sql: String, _ each: (DatabaseRow, Int) throws -> Void) throws {
            for reader in try DatabaseRow.fetchAll(db, sql: sql, table: table, keyColumn: "word_id", keyLabel: "of word", file: file) {
                if let position = index[try reader.int("word_id")] { try each(reader, position) }
            }
        }
        try rows("synonyms", "SELECT word_id, lemma FROM synonyms ORDER BY word_id, position") { reader, i in
            words[i].synonyms.append(try reader.text("lemma"))
        }
        try rows("examples", "SELECT word_id, text FROM examples ORDER BY word_id, position") { reader, i in
            words[i].examples.append(CardExample(lexicon: try reader.text("text")))
        }
        try rows("translations", "SELECT word_id, language, lemma FROM translations ORDER BY word_id, language, position") { reader, i in
            let language = try reader.text("language"), lemma = try reader.text("lemma")
            if let slot = words[i].translations.firstIndex(where: { $0.language == language }) {
                words[i].translations[slot].lemmas.append(lemma)
            } else {
                words[i].translations.append(Translation(language: language, lemmas: [lemma]))
            }
        }
        return words
    }

    /// The `exclusions` table, sorted by reason, lemma and tag.
    static func exclusions(_ db: SQLiteConnection, file: String) throws -> [PublishedRelease.Exclusion] {
        try DatabaseRow.fetchAll(
            db, sql: "SELECT source_lemma, pos, tag, reason FROM exclusions ORDER BY reason, source_lemma, tag", table: "exclusions",
            keyColumn: "", file: file
        ).map { reader in
            PublishedRelease.Exclusion(
                sourceLemma: try reader.text("source_lemma"), pos: try reader.optionalPartOfSpeech("pos"),
                tag: try reader.text("tag"), reason: try reader.text("reason"))
        }
    }
}
