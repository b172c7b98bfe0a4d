import VocabCore

/// A Frictionless Table Schema (`schema` of a resource): the fields with their types and
/// constraints, the primary key and the foreign keys. Derived from ``DatabaseSchema`` (never
/// written by hand), so the manifest describes exactly what the emitter writes.
public struct TableSchema: Codable, Sendable, Equatable {
    /// The columns, in order.
    public var fields: [Field]
    /// The key columns; left out when the table has none.
    public var primaryKey: [String]?
    /// References to another resource's key; left out when there are none.
    public var foreignKeys: [ForeignKey]?
    /// No value stands for a missing one: SQLite and JSON have a real NULL, and an empty string
    /// (no translation to search) is a value.
    public var missingValues: [String] = []

    /// One column.
    public struct Field: Codable, Sendable, Equatable {
        /// The column name.
        public var name: String
        /// `integer`, `string`, `object` or `array` (JSON text).
        public var type: String
        /// What the column holds; left out when undocumented.
        public var description: String?
        /// Required, unique, allowed values, range; left out when none applies.
        public var constraints: Constraints?
    }

    /// The constraints of a field that apply.
    public struct Constraints: Codable, Sendable, Equatable {
        /// A value is required (a key or `NOT NULL`).
        public var required: Bool?
        /// No two rows share a value.
        public var unique: Bool?
        /// The values allowed (the part of speech).
        public var `enum`: [String]?
        /// The smallest value allowed.
        public var minimum: Int?
        /// The largest value allowed.
        public var maximum: Int?

        var isEmpty: Bool { required == nil && unique == nil && `enum` == nil && minimum == nil && maximum == nil }
    }

    /// `fields` of this resource refer to `reference.fields` of `reference.resource`.
    public struct ForeignKey: Codable, Sendable, Equatable {
        /// The referring columns.
        public var fields: [String]
        /// The resource and columns referred to.
        public var reference: Reference
    }

    /// The other end of a foreign key.
    public struct Reference: Codable, Sendable, Equatable {
        /// The referenced resource's name.
        public var resource: String
        /// The referenced columns.
        public var fields: [String]
    }

    /// The schema of `table`; `resource` names the resource of each referenced table, `bands`
    /// narrows the band column's range to the release's bands.
    public init(_ table: SQLTable, bands: Int, resource: (String) -> String) {
        fields = table.columns.map { column in
            var constraints = Constraints()
            if column.required { constraints.required = true }
            if column.unique || (column.primaryKey && table.primaryKey.isEmpty) { constraints.unique = true }
            constraints.enum = column.allowed
            if let range = column.range {
                constraints.minimum = range.lowerBound
                constraints.maximum = column.name == "band" ? min(range.upperBound, max(1, bands)) : range.upperBound
            }
            let type: String = switch column.content {
            case .jsonObject: "object"
            case .jsonArray: "array"
            case .plain: column.type == .integer ? "integer" : "string"
            }
            return Field(name: column.name, type: type, description: column.doc.isEmpty ? nil : column.doc,
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

    /// The schema of a word record of the JSON bundle (`words` of `<name>.json`).
    public static func bundleWords(bands: Int) -> TableSchema {
        func field(_ name: String, _ type: String, _ constraints: Constraints? = nil) -> Field {
            Field(name: name, type: type, description: nil, constraints: constraints)
        }
        let required = Constraints(required: true)
        return TableSchema(
            fields: [
                field("name", "string", required),
                field("pos", "string", Constraints(required: true, enum: ReleaseSchema.partsOfSpeech)),
                field("freq", "integer", Constraints(minimum: 0)),
                field("rank", "integer", Constraints(unique: true, minimum: 1)),
                field("band", "integer", Constraints(required: true, minimum: 1, maximum: max(1, bands))),
                field("definition", "string"),
                field("translations", "object", required),
                field("synonyms", "array", required),
                field("sentences", "array", required),
                field("sourceLemma", "string", required),
                field("provenance", "object", required),
            ],
            primaryKey: ["name", "pos"], foreignKeys: nil)
    }

    /// A schema from its parts.
    public init(fields: [Field], primaryKey: [String]?, foreignKeys: [ForeignKey]?) {
        self.fields = fields
        self.primaryKey = primaryKey
        self.foreignKeys = foreignKeys
    }
}
