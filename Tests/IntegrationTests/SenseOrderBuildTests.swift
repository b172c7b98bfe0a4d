import Foundation
import SQLiteDatabase
import TestSupport
import Testing
import VocabCore
import VocabPipeline

/// `senseOrder` through `vocab build` on the sample corpus. The source is the sample English
/// lexicon (id `sample-en`: its order is arbitrary unless the config says otherwise); the ranking
/// lexicon is the same file as another lexicon, frequency-ordered by the config, in which
/// `spring` (noun) lists the coil first and the season second.
@Suite struct SenseOrderBuildTests {
    /// The ranking lexicon: the sample with `spring`'s first two senses swapped, another id.
    static func rankingLexicon(in scratch: GatesTests.Scratch) throws -> URL {
        let sample = try String(contentsOf: TestProject.sampleCorpus.appendingPathComponent("lexicon-en.xml"), encoding: .utf8)
        let swapped = sample
            .replacingOccurrences(of: #"id="sample-en""#, with: #"id="sample-rank""#)
            .replacingOccurrences(
                of: #"<Sense id="sx-spring-n-1" synset="sx-springtime-n-syn"/>"# + "\n" + #"      <Sense id="sx-spring-n-2" synset="sx-coil-n"/>"#,
                with: #"<Sense id="sx-spring-n-2" synset="sx-coil-n"/>"# + "\n" + #"      <Sense id="sx-spring-n-1" synset="sx-springtime-n-syn"/>"#)
        #expect(swapped.contains(#"<Sense id="sx-spring-n-2" synset="sx-coil-n"/>"# + "\n" + #"      <Sense id="sx-spring-n-1""#))
        let url = scratch.root.appendingPathComponent("ranking-en.xml")
        try swapped.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// spring (noun)'s card of a build of `config`, and the join stage's `senseOrder`.
    static func spring(_ scratch: GatesTests.Scratch, _ config: URL) throws -> (ili: String?, order: String?) {
        let run = try scratch.build(config, ["--force"])
        #expect(run.status == 0, "\(run)")
        let bundle = try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.release.appendingPathComponent("sample-en-es.json"))) as? [String: Any]
        let words = try #require(bundle?["words"] as? [[String: Any]])
        let spring = try #require(words.first { $0["name"] as? String == "spring" && $0["pos"] as? String == "noun" })
        let provenance = spring["provenance"] as? [String: Any]
        let report = try scratch.buildReport()
        return (provenance?["ili"] as? String, report.senses?.order)
    }

    @Test func aFrequencyOrderedGlossLexiconRanksAnArbitrarySourcesSenses() throws {
        let scratch = try GatesTests.Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let ranking = try Self.rankingLexicon(in: scratch)
        let config = try scratch.config {
            $0["glosses"] = ["language": "en", "path": ranking.path, "senseOrder": "frequency"]
        }
        let (ili, order) = try Self.spring(scratch, config)
        #expect(ili == "i102", "the coil, first in the ranking lexicon")
        #expect(order == "evidence sample-rank:1.0")
        let review = try String(contentsOf: scratch.report.appendingPathComponent("sense-review.tsv"), encoding: .utf8)
        #expect(review.split(separator: "\n").contains { $0.hasPrefix("ranked\tspring\tnoun\t2\ti102\t") }, "\(review)")
        // The dictionary's card of spring (noun) follows the same rule.
        let dictionary = try SQLiteConnection(path: scratch.release.appendingPathComponent("sample-en-es-dictionary.sqlite").path, readOnly: true)
        let entry = try dictionary.read { try String.fetchOne($0, sql: "SELECT ili FROM entries WHERE name = 'spring' AND pos = 'noun'") }
        #expect(entry == "i102")
    }

    @Test func aFrequencyOrderedTranslationLexiconRanksThemToo() throws {
        let scratch = try GatesTests.Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let ranking = try Self.rankingLexicon(in: scratch)
        let config = try scratch.config { json in
            var translations = json["translations"] as! [[String: Any]]
            translations.append(["language": "en", "path": ranking.path, "senseOrder": "frequency"])
            json["translations"] = translations
        }
        let (ili, order) = try Self.spring(scratch, config)
        #expect(ili == "i102")
        #expect(order == "evidence sample-rank:1.0")
    }

    @Test func aSourceStatedFrequencyOrderedKeepsItsOrder() throws {
        let scratch = try GatesTests.Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let ranking = try Self.rankingLexicon(in: scratch)
        let config = try scratch.config { json in
            var lexicon = json["lexicon"] as! [String: Any]
            lexicon["senseOrder"] = "frequency"
            json["lexicon"] = lexicon
            json["glosses"] = ["language": "en", "path": ranking.path, "senseOrder": "frequency"]
        }
        let (ili, order) = try Self.spring(scratch, config)
        #expect(ili == "i101", "the season, the source's first")
        #expect(order == "frequency")
        #expect(!FileManager.default.fileExists(atPath: scratch.report.appendingPathComponent("sense-review.tsv").path))
        // Without a frequency-ordered lexicon, an arbitrary order stays as it is and the report says so.
        let plain = try scratch.config("plain.json") { _ in }
        let (plainILI, plainOrder) = try Self.spring(scratch, plain)
        #expect(plainILI == "i101" && plainOrder == "lexicon")
        #expect(try scratch.buildReport().text.contains("senses in the lexicon's order: no frequency-ordered lexicon to rank them by"))
    }
}
