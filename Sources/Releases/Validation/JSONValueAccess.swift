import VocabCore

/// Small accessors for reading parsed manifests and bundles.
extension JSONValue {
    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value as an integer, when it is a whole number.
    var intValue: Int64? {
        if case .number(let number) = self, number.rounded() == number, abs(number) < 9.0e15 { return Int64(number) }
        return nil
    }

    var isNull: Bool { self == .null }

    /// The value as a list of strings (nil when any item is not a string).
    var stringsValue: [String]? {
        guard let items = arrayValue else { return nil }
        let strings = items.compactMap(\.stringValue)
        return strings.count == items.count ? strings : nil
    }

    /// A short rendering for messages.
    var brief: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return "\(value)"
        case .number(let value): return value.rounded() == value ? "\(Int64(value))" : "\(value)"
        case .string(let value): return value.count > 60 ? "\"\(value.prefix(57))...\"" : "\"\(value)\""
        case .array(let items): return "an array of \(items.count)"
        case .object(let members): return "an object of \(members.count) keys"
        }
    }
}
