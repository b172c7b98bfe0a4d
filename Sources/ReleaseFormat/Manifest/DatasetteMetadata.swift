import VocabCore
import VocabJSON

/// `metadata.json`: the release as Datasette shows it
/// (`datasette <name>.sqlite <name>-dictionary.sqlite --metadata metadata.json`): the title,
/// description, licence and sources of the release, of each database and table; each card
/// table's search set-up (its `<table>_fts`, searched as typed) and default sort; the columns'
/// descriptions; and a canned query `search` per database that orders by relevance, then
/// frequency (Datasette's own `_search` keeps the table's sort). Derived from the manifest and
/// the schemas, so that it says what `datapackage.json` says.
package enum DatasetteMetadata {
    /// The canned query's name in each database (`/<database>/search?q=...`).
    package static let searchQuery = "search"

    /// The document for the release `manifest` (with a dictionary when `dictionary`);
    /// `sourceURL` is where the source lexicon comes from, when the config pins it.
    package static func document(_ manifest: DataPackage, dictionary: Bool, sourceURL: String? = nil) -> JSONValue {
        let title = manifest.title ?? manifest.name
        var root: [(key: String, value: JSONValue)] = [("title", .string("\(title) \(manifest.version)"))]
        if let description = manifest.description { root.append(("description", .string(description))) }
        root += license(manifest)
        // The release's sources: the root's and the words database's.
        let releaseSource = source(manifest, roles: [.frequency, .lexicon, .translation, .gloss], url: sourceURL)
        root += releaseSource
        var databases: [(key: String, value: JSONValue)] = [
            (ReleaseFiles.databaseName(ReleaseFiles.database(manifest.name)), database(
                ReleaseSchema.database, cardTable: ReleaseSchema.cardTable, sort: CardField.band.key,
                title: "\(title): words", description: """
                    The release's words: one card per word (words, search words_fts), its translations one \
                    per row (translations), the release's facts (metadata).
                    """,
                source: releaseSource)),
        ]
        if dictionary {
            databases.append((ReleaseFiles.databaseName(ReleaseFiles.dictionary(manifest.name)), database(
                DictionarySchema.database, cardTable: DictionarySchema.cardTable, sort: nil,
                title: "\(title): dictionary", description: """
                    Every entry of the source lexicon with its card (entries, search entries_fts), the \
                    inflected forms the lexicon lists (forms), the release's facts (metadata).
                    """,
                source: source(manifest, roles: [.lexicon, .translation, .gloss], url: sourceURL))))
        }
        root.append(("databases", .object(databases)))
        return .object(root)
    }

    /// The document as the release ships it: pretty-printed, with a final line break.
    package static func rendered(_ manifest: DataPackage, dictionary: Bool, sourceURL: String? = nil) -> String {
        document(manifest, dictionary: dictionary, sourceURL: sourceURL).pretty() + "\n"
    }

    /// `license` (the SPDX expression) and `license_url` (the first licence's text that has one).
    static func license(_ manifest: DataPackage) -> [(key: String, value: JSONValue)] {
        [("license", .string(manifest.licenseExpression))]
            + (manifest.licenses.compactMap(\.path).first.map { [("license_url", JSONValue.string($0))] } ?? [])
    }

    /// `source` (the titles of the sources of `roles`, in manifest order) and `source_url`.
    static func source(_ manifest: DataPackage, roles: Set<SourceFile.Role>, url: String?) -> [(key: String, value: JSONValue)] {
        let titles = manifest.sources.filter { roles.contains($0.role) }.map(\.title)
        var seen = Set<String>()
        var members: [(key: String, value: JSONValue)] = [("source", .string(titles.filter { seen.insert($0).inserted }.joined(separator: "; ")))]
        if let url { members.append(("source_url", .string(url))) }
        return members
    }

    /// A database: its title, description and source, its tables, its `search` query.
    static func database(
        _ schema: DatabaseSchema, cardTable: String, sort: String?, title: String, description: String,
        source: [(key: String, value: JSONValue)]
    ) -> JSONValue {
        let tables: [(key: String, value: JSONValue)] = schema.tables.map { table in
            var members: [(key: String, value: JSONValue)] = [("description", .string(table.doc))]
            if let index = schema.fullTextTables.first(where: { $0.content == table.name }) {
                members += [("fts_table", .string(index.name)), ("fts_pk", .string(CardField.id.key)), ("searchmode", .string("escaped"))]
                if let sort { members.append(("sort", .string(sort))) }
            }
            let columns = table.columns.filter { !$0.doc.isEmpty }.map { (key: $0.name, value: JSONValue.string($0.doc)) }
            if !columns.isEmpty { members.append(("columns", .object(columns))) }
            return (table.name, .object(members))
        }
        return .object([("title", .string(title)), ("description", .string(description))] + source + [
            ("tables", .object(tables)),
            ("queries", .object([(searchQuery, .object([
                ("title", .string("Search \(cardTable) by relevance, then frequency")),
                ("description", .string("""
                    Cards whose name or translation is :q (as one phrase: any case, accents as typed in name and \
                    translations, ignored in searchFolded), the most relevant first (FTS5 rank), then in id order \
                    (the release's frequency order; for entries, name order).
                    """)),
                ("sql", .string(searchSQL(cardTable))),
            ]))])),
        ])
    }

    /// The relevance-then-frequency search of `table` for the text `:q`, quoted as one FTS5 phrase.
    package static func searchSQL(_ table: String) -> String {
        """
        SELECT c.id, c.name, c.pos, \(table == ReleaseSchema.cardTable ? "c.band, " : "")c.definition, c.translations
          FROM \(table)_fts JOIN \(table) AS c ON c.id = \(table)_fts.rowid
         WHERE \(table)_fts MATCH '"' || replace(:q, '"', '""') || '"'
         ORDER BY rank, c.id
         LIMIT 100
        """
    }
}
