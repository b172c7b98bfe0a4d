import Foundation

/// A coding key for any string, to list the keys an object really has.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension Decoder {
    /// Throws when the object being decoded has a key that `Keys` does not list:
    /// a misspelt config key must never be ignored silently.
    func rejectUnknownKeys<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) throws {
        let container = try container(keyedBy: AnyKey.self)
        let known = Set(Keys.allCases.map(\.stringValue))
        for key in container.allKeys where !known.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath + [key],
                    debugDescription: "unknown key (expected one of: \(Keys.allCases.map(\.stringValue).sorted().joined(separator: ", ")))"
                ))
        }
    }
}

extension DecodingError {
    /// The config key path (`frequency.columns.lemma`, `translations[0].path`) and a plain reason.
    var keyPathAndReason: (String, String) {
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
            return (path(context.codingPath), "wrong type: expected \(Self.typeName(type))")
        case .valueNotFound(let type, let context):
            return (path(context.codingPath), "missing value: expected \(Self.typeName(type))")
        case .keyNotFound(let key, let context):
            return (path(context.codingPath + [key]), "required key is missing")
        case .dataCorrupted(let context):
            return (path(context.codingPath), context.debugDescription)
        @unknown default:
            return ("(unknown)", "\(self)")
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Int64.Type: return "an integer"
        case is [Any].Type: return "an array"
        default:
            let name = "\(type)"
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return "\(name)"
        }
    }
}
