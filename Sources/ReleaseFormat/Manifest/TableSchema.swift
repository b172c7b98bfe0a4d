import VocabCore

/// A Frictionless Table Schema (`schema` of a resource): the fields with their types and
/// constraints, the primary key and the foreign keys. Derived from ``DatabaseSchema`` (never
/// written by hand), so the manifest describes exactly what the emitter writes.
package struct TableSchema: Codable, Sendable, Equatable {
    /// The columns, in order.
    package var fields: [Field]
    /// The key columns; left out when the table has none.
    package var primaryKey: [String]?
    /// References to another resource's key; left out when there are none.
    package var foreignKeys: [ForeignKey]?
    /// No value stands for a missing one: SQLite and JSON have a real NULL, and an empty string
    /// (no translation to search) is a value.
    package var missingValues: [String] = []

    /// One column.
    package struct Field: Codable, Sendable, Equatable {
        /// The column name.
        package var name: String
        /// `integer`, `string`, `object` or `array` (JSON text).
        package var type: String
        /// What the column holds; left out when undocumented.
        package var description: String?
        /// Required, unique, allowed values, range; left out when none applies.
        package var constraints: Constraints?
    }

    /// The constraints of a field that apply.
    package struct Constraints: Codable, Sendable, Equatable {
        /// A value is required (a key or `NOT NULL`).
        package var required: Bool?
        /// No two rows share a value.
        package var unique: Bool?
        /// The values allowed (the part of speech).
        package var `enum`: [String]?
        /// The smallest value allowed.
        package var minimum: Int?
        /// The largest value allowed.
        package var maximum: Int?

        var isEmpty: Bool { required == nil && unique == nil && `enum` == nil && minimum == nil && maximum == nil }
    }

    /// `fields` of this resource refer to `reference.fields` of `reference.resource`.
    package struct ForeignKey: Codable, Sendable, Equatable {
        /// The referring columns.
        package var fields: [String]
        /// The resource and columns referred to.
        package var reference: Reference
    }

    /// The other end of a foreign key.
    package struct Reference: Codable, Sendable, Equatable {
        /// The referenced resource's name.
        package var resource: String
        /// The referenced columns.
        package var fields: [String]
    }

    /// The schema of `table`; `resource` names the resource of each referenced table, `bands`
    /// narrows the band column's range to the release's bands.
    package init(_ table: SQLTable, bands: Int, resource: (String) -> String) {
        fields = table.columns.map { column in
            var constraints = Constraints()
            if column.required { constraints.required = true }
            if column.unique || (column.primaryKey && table.primaryKey.isEmpty) { constraints.unique = true }
            constraints.enum = column.allowed
            if let range = column.range {
                constraints.minimum = range.lowerBound
                constraints.maximum = column.name == "band" ? min(range.upperBound, max(1, bands)) : range.upperBound
            }
            return Field(name: column.name, type: Self.fieldType(column), description: column.doc.isEmpty ? nil : column.doc,
                         constraints: constraints.isEmpty ? nil : constraints)
        }
        let key = table.keyColumns
        primaryKey = key.isEmpty ? nil : key
        let references = table.columns.compactMap { column in
            column.references.map {
                ForeignKey(fields: [column.name], reference: Reference(resource: resource($0.table), fields: [$0.column]))
            }
        }
        foreignKeys = references.isEmpty ? nil : references
    }

    /// The schema of a word record of the JSON bundle (`words` of `<name>.json`): the bundle's
    /// fields (``CardField/bundleFields``), typed and constrained as their columns, then the
    /// `provenance` object; no descriptions.
    package static func bundleWords(bands: Int) -> TableSchema {
        var fields: [Field] = []
        for field in CardField.bundleFields {
            guard field.bundlePlacement == .record else {
                if !fields.contains(where: { $0.name == CardField.provenanceKey }) {
                    fields.append(Field(name: CardField.provenanceKey, type: "object", description: nil,
                                        constraints: Constraints(required: true)))
                }
                continue
            }
            let column = field.column
            var constraints = Constraints()
            if column.required { constraints.required = true }
            if column.unique { constraints.unique = true }
            constraints.enum = column.allowed
            constraints.minimum = field.bundleMinimum ?? column.range?.lowerBound
            constraints.maximum = field == .band ? max(1, bands) : column.range?.upperBound
            fields.append(Field(name: field.key, type: fieldType(column), description: nil,
                                constraints: constraints.isEmpty ? nil : constraints))
        }
        return TableSchema(fields: fields, primaryKey: [CardField.name.key, CardField.pos.key], foreignKeys: nil)
    }

    /// The Table Schema type of a column: `object` or `array` for JSON text, else its SQL type's.
    static func fieldType(_ column: SQLColumn) -> String {
        switch column.content {
        case .jsonObject: "object"
        case .jsonArray: "array"
        case .plain: column.type == .integer ? "integer" : "string"
        }
    }

    /// A schema from its parts.
    package init(fields: [Field], primaryKey: [String]?, foreignKeys: [ForeignKey]?) {
        self.fields = fields
        self.primaryKey = primaryKey
        self.foreignKeys = foreignKeys
    }
}
