import Foundation
import ReleaseFormat
import SQLiteDatabase
import TestSupport
import Testing
import VocabCore
import VocabJSON
import VocabPipeline

/// The examples stage in a build, through `vocab`: the sample with its sentence pairs
/// (`Corpus/sample/sentences-en-es.tsv` and the analyzers written for them), then the shipped
/// releases on the real corpus, against the targets.
@Suite(.serialized) struct ExamplesBuildTests {
    static let epoch = ["SOURCE_DATE_EPOCH": "1767225600"]

    /// Builds the sample with pairs into `root`; the release folder.
    static func buildSample(in root: URL, edit: (inout [String: Any]) -> Void = { _ in }, force: Bool = false) throws -> (release: URL, run: VocabRun) {
        let config = try TestProject.sampleConfigWithExamples(in: root, edit: edit)
        let run = try TestProject.runVocab([
            "build", "--config", config.path, "--output", root.appendingPathComponent("out").path,
            "--work", root.appendingPathComponent("work").path, "--json",
        ] + (force ? ["--force"] : []), environment: epoch)
        guard run.status == 0 else { throw TestSetupError("vocab build failed: \(run)") }
        return (root.appendingPathComponent("out/sample-en-es-0.1.0"), run)
    }

    /// The bundle's words by name.
    static func words(_ release: URL, _ dataset: String) throws -> [String: [String: JSONValue]] {
        let bundle = try JSONValue.parse(Data(contentsOf: release.appendingPathComponent("\(dataset).json")))
        var words: [String: [String: JSONValue]] = [:]
        for word in bundle["words"]?.arrayValue ?? [] {
            guard let name = word["name"]?.stringValue, let members = word.objectValue else { continue }
            words[name] = Dictionary(members, uniquingKeysWith: { first, _ in first })
        }
        return words
    }

    static func examples(_ word: [String: JSONValue]?) -> [CardExample] {
        word?["examples"].flatMap(ExampleJSON.examples) ?? []
    }

