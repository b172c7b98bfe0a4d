/// A table of a release database, as data.
package struct SQLTable: Sendable, Equatable {
    /// The table name (`words`).
    package var name: String
    /// The columns, in declaration order.
    package var columns: [SQLColumn]
    /// A composite primary key (`PRIMARY KEY(wordId, language, position)`); empty when a column is the key.
    package var primaryKey: [String] = []
    /// Composite unique keys (`UNIQUE(name, pos)`).
    package var uniqueKeys: [[String]] = []
    /// Whether the table is `WITHOUT ROWID` (keyed tables that need no rowid, such as `metadata`).
    package var withoutRowID = false
    /// What the table holds, for the schema documentation and the Table Schema's `description`.
    package var doc = ""

    /// Table constraints after the columns, as the `CREATE TABLE` statement writes them.
    package var constraints: [String] {
        uniqueKeys.map { "UNIQUE(\($0.joined(separator: ", ")))" }
            + (primaryKey.isEmpty ? [] : ["PRIMARY KEY(\(primaryKey.joined(separator: ", ")))"])
    }

    /// The key columns: the composite key, else the column that is the key.
    package var keyColumns: [String] {
        primaryKey.isEmpty ? columns.filter(\.primaryKey).map(\.name) : primaryKey
    }

    /// The column named `name`.
    package func column(_ name: String) -> SQLColumn? { columns.first { $0.name == name } }
}

/// An index of a release database, as data.
package struct SQLIndex: Sendable, Equatable {
    /// The index name (`words_name_nocase`).
    package var name: String
    /// The indexed table.
    package var table: String
    /// The indexed columns or expressions, as written between the parentheses.
    package var columns: String
}

/// An FTS5 full-text table over a table of the database (external content: it indexes the
/// table's columns and stores no copy of them), named `<table>_fts` with `content="<table>"`:
/// the convention Datasette and sqlite-utils recognise (the substring index beside it is
/// `<table>_trigram`).
package struct FTS5Table: Sendable, Equatable {
    /// The content table (`words`).
    package var content: String
    /// The indexed columns of the content table, in order.
    package var columns: [String]
    /// The tokenizer (`unicode61 remove_diacritics 0`).
    package var tokenizer: String
    /// The persistent `rank` function (`bm25(10.0, 10.0, 1.0)`), the order `ORDER BY rank` gives.
    package var rank: String
    /// What the table holds, for the schema documentation.
    package var doc = ""
    /// What the name adds to the content table's: `fts`, or `trigram` for the substring index.
    package var suffix = "fts"

    /// `<content>_<suffix>`: `words_fts`.
    package var name: String { "\(content)_\(suffix)" }

    /// Whether the table finds substrings (the `trigram` tokenizer), not tokens: a phrase of fewer
    /// than three characters finds nothing in it.
    package var findsSubstrings: Bool { tokenizer.hasPrefix("trigram") }

    /// The shadow tables SQLite creates for it (`<name>_data`, ...): derived, never written.
    package var shadowTablePrefix: String { "\(name)_" }
}

/// One object of a release database's schema, in the order the emitter creates them.
package enum SchemaObject: Sendable, Equatable {
    /// An ordinary table.
    case table(SQLTable)
    /// An index on a table declared before it.
    case index(SQLIndex)
    /// An FTS5 full-text table.
    case fts5(FTS5Table)

    /// The `sqlite_master` type: `table` (FTS5 tables too) or `index`.
    package var type: String {
        if case .index = self { return "index" }
        return "table"
    }

    /// The object's name, as `sqlite_master.name` records it.
    package var name: String {
        switch self {
        case .table(let table): table.name
        case .index(let index): index.name
        case .fts5(let table): table.name
        }
    }

    /// The statement that creates it, exactly as `sqlite_master.sql` then records it.
    package var createStatement: String {
        switch self {
        case .table(let table):
            let lines = table.columns.map(\.definition) + table.constraints
            return "CREATE TABLE \(table.name)(\n" + lines.map { "    " + $0 }.joined(separator: ",\n") + "\n)"
                + (table.withoutRowID ? " WITHOUT ROWID" : "")
        case .index(let index):
            return "CREATE INDEX \(index.name) ON \(index.table)(\(index.columns))"
        case .fts5(let table):
            // content="..." in double quotes: Datasette and sqlite-utils look for exactly that.
            let arguments = table.columns + ["content=\"\(table.content)\"", "tokenize='\(table.tokenizer)'"]
            return "CREATE VIRTUAL TABLE \(table.name) USING fts5(\n    \(arguments.joined(separator: ", "))\n)"
        }
    }
}

/// The objects of one database file (the release database, the dictionary), in creation order.
package struct DatabaseSchema: Sendable {
    /// Every table, index and full-text table, in creation order (which fixes the file's bytes).
    package var objects: [SchemaObject]

    /// The `CREATE` statements, in order.
    package var createStatements: [String] { objects.map(\.createStatement) }

    /// The ordinary tables, in order.
    package var tables: [SQLTable] {
        objects.compactMap { if case .table(let table) = $0 { return table } else { return nil } }
    }

    /// The full-text tables, in order.
    package var fullTextTables: [FTS5Table] {
        objects.compactMap { if case .fts5(let table) = $0 { return table } else { return nil } }
    }

    /// The table named `name` (full-text tables aside).
    package func table(_ name: String) -> SQLTable? { tables.first { $0.name == name } }

    /// Whether `name` is an object SQLite derives from the schema rather than one it states:
    /// an automatic index of a table's constraints or a shadow table of a full-text table.
    package func isDerived(_ name: String) -> Bool {
        objects.contains { object in
            switch object {
            case .table(let table): name.hasPrefix("sqlite_autoindex_\(table.name)_")
            case .fts5(let table): name.hasPrefix(table.shadowTablePrefix)
            case .index: false
            }
        }
    }

    /// The schema as SQL with each table's and column's documentation as comments (the SQL
    /// blocks of `Sources/ReleaseFormat/SCHEMA.md`).
    package var documentedSQL: String {
        var blocks: [String] = []
        for object in objects {
            switch object {
            case .table(let table):
                var lines = table.doc.isEmpty ? [] : Self.wrapComment(table.doc)
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
                let rank = "INSERT INTO \(table.name)(\(table.name), rank) VALUES('rank', '\(table.rank)');"
                blocks.append((Self.wrapComment(table.doc) + [object.createStatement + ";", rank]).joined(separator: "\n"))
            }
        }
        return blocks.joined(separator: "\n\n")
    }

    static func wrapComment(_ text: String) -> [String] {
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
