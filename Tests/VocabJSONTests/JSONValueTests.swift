import Foundation
import Testing
import VocabJSON

@Suite struct JSONValueTests {
    @Test func parsingKeepsMemberOrderAndNumberText() throws {
        let value = try JSONValue.parse(#"{"z": 1, "a": [1.50, -0, 1e19, 18446744073709551616], "m": {"k": null}}"#)
        #expect(value.keys == ["z", "a", "m"])
        #expect(value["a"]?.arrayValue?.map(\.compact) == ["1.50", "-0", "1e19", "18446744073709551616"])
        #expect(value.compact == #"{"z":1,"a":[1.50,-0,1e19,18446744073709551616],"m":{"k":null}}"#)
    }

    @Test func numbersBeyondInt64AreNeverATrap() throws {
        for text in ["1e19", "18446744073709551616", "-9223372036854775809", "1e400", "0.5"] {
            let value = try JSONValue.parse(text)
            #expect(value.int64Value == nil, "\(text)")
            #expect(!value.brief.isEmpty)
        }
        #expect(try JSONValue.parse("9223372036854775807").int64Value == Int64.max)
        #expect(try JSONValue.parse("3.0").int64Value == 3)
    }

    @Test func equalityIsSemantic() throws {
        #expect(try JSONValue.parse(#"{"a":1,"b":2}"#) == JSONValue.parse(#"{"b":2.0,"a":1}"#))
        #expect(try JSONValue.parse(#"[1,2]"#) != JSONValue.parse(#"[2,1]"#))
        #expect(try JSONValue.parse(#""1""#) != JSONValue.parse("1"))
    }

    @Test(arguments: [
        ("", 1, 1, JSONSyntaxError.Problem.empty),
        ("{\"a\":1,}", 1, 8, .unexpectedCharacter("}", expected: "a key in double quotes")),
        ("[1,\n 02]", 2, 2, .invalidNumber("02")),
        ("{\"a\": tru}", 1, 10, .unexpectedCharacter("}", expected: "true")),
        ("\"a\nb\"", 1, 3, .controlCharacterInString),
        ("[1] 2", 1, 5, .trailingText),
        ("\"\\x\"", 1, 2, .invalidEscape),
        ("[\"é", 1, 4, .unexpectedEnd),
    ])
    func syntaxErrorsNameLineAndColumn(text: String, line: Int, column: Int, problem: JSONSyntaxError.Problem) {
        #expect {
            try JSONValue.parse(text, file: "x.json")
        } throws: { error in
            guard let error = error as? JSONSyntaxError else { return false }
            return error.problem == problem && error.file == "x.json" && error.line == line && error.column == column
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(text) }
    }

    @Test func duplicateKeysAreFound() throws {
        #expect(try JSONValue.parse(#"{"a":{"b":1,"c":[{"d":1,"d":2}]}}"#).duplicateKeyPath == "a.c[0].d")
        #expect(try JSONValue.parse(#"{"a":1,"b":{"a":2}}"#).duplicateKeyPath == nil)
    }

    @Test func stringsAreEscapedAsRFC8259Requires() throws {
        var out = ""
        JSONValue.writeString("a\"b\\c/d\n\u{01}é", into: &out)
        #expect(out == #""a\"b\\c/d\n\u0001é""#)
        #expect(try JSONValue.parse(out) == .string("a\"b\\c/d\n\u{01}é"))
    }

    @Test func prettyRenderingIndentsByTwo() throws {
        let value = try JSONValue.parse(#"{"a":[1,{"b":[]}],"c":{}}"#)
        #expect(value.pretty() == "{\n  \"a\": [\n    1,\n    {\n      \"b\": []\n    }\n  ],\n  \"c\": {}\n}")
    }

    struct Sample: Encodable {
        var zeta = 1
        var alpha: String? = nil
        var beta = [true, false]
        var gamma: [String: Int] = ["y": 2, "x": 1]
        var delta = Nested()
        struct Nested: Encodable { var big: Int64 = .max; var half = 0.5 }
    }

    @Test func theEncoderKeepsTheEncodingOrder() throws {
        let value = try JSONValueEncoder().encode(Sample())
        #expect(value.keys == ["zeta", "beta", "gamma", "delta"])
        #expect(value["delta"]?.compact == #"{"big":9223372036854775807,"half":0.5}"#)
        let sorted = try JSONValueEncoder(sortedKeys: true).encode(Sample())
        #expect(sorted.compact == #"{"beta":[true,false],"delta":{"big":9223372036854775807,"half":0.5},"gamma":{"x":1,"y":2},"zeta":1}"#)
    }

    @Test func theEncoderAgreesWithJSONEncoderOnValues() throws {
        struct Config: Codable, Equatable { var name: String; var count: Int; var tags: [String: String]; var flag: Bool? }
        let config = Config(name: "x\"y", count: -3, tags: ["n": "noun"], flag: nil)
        let ours = try JSONValueEncoder().encode(config)
        let decoded = try JSONDecoder().decode(Config.self, from: Data(ours.compact.utf8))
        #expect(decoded == config)
        #expect(ours == (try JSONValue.parse(JSONEncoder().encode(config))))
    }
}

@Suite struct JSONValueRoundTripTests {
    @Test func writesAndParsesRoundTrip() throws {
        let value = JSONValue.object([
            ("z", .int(3)), ("a", .strings(["é/ü", "tab\there", "nul\u{0}", "😀"])),
            ("n", .null), ("b", .bool(false)), ("e", .array([])), ("o", .object([])),
        ])
        #expect(value.compact == #"{"z":3,"a":["é/ü","tab\there","nul\u0000","😀"],"n":null,"b":false,"e":[],"o":{}}"#)
        #expect(try JSONValue.parse(value.compact) == value)
        #expect(try JSONValue.parse(value.pretty()) == value)
        #expect(value.pretty().contains("\n  \"z\": 3,\n"))
        #expect(try JSONValue.parse(#"["\ud83d\ude00\/"]"#) == .strings(["😀/"]))
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(#"{"a":1,}"#) }
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse("[1] x") }
    }

