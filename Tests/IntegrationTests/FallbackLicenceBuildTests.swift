import Foundation
import SQLiteDatabase
import TestSupport
import Testing
import VocabCore
import VocabPipeline

/// A share-alike fallback lexicon through the `vocab` executable on the sample corpus: its
/// translations carry their source into the release, the release's licence becomes share-alike
/// (manifest, metadata, ATTRIBUTION.md), and `gates.allowedLicenses` without it exits 3, naming it,
/// with nothing published.
@Suite struct FallbackLicenceBuildTests {
    typealias Scratch = GatesTests.Scratch

    /// The sample config's stop list made absolute (the scratch config is not beside it).
    static func absoluteStopList(_ json: inout [String: Any]) {
        var selection = json["selection"] as! [String: Any]
        if let list = selection["stopList"] as? String, !list.hasPrefix("/") {
            selection["stopList"] = Project.sampleConfig.deletingLastPathComponent().appendingPathComponent(list).path
        }
        json["selection"] = selection
    }

    static func withFallback(_ json: inout [String: Any]) {
        absoluteStopList(&json)
        let wiktionary: [String: Any] = [
            "language": "es", "path": "lexicon-es-wikt.xml", "fallback": true, "attribution": "Sample Spanish fallback lexicon (CC BY-SA 3.0)",
        ]
        var translations = json["translations"] as! [[String: Any]]
        translations.insert(wiktionary, at: 1)
        json["translations"] = translations
    }

    @Test func aShareAlikeFallbackMakesTheReleaseShareAlikeAndRecordsItsTranslations() throws {
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let run = try scratch.build(try scratch.config { Self.withFallback(&$0) })
        #expect(run.status == 0, "\(run.stderr)")
        let manifest = try JSONSerialization.jsonObject(
            with: Data(contentsOf: scratch.release.appendingPathComponent("datapackage.json"))) as! [String: Any]
        #expect(manifest["licenseExpression"] as? String == "CC-BY-SA-4.0")
        #expect((manifest["licenses"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["CC-BY-SA-4.0"])
        let attribution = try String(contentsOf: scratch.release.appendingPathComponent("ATTRIBUTION.md"), encoding: .utf8)
        #expect(attribution.contains("**CC-BY-SA-4.0**") && attribution.contains("sample-wikt-es:1.0"), "\(attribution)")
        let database = try SQLiteConnection(path: scratch.release.appendingPathComponent("sample-en-es.sqlite").path)
        let (license, run_, spring) = try database.read { db in
            (try String.fetchOne(db, sql: "SELECT value FROM metadata WHERE key = 'licenseExpression'"),
             try SQLiteRow.fetchOne(db, sql: "SELECT translations, translationSources FROM words WHERE name = 'run'"),
             try SQLiteRow.fetchOne(db, sql: "SELECT translations, translationSources FROM words WHERE name = 'spring' AND pos = 'noun'"))
        }
        #expect(license == "CC-BY-SA-4.0")
        // run's first concept only the fallback translates; spring's the first lexicon does, alone.
        let runRow = try #require(run_)
        #expect((runRow["translations"] as String).contains("\"es\":[\"funcionar\"]"), "\(runRow)")
        #expect((runRow["translationSources"] as String).contains("\"es\":[\"sample-wikt-es:1.0\"]"), "\(runRow)")
        let springRow = try #require(spring)
        #expect(!(springRow["translations"] as String).contains("estío"), "\(springRow)")
        #expect((springRow["translationSources"] as String).contains("\"es\":[\"sample-es:1.0\"]"), "\(springRow)")
        // The report gives coverage per source.
        let report = try scratch.buildReport()
        #expect(report.translationCoverage?.bySource["es"]?["sample-wikt-es:1.0"] == 1)
        #expect(report.license == "CC-BY-SA-4.0")
    }

    @Test func aLicenceTheGateDoesNotAllowExitsThreeNamingTheSourceAndPublishesNothing() throws {
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let config = try scratch.config {
            Self.withFallback(&$0)
            $0["gates"] = ["allowedLicenses": ["CC-BY-4.0", "CC-BY-3.0", "CC0-1.0"]]
        }
        let run = try scratch.build(config)
        #expect(run.status == 3, "\(run)")
        #expect(run.stderr.contains("gate failed: allowedLicenses") && run.stderr.contains("sample-wikt-es:1.0"), "\(run.stderr)")
        #expect(run.stderr.contains("CC-BY-SA-3.0"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.release.path))

        // The same gate passes the release without the share-alike lexicon.
        let without = try scratch.config("plain.json") {
            Self.absoluteStopList(&$0)
            $0["gates"] = ["allowedLicenses": ["CC-BY-4.0", "CC-BY-3.0", "CC0-1.0"]]
        }
        let plain = try scratch.build(without)
        #expect(plain.status == 0, "\(plain.stderr)")
        let manifest = try JSONSerialization.jsonObject(
            with: Data(contentsOf: scratch.release.appendingPathComponent("datapackage.json"))) as! [String: Any]
        #expect(manifest["licenseExpression"] as? String == "CC-BY-4.0 AND CC-BY-3.0")
    }
}
