import Foundation
import ReleaseFormat
import TestSupport
import Testing

/// `Sources/ReleaseFormat/SCHEMA.md` documents ``ReleaseSchema``; its SQL block is generated
/// from the schema data. Run with `VOCAB_WRITE_SCHEMA_DOC=1` to rewrite the block after a
/// schema change.
@Suite struct SchemaDocumentTests {
    static let document = TestProject.root.appendingPathComponent("Sources/ReleaseFormat/SCHEMA.md")
    static let start = "<!-- schema:begin (generated from ReleaseSchema; VOCAB_WRITE_SCHEMA_DOC=1 swift test --filter SchemaDocumentTests) -->\n```sql\n"
    static let end = "\n```\n<!-- schema:end -->"

    @Test func theDocumentsSQLIsTheSchema() throws {
        var text = try String(contentsOf: Self.document, encoding: .utf8)
        let begin = try #require(text.range(of: Self.start), "SCHEMA.md has no generated schema block")
        let finish = try #require(text.range(of: Self.end, range: begin.upperBound..<text.endIndex))
        let documented = String(text[begin.upperBound..<finish.lowerBound])
        if ProcessInfo.processInfo.environment["VOCAB_WRITE_SCHEMA_DOC"] == "1" {
            text.replaceSubrange(begin.upperBound..<finish.lowerBound, with: ReleaseSchema.documentedSQL)
            try text.write(to: Self.document, atomically: true, encoding: .utf8)
            return
        }
        #expect(documented == ReleaseSchema.documentedSQL,
                "SCHEMA.md is out of date: run VOCAB_WRITE_SCHEMA_DOC=1 swift test --filter SchemaDocumentTests")
        #expect(text.contains("user_version = \(ReleaseSchema.version)"))
    }
}
