import SQLiteDatabase
import ReleaseFormat
import VocabCore
import VocabJSON

/// Typed access to one row of a release database that checks every value instead of trapping:
/// a missing column, a NULL, a BLOB or a value of another type where the schema promises one is
/// a ``ReleaseReadError`` naming the table, the row and the column. Values are read by position
/// (``Columns``), never through ``SQLiteRow``'s subscripts by name, which trap on a missing column.
package struct DatabaseRow: CardRowReader {
    /// The positions of a query's columns by name, found once per query.
    package struct Columns {
        package let positions: [String: Int]

        package init(_ row: SQLiteRow) {
            var positions: [String: Int] = [:]
            for (index, name) in row.columnNames.enumerated() where positions[name] == nil { positions[name] = index }
            self.positions = positions
        }
    }

    package let row: SQLiteRow
    package let columns: Columns
    package let table: String
    package let file: String
    /// What ``key`` is made of, kept until a message needs it: a dictionary's 136,000 rows are
    /// read without one.
    private let keyName: String
    private let keyIndex: Int?
    private let position: Int

    /// The row's key, for messages (`id 12`): the value of the key column, or the row's
    /// position among the results when the query has no such column (`row 3`).
    package var key: String {
        guard let keyIndex else { return "row \(position)" }
        return "\(keyName) \(Self.describe(row[keyIndex]))"
    }

    /// A row of a query's result whose key (for messages) is the value of `keyColumn`, or its
    /// position among the results when there is no such column.
    package init(row: SQLiteRow, columns: Columns, table: String, keyColumn: String, keyLabel: String? = nil, position: Int, file: String) {
        self.row = row
        self.columns = columns
        self.table = table
        self.file = file
        self.keyName = keyLabel ?? keyColumn
        self.keyIndex = columns.positions[keyColumn]
        self.position = position
    }

    /// The rows of `sql`, each as a ``DatabaseRow`` of `table` keyed by `keyColumn`.
    package static func fetchAll(
        _ db: SQLiteConnection, sql: String, arguments: SQLiteArguments = SQLiteArguments(), table: String,
        keyColumn: String, keyLabel: String? = nil, file: String
    ) throws -> [DatabaseRow] {
        var rows: [DatabaseRow] = []
        try forEach(db, sql: sql, arguments: arguments, table: table, keyColumn: keyColumn, keyLabel: keyLabel, file: file) {
            rows.append($0)
        }
        return rows
    }

    /// The rows of ``fetchAll(_:sql:arguments:table:keyColumn:keyLabel:file:)``, handed to
    /// `body` one at a time (a dictionary's 136,000 rows need not be held beside their cards).
    package static func forEach(
        _ db: SQLiteConnection, sql: String, arguments: SQLiteArguments = SQLiteArguments(), table: String,
        keyColumn: String, keyLabel: String? = nil, file: String, _ body: (DatabaseRow) throws -> Void
    ) throws {
        var columns: Columns?
        var position = 0
        try db.makeStatement(sql: sql).forEachRow(arguments: arguments) { row in
            if columns == nil { columns = Columns(row) }
            position += 1
            try body(DatabaseRow(
                row: row, columns: columns!, table: table, keyColumn: keyColumn, keyLabel: keyLabel, position: position, file: file))
        }
    }

    private static func describe(_ value: SQLiteValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let number): "\(number)"
        case .real(let number): "\(number)"
        case .text(let text): "\"\(text.prefix(40))\""
        case .blob(let data): "(a BLOB of \(data.count) bytes)"
        }
    }

    private func fail(_ column: String, _ expected: String, _ value: SQLiteValue) -> ReleaseReadError {
        let found: String
        switch value {
        case .null: found = "NULL"
        case .integer(let number): found = "the integer \(number)"
        case .real(let number): found = "the real number \(number)"
        case .text(let text): found = "the text \"\(text.prefix(40))\""
        case .blob(let data): found = "a BLOB of \(data.count) bytes"
        }
        return ReleaseReadError(file: file, item: "\(table) \(key), column \(column)", .badValue(expected: expected, found: found))
    }

    /// The value of `column`; a column the query does not have is an error (never a trap).
    package func databaseValue(_ column: String) throws -> SQLiteValue {
        guard let index = columns.positions[column] else {
            throw ReleaseReadError(file: file, item: "\(table), column \(column)", .missingColumn)
        }
        return row[index]
    }

    /// The value of `column` through `convert`, which returns nil for a value of the wrong type;
    /// NULL is allowed only when `optional`.
    private func value<T>(_ column: String, _ expected: String, optional: Bool, _ convert: (SQLiteValue) -> T?) throws -> T? {
        let value = try databaseValue(column)
        if case .null = value, optional { return nil }
        guard let converted = convert(value) else {
            throw fail(column, optional ? "\(expected) or NULL" : expected, value)
        }
        return converted
    }

    /// A value that is not NULL (``value(_:_:optional:_:)`` never returns nil then).
    private func required<T>(_ column: String, _ expected: String, _ convert: (SQLiteValue) -> T?) throws -> T {
        guard let value = try value(column, expected, optional: false, convert) else {
            throw fail(column, expected, .null)
        }
        return value
    }

    private static func text(_ storage: SQLiteValue) -> String? {
        if case .text(let text) = storage { return text }
        return nil
    }

    private static func integer(_ storage: SQLiteValue) -> Int64? {
        if case .integer(let number) = storage { return number }
        return nil
    }

    package func text(_ column: String) throws -> String { try required(column, "text", Self.text) }

    package func optionalText(_ column: String) throws -> String? { try value(column, "text", optional: true, Self.text) }

    package func integer(_ column: String) throws -> Int64 { try required(column, "an integer", Self.integer) }

    package func optionalInteger(_ column: String) throws -> Int64? { try value(column, "an integer", optional: true, Self.integer) }

    /// An integer that fits `Int` and lies in `range`.
    package func int(_ column: String, in range: ClosedRange<Int64> = Int64(Int.min)...Int64(Int.max)) throws -> Int {
        let number = try integer(column)
        guard range.contains(number) else {
            throw fail(column, "an integer from \(range.lowerBound) to \(range.upperBound)", try databaseValue(column))
        }
        return Int(number)
    }

    package func optionalInt(_ column: String, in range: ClosedRange<Int64> = Int64(Int.min)...Int64(Int.max)) throws -> Int? {
        guard let number = try optionalInteger(column) else { return nil }
        guard range.contains(number) else {
            throw fail(column, "an integer from \(range.lowerBound) to \(range.upperBound)", try databaseValue(column))
        }
        return Int(number)
    }

    /// A TEXT column holding a JSON array of strings.
    package func jsonStrings(_ column: String) throws -> [String] {
        let text = try self.text(column)
        guard let value = try? JSONValue.parse(text), let strings = value.stringsValue else {
            throw fail(column, "a JSON array of strings", try databaseValue(column))
        }
        return strings
    }

    /// A TEXT column holding the JSON array of pronunciations (``PronunciationJSON``).
    package func jsonPronunciations(_ column: String) throws -> [Pronunciation] {
        let text = try self.text(column)
        guard let value = try? JSONValue.parse(text), let pronunciations = PronunciationJSON.pronunciations(value) else {
            throw fail(column, "a JSON array of pronunciations", try databaseValue(column))
        }
        return pronunciations
    }

    /// A TEXT column holding the JSON array of examples (``ExampleJSON``).
    package func jsonExamples(_ column: String) throws -> [CardExample] {
        let text = try self.text(column)
        guard let value = try? JSONValue.parse(text), let examples = ExampleJSON.examples(value) else {
            throw fail(column, "a JSON array of examples", try databaseValue(column))
        }
        return examples
    }

    /// A TEXT column holding a JSON object of language → array of strings, as translations in
    /// `targetLanguages` order (every one of them), then any other language in key order.
    package func jsonTranslations(_ column: String, targetLanguages: [String]) throws -> [Translation] {
        let text = try self.text(column)
        guard let value = try? JSONValue.parse(text), let members = value.objectValue else {
            throw fail(column, "a JSON object of translations", try databaseValue(column))
        }
        var byLanguage: [String: [String]] = [:]
        for (language, lemmas) in members {
            guard let strings = lemmas.stringsValue, byLanguage[language] == nil else {
                throw fail(column, "a JSON object of language to an array of strings", try databaseValue(column))
            }
            byLanguage[language] = strings
        }
        let others = byLanguage.keys.filter { !targetLanguages.contains($0) }.stablySorted()
        return (targetLanguages + others).map { Translation(language: $0, lemmas: byLanguage[$0] ?? []) }
    }

    /// A TEXT column naming a part of speech.
    package func partOfSpeech(_ column: String) throws -> PartOfSpeech {
        try Self.partOfSpeech(try text(column), column: column, reader: self)
    }

    /// A TEXT column naming a part of speech, or NULL.
    package func optionalPartOfSpeech(_ column: String) throws -> PartOfSpeech? {
        try optionalText(column).map { try Self.partOfSpeech($0, column: column, reader: self) }
    }

    private static func partOfSpeech(_ text: String, column: String, reader: DatabaseRow) throws -> PartOfSpeech {
        guard let value = PartOfSpeech(rawValue: text) else {
            throw ReleaseReadError(
                file: reader.file, item: "\(reader.table) \(reader.key), column \(column)",
                .badValue(expected: "a part of speech (\(PartOfSpeech.allCases.map(\.rawValue).joined(separator: ", ")))",
                          found: "\"\(text.prefix(40))\""))
        }
        return value
    }
}
