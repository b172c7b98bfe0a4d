/// A JSON value, the one JSON model of the project: the release files are written from it,
/// released files are read into it, and the JSON Schema checks run on it.
///
/// Objects keep their members in the order they were built or read, and numbers keep the
/// text they were written with, so that the same values always give the same bytes and a
/// number too large for any Swift integer is still seen as written (`18446744073709551616`).
/// Equality is semantic: objects compare as sets of members, numbers by value.
package indirect enum JSONValue: Sendable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number as written in JSON text (`42`, `-1.5`, `1e19`).
    case number(String)
    /// A string, unescaped.
    case string(String)
    /// Items in order.
    case array([JSONValue])
    /// Members in order; a key may repeat only in parsed input (see ``duplicateKeyPath``).
    case object([(key: String, value: JSONValue)])

    /// An integer.
    package static func int<I: BinaryInteger>(_ value: I) -> JSONValue { .number(String(value)) }

    /// `.string(value)`, or `.null` for nil.
    package static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// An array of strings.
    package static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }

    /// The compact rendering (see ``compact``).
    package var description: String { compact }
}

// MARK: - Reading values

extension JSONValue {
    /// The value of the first member named `key`, when this is an object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The members, when this is an object.
    package var objectValue: [(key: String, value: JSONValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The keys of the members in order, when this is an object.
    package var keys: [String]? { objectValue?.map(\.key) }

    /// The items, when this is an array.
    package var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The text, when this is a string.
    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value, when this is a boolean.
    package var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number, when this is a whole number that `Int64` can hold (written with or without
    /// a fraction or exponent: `3`, `3.0`, `3e0`); nil for anything else, never a trap.
    package var int64Value: Int64? {
        guard case .number(let text) = self else { return nil }
        if let exact = Int64(text) { return exact }
        guard let double = Double(text), double.isFinite, double.rounded() == double,
              double >= -9_007_199_254_740_992, double <= 9_007_199_254_740_992
        else { return nil }
        return Int64(double)
    }

    /// The number as a `Double`, when this is a number (possibly rounded, never a trap).
    package var doubleValue: Double? {
        guard case .number(let text) = self else { return nil }
        return Double(text)
    }

    /// The items as strings, when this is an array of strings only.
    package var stringsValue: [String]? {
        guard let items = arrayValue else { return nil }
        let strings = items.compactMap(\.stringValue)
        return strings.count == items.count ? strings : nil
    }

    /// Whether this is `null` (how the release files write a missing optional).
    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The JSON Schema type name: `null`, `boolean`, `number`, `string`, `array`, `object`.
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// A short rendering for messages: numbers and short strings as written, long strings cut,
    /// containers by size.
    package var brief: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return "\(value)"
        case .number(let text): return text.count > 40 ? String(text.prefix(37)) + "..." : text
        case .string(let text): return text.count > 60 ? "\"\(text.prefix(57))...\"" : "\"\(text)\""
        case .array(let items): return "an array of \(items.count)"
        case .object(let members): return "an object of \(members.count) keys"
        }
    }

    /// The key path (`a.b[2].c`) of the first object key that repeats within its object, or nil.
    package var duplicateKeyPath: String? { Self.duplicateKey(in: self, path: "") }

    private static func duplicateKey(in value: JSONValue, path: String) -> String? {
        switch value {
        case .object(let members):
            var seen = Set<String>()
            for (key, member) in members {
                let memberPath = path.isEmpty ? key : "\(path).\(key)"
                if !seen.insert(key).inserted { return memberPath }
                if let found = duplicateKey(in: member, path: memberPath) { return found }
            }
            return nil
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = duplicateKey(in: item, path: "\(path)[\(index)]") { return found }
            }
            return nil
        default:
            return nil
        }
    }

    /// The same value with every object's members sorted by key (for canonical output).
    package func sortingKeys() -> JSONValue {
        switch self {
        case .object(let members):
            return .object(members.map { ($0.key, $0.value.sortingKeys()) }.sorted { $0.key < $1.key })
        case .array(let items):
            return .array(items.map { $0.sortingKeys() })
        default:
            return self
        }
    }
}

// MARK: - Equality

extension JSONValue: Equatable {
    /// The digits of a whole number written without fraction or exponent (`-0` is `0`), or nil.
    private static func integerDigits(_ text: String) -> String? {
        guard !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else { return nil }
        return text == "-0" ? "0" : text
    }

    /// Semantic equality: objects as sets of members (order aside), numbers by value.
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)):
            if a == b { return true }
            if let x = Int64(a), let y = Int64(b) { return x == y }
            // Whole numbers beyond Int64 compare by their digits (a Double would round them).
            if let x = Self.integerDigits(a), let y = Self.integerDigits(b) { return x == y }
            if let x = Double(a), let y = Double(b) { return x == y }
            return false
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { member in b.contains { $0.key == member.key && $0.value == member.value } }
        default: return false
        }
    }
}
