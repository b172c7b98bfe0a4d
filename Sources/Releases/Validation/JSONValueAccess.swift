import Foundation
import VocabCore

/// Small accessors for reading parsed manifests and bundles.
extension LegacyJSON {
    subscript(key: String) -> LegacyJSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var objectValue: [String: LegacyJSON]? {
        if case .object(let members) = self { return members }
        return nil
    }

    var arrayValue: [LegacyJSON]? {
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
/// A parsed JSON value, for schema checks and semantic comparisons.
enum LegacyJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([LegacyJSON])
    case object([String: LegacyJSON])

    static func parse(_ data: Data) throws -> LegacyJSON {
        do {
            return LegacyJSON(any: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
        } catch {
            throw VocabError(.validation, "not valid JSON: \(error.localizedDescription)")
        }
    }

    init(any: Any) {
        switch any {
        case is NSNull: self = .null
        case let number as NSNumber:
            // JSONSerialization gives booleans as NSNumber too; tell them apart by their type.
            if String(cString: number.objCType) == "c" { self = .bool(number.boolValue) } else { self = .number(number.doubleValue) }
        case let string as String: self = .string(string)
        case let array as [Any]: self = .array(array.map(LegacyJSON.init(any:)))
        case let object as [String: Any]: self = .object(object.mapValues(LegacyJSON.init(any:)))
        default: self = .null
        }
    }

    func isOfType(_ type: String) -> Bool {
        switch (type, self) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object):
            return true
        case ("integer", .number(let number)):
            return number.rounded() == number
        default:
            return false
        }
    }

    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    var shortText: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return "\(value)"
        case .number(let value): return value.rounded() == value ? "\(Int64(value))" : "\(value)"
        case .string(let value): return "\"\(value.prefix(40))\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
