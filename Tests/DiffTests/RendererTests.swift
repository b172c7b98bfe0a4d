import Foundation
import ReleaseDiffing
import Testing

@Suite struct RendererTests {
    /// One change of every kind.
    static var diff: ReleaseDiff {
        var words = Bundles.base
        words[0].definition = "a continuum of events"
        words[0].synonyms = ["clip", "age"]
        words[1].provenance.ili = "i3"; words[1].provenance.synsetId = "s-run2"; words[1].definition = "operate"
        words[2].translations = .fixture(["es": ["casa", "hogar"]])
        words[2].rank = 4
        words.append(Bundles.word("car", id: 5, rank: 3, synset: "s-car", ili: "i12", translations: ["es": ["coche"]]))
        let old = Bundles.release(Bundles.base + [Bundles.word("okay", "adjective", id: 4, rank: 4, synset: "s-ok", ili: nil)])
        let new = Bundles.release(words, version: "1.0.1", exclusions: [.init("okay", .adjective, reason: "not-reached")])
        return ReleaseDiff(old: old, new: new)
    }

    @Test func textReport() {
        let text = DiffRenderer().text(Self.diff)
        #expect(text.hasPrefix("Release diff: demo 1.0.0 (4 words) → demo 1.0.1 (4 words)"))
        #expect(!text.contains("\u{1B}["))
        for fragment in [
            "+ car/noun  rank 3  — unknown (no exclusions recorded)", "- okay/adjective  rank 4  — left the top 4",
            "Sense switched (1)", "~ run/verb  s-run1 (i2) #1 → s-run2 (i3) #1",
            "Definition edited (1)", "      - a continuum", "      + a continuum of events",
            "Synonyms (1)", "~ time/noun  +age", "~ house/noun [es]  +hogar", "~ house/noun  rank 3 → 4",
            "suggested bump: minor (new version at least 1.1.0)",
            "warning: the new version 1.0.1 is not above 1.0.0 by a minor bump (expected at least 1.1.0)",
            "es  2/4 (50.0%) → 3/4 (75.0%)  (+25.0 points)",
        ] {
            #expect(text.contains(fragment), "\(fragment)\n\(text)")
        }
        #expect(DiffRenderer(color: true).text(Self.diff).contains("\u{1B}[32m+ car/noun\u{1B}[0m"))
    }

    @Test func limitCapsEveryList() {
        let old = Bundles.release([])
        let new = Bundles.release((1...7).map { Bundles.word("w\($0)", id: $0, rank: $0, synset: "s\($0)", ili: nil) })
        let diff = ReleaseDiff(old: old, new: new)
        let text = DiffRenderer(limit: 3).text(diff)
        #expect(text.contains("+ w3/noun"))
        #expect(!text.contains("+ w4/noun"))
        #expect(text.contains("… and 4 more"))
        let markdown = DiffRenderer(limit: 3).markdown(diff)
        #expect(markdown.contains("- … and 4 more"))
        #expect(!markdown.contains("**w4**"))
        let json = try! DiffRenderer(limit: 3).json(diff)
        #expect(json.contains("\"w7\""))
    }

    @Test func markdownHasASummaryTableAndCollapsibleSections() {
        let markdown = DiffRenderer().markdown(Self.diff)
        #expect(markdown.hasPrefix("### Release diff: demo 1.0.0 (4 words) → demo 1.0.1 (4 words)"))
        for fragment in [
            "| Added | 1 |", "| Removed | 1 |", "| ↳ sense switched | 1 |",
            "| es | 2/4 (50.0%) | 3/4 (75.0%) | +25.0 points |",
            "Suggested version bump: **minor** (at least 1.1.0)",
            "> **Warning:**",
            "<details><summary>Removed (1)</summary>", "- **okay** (adjective) rank 4 — left the top 4",
            "<details><summary>Definition edited (1)</summary>",
            "- **time** (noun): ~~a continuum~~ → a continuum of events",
            "</details>",
        ] {
            #expect(markdown.contains(fragment), "\(fragment)\n\(markdown)")
        }
        #expect(DiffRenderer.md("a|b <i>") == "a\\|b \\<i\\>")
    }

    @Test func jsonIsCompleteAndStable() throws {
        let json = try DiffRenderer().json(Self.diff)
        #expect(try DiffRenderer().json(Self.diff) == json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(Array(object.keys).sorted() == [
            "added", "changed", "coverage", "metadata", "minimumVersion", "moved", "new", "old", "pins", "provenance", "removed",
            "suggestedBump", "summary", "translationSources", "unchanged", "versionWarning",
        ])
        #expect(object["suggestedBump"] as? String == "minor")
        let removed = try #require(object["removed"] as? [[String: Any]])
        #expect((removed.first?["reason"] as? [String: Any])?["code"] as? String == "not-reached")
        let decoded = try JSONDecoder().decode(ReleaseDiff.self, from: Data(json.utf8))
        #expect(decoded == Self.diff)
        // Keys sorted: "added" comes before "changed" in the text.
        #expect(json.range(of: "\"added\"")!.lowerBound < json.range(of: "\"changed\"")!.lowerBound)
    }
}

@Suite struct SchemaChangeTests {
    @Test func schemaRowsAreListedAndCallForAMajorBump() throws {
        let old = Bundles.release(Bundles.base, schema: ["table words: A", "index w: B"])
        let new = Bundles.release(Bundles.base, version: "2.0.0", userVersion: 2, schema: ["table words: A", "index w: C"])
        let diff = ReleaseDiff(old: old, new: new)
        let schema = try #require(diff.schema)
        #expect(schema.oldUserVersion == 1 && schema.newUserVersion == 2)
        #expect(schema.removed == ["index w: B"] && schema.added == ["index w: C"])
        #expect(diff.summary.schemaChanged)
        #expect(diff.suggestedBump == .major && diff.versionWarning == nil)
        let text = DiffRenderer().text(diff)
        for fragment in ["schema                 changed", "user_version 1 → 2", "- index w: B", "+ index w: C"] {
            #expect(text.contains(fragment), "\(fragment)\n\(text)")
        }
        #expect(DiffRenderer().markdown(diff).contains("<details><summary>Schema changed</summary>"))
    }
}
