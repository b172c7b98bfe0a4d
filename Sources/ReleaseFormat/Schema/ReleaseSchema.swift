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
    package static let version: Int32 = 9
    /// `PRAGMA application_id`: "Voca" in ASCII (the release database and the dictionary).
    package static let applicationID: Int32 = 0x566F_6361
    /// The most rows a card table (`words`, a dictionary's `entries`) may hold: a reader refuses
    /// a larger table rather than load it (a whole lexicon has about 160,000 entries).
    package static let maximumRows = 1_000_000
    /// The highest frequency band.
    package static let maximumBands = 20

    /// The fields of a release word, in `words`' column order.
    package static let fields = CardField.allCases

    /// The fields a `words` table of schema `version` has (2 or later): a field is there from
    /// its ``CardField/sinceSchema``.
    package static func fields(schemaVersion version: Int32) -> [CardField] {
        fields.filter { $0.sinceSchema <= version }
    }

    /// The part-of-speech values, in declaration order.
    package static var partsOfSpeech: [String] { PartOfSpeech.allCases.map(\.rawValue) }

    /// The release database (`<name>.sqlite`).
    package static let database = DatabaseSchema(objects: [
        .table(metadataTable),
        .table(SQLTable(
            name: "words",
            columns: cardColumns(for: fields),
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
    package static let metadataTable = SQLTable(
        name: "metadata",
        columns: [.text("key").with(primaryKey: true), .text("value").notNullable],
        withoutRowID: true, doc: "The release's facts, under the manifest's keys (see the metadata keys below).")

    /// The columns of `fields`, in order (see ``CardField``).
    static func cardColumns(for fields: [CardField]) -> [SQLColumn] { fields.map(\.column) }

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
