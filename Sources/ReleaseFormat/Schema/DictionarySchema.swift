/// The dictionary's database schema (`<name>-dictionary.sqlite`), written once, as data: every
/// entry of the source lexicon with the same card as a release word (no band, rank or
/// frequency: the dictionary carries nothing of the frequency list).
package enum DictionarySchema {
    /// The dictionary database.
    package static let database = DatabaseSchema(objects: [
        .table(ReleaseSchema.metadataTable),
        .table(SQLTable(
            name: "entries",
            columns: [
                SQLColumn(name: "id", type: .integer, primaryKey: true, doc: "position: name (collation), then pos, then entry"),
                .text("name", "the lexicon's written form").notNullable,
                ReleaseSchema.posColumn,
            ] + ReleaseSchema.cardText + ReleaseSchema.provenance + ReleaseSchema.search,
            doc: "One row per entry of the source lexicon, all parts of speech: its card.")),
        .index(SQLIndex(name: "entries_name_nocase", table: "entries", columns: "name COLLATE NOCASE")),
        .fts5(ReleaseSchema.searchIndex(over: "entries")),
    ])

    /// The table of cards.
    package static let cardTable = "entries"
}

extension ReleaseSchema {
    /// The release database's table of cards.
    package static let cardTable = "words"
}
