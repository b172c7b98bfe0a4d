import Foundation
import TestSupport
import Testing
import VocabCore
import VocabPipeline

/// Definitions through the ILI, through `vocab build` on the sample corpus: the source lexicon
/// is the sample English one with two definitions taken out (`spring`'s concept i101, `car`'s
/// i113); the gloss lexicon is the same file as another lexicon (`glose: ` before each
/// definition, language `fr`) that lacks `car`'s concept (its synset moved to i913).
@Suite struct GlossBuildTests {
    @Test func aSenseWithoutDefinitionTakesItsConceptsGlossAndTheReleaseSaysItsLanguage() throws {
        let scratch = try GatesTests.Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let sample = try String(contentsOf: TestProject.sampleCorpus.appendingPathComponent("lexicon-en.xml"), encoding: .utf8)
        let source = scratch.root.appendingPathComponent("source-en.xml")
        let stripped = sample
            .replacingOccurrences(of: "<Definition>the season of growth</Definition>", with: "")
            .replacingOccurrences(of: "<Definition>a motor vehicle with four wheels</Definition>", with: "")
        #expect(stripped.count < sample.count - 60)
        try stripped.write(to: source, atomically: true, encoding: .utf8)
        let gloss = scratch.root.appendingPathComponent("gloss.xml")
        try sample
            .replacingOccurrences(of: #"id="sample-en""#, with: #"id="sample-gloss""#)
            .replacingOccurrences(of: "<Definition>", with: "<Definition>glose: ")
            .replacingOccurrences(of: #"ili="i113""#, with: #"ili="i913""#)
            .write(to: gloss, atomically: true, encoding: .utf8)

        let config = try scratch.config {
            $0["lexicon"] = ["path": source.path, "attribution": "stripped sample"]
            $0["glosses"] = ["language": "fr", "path": gloss.path, "attribution": "Sample glosses, vocab-pipeline"]
        }
        let run = try scratch.build(config, ["--force"])
        #expect(run.status == 0, "\(run)")

        let bundle = try JSONSerialization.jsonObject(
            with: Data(contentsOf: scratch.release.appendingPathComponent("sample-en-es.json"))) as? [String: Any]
        let words = try #require(bundle?["words"] as? [[String: Any]])
        #expect(words.count == 19)
        func word(_ name: String) -> [String: Any]? { words.first { $0["name"] as? String == name && $0["pos"] as? String == "noun" } }
        // The same concept's gloss, in the gloss lexicon's language; the examples stay the source's.
        #expect(word("spring")?["definition"] as? String == "glose: the season of growth")
        #expect(word("spring")?["definitionLanguage"] as? String == "fr")
        #expect(word("spring")?["sentences"] as? [String] == ["the emerging buds were a sure sign of spring"])
        // The gloss lexicon lacks car's concept: no definition, not another concept's.
        #expect(word("car")?["definition"] is NSNull)
        #expect(word("car")?["definitionLanguage"] is NSNull)
        // Every other word keeps its own definition, in the source's language.
        let others = words.filter { !["spring", "car"].contains($0["name"] as? String) }
        #expect(others.allSatisfy { $0["definitionLanguage"] as? String == "en" && !(($0["definition"] as? String) ?? "glose").hasPrefix("glose") })

        // The dictionary's cards follow the same rule; the manifest names the gloss lexicon.
        let manifest = try String(contentsOf: scratch.release.appendingPathComponent("datapackage.json"), encoding: .utf8)
        #expect(manifest.contains("Sample glosses, vocab-pipeline"))
        #expect(manifest.contains(#""role": "gloss""#), "\(manifest)")
        // The database agrees: `vocab lookup` shows the definition with its language.
        let lookup = try Project.vocab(["lookup", scratch.release.path, "spring"])
        #expect(lookup.stdout.contains("  glose: the season of growth\n"), "\(lookup)")
        #expect(lookup.stdout.contains("; definition in fr)"), "\(lookup)")
        let validate = try Project.vocab(["validate", scratch.release.path])
        #expect(validate.status == 0, "\(validate)")
        // The report gives the definitions' sources.
        let report = try String(contentsOf: scratch.report.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(report.contains("from glosses (fr)"), "\(report)")
        let figures = try #require(try scratch.buildReport().figures?.definitions)
        #expect(figures.source == 17 && figures.gloss == ["fr": 1], "\(figures)")
    }
}
