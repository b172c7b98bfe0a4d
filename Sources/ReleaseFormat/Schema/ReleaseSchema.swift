/// The release database's schema, written once, as data: the emitter creates it from
/// ``objects``, `vocab validate` compares a database with it, and `SCHEMA.md` documents it
/// (a test checks that the document's SQL is ``documentedSQL``).
public enum ReleaseSchema {
    /// `PRAGMA user_version`, `schemaVersion` in the JSON files. Bump it on any schema change.
    public static let version: Int32 = 1
    /// `PRAGMA application_id`: "Voca" in ASCII.
    public static let applicationID: Int32 = 0x566F_6361
    /// The highest frequency band.
    public static let maximumBands = 20

    static let partOfSpeechCheck = "CHECK (pos IN ('noun','verb','adjective','adverb','other'))"

    /// Every table, index and full-text table, in creation order (which fixes the file's bytes).
    public static let objects: [SchemaObject] = [
        .table(SQLTable(name: "metadata", columns: [
            SQLColumn(name: "key", type: "TEXT", constraints: "PRIMARY KEY"),
            SQLColumn(name: "value", type: "TEXT", constraints: "NOT NULL"),
        ], withoutRowID: true, doc: "The release's facts (see the metadata keys below).")),
        .table(SQLTable(name: "words", columns: [
            SQLColumn(name: "id", type: "INTEGER", constraints: "PRIMARY KEY", doc: "position in the release (= rank when ranks are published)"),
            SQLColumn(name: "lemma", type: "TEXT", constraints: "NOT NULL", doc: "the lexicon's written form"),
            SQLColumn(name: "source_lemma", type: "TEXT", constraints: "NOT NULL", doc: "the frequency list's spelling"),
            SQLColumn(name: "pos", type: "TEXT", constraints: "NOT NULL \(partOfSpeechCheck)"),
            SQLColumn(name: "frequency", type: "INTEGER", doc: "NULL when the frequency list may not be redistributed"),
            SQLColumn(name: "rank", type: "INTEGER", constraints: "UNIQUE", doc: "1-based rank by frequency; NULL likewise"),
            SQLColumn(name: "band", type: "INTEGER", constraints: "NOT NULL CHECK (band BETWEEN 1 AND \(maximumBands))", doc: "frequency band, 1 = most frequent"),
            SQLColumn(name: "sense_rank", type: "INTEGER", constraints: "NOT NULL", doc: "1-based rank of the emitted sense in its entry"),
            SQLColumn(name: "lexicon", type: "TEXT", constraints: "NOT NULL", doc: "id:version"),
            SQLColumn(name: "entry_id", type: "TEXT", constraints: "NOT NULL"),
            SQLColumn(name: "sense_id", type: "TEXT", constraints: "NOT NULL"),
            SQLColumn(name: "synset_id", type: "TEXT", constraints: "NOT NULL"),
            SQLColumn(name: "ili", type: "TEXT", doc: "interlingual index, NULL when none"),
        ], constraints: ["UNIQUE(lemma, pos)"], doc: "One row per word of the release.")),
        .index(SQLIndex(name: "words_lemma_nocase", table: "words", columns: "lemma COLLATE NOCASE")),
        .index(SQLIndex(name: "words_source_lemma", table: "words", columns: "source_lemma")),
        .table(SQLTable(name: "definitions", columns: [
            SQLColumn(name: "word_id", type: "INTEGER", constraints: "PRIMARY KEY REFERENCES words(id)"),
            SQLColumn(name: "text", type: "TEXT", constraints: "NOT NULL"),
        ], doc: "Only words that have a definition.")),
        .table(SQLTable(name: "synonyms", columns: [
            SQLColumn(name: "word_id", type: "INTEGER", constraints: "NOT NULL REFERENCES words(id)"),
            SQLColumn(name: "position", type: "INTEGER", constraints: "NOT NULL", doc: "0-based, record order"),
            SQLColumn(name: "lemma", type: "TEXT", constraints: "NOT NULL"),
        ], constraints: ["PRIMARY KEY(word_id, position)"], withoutRowID: true)),
        .index(SQLIndex(name: "synonyms_lemma", table: "synonyms", columns: "lemma")),
        .table(SQLTable(name: "exclusions", columns: [
            SQLColumn(name: "source_lemma", type: "TEXT", constraints: "NOT NULL"),
            SQLColumn(name: "pos", type: "TEXT", doc: "NULL for unknown-tag"),
            SQLColumn(name: "tag", type: "TEXT", constraints: "NOT NULL", doc: "the source tag(s), `|`-joined when rows were merged"),
            SQLColumn(name: "reason", type: "TEXT", constraints: "NOT NULL"),
        ], constraints: ["PRIMARY KEY(source_lemma, tag, reason)"], withoutRowID: true,
        doc: """
            Frequency-list words left out of the release and why (`pos-not-kept`, `stoplisted`, \
            `below-minimum-frequency`, `no-entry`, `duplicate-entry`, `unknown-tag`, `not-reached` = \
            outside the top N); sorted by reason and lemma, no counts. `vocab diff` reads it to say why a \
            word left a release; the app can ignore it.
            """)),
        .table(SQLTable(name: "examples", columns: [
            SQLColumn(name: "word_id", type: "INTEGER", constraints: "NOT NULL REFERENCES words(id)"),
            SQLColumn(name: "position", type: "INTEGER", constraints: "NOT NULL", doc: "0-based, record order"),
            SQLColumn(name: "text", type: "TEXT", constraints: "NOT NULL"),
        ], constraints: ["PRIMARY KEY(word_id, position)"], withoutRowID: true)),
        .table(SQLTable(name: "translations", columns: [
            SQLColumn(name: "word_id", type: "INTEGER", constraints: "NOT NULL REFERENCES words(id)"),
            SQLColumn(name: "language", type: "TEXT", constraints: "NOT NULL", doc: "BCP 47 tag as configured"),
            SQLColumn(name: "position", type: "INTEGER", constraints: "NOT NULL", doc: "0-based, target synset member order"),
            SQLColumn(name: "lemma", type: "TEXT", constraints: "NOT NULL"),
        ], constraints: ["PRIMARY KEY(word_id, language, position)"], withoutRowID: true)),
        .index(SQLIndex(name: "translations_lemma", table: "translations", columns: "language, lemma")),
        .fts5(FTS5Table(name: "word_search", arguments: [
            "lemma", "translations", "tokenize = 'unicode61 remove_diacritics 2'",
        ], doc: "rowid = words.id; translations = every translation lemma, all languages, joined by spaces")),
    ]

