extension JSONValue {
    /// One line, no spaces: `{"a":1,"b":[true,null]}`.
    package var compact: String {
        var out = ""
        writeCompact(into: &out)
        return out
    }

    /// The compact rendering of ``strings(_:)`` for `values`, written without the value tree
    /// (the dictionary writes several such lists for each of its 136,000 rows).
    package static func compactStrings(_ values: [String]) -> String {
        var out: [UInt8] = []
        writeCompactStrings(values, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the compact rendering of ``strings(_:)`` for `values` to `out`, as UTF-8: the
    /// bytes the `String` form appends, without a `String` append per piece.
    package static func writeCompactStrings(_ values: [String], into out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            writeString(value, into: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// Appends `text` as a JSON string to `out`, as UTF-8: the project's one escaping of a string
    /// (the `String` form appends what this writes for a text that needs escapes). Only ASCII
    /// characters are ever escaped, and no byte of a multi-byte UTF-8 sequence is ASCII, so the
    /// text is escaped byte by byte.
    package static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            guard bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
                out.append(contentsOf: bytes)
                return
            }
            let hex = Array("0123456789abcdef".utf8)
            for byte in bytes {
                switch byte {
                case 0x22: out.append(contentsOf: [0x5C, 0x22])
                case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
                case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
                case ..<0x20: out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                default: out.append(byte)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends the compact rendering of ``strings(_:)`` for `values` to `out`.
    package static func writeCompactStrings(_ values: [String], into out: inout String) {
        out += "["
        for (index, value) in values.enumerated() {
            if index > 0 { out += "," }
            writeString(value, into: &out)
        }
        out += "]"
    }

    /// Two-space indentation, `"key": value`, empty containers as `[]` and `{}`.
    package func pretty(indent: Int = 0) -> String {
        var out = ""
        writePretty(into: &out, level: indent)
        return out
    }

    /// Appends the compact rendering to `out`.
    package func writeCompact(into out: inout String) {
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

    /// Appends the pretty rendering to `out`, indented `level` steps.
    package func writePretty(into out: inout String, level: Int) {
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

    /// An RFC 8259 string: escapes `"`, `\` and control characters; leaves `/` and non-ASCII
    /// text as is.
    package static func writeString(_ text: String, into out: inout String) {
        // Most text needs no escape: append it whole (scalar by scalar is many times slower).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            out += "\""
            out += text
            out += "\""
            return
        }
        var escaped: [UInt8] = []
        writeString(text, into: &escaped)
        out += String(decoding: escaped, as: UTF8.self)
    }
}
