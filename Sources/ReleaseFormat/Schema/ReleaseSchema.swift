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

    /// The format itself, hashed: both databases' `CREATE` statements and the bundle record's
    /// fields (SHA-256, hex). The stages whose artifact is a release file (emit, the dictionary)
    /// key on it beside ``version``, so that a change of the format within a version not yet
    /// released (schema 8 gained `reading` and the trigram index) is never reused from a work
    /// folder built before it.
    package static let fingerprint: String = {
        var hasher = SHA256()
        let text = (database.createStatements + DictionarySchema.database.createStatements + CardField.bundleFields.map(\.key)).joined(separator: "\n")
        hasher.update(data: Array(text.utf8))
        return Checksum.hex(hasher.finalize())
    }()

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
        .fts5(substringIndex(over: "words")),
        .table(inflectionsTable),
        .table(formsTable(of: "words", column: "wordId", rank: false)),
    ])

    /// The table of inflections both database files carry (schema 8): what a form's reading says.
    package static let inflectionsTable = SQLTable(
        name: "inflections",
        columns: [
            SQLColumn(name: "id", type: .integer, primaryKey: true, doc: "from 1, in the order of tags"),
            .text("tags", "the analyzer's tags after those of the word class, space-separated (ifi p3 sg); empty when unknown").notNullable,
            .text("description", "the inflection in words (3rd person singular, preterite); empty when no tag has a name").notNullable,
        ],
        doc: "The readings that lead from a form to its word: one row per distinct inflection.")

    /// The forms table of the card table `table` (schema 8), keyed by form: `column` names the
    /// card; with `rank`, the card's place among those of the form.
    static func formsTable(of table: String, column: String, rank: Bool) -> SQLTable {
        let card = table == "words" ? "word" : "entry"
        var columns: [SQLColumn] = [
            .text("form", "a form a learner may read, lower-cased (NFC): look it up lower-cased").notNullable,
            SQLColumn(name: column, type: .integer, notNull: true, references: .init(table: table, column: "id"),
                      doc: "the \(card) the form is a form of"),
            SQLColumn(name: "inflectionId", type: .integer, notNull: true, references: .init(table: "inflections", column: "id"),
                      doc: "the reading that leads to it"),
        ]
        if rank {
            columns.append(.integer("rank", "1-based place of the entry among the entries of the form, the entry of most senses first").notNullable)
        }
        return SQLTable(
            name: formsTableName, columns: columns, primaryKey: ["form", column, "inflectionId"], withoutRowID: true,
            doc: """
                The forms a learner may read of each \(card) (docs/policy.md, forms: the analyzer's forms of its lemma, the \
                forms of the frequency list and the example sentences, the lexicon's `Form`s), each with the reading that \
                leads to it; a form that is the \(card)'s own name is left out. Keyed by form: `WHERE form = :lowercased`.
                """)
    }

    /// The name of the table of forms in both database files.
    package static let formsTableName = "forms"

    /// The table of release facts both database files carry (see the metadata keys).
    package static let metadataTable = SQLTable(
        name: "metadata",
        columns: [.text("key").with(primaryKey: true), .text("value").notNullable],
        withoutRowID: true, doc: "The release's facts, under the manifest's keys (see the metadata keys below).")

    /// The columns of `fields`, in order (see ``CardField``).
    static func cardColumns(for fields: [CardField]) -> [SQLColumn] { fields.map(\.column) }

    /// `<table>_fts` over the name, the reading, the translations and their folded forms.
    static func searchIndex(over table: String) -> FTS5Table {
        FTS5Table(
            content: table, columns: ["name", "reading", "searchTranslations", "searchFolded"],
            tokenizer: "unicode61 remove_diacritics 0", rank: "bm25(10.0, 10.0, 10.0, 1.0)",
            doc: """
                Full-text search (Datasette and sqlite-utils find it by its name and content): exact \
                tokens (case-insensitive, accents kept: año is not ano) in name, reading and \
                searchTranslations, accent-free tokens in searchFolded (cancion finds canción); ORDER BY \
                rank weighs exact matches ten times.
                """)
    }

    /// `<table>_trigram` over the name and the reading: substrings, for scripts written without
    /// spaces, whose words the tokens of `<table>_fts` do not separate (日本 finds 日本語).
    static func substringIndex(over table: String) -> FTS5Table {
        FTS5Table(
            content: table, columns: ["name", "reading"], tokenizer: "trigram", rank: "bm25(10.0, 10.0)",
            doc: """
                Substring search for scripts written without spaces, where a token of the index above is a \
                whole run of kana or ideographs (日本 must find 日本語): every substring of three characters \
                or more of name and reading (case-insensitive); a shorter query is a LIKE on this table \
                (WordSearch.substringQuery).
                """,
            suffix: "trigram")
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
