import VocabCore

/// The release's database schemas, written once, as data: the emitter creates them, `vocab
/// validate` compares a database with them, the manifest's Table Schemas are derived from them,
/// and `SCHEMA.md` documents them (a test checks that the document's SQL is ``DatabaseSchema/documentedSQL``).
///
/// The `words` table is the word card: one row per word with every field the app shows, list
/// fields as JSON text, under the JSON bundle's names (provenance flattened into columns of its
/// keys' names). It is also the content table of the full-text index `words_fts`.
package enum ReleaseSchema {
    /// `PRAGMA user_version`, `schemaVersion` in the JSON files. Bump it on any schema change.
    package static let version: Int32 = 3
    /// `PRAGMA application_id`: "Voca" in ASCII (the release database and the dictionary).
    package static let applicationID: Int32 = 0x566F_6361
    /// The highest frequency band.
    package static let maximumBands = 20

    /// The part-of-speech values, in declaration order.
    static var partsOfSpeech: [String] { PartOfSpeech.allCases.map(\.rawValue) }

    /// The release database (`<name>.sqlite`).
    package static let database = DatabaseSchema(objects: [
        .table(metadataTable),
        .table(SQLTable(
            name: "words",
            columns: [
                SQLColumn(name: "id", type: .integer, primaryKey: true,
                          doc: "position in the release: rank order, or band, name (collation) and pos order"),
                .text("name", "the lexicon's written form").notNullable,
                posColumn,
                .integer("freq", "merged frequency; NULL when the list may not be redistributed"),
                SQLColumn(name: "rank", type: .integer, unique: true, doc: "1-based rank by frequency; NULL likewise"),
                SQLColumn(name: "band", type: .integer, notNull: true, range: 1...maximumBands, doc: "frequency band, 1 = most frequent"),
            ] + cardText + [
                .text("sourceLemma", "the frequency list's spelling").notNullable,
            ] + provenance + [
                SQLColumn(name: "pinned", type: .integer, notNull: true, range: 0...1,
                          doc: "1 when a sense pin (sensePins) chose the sense, else 0"),
            ] + search,
            uniqueKeys: [["name", "pos"]],
            doc: "One row per word of the release: the word card.")),
        .index(SQLIndex(name: "words_name_nocase", table: "words", columns: "name COLLATE NOCASE")),
        .index(SQLIndex(name: "words_sourceLemma", table: "words", columns: "sourceLemma")),
        .table(SQLTable(
            name: "translations",
            columns: [
                SQLColumn(name: "wordId", type: .integer, notNull: true, references: .init(table: "words", column: "id")),
                .text("language", "BCP 47 tag as configured").notNullable,
                .integer("position", "0-based, target synset member order").notNullable,
                .text("lemma").notNullable,
            ],
            primaryKey: ["wordId", "language", "position"], withoutRowID: true,
            doc: """
                words.translations again, one row per lemma, for exact look-ups by translation (indexed by \
                language and lemma) and per-language queries.
                """)),
        .index(SQLIndex(name: "translations_lemma", table: "translations", columns: "language, lemma")),
        .fts5(searchIndex(over: "words")),
    ])

    /// The table of release facts both database files carry (see the metadata keys).
    static let metadataTable = SQLTable(
        name: "metadata",
        columns: [.text("key").with(primaryKey: true), .text("value").notNullable],
        withoutRowID: true, doc: "The release's facts, under the manifest's keys (see the metadata keys below).")

    static let posColumn = SQLColumn(name: "pos", type: .text, notNull: true, allowed: partsOfSpeech, doc: "part of speech")

    /// The card's text, between the word's identity and its provenance.
    static let cardText: [SQLColumn] = [
        .text("definition", "the sense's first definition; NULL when it has none"),
        .text("translations", "JSON object: target language → lemmas, every target language in config order").notNullable.json(.jsonObject),
        .text("synonyms", "JSON array: the other members of the sense's synset").notNullable.json(.jsonArray),
        .text("sentences", "JSON array: the synset's examples").notNullable.json(.jsonArray),
    ]

    /// Provenance (the JSON `provenance` object's keys; a release word adds `pinned`).
    static let provenance: [SQLColumn] = [
        .text("lexicon", "id:version").notNullable,
        .text("entry", "LexicalEntry id").notNullable,
        .text("sense", "Sense id").notNullable,
        .text("synset", "Synset id").notNullable,
        .text("ili", "interlingual index, NULL when none"),
        .integer("senseRank", "1-based rank of the emitted sense in its entry").notNullable,
    ]

    /// The columns the full-text index reads.
    static let search: [SQLColumn] = [
        .text("searchTranslations", "every translation lemma, all languages, one per line").notNullable,
        .text("searchFolded", "name and translations lower-cased without diacritics, one per line").notNullable,
    ]

    /// `<table>_fts` over the name, the translations and their folded forms.
    static func searchIndex(over table: String) -> FTS5Table {
        FTS5Table(
            content: table, columns: ["name", "searchTranslations", "searchFolded"],
            tokenizer: "unicode61 remove_diacritics 0", rank: "bm25(10.0, 10.0, 1.0)",
            doc: """
                Full-text search (Datasette and sqlite-utils find it by its name and content): exact \
                tokens (case-insensitive, accents kept: año is not ano) in name and searchTranslations, \
                accent-free tokens in searchFolded (cancion finds canción); ORDER BY rank weighs exact \
                matches ten times.
                """)
    }
}

extension SQLColumn {
    /// The column as the table's key.
    func with(primaryKey: Bool) -> SQLColumn {
        var column = self
        column.primaryKey = primaryKey
        return column
    }
}
