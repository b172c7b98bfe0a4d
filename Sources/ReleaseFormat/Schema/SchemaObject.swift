/// A table of the release database, as data.
public struct SQLTable: Sendable, Equatable {
    /// The table name (`words`).
    public var name: String
    /// The columns, in declaration order.
    public var columns: [SQLColumn]
    /// Table constraints after the columns (`UNIQUE(lemma, pos)`, `PRIMARY KEY(word_id, position)`).
    public var constraints: [String] = []
    /// Whether the table is `WITHOUT ROWID` (keyed tables that need no rowid, such as `metadata`).
    public var withoutRowID = false
    /// What the table holds, for the schema documentation.
    public var doc = ""
}

/// An index of the release database, as data.
public struct SQLIndex: Sendable, Equatable {
    /// The index name (`words_lemma_nocase`).
    public var name: String
    /// The indexed table.
    public var table: String
    /// The indexed columns or expressions, as written between the parentheses.
    public var columns: String
}

/// An FTS5 full-text table of the release database, as data.
public struct FTS5Table: Sendable, Equatable {
    /// The table name (`word_search`).
    public var name: String
    /// Column names and options (`tokenize = '...'`), in order.
    public var arguments: [String]
    /// What the table holds, for the schema documentation.
    public var doc = ""

    /// The shadow tables SQLite creates for it (`<name>_data`, ...): derived, never written.
    public var shadowTablePrefix: String { "\(name)_" }
}

/// One object of the release schema, in the order the emitter creates them.
public enum SchemaObject: Sendable, Equatable {
    /// An ordinary table.
    case table(SQLTable)
    /// An index on a table declared before it.
    case index(SQLIndex)
    /// An FTS5 full-text table.
    case fts5(FTS5Table)

    /// The `sqlite_master` type: `table` (FTS5 tables too) or `index`.
    public var type: String {
        if case .index = self { return "index" }
        return "table"
    }

    /// The object's name, as `sqlite_master.name` records it.
    public var name: String {
        switch self {
        case .table(let table): table.name
        case .index(let index): index.name
        case .fts5(let table): table.name
        }
    }

    /// The statement that creates it, exactly as `sqlite_master.sql` then records it.
    public var createStatement: String {
        switch self {
        case .table(let table):
            let lines = table.columns.map(\.definition) + table.constraints
            return "CREATE TABLE \(table.name)(\n" + lines.map { "    " + $0 }.joined(separator: ",\n") + "\n)"
                + (table.withoutRowID ? " WITHOUT ROWID" : "")
        case .index(let index):
            return "CREATE INDEX \(index.name) ON \(index.table)(\(index.columns))"
        case .fts5(let table):
            return "CREATE VIRTUAL TABLE \(table.name) USING fts5(\n    \(table.arguments.joined(separator: ", "))\n)"
        }
    }
}
