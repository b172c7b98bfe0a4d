import GRDB
import VocabCore
import VocabJSON

/// Typed access to one row of a release database that checks every value instead of trapping:
/// a NULL, a BLOB or a value of another type where the schema promises one is a
/// ``ReleaseReadError`` naming the table, the row and the column.
struct DatabaseRow {
    let row: Row
    let table: String
    /// The row's key, for messages (`id 12`).
    let key: String
    let file: String

    private func fail(_ column: String, _ expected: String, _ value: DatabaseValue) -> ReleaseReadError {
        let found: String
        switch value.storage {
        case .null: found = "NULL"
        case .int64(let number): found = "the integer \(number)"
        case .double(let number): found = "the real number \(number)"
        case .string(let text): found = "the text \"\(text.prefix(40))\""
        case .blob(let data): found = "a BLOB of \(data.count) bytes"
        }
        return ReleaseReadError(file: file, item: "\(table) \(key), column \(column)", .badValue(expected: expected, found: found))
    }

    /// The value of `column` through `convert`, which returns nil for a value of the wrong type;
    /// NULL is allowed only when `optional`.
    private func value<T>(_ column: String, _ expected: String, optional: Bool, _ convert: (DatabaseValue.Storage) -> T?) throws -> T? {
        let value: DatabaseValue = row[column]
        if case .null = value.storage, optional { return nil }
        guard let converted = convert(value.storage) else {
            throw fail(column, optional ? "\(expected) or NULL" : expected, value)
        }
        return converted
    }

    private static func text(_ storage: DatabaseValue.Storage) -> String? {
        if case .string(let text) = storage { return text }
        return nil
    }

    private static func integer(_ storage: DatabaseValue.Storage) -> Int64? {
        if case .int64(let number) = storage { return number }
        return nil
    }

    func text(_ column: String) throws -> String { try value(column, "text", optional: false, Self.text)! }

    func optionalText(_ column: String) throws -> String? { try value(column, "text", optional: true, Self.text) }

    func integer(_ column: String) throws -> Int64 { try value(column, "an integer", optional: false, Self.integer)! }

    func optionalInteger(_ column: String) throws -> Int64? { try value(column, "an integer", optional: true, Self.integer) }

    /// An integer that fits `Int` and lies in `range`.
    func int(_ column: String, in range: ClosedRange<Int64> = Int64(Int.min)...Int64(Int.max)) throws -> Int {
        let number = try integer(column)
        guard range.contains(number) else { throw fail(column, "an integer from \(range.lowerBound) to \(range.upperBound)", row[column]) }
        return Int(number)
    }

    func optionalInt(_ column: String, in range: ClosedRange<Int64> = Int64(Int.min)...Int64(Int.max)) throws -> Int? {
        guard let number = try optionalInteger(column) else { return nil }
        guard range.contains(number) else { throw fail(column, "an integer from \(range.lowerBound) to \(range.upperBound)", row[column]) }
        return Int(number)
    }

    /// A TEXT column holding a JSON array of strings.
    func jsonStrings(_ column: String) throws -> [String] {
        let text = try self.text(column)
        guard let value = try? JSONValue.parse(text), let strings = value.stringsValue else {
            throw fail(column, "a JSON array of strings", row[column])
        }
        return strings
    }

    /// A TEXT column holding a JSON object of language → array of strings, as translations in
    /// `targetLanguages` order (every one of them), then any other language in key order.
    func jsonTranslations(_ column: String, targetLanguages: [String]) throws -> [Translation] {
        let text = try self.text(column)
        guard let value = try? JSONValue.parse(text), let members = value.objectValue else {
            throw fail(column, "a JSON object of translations", row[column])
        }
        var byLanguage: [String: [String]] = [:]
        for (language, lemmas) in members {
            guard let strings = lemmas.stringsValue, byLanguage[language] == nil else {
                throw fail(column, "a JSON object of language to an array of strings", row[column])
            }
            byLanguage[language] = strings
        }
        let others = byLanguage.keys.filter { !targetLanguages.contains($0) }.sorted()
        return (targetLanguages + others).map { Translation(language: $0, lemmas: byLanguage[$0] ?? []) }
    }
}
