import Foundation

/// A coding key for any string, to list the keys an object really has.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { self.init(index: intValue) }
    /// The key of an array element.
    init(index: Int) {
        self.stringValue = String(index)
        self.intValue = index
    }
}

/// A ``ConfigProblem`` found while decoding, carried to ``Pipeline/load(configFile:corpusOverride:)``
/// as the underlying error of a `DecodingError.dataCorrupted` (which holds the key path).
struct ConfigDecodingProblem: Error {
    var problem: ConfigProblem
}

extension DecodingError {
    /// `dataCorrupted` at `codingPath` for a config problem; `debugDescription` is the
    /// problem's message, for anyone who reads the decoding error itself.
    static func config(_ problem: ConfigProblem, at codingPath: [CodingKey]) -> DecodingError {
        .dataCorrupted(.init(
            codingPath: codingPath, debugDescription: problem.message,
            underlyingError: ConfigDecodingProblem(problem: problem)))
    }
}

extension Decoder {
    /// Throws when the object being decoded has a key that `Keys` does not list:
    /// a misspelt config key must never be ignored silently.
    func rejectUnknownKeys<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) throws {
        try rejectUnknownKeys(Keys.allCases.map(\.stringValue))
    }

    /// Throws when the object has a key that neither `Keys` nor `More` lists (a source object
    /// holds its own keys and a ``SourcePin``'s).
    func rejectUnknownKeys<Keys: CodingKey & CaseIterable, More: CodingKey & CaseIterable>(
        _ keys: Keys.Type, _ more: More.Type
    ) throws {
        try rejectUnknownKeys(Keys.allCases.map(\.stringValue) + More.allCases.map(\.stringValue))
    }

    /// The object's keyed container, once ``rejectUnknownKeys(_:)`` has found no key that
    /// `Keys` does not list: how a config section's decoder begins.
    func strictContainer<Keys: CodingKey & CaseIterable>(keyedBy keys: Keys.Type) throws -> KeyedDecodingContainer<Keys> {
        try rejectUnknownKeys(keys)
        return try container(keyedBy: keys)
    }

    /// The same for an object that may also hold the keys `More` lists (a ``SourcePin``'s).
    func strictContainer<Keys: CodingKey & CaseIterable, More: CodingKey & CaseIterable>(
        keyedBy keys: Keys.Type, alsoAllowing more: More.Type
    ) throws -> KeyedDecodingContainer<Keys> {
        try rejectUnknownKeys(keys, more)
        return try container(keyedBy: keys)
    }

    private func rejectUnknownKeys(_ names: [String]) throws {
        let container = try container(keyedBy: AnyKey.self)
        let known = Set(names)
        for key in container.allKeys where !known.contains(key.stringValue) {
            throw DecodingError.config(.unknownKey(expected: names.sorted()), at: codingPath + [key])
        }
    }
}

extension DecodingError {
    /// The config key path (`frequency.columns.lemma`, `translations[0].path`) and the problem.
    var configKeyPathAndProblem: (keyPath: String, problem: ConfigProblem) {
        func path(_ keys: [CodingKey]) -> String {
            var text = ""
            for key in keys {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return text.isEmpty ? "(top level)" : text
        }
        switch self {
        case .typeMismatch(let type, let context):
            return (path(context.codingPath), .wrongType(expected: Self.valueType(type)))
        case .valueNotFound(let type, let context):
            return (path(context.codingPath), .missingValue(expected: Self.valueType(type)))
        case .keyNotFound(let key, let context):
            return (path(context.codingPath + [key]), .missingKey)
        case .dataCorrupted(let context):
            if let carried = context.underlyingError as? ConfigDecodingProblem {
                return (path(context.codingPath), carried.problem)
            }
            return (path(context.codingPath), Self.plainProblem(context.debugDescription))
        @unknown default:
            return ("(unknown)", .decodingFailed("\(self)"))
        }
    }

    /// The values of the config's enumerations, by Swift type name, for messages.
    static let allowedValues: [String: [String]] = [
        "PartOfSpeech": PartOfSpeech.allCases.map(\.rawValue),
        "UnknownTagPolicy": ["error", "drop"],
        "TranslationPolicy": ["none", "sense"],
        "MalformedRowPolicy": ["error", "skip"],
        "TrailingFieldPolicy": ["error", "ignore"],
        "SenseOrder": SenseOrder.allCases.map(\.rawValue),
    ]

    /// Foundation's "Cannot initialize T from invalid String value v" as an invalid value of
    /// the enumeration T; any other description as it is.
    static func plainProblem(_ description: String) -> ConfigProblem {
        let marker = " from invalid String value "
        guard description.hasPrefix("Cannot initialize "), let range = description.range(of: marker) else {
            return .decodingFailed(description)
        }
        let type = String(description[description.index(description.startIndex, offsetBy: "Cannot initialize ".count)..<range.lowerBound])
        let value = String(description[range.upperBound...])
        return .invalidValue(value, allowed: allowedValues[type] ?? [])
    }

    private static func valueType(_ type: Any.Type) -> ConfigProblem.ValueType {
        switch type {
        case is String.Type: return .string
        case is Bool.Type: return .boolean
        case is Int.Type, is Int64.Type: return .integer
        case is [Any].Type: return .array
        default:
            let name = "\(type)"
            if name.hasPrefix("Array") { return .array }
            if name.hasPrefix("Dictionary") { return .object }
            return .other(name)
        }
    }
}
