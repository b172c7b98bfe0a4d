import Foundation

extension JSONValue {
    /// The deepest nesting of arrays and objects the parser accepts.
    package static let maximumDepth = 512

    /// Parses UTF-8 JSON text (RFC 8259; a leading byte-order mark is skipped), keeping object
    /// members in document order (repeated keys included) and numbers as written.
    /// - Parameter file: names the text in a ``JSONSyntaxError``.
    package static func parse(_ data: Data, file: String? = nil) throws(JSONSyntaxError) -> JSONValue {
        try parse(bytes: [UInt8](data), file: file)
    }

    /// Parses JSON text held in a string (its UTF-8 bytes, without a copy through `Data`).
    package static func parse(_ text: String, file: String? = nil) throws(JSONSyntaxError) -> JSONValue {
        try parse(bytes: Array(text.utf8), file: file)
    }

    private static func parse(bytes: [UInt8], file: String?) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, file: file)
        return try parser.document()
    }
}

/// A recursive-descent parser over the bytes of a document.
private struct JSONParser {
    let bytes: [UInt8]
    let file: String?
    var index = 0

    init(bytes: [UInt8], file: String?) {
        self.bytes = bytes
        self.file = file
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    func fail(_ problem: JSONSyntaxError.Problem, at offset: Int? = nil) -> JSONSyntaxError {
        let offset = min(offset ?? index, bytes.count)
        var line = 1
        var column = 1
        // A byte-order mark is not a column.
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, offset) : 0
        for byte in bytes[start..<offset] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(file: file, line: line, column: column, offset: offset, problem: problem)
    }

    /// The character at the current position, for messages.
    var current: Character {
        var end = index + 1
        while end < bytes.count, end - index < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[index..<min(end, bytes.count)], as: UTF8.self).first ?? "?"
    }

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        if index == bytes.count { throw fail(.empty) }
        let value = try value(depth: 0)
        skipWhitespace()
        if index != bytes.count { throw fail(.trailingText) }
        return value
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func literal(_ text: StaticString, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        for (offset, byte) in expected.enumerated() {
            guard index + offset < bytes.count else { throw fail(.unexpectedEnd, at: bytes.count) }
            guard bytes[index + offset] == byte else {
                index += offset
                throw fail(.unexpectedCharacter(current, expected: "\(text)"))
            }
        }
        index += expected.count
        return value
    }

    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < JSONValue.maximumDepth else { throw fail(.tooDeep) }
        guard index < bytes.count else { throw fail(.unexpectedEnd) }
        switch bytes[index] {
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail(.unexpectedCharacter(current, expected: "a value"))
        }
    }

    mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        var items: [JSONValue] = []
        try list(close: UInt8(ascii: "]")) { (parser: inout JSONParser) throws(JSONSyntaxError) in
            items.append(try parser.value(depth: depth + 1))
        }
        return .array(items)
    }

    mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        try list(close: UInt8(ascii: "}")) { (parser: inout JSONParser) throws(JSONSyntaxError) in
            guard parser.index < parser.bytes.count else { throw parser.fail(.unexpectedEnd) }
            guard parser.bytes[parser.index] == UInt8(ascii: "\"") else {
                throw parser.fail(.unexpectedCharacter(parser.current, expected: "a key in double quotes"))
            }
            let key = try parser.string()
            parser.skipWhitespace()
            guard parser.index < parser.bytes.count else { throw parser.fail(.unexpectedEnd) }
            guard parser.bytes[parser.index] == UInt8(ascii: ":") else {
                throw parser.fail(.unexpectedCharacter(parser.current, expected: "':'"))
            }
            parser.index += 1
            parser.skipWhitespace()
            members.append((key, try parser.value(depth: depth + 1)))
        }
        return .object(members)
    }

    /// From an opening bracket, `element` after `element`, separated by commas, up to `close`.
    mutating func list(
        close: UInt8, _ element: (inout JSONParser) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == close {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
            guard index < bytes.count else { throw fail(.unexpectedEnd) }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
            case close:
                index += 1
                return
            default:
                throw fail(.unexpectedCharacter(current, expected: "',' or '\(Character(Unicode.Scalar(close)))'"))
            }
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, returned as written.
    mutating func number() throws(JSONSyntaxError) -> String {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - first
        }
        func invalid() -> JSONSyntaxError {
            var end = index
            while end < bytes.count, "+-0123456789.eE".utf8.contains(bytes[end]) { end += 1 }
            return fail(.invalidNumber(String(decoding: bytes[start..<end], as: UTF8.self)), at: start)
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        if integerDigits == 0 || (integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")) { throw invalid() }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { throw invalid() }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { throw invalid() }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail(.unexpectedEnd, at: bytes.count) }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw fail(.invalidEscape)
            }
            value = value << 4 | digit
        }
        index += 4
        return value
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1  // the opening quote
        var buffer: [UInt8] = []
        var runStart = index
        while true {
            guard index < bytes.count else { throw fail(.unexpectedEnd, at: bytes.count) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                buffer.append(contentsOf: bytes[runStart..<index])
                index += 1
                guard let text = String(validating: buffer, as: UTF8.self) else { throw fail(.invalidUTF8, at: start) }
                return text
            }
            if byte < 0x20 { throw fail(.controlCharacterInString) }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            buffer.append(contentsOf: bytes[runStart..<index])
            index += 1
            guard index < bytes.count else { throw fail(.unexpectedEnd, at: bytes.count) }
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
                    guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                    else { throw fail(.invalidEscape) }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail(.invalidEscape) }
                    scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    guard !(0xDC00...0xDFFF).contains(high) else { throw fail(.invalidEscape) }
                    scalar = high
                }
            default:
                throw fail(.invalidEscape, at: index - 2)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw fail(.invalidEscape) }
            buffer.append(contentsOf: Array(String(unicode).utf8))
            runStart = index
        }
    }
}