    @Test func theSampleWithPairsGivesCardsTranslatedExamplesAndValidates() throws {
        let root = try TestProject.temporaryFolder("examples")
        defer { try? FileManager.default.removeItem(at: root) }
        let (release, _) = try Self.buildSample(in: root)
        let words = try Self.words(release, "sample-en-es")

        // house: its synset's example first, then pairs of its sense with their translation.
        let house = Self.examples(words["house"])
        let lexicon = house.prefix { $0 == CardExample(lexicon: $0.text) }
        #expect(lexicon.map(\.text) == ["she's looking for a house near the sea", "he has a house on Cape Cod"])
        let pairs = house.dropFirst(lexicon.count)
        // La casa es grande shows casa as the card writes it; Las casas son nuevas another form.
        #expect(pairs.map(\.text) == ["This is my house.", "The house is big.", "The houses are new."])
        #expect(pairs.allSatisfy { $0.source == "sample-pairs" && $0.sameSense && $0.translation != nil })
        #expect(words["house"]?["sentences"]?.stringsValue == house.map(\.text), "sentences keep the texts, for the original app")
        // spring the season, never the coil.
        #expect(Self.examples(words["spring"]).map(\.text) == ["the emerging buds were a sure sign of spring", "Spring is here."])
        // run has no Spanish translation: one pair that says so.
        #expect(Self.examples(words["run"]) == [
            CardExample(text: "Tom ran home.", translation: "Tom corrió a casa.", source: "sample-pairs", sameSense: false),
        ])
        #expect(Self.examples(words["selfie"]).isEmpty)

        // The release as the app and CI check it.
        let validate = try TestProject.runVocab(["validate", release.path])
        #expect(validate.status == 0, "\(validate.stdout)")
        // The pairs and their analyzers are sources; the pairs' attribution is the release's.
        let manifest = try JSONValue.parse(Data(contentsOf: release.appendingPathComponent("datapackage.json")))
        let sources = manifest["sources"]?.arrayValue ?? []
        #expect(sources.contains { $0["role"]?.stringValue == "examples" && $0["path"]?.stringValue == "sentences-en-es.tsv" })
        #expect(sources.filter { $0["role"]?.stringValue == "morphology" }.compactMap { $0["path"]?.stringValue }
                == ["analyzer-en.automorf.bin", "analyzer-es.automorf.bin"])
        let attribution = try String(contentsOf: release.appendingPathComponent("ATTRIBUTION.md"), encoding: .utf8)
        #expect(attribution.contains("Sample sentence pairs"))
        // The lookup prints each pair with its translation.
        let lookup = try TestProject.runVocab(["lookup", release.path, "house"])
        #expect(lookup.stdout.contains("“This is my house.” — “Esta es mi casa.” (sample-pairs)"))
    }

    @Test func theReportCountsExamplesBySource() throws {
        let root = try TestProject.temporaryFolder("examples")
        defer { try? FileManager.default.removeItem(at: root) }
        let (release, run) = try Self.buildSample(in: root)
        let report = try JSONValue.parse(Data(run.stdout.utf8))
        let figures = try #require(report["figures"]?["examples"])
        let words = try Self.words(release, "sample-en-es")
        let cards = words.values.map(Self.examples)
        #expect(figures["source"]?.stringValue == "sample-pairs")
        #expect(figures["any"]?.int64Value == Int64(cards.count { !$0.isEmpty }))
        #expect(figures["lexicon"]?.int64Value == Int64(cards.count { $0.contains(where: \.isFromLexicon) }))
        #expect(figures["pairs"]?.int64Value == Int64(cards.count { $0.contains { !$0.isFromLexicon } }))
        #expect(figures["sameSense"]?.int64Value == Int64(cards.count { $0.contains { !$0.isFromLexicon && $0.sameSense } }))
        #expect((figures["pairs"]?.int64Value ?? 0) > (figures["sameSense"]?.int64Value ?? 0))
        let page = try String(contentsOf: root.appendingPathComponent("out/sample-en-es-0.1.0.report/report.html"), encoding: .utf8)
        #expect(page.contains("Examples by source"))
    }

    @Test func aBuildWhoseSentencesAndCardsDidNotChangeReusesTheStage() throws {
        let root = try TestProject.temporaryFolder("examples")
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try Self.buildSample(in: root)
        let again = try Self.buildSample(in: root)
        func stages(_ run: VocabRun) throws -> [String: Bool] {
            let report = try JSONValue.parse(Data(run.stdout.utf8))
            var reused: [String: Bool] = [:]
            for stage in report["stages"]?.arrayValue ?? [] {
                if let name = stage["stage"]?.stringValue { reused[name] = stage["reused"]?.boolValue ?? false }
            }
            return reused
        }
        #expect(try stages(first.run)["examples"] == false)
        #expect(try stages(again.run)["examples"] == true)
        // Another limit: only the examples stage and emit run again.
        let fewer = try Self.buildSample(in: root) { $0["perCard"] = 1 }
        let reused = try stages(fewer.run)
        #expect(reused["examples"] == false && reused["join"] == true && reused["select"] == true)
        #expect(try Self.words(fewer.release, "sample-en-es").values.allSatisfy { Self.examples($0).filter { !$0.isFromLexicon }.count <= 1 })
    }

    @Test func theSameInputsGiveTheSameBytes() throws {
        let first = try TestProject.temporaryFolder("examples"), second = try TestProject.temporaryFolder("examples")
        defer { [first, second].forEach { try? FileManager.default.removeItem(at: $0) } }
        let a = try Self.buildSample(in: first).release, b = try Self.buildSample(in: second).release
        #expect(try TestProject.fileDigests(under: a) == TestProject.fileDigests(under: b))
    }

    @Test func withoutPairsTheCardsKeepTheLexiconsExamplesOnly() throws {
        let root = try TestProject.temporaryFolder("examples")
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try TestProject.runVocab([
            "build", "--config", TestProject.sampleConfig.path, "--output", root.appendingPathComponent("out").path,
            "--work", root.appendingPathComponent("work").path, "--json",
        ], environment: Self.epoch)
        #expect(run.status == 0, "\(run)")
        let report = try JSONValue.parse(Data(run.stdout.utf8))
        #expect(report["figures"]?["examples"] == nil)
        #expect(!(report["stages"]?.arrayValue ?? []).contains { $0["stage"]?.stringValue == "examples" }, "the stage does not run")
        let words = try Self.words(root.appendingPathComponent("out/sample-en-es-0.1.0"), "sample-en-es")
        #expect(words.count == 19)
        for (name, word) in words {
            let examples = Self.examples(word)
            #expect(examples.allSatisfy { $0 == CardExample(lexicon: $0.text) }, "\(name)")
            #expect(word["sentences"]?.stringsValue == examples.map(\.text), "\(name)")
        }
    }

    @Test func theStageRunsOnItsOwnFromTheJoinsArtifacts() throws {
        let root = try TestProject.temporaryFolder("examples")
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try Self.buildSample(in: root)
        let config = root.appendingPathComponent("pipeline.json").path
        let run = try TestProject.runVocab(["examples", "--config", config, "--work", root.appendingPathComponent("work").path])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.contains("examples: 19 records"), "\(run.stderr)")
        // Without the section the command says so, in one line.
        let bare = try TestProject.runVocab(["examples", "--config", TestProject.sampleConfig.path, "--work", root.appendingPathComponent("work").path])
        #expect(bare.status == 1)
        #expect(bare.stderr.hasPrefix("error: ") && bare.stderr.contains("examples: required key is missing"), "\(bare.stderr)")
    }
}