    /// The `CREATE` statements, in order.
    public static var createStatements: [String] { objects.map(\.createStatement) }

    /// The tables (full-text tables aside), by name.
    public static func table(_ name: String) -> SQLTable? {
        for case .table(let table) in objects where table.name == name { return table }
        return nil
    }

    /// Whether `name` is an object SQLite derives from the schema rather than one it states:
    /// an automatic index of a table's constraints or a shadow table of a full-text table.
    public static func isDerived(_ name: String) -> Bool {
        objects.contains { object in
            switch object {
            case .table(let table): name.hasPrefix("sqlite_autoindex_\(table.name)_")
            case .fts5(let table): name.hasPrefix(table.shadowTablePrefix)
            case .index: false
            }
        }
    }

    /// The schema as SQL with each table's and column's documentation as comments: the
    /// SQL block of `Sources/ReleaseFormat/SCHEMA.md`.
    public static var documentedSQL: String {
        var blocks: [String] = []
        for object in objects {
            switch object {
            case .table(let table):
                var lines = table.doc.isEmpty ? [] : wrapComment(table.doc)
                let definitions = table.columns.map { ($0.definition, $0.doc) } + table.constraints.map { ($0, "") }
                let width = definitions.filter { !$0.1.isEmpty }.map { $0.0.count + 1 }.max() ?? 0
                lines.append("CREATE TABLE \(table.name)(")
                for (index, (definition, doc)) in definitions.enumerated() {
                    let text = "    " + definition + (index + 1 < definitions.count ? "," : "")
                    lines.append(doc.isEmpty ? text : text.padding(toLength: 4 + width + 1, withPad: " ", startingAt: 0) + "-- " + doc)
                }
                lines.append(")" + (table.withoutRowID ? " WITHOUT ROWID;" : ";"))
                blocks.append(lines.joined(separator: "\n"))
            case .index:
                blocks[blocks.count - 1] += "\n" + object.createStatement + ";"
            case .fts5(let table):
                blocks.append((wrapComment(table.doc) + [object.createStatement + ";"]).joined(separator: "\n"))
            }
        }
        return blocks.joined(separator: "\n\n")
    }

    private static func wrapComment(_ text: String) -> [String] {
        var lines: [String] = []
        var line = "--"
        for word in text.split(separator: " ") {
            if line.count + word.count + 1 > 96 {
                lines.append(line)
                line = "--"
            }
            line += " " + word
        }
        lines.append(line)
        return lines
    }
}