    @Test func dictionariesAreEncodedWithSortedKeys() throws {
        let value = try JSONValueEncoder().encode(["b": 1, "a": 2, "c": 3])
        #expect(value.keys == ["a", "b", "c"])
    }
}

@Suite struct JSONValueEdgeTests {
    @Test func wholeNumbersBeyondInt64CompareByTheirDigits() throws {
        #expect(try JSONValue.parse("18446744073709551616") != JSONValue.parse("18446744073709551617"))
        #expect(try JSONValue.parse("18446744073709551616") == JSONValue.parse("18446744073709551616"))
        #expect(try JSONValue.parse("-0") == JSONValue.parse("0"))
        #expect(try JSONValue.parse("1e2") == JSONValue.parse("100"))
    }

    @Test func aByteOrderMarkIsNotAColumn() {
        #expect {
            try JSONValue.parse(Data([0xEF, 0xBB, 0xBF] + Array("[1,]".utf8)))
        } throws: { error in
            (error as? JSONSyntaxError)?.column == 4
        }
    }
}

/// The strings written as UTF-8 bytes (the dictionary's rows) are the strings written as a
/// `String` (everything else), and read back as the same text by Foundation: every escape,
/// every script.
@Suite struct JSONBytesTests {
    static let texts = [
        "", "plain", "quote \" and \\ backslash", "line\nfeed\rreturn\ttab", "\u{08}\u{0C}\u{00}\u{01}\u{1F}",
        "año", "短い", "🙂 emoji", "mixed \"año\"\n🙂\u{7F}", String(repeating: "long ", count: 300),
    ]

    func viaString(_ values: [String]) -> String {
        var out = ""
        JSONValue.writeCompactStrings(values, into: &out)
        return out
    }

    /// What Foundation reads back from `json`, a list of strings.
    func readBack(_ json: String) -> [String]? {
        (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String]
    }

    @Test func bytesAreTheStringsBytes() {
        for text in Self.texts {
            let json = JSONValue.compactStrings([text])
            #expect(json == viaString([text]), "\(text.unicodeScalars.map(\.value))")
            // Read back by another parser as the same text; no control character left raw.
            #expect(readBack(json) == [text], "\(text.unicodeScalars.map(\.value))")
            #expect(json.unicodeScalars.allSatisfy { $0.value >= 0x20 })
        }
        #expect(JSONValue.compactStrings(["\n\t\\\u{1F}\u{08}\u{0C}\r", "año 🙂"]) == #"["\n\t\\\u001f\b\f\r","año 🙂"]"#)
        #expect(JSONValue.compactStrings(Self.texts) == viaString(Self.texts))
        #expect(JSONValue.compactStrings([]) == "[]")
        #expect(JSONValue.compactStrings(["a\"b", "c\u{01}"]) == #"["a\"b","c\u0001"]"#)

        // Random scalars of every plane, controls and the escaped characters often.
        var random = Seeded(state: 19)
        for _ in 0..<500 {
            let scalars = (0..<Int.random(in: 0...12, using: &random)).map { _ -> Character in
                switch Int.random(in: 0..<4, using: &random) {
                case 0: return Character(Unicode.Scalar(UInt8.random(in: 0...0x7F, using: &random)))
                case 1: return ["\"", "\\", "\n", "\u{0}"].randomElement(using: &random)!
                default: return Character(Unicode.Scalar(UInt32.random(in: 0x80...0x10FFFF, using: &random)) ?? "x")
                }
            }
            let text = String(scalars)
            let json = JSONValue.compactStrings([text, text])
            #expect(json == viaString([text, text]), "\(text.unicodeScalars.map(\.value))")
            #expect(readBack(json) == [text, text], "\(text.unicodeScalars.map(\.value))")
        }
    }
}

/// A seeded generator (a linear congruential one is enough here), so a failing case repeats.
private struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state ^ (state >> 29)
    }
}
