import Foundation
import Testing
import VocabJSON

@Suite struct JSONSchemaValidatorTests {
    let validator = try! JSONSchemaValidator(schema: Data("""
    {
      "type": "object",
      "required": ["name", "words"],
      "additionalProperties": false,
      "properties": {
        "name": { "type": "string", "pattern": "^[a-z-]+$" },
        "count": { "type": "integer", "minimum": 0 },
        "flag": { "type": "boolean" },
        "words": { "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/word" } }
      },
      "$defs": {
        "word": {
          "type": "object",
          "required": ["pos"],
          "properties": {
            "pos": { "enum": ["noun", "verb"] },
            "definition": { "type": ["string", "null"] }
          }
        }
      }
    }
    """.utf8))

    func violations(_ json: String) throws -> [String] {
        try validator.validate(Data(json.utf8)).map(\.description)
    }

    @Test func aValidDocumentHasNoViolations() throws {
        #expect(try violations(#"{"name": "ok", "count": 3, "flag": true, "words": [{"pos": "noun", "definition": null}]}"#).isEmpty)
    }

    @Test func eachRuleReportsWhereAndWhy() throws {
        #expect(try violations(#"{"words": [{"pos": "noun"}]}"#) == [#"/: required key "name" is missing"#])
        #expect(try violations(#"{"name": "A", "words": [{"pos": "noun"}]}"#).first?.hasPrefix("/name:") == true)
        #expect(try violations(#"{"name": "a", "count": 1.5, "words": [{"pos": "noun"}]}"#) == ["/count: expected integer, found number"])
        #expect(try violations(#"{"name": "a", "count": -1, "words": [{"pos": "noun"}]}"#).first?.contains("below the minimum") == true)
        #expect(try violations(#"{"name": "a", "flag": 1, "words": [{"pos": "noun"}]}"#) == ["/flag: expected boolean, found number"])
        #expect(try violations(#"{"name": "a", "words": []}"#) == ["/words: fewer than 1 items"])
        #expect(try violations(#"{"name": "a", "words": [{"pos": "adverb"}]}"#).first?.hasPrefix("/words/0/pos:") == true)
        #expect(try violations(#"{"name": "a", "words": [{"pos": "noun", "definition": 3}]}"#) == ["/words/0/definition: expected string or null, found number"])
        #expect(try violations(#"{"name": "a", "extra": 1, "words": [{"pos": "noun"}]}"#) == [#"/extra: unexpected key "extra""#])
    }

    /// A key with `~` or `/` is written as RFC 6901 says in the pointer that names where (`~0`, `~1`),
    /// any other key as it is, whatever its characters.
    @Test func thePointerEscapesTildeAndSlashOnly() throws {
        #expect(try violations(#"{"name": "a", "a/b~c": 1, "words": [{"pos": "noun"}]}"#) == [#"/a~1b~0c: unexpected key "a/b~c""#])
        #expect(try violations(#"{"name": "a", "~1": 1, "words": [{"pos": "noun"}]}"#) == [#"/~01: unexpected key "~1""#])
        #expect(try violations(#"{"name": "a", "año\"é": 1, "words": [{"pos": "noun"}]}"#) == [#"/año"é: unexpected key "año"é""#])
    }

    @Test func notJSONIsAnError() {
        #expect(throws: JSONSyntaxError(file: nil, line: 1, column: 2, offset: 1, problem: .unexpectedEnd)) {
            try validator.validate(Data("{".utf8))
        }
    }
}
