/// The dictionary's database schema (`<name>-dictionary.sqlite`), written once, as data: every
/// entry of the source lexicon with the same card as a release word (no band, rank or
/// frequency: the dictionary carries nothing of the frequency list).
package enum DictionarySchema {
    /// The dictionary database.
    package static let database = DatabaseSchema(objects: [
        .table(ReleaseSchema.metadataTable),
        .table(SQLTable(
            name: "entries",
            columns: ReleaseSchema.cardColumns(for: fields).map { column in
                var column = column
                if column.name == CardField.id.key { column.doc = "position: name (collation), then pos, then entry" }
                return column
            },
            doc: "One row per entry of the source lexicon, all parts of speech: its card.")),
        .index(SQLIndex(name: "entries_name_nocase", table: "entries", columns: "name COLLATE NOCASE")),
        .fts5(ReleaseSchema.searchIndex(over: "entries")),
        .fts5(ReleaseSchema.substringIndex(over: "entries")),
        .table(SQLTable(
            name: formsTable,
            columns: [
                SQLColumn(name: "entryId", type: .integer, notNull: true, references: .init(table: "entries", column: "id")),
                .text("form", "an inflected form of the entry's name, as the lexicon writes it").notNullable,
            ],
            primaryKey: ["entryId", "form"], withoutRowID: true,
            doc: """
                The inflected forms the source lexicon lists for each entry (WN-LMF `Form`: was and \
                were of be, criteria of criterion), for look-ups of a word as written in a text \
                (indexed by form, case-insensitively); a form that is the entry's own name is left out.
                """)),
        .index(SQLIndex(name: "forms_form_nocase", table: formsTable, columns: "form COLLATE NOCASE")),
    ])

    /// The table of inflected forms (schema 6).
    package static let formsTable = "forms"

    /// The table of cards.
    package static let cardTable = "entries"

    /// The fields of a dictionary entry, in column order.
    package static let fields = CardField.allCases.filter(\.inDictionary)

    /// The fields an `entries` table of schema `version` has (2 or later).
    package static func fields(schemaVersion version: Int32) -> [CardField] {
        fields.filter { $0.sinceSchema <= version }
    }
}

extension ReleaseSchema {
    /// The release database's table of cards.
    package static let cardTable = "words"
}
