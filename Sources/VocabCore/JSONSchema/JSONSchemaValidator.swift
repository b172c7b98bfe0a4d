import Foundation

/// A validator for the subset of JSON Schema (draft 2020-12) that this project's schemas use:
/// `type` (one or several), `properties`, `required`, `additionalProperties` (bool or schema),
/// `items`, `minItems`, `maxItems`, `enum`, `const`, `minimum`, `maximum`, `minLength`,
/// `pattern`, `anyOf`, `$ref` to `#/$defs/...`. Keywords outside the subset are ignored,
/// so a schema must not rely on them.
public struct JSONSchemaValidator: Sendable {
    /// One violation: a JSON Pointer into the instance and the reason.
    public struct Violation: Sendable, Equatable, CustomStringConvertible {
        public var pointer: String
        public var reason: String
        public var description: String { "\(pointer.isEmpty ? "/" : pointer): \(reason)" }
    }

    private let root: [String: JSONValue]

    public init(schema data: Data) throws {
        guard case .object(let object) = try JSONValue.parse(data) else {
            throw VocabError(.validation, "a JSON Schema must be an object")
        }
        root = object
    }

    /// Every violation of `instance` (empty when valid); at most `limit` are collected.
    public func validate(_ instance: Data, limit: Int = 50) throws -> [Violation] {
        var violations: [Violation] = []
        check(try JSONValue.parse(instance), against: root, at: "", into: &violations, limit: limit)
        return violations
    }

    private func check(_ value: JSONValue, against schema: [String: JSONValue], at pointer: String,
                       into violations: inout [Violation], limit: Int) {
        func fail(_ reason: String) {
            if violations.count < limit { violations.append(Violation(pointer: pointer, reason: reason)) }
        }
        if case .string(let ref)? = schema["$ref"] {
            guard let target = resolve(ref) else { return fail("schema reference \(ref) not found") }
            check(value, against: target, at: pointer, into: &violations, limit: limit)
        }
        if let types = schema["type"] {
            let allowed: [String]
            switch types {
            case .string(let one): allowed = [one]
            case .array(let many): allowed = many.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
            default: allowed = []
            }
            if !allowed.contains(where: value.isOfType) {
                return fail("expected \(allowed.joined(separator: " or ")), found \(value.typeName)")
            }
        }
        if case .array(let options)? = schema["enum"], !options.contains(value) {
            fail("value \(value.shortText) is not one of the allowed values")
        }
        if let constant = schema["const"], constant != value {
            fail("expected \(constant.shortText), found \(value.shortText)")
        }
        if case .array(let alternatives)? = schema["anyOf"] {
            let matches = alternatives.contains { alternative in
                guard case .object(let sub) = alternative else { return false }
                var scratch: [Violation] = []
                check(value, against: sub, at: pointer, into: &scratch, limit: 1)
                return scratch.isEmpty
            }
            if !matches { fail("matches none of the allowed shapes") }
        }
        switch value {
        case .number(let number):
            if case .number(let minimum)? = schema["minimum"], number < minimum { fail("\(number) is below the minimum \(minimum)") }
            if case .number(let maximum)? = schema["maximum"], number > maximum { fail("\(number) is above the maximum \(maximum)") }
        case .string(let text):
            if case .number(let minimum)? = schema["minLength"], Double(text.count) < minimum { fail("shorter than \(Int(minimum)) characters") }
            if case .string(let pattern)? = schema["pattern"],
               text.range(of: pattern, options: .regularExpression) == nil {
                fail("\"\(text.prefix(60))\" does not match \(pattern)")
            }
        case .array(let items):
            if case .number(let minimum)? = schema["minItems"], Double(items.count) < minimum { fail("fewer than \(Int(minimum)) items") }
            if case .number(let maximum)? = schema["maxItems"], Double(items.count) > maximum { fail("more than \(Int(maximum)) items") }
            if case .object(let itemSchema)? = schema["items"] {
                for (index, item) in items.enumerated() where violations.count < limit {
                    check(item, against: itemSchema, at: "\(pointer)/\(index)", into: &violations, limit: limit)
                }
            }
        case .object(let members):
            if case .array(let required)? = schema["required"] {
                for case .string(let key) in required where members[key] == nil { fail("required key \"\(key)\" is missing") }
            }
            let properties: [String: JSONValue]
            if case .object(let declared)? = schema["properties"] { properties = declared } else { properties = [:] }
            for key in members.keys.sorted() where violations.count < limit {
                let child = "\(pointer)/\(key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1"))"
                if case .object(let propertySchema)? = properties[key] {
                    check(members[key]!, against: propertySchema, at: child, into: &violations, limit: limit)
                } else if let additional = schema["additionalProperties"] {
                    switch additional {
                    case .bool(false):
                        if violations.count < limit { violations.append(Violation(pointer: child, reason: "unexpected key \"\(key)\"")) }
                    case .object(let additionalSchema):
                        check(members[key]!, against: additionalSchema, at: child, into: &violations, limit: limit)
                    default: break
                    }
                }
            }
        default:
            break
        }
    }

    private func resolve(_ ref: String) -> [String: JSONValue]? {
        guard ref.hasPrefix("#/") else { return nil }
        var node: JSONValue = .object(root)
        for part in ref.dropFirst(2).split(separator: "/") {
            guard case .object(let object) = node, let next = object[String(part)] else { return nil }
            node = next
        }
        if case .object(let schema) = node { return schema }
        return nil
    }
}

/// A parsed JSON value, for schema checks and semantic comparisons.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public static func parse(_ data: Data) throws -> JSONValue {
        do {
            return JSONValue(any: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
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
        case let array as [Any]: self = .array(array.map(JSONValue.init(any:)))
        case let object as [String: Any]: self = .object(object.mapValues(JSONValue.init(any:)))
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
