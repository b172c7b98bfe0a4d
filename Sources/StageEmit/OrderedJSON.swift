import Foundation
import VocabCore

/// A JSON value whose objects keep their keys in the order they were built, so the
/// bundle files come out byte-for-byte the same for the same inputs.
///
/// Numbers are kept as their literal text (`42`, `-1`), which lets values produced by
/// `JSONEncoder` pass through ``OrderedJSON/parse(_:)`` unchanged.
indirect enum OrderedJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([OrderedJSON])
    case object([(String, OrderedJSON)])

    static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    static func int<I: BinaryInteger>(_ value: I) -> OrderedJSON { .number(String(value)) }

    /// `.string(value)` or `.null`.
    static func optional(_ value: String?) -> OrderedJSON { value.map(OrderedJSON.string) ?? .null }

    static func strings(_ values: [String]) -> OrderedJSON { .array(values.map(OrderedJSON.string)) }

    /// Any `Encodable` value, through `JSONEncoder` with sorted keys (deterministic).
    static func encoding<T: Encodable>(_ value: T) throws -> OrderedJSON {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return try parse(data)
    }

    // MARK: Writing

    /// One line, no spaces: `{"a":1,"b":[true,null]}`.
    var compact: String {
        var out = ""
        writeCompact(into: &out)
        return out
    }

    /// Two-space indentation, `"key": value`, empty containers as `[]` / `{}`.
    func pretty(indent: Int = 0) -> String {
        var out = ""
        writePretty(into: &out, level: indent)
        return out
    }

    func writeCompact(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let text): out += text
        case .string(let text): Self.writeString(text, into: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.writeCompact(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                Self.writeString(key, into: &out)
                out += ":"
                value.writeCompact(into: &out)
            }
            out += "}"
        }
    }

    func writePretty(into out: inout String, level: Int) {
        let inner = String(repeating: "  ", count: level + 1)
        let outer = String(repeating: "  ", count: level)
        switch self {
        case .array(let items) where !items.isEmpty:
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += inner
                item.writePretty(into: &out, level: level + 1)
                out += index + 1 < items.count ? ",\n" : "\n"
            }
            out += outer + "]"
        case .object(let members) where !members.isEmpty:
            out += "{\n"
            for (index, (key, value)) in members.enumerated() {
                out += inner
                Self.writeString(key, into: &out)
                out += ": "
                value.writePretty(into: &out, level: level + 1)
                out += index + 1 < members.count ? ",\n" : "\n"
            }
            out += outer + "}"
        default:
            writeCompact(into: &out)
        }
    }

    /// RFC 8259 string: escapes `"`, `\` and control characters; leaves `/` and non-ASCII as is.
    static func writeString(_ text: String, into out: inout String) {
        out += "\""
        // Most text needs no escape: append it whole (scalar by scalar is many times slower).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                out += "\\u" + String(format: "%04x", scalar.value)
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    // MARK: Reading

    /// Parses JSON text, keeping object keys in document order and numbers as written.
    static func parse(_ data: Data) throws -> OrderedJSON {
        var parser = Parser(bytes: Array(data))
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.fail("trailing characters") }
        return value
    }

    struct Parser {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func fail(_ reason: String) -> VocabError {
            VocabError(.emit, "invalid JSON at byte \(index): \(reason)")
        }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func expect(_ literal: String) throws {
            let expected = Array(literal.utf8)
            guard index + expected.count <= bytes.count,
                  Array(bytes[index..<index + expected.count]) == expected
            else { throw fail("expected \(literal)") }
            index += expected.count
        }

        mutating func value(depth: Int) throws -> OrderedJSON {
            guard depth < 512 else { throw fail("nested too deeply") }
            guard index < bytes.count else { throw fail("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "n"): try expect("null"); return .null
            case UInt8(ascii: "t"): try expect("true"); return .bool(true)
            case UInt8(ascii: "f"): try expect("false"); return .bool(false)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "["):
                index += 1
                var items: [OrderedJSON] = []
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                while true {
                    skipWhitespace()
                    items.append(try value(depth: depth + 1))
                    skipWhitespace()
                    guard index < bytes.count else { throw fail("unterminated array") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                    throw fail("expected , or ]")
                }
            case UInt8(ascii: "{"):
                index += 1
                var members: [(String, OrderedJSON)] = []
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                while true {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                    let key = try string()
                    skipWhitespace()
                    try expect(":")
                    skipWhitespace()
                    members.append((key, try value(depth: depth + 1)))
                    skipWhitespace()
                    guard index < bytes.count else { throw fail("unterminated object") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                    throw fail("expected , or }")
                }
            default:
                return .number(try number())
            }
        }

        mutating func number() throws -> String {
            let start = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            guard index > start, let text = String(bytes: bytes[start..<index], encoding: .utf8),
                  Double(text) != nil
            else { throw fail("expected a value") }
            return text
        }

        mutating func hex4() throws -> UInt32 {
            guard index + 4 <= bytes.count,
                  let text = String(bytes: bytes[index..<index + 4], encoding: .ascii),
                  let value = UInt32(text, radix: 16)
            else { throw fail("bad \\u escape") }
            index += 4
            return value
        }

        mutating func string() throws -> String {
            index += 1  // opening quote
            var buffer: [UInt8] = []
            while true {
                guard index < bytes.count else { throw fail("unterminated string") }
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    guard let text = String(bytes: buffer, encoding: .utf8) else { throw fail("invalid UTF-8") }
                    return text
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { throw fail("unterminated escape") }
                    let escape = bytes[index]
                    index += 1
                    let scalar: UInt32
                    switch escape {
                    case UInt8(ascii: "\""): scalar = 0x22
                    case UInt8(ascii: "\\"): scalar = 0x5C
                    case UInt8(ascii: "/"): scalar = 0x2F
                    case UInt8(ascii: "b"): scalar = 0x08
                    case UInt8(ascii: "f"): scalar = 0x0C
                    case UInt8(ascii: "n"): scalar = 0x0A
                    case UInt8(ascii: "r"): scalar = 0x0D
                    case UInt8(ascii: "t"): scalar = 0x09
                    case UInt8(ascii: "u"):
                        let high = try hex4()
                        if (0xD800...0xDBFF).contains(high) {
                            try expect("\\u")
                            let low = try hex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate") }
                            scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            scalar = high
                        }
                    default: throw fail("bad escape")
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw fail("bad \\u escape") }
                    buffer.append(contentsOf: Array(String(Character(unicode)).utf8))
                default:
                    buffer.append(byte)
                }
            }
        }
    }
}
