/// One column of a table of the release database, as data.
public struct SQLColumn: Sendable, Equatable {
    /// The column name (`source_lemma`).
    public var name: String
    /// The declared type (`INTEGER`, `TEXT`).
    public var type: String
    /// What follows the type in the column definition (`NOT NULL`, `PRIMARY KEY`,
    /// `REFERENCES words(id)`), or empty.
    public var constraints = ""
    /// What the column holds, for the schema documentation.
    public var doc = ""

    /// `name TYPE constraints`, as in the `CREATE TABLE` statement.
    public var definition: String {
        constraints.isEmpty ? "\(name) \(type)" : "\(name) \(type) \(constraints)"
    }
}
