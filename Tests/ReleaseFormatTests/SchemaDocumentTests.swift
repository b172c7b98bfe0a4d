import Foundation
import ReleaseFormat
import TestSupport
import Testing

/// `Sources/ReleaseFormat/SCHEMA.md` documents the release format; its SQL blocks (the release
/// database, the dictionary, the app's search query and its substring query) are generated from the format's data. Run
/// with `VOCAB_WRITE_SCHEMA_DOC=1` to rewrite them after a change.
@Suite struct SchemaDocumentTests {
    static let document = TestProject.root.appendingPathComponent("Sources/ReleaseFormat/SCHEMA.md")

    /// Each generated block: its name in the markers, and its content.
    static let blocks: [(name: String, sql: String)] = [
        ("release", ReleaseSchema.database.documentedSQL),
        ("dictionary", DictionarySchema.database.documentedSQL),
        ("search", WordSearch.query(table: ReleaseSchema.cardTable) + ";"),
        ("substrings", WordSearch.substringQuery(table: ReleaseSchema.cardTable) + ";"),
        ("forms", FormSearch.query(table: ReleaseSchema.cardTable) + ";\n\n"
            + "-- <name>-dictionary.sqlite: the entries, by their rank among the form's.\n"
            + FormSearch.query(table: DictionarySchema.cardTable) + ";"),
    ]

    static func markers(_ name: String) -> (start: String, end: String) {
        ("<!-- \(name):begin (generated; VOCAB_WRITE_SCHEMA_DOC=1 swift test --filter SchemaDocumentTests) -->\n```sql\n",
         "\n```\n<!-- \(name):end -->")
    }

    /// The document with every block's content between its markers replaced by `content(name)`.
    static func blocks(in text: String) throws -> [String: String] {
        var found: [String: String] = [:]
        for (name, _) in blocks {
            let (start, end) = markers(name)
            let begin = try #require(text.range(of: start), "SCHEMA.md has no generated \(name) block")
            let finish = try #require(text.range(of: end, range: begin.upperBound..<text.endIndex))
            found[name] = String(text[begin.upperBound..<finish.lowerBound])
        }
        return found
    }

    @Test func theDocumentsSQLIsTheFormats() throws {
        var text = try String(contentsOf: Self.document, encoding: .utf8)
        if ProcessInfo.processInfo.environment["VOCAB_WRITE_SCHEMA_DOC"] == "1" {
            for (name, sql) in Self.blocks {
                let (start, end) = Self.markers(name)
                let begin = try #require(text.range(of: start), "SCHEMA.md has no generated \(name) block")
                let finish = try #require(text.range(of: end, range: begin.upperBound..<text.endIndex))
                text.replaceSubrange(begin.upperBound..<finish.lowerBound, with: sql)
            }
            try text.write(to: Self.document, atomically: true, encoding: .utf8)
            text = try String(contentsOf: Self.document, encoding: .utf8)
        }
        let documented = try Self.blocks(in: text)
        for (name, sql) in Self.blocks {
            #expect(documented[name] == sql,
                    "SCHEMA.md's \(name) block is out of date: run VOCAB_WRITE_SCHEMA_DOC=1 swift test --filter SchemaDocumentTests")
        }
        #expect(text.contains("user_version = \(ReleaseSchema.version)"))
    }
}
