/// One column of a table of a release database, as data: what the `CREATE TABLE` statement
/// says of it and what its Frictionless Table Schema field says, from the same facts.
package struct SQLColumn: Sendable, Equatable {
    /// The SQL storage type.
    package enum SQLType: String, Sendable {
        /// `INTEGER`.
        case integer = "INTEGER"
        /// `TEXT`.
        case text = "TEXT"
    }

    /// What a column's value is to a reader, when it is more than its SQL type: JSON text.
    package enum Content: String, Sendable {
        /// The value is what its SQL type says.
        case plain
        /// TEXT holding a JSON object (Frictionless type `object`).
        case jsonObject
        /// TEXT holding a JSON array (Frictionless type `array`).
        case jsonArray
    }

    /// A column another table's key refers to: `REFERENCES words(id)`.
    package struct Reference: Sendable, Equatable {
        /// The referenced table.
        package var table: String
        /// The referenced column.
        package var column: String
    }

    /// The column name, the same as the JSON key it mirrors (`sourceLemma`).
    package var name: String
    /// The declared type.
    package var type: SQLType
    /// JSON text or a plain value.
    package var content = Content.plain
    /// `PRIMARY KEY` (a single-column key; composite keys are the table's).
    package var primaryKey = false
    /// `NOT NULL`.
    package var notNull = false
    /// `UNIQUE`.
    package var unique = false
    /// `CHECK (name IN (...))`: the values allowed.
    package var allowed: [String]? = nil
    /// `CHECK (name BETWEEN a AND b)`: the range allowed.
    package var range: ClosedRange<Int>? = nil
    /// `REFERENCES table(column)`.
    package var references: Reference? = nil
    /// What the column holds, for the schema documentation and the Table Schema's `description`.
    package var doc = ""

    /// `name TYPE constraints`, as in the `CREATE TABLE` statement.
    package var definition: String {
        var parts = [name, type.rawValue]
        if primaryKey { parts.append("PRIMARY KEY") }
        if notNull { parts.append("NOT NULL") }
        if unique { parts.append("UNIQUE") }
        parts += checks.map { "CHECK (\($0))" }
        if let references { parts.append("REFERENCES \(references.table)(\(references.column))") }
        return parts.joined(separator: " ")
    }

    /// The expressions of the column's `CHECK` constraints, in the order they are declared:
    /// `name IN (...)`, then `name BETWEEN a AND b`.
    package var checks: [String] {
        var checks: [String] = []
        if let allowed { checks.append("\(name) IN (\(allowed.map { "'\($0)'" }.joined(separator: ",")))") }
        if let range { checks.append("\(name) BETWEEN \(range.lowerBound) AND \(range.upperBound)") }
        return checks
    }

    /// Whether a row must have a value (a key or `NOT NULL`).
    package var required: Bool { primaryKey || notNull }
}

extension SQLColumn {
    /// An `INTEGER` column.
    package static func integer(_ name: String, _ doc: String = "") -> SQLColumn { SQLColumn(name: name, type: .integer, doc: doc) }

    /// A `TEXT` column.
    package static func text(_ name: String, _ doc: String = "") -> SQLColumn { SQLColumn(name: name, type: .text, doc: doc) }

    /// The column with `NOT NULL`.
    var notNullable: SQLColumn {
        var column = self
        column.notNull = true
        return column
    }

    /// The column holding JSON text of `content`.
    func json(_ content: Content) -> SQLColumn {
        var column = self
        column.content = content
        return column
    }
}
