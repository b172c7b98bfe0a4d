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
        .table(ReleaseSchema.inflectionsTable),
        .table(ReleaseSchema.formsTable(of: "entries", column: "entryId", rank: true)),
    ])

    /// The table of inflected forms (schema 6; keyed by form, with inflections, from schema 8).
    package static let formsTable = ReleaseSchema.formsTableName

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
