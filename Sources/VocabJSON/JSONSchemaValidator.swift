import Foundation

/// A validator for the subset of JSON Schema (draft 2020-12) that this project's schemas use:
/// `type` (one or several), `properties`, `required`, `additionalProperties` (bool or schema),
/// `items`, `minItems`, `maxItems`, `enum`, `const`, `minimum`, `maximum`, `minLength`,
/// `pattern`, `anyOf`, `$ref` to `#/$defs/...`. Keywords outside the subset are ignored,
/// so a schema must not rely on them.
package struct JSONSchemaValidator: Sendable {
    /// One violation: a JSON Pointer into the instance and the reason.
    package struct Violation: Sendable, Equatable, CustomStringConvertible {
        /// JSON Pointer to the offending value (`/resources/0/bytes`); empty for the whole instance.
        package var pointer: String
        /// What is wrong, in plain words.
        package var reason: String
        /// `pointer: reason` (`/` for the whole instance).
        package var description: String { "\(pointer.isEmpty ? "/" : pointer): \(reason)" }
    }

    private let root: JSONValue

    /// A validator for `schema`, a JSON Schema object.
    package init(schema: JSONValue) {
        root = schema
    }

    /// A validator for the JSON Schema in `data`.
    package init(schema data: Data) throws(JSONSyntaxError) {
        root = try JSONValue.parse(data)
    }

    /// Every violation of `instance` (empty when valid); at most `limit` are collected.
    package func validate(_ instance: JSONValue, limit: Int = 50) -> [Violation] {
        guard root.objectValue != nil else { return [Violation(pointer: "", reason: "the JSON Schema is not an object")] }
        var violations: [Violation] = []
        check(instance, against: root, at: "", into: &violations, limit: limit)
        return violations
    }

    /// Every violation of the JSON text `instance`; throws when it is not valid JSON.
    package func validate(_ instance: Data, limit: Int = 50) throws(JSONSyntaxError) -> [Violation] {
        validate(try JSONValue.parse(instance), limit: limit)
    }

    /// `key` as a JSON Pointer reference token (RFC 6901): `~` written `~0`, `/` written `~1`.
    /// Most keys have neither and are returned as they are: the validator makes a token for
    /// every member of every object it checks.
    private static func referenceToken(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
        var token = ""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "~": token += "~0"
            case "/": token += "~1"
            default: token.unicodeScalars.append(scalar)
            }
        }
        return token
    }

    private func check(_ value: JSONValue, against schema: JSONValue, at pointer: String,
                       into violations: inout [Violation], limit: Int) {
        func fail(_ reason: String) {
            if violations.count < limit { violations.append(Violation(pointer: pointer, reason: reason)) }
        }
        if case .string(let ref)? = schema["$ref"] {
            guard let target = resolve(ref) else { return fail("schema reference \(ref) not found") }
            check(value, against: target, at: pointer, into: &violations, limit: limit)
        }
        if let types = schema["type"] {
            let allowed = types.stringValue.map { [$0] } ?? types.stringsValue ?? []
            if !allowed.contains(where: { Self.value(value, isOfType: $0) }) {
                return fail("expected \(allowed.joined(separator: " or ")), found \(value.typeName)")
            }
        }
        if case .array(let options)? = schema["enum"], !options.contains(value) {
            fail("value \(value.brief) is not one of the allowed values")
        }
        if let constant = schema["const"], constant != value {
            fail("expected \(constant.brief), found \(value.brief)")
        }
        if case .array(let alternatives)? = schema["anyOf"] {
            let matches = alternatives.contains { alternative in
                guard alternative.objectValue != nil else { return false }
                var scratch: [Violation] = []
                check(value, against: alternative, at: pointer, into: &scratch, limit: 1)
                return scratch.isEmpty
            }
            if !matches { fail("matches none of the allowed shapes") }
        }
        switch value {
        case .number(let text):
            let number = value.doubleValue ?? .nan
            if let minimum = schema["minimum"]?.doubleValue, number < minimum { fail("\(text) is below the minimum \(schema["minimum"]!.brief)") }
            if let maximum = schema["maximum"]?.doubleValue, number > maximum { fail("\(text) is above the maximum \(schema["maximum"]!.brief)") }
        case .string(let text):
            if let minimum = schema["minLength"]?.int64Value, text.count < minimum { fail("shorter than \(minimum) characters") }
            if case .string(let pattern)? = schema["pattern"],
               text.range(of: pattern, options: .regularExpression) == nil {
                fail("\"\(text.prefix(60))\" does not match \(pattern)")
            }
        case .array(let items):
            if let minimum = schema["minItems"]?.int64Value, items.count < minimum { fail("fewer than \(minimum) items") }
            if let maximum = schema["maxItems"]?.int64Value, items.count > maximum { fail("more than \(maximum) items") }
            if let itemSchema = schema["items"], itemSchema.objectValue != nil {
                for (index, item) in items.enumerated() where violations.count < limit {
                    check(item, against: itemSchema, at: "\(pointer)/\(index)", into: &violations, limit: limit)
                }
            }
        case .object(let members):
            for key in schema["required"]?.stringsValue ?? [] where value[key] == nil { fail("required key \"\(key)\" is missing") }
            let properties = schema["properties"]
            for (key, member) in members.sorted(by: { $0.key < $1.key }) where violations.count < limit {
                let child = "\(pointer)/\(Self.referenceToken(key))"
                if let propertySchema = properties?[key], propertySchema.objectValue != nil {
                    check(member, against: propertySchema, at: child, into: &violations, limit: limit)
                } else if let additional = schema["additionalProperties"] {
                    switch additional {
                    case .bool(false):
                        if violations.count < limit { violations.append(Violation(pointer: child, reason: "unexpected key \"\(key)\"")) }
                    case .object:
                        check(member, against: additional, at: child, into: &violations, limit: limit)
                    default: break
                    }
                }
            }
        default:
            break
        }
    }

    private func resolve(_ ref: String) -> JSONValue? {
        guard ref.hasPrefix("#/") else { return nil }
        var node = root
        for part in ref.dropFirst(2).split(separator: "/") {
            guard let next = node[String(part)] else { return nil }
            node = next
        }
        return node.objectValue != nil ? node : nil
    }

    private static func value(_ value: JSONValue, isOfType type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object):
            return true
        case ("integer", .number):
            guard let number = value.doubleValue else { return false }
            return number.isFinite && number.rounded() == number
        default:
            return false
        }
    }
}
