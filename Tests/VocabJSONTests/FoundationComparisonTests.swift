import Foundation
import Testing
import VocabJSON

/// Why the project parses and writes JSON itself: each test shows one thing `JSONValue` keeps
/// that Foundation's `JSONSerialization` or `JSONDecoder` loses on this platform (see
/// Architecture.md, "VocabJSON"). A test that starts failing on Foundation's side after a
/// toolchain update means that reason may be gone.
@Suite struct FoundationComparisonTests {
    @Test func aRepeatedKeyIsKeptToBeReported() throws {
        let text = #"{"a":1,"a":2}"#
        #expect(try JSONValue.parse(text).duplicateKeyPath == "a")
        // Foundation says nothing: the parser keeps the last value, the decoder the first.
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Int]
        #expect(object == ["a": 2])
        #expect(try JSONDecoder().decode([String: Int].self, from: Data(text.utf8)) == ["a": 1])
    }

    @Test func aSyntaxErrorHasALineAndAColumn() throws {
        let text = "{\n  \"a\": 1,\n  \"b\": tru\n}"
        #expect {
            try JSONValue.parse(text)
        } throws: { error in
            guard let error = error as? JSONSyntaxError else { return false }
            return error.line == 3 && error.column == 11
        }
        // Foundation's parser gives a character offset in its debug text; the decoder no position.
        #expect {
            try JSONSerialization.jsonObject(with: Data(text.utf8))
        } throws: { error in
            "\(error)".contains("around character 22") && !"\(error)".contains("line")
        }
        #expect {
            try JSONDecoder().decode([String: Bool].self, from: Data(text.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return !context.debugDescription.contains("line") && !context.debugDescription.contains("character")
        }
    }

    @Test func aTrailingCommaIsAnError() throws {
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse("[1,]") }
        #expect(try JSONSerialization.jsonObject(with: Data("[1,]".utf8)) as? [Int] == [1])
        #expect(try JSONDecoder().decode([Int].self, from: Data("[1,]".utf8)) == [1])
    }

    @Test func membersKeepTheirOrderAndNumbersTheirText() throws {
        let text = #"{"z":1.50,"a":-0,"m":1e19}"#
        #expect(try JSONValue.parse(text).compact == text)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let again = String(decoding: try JSONSerialization.data(withJSONObject: object, options: .sortedKeys), as: UTF8.self)
        #expect(again == #"{"a":0,"m":1e+19,"z":1.5}"#)
    }

    @Test func writtenTextHasOneSpellingOnly() throws {
        let value = JSONValue.object([("k", .strings(["a/b"]))])
        #expect(value.pretty() == "{\n  \"k\": [\n    \"a/b\"\n  ]\n}")
        // Foundation escapes the slash and writes `"k" : `.
        let foundation = try JSONSerialization.data(withJSONObject: ["k": ["a/b"]], options: .prettyPrinted)
        #expect(String(decoding: foundation, as: UTF8.self) == "{\n  \"k\" : [\n    \"a\\/b\"\n  ]\n}")
    }
}
