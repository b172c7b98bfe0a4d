import Foundation
import Testing
@testable import VocabCore

/// `gates` and `sensePins` in pipeline.json: decoding, range checks, and what the manifest embeds.
@Suite struct GatesConfigTests {
    let configs = PipelineConfigTests()

    func withGates(_ gates: [String: Any]) -> (inout [String: Any]) -> Void {
        { json in json["gates"] = gates }
    }

    @Test func gatesDecodeWithEveryKey() throws {
        let pipeline = try configs.loadPipeline(withGates([
            "minimumWords": 19, "minimumCoverage": ["es": 80, "de": 50], "maximumDropShare": ["no-entry": 10],
            "maximumRemoved": 0, "maximumAdded": 5, "maximumChanged": 7,
        ]))
        let gates = pipeline.config.gates
        #expect(gates == GatesConfig(minimumWords: 19, minimumCoverage: ["es": 80, "de": 50], maximumDropShare: ["no-entry": 10],
                                     maximumRemoved: 0, maximumAdded: 5, maximumChanged: 7))
        #expect(gates.comparesWithPrevious)
        #expect(!gates.isEmpty)
        #expect(try configs.loadPipeline(withGates(["maximumWithoutReading": 2])).config.gates.maximumWithoutReading == 2)
        // Absent: no gate at all.
        #expect(try configs.loadPipeline { _ in }.config.gates.isEmpty)
    }

    @Test func gatesAreLeftOutOfTheEncodedConfig() throws {
        let gated = try configs.loadPipeline(withGates(["minimumWords": 19]))
        let plain = try configs.loadPipeline { _ in }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let gatedJSON = String(decoding: try encoder.encode(gated.config), as: UTF8.self)
        #expect(!gatedJSON.contains("gates") && !gatedJSON.contains("minimumWords"))
        #expect(gatedJSON == String(decoding: try encoder.encode(plain.config), as: UTF8.self))
    }

    @Test(arguments: [
        (#"{"minimumWords": -1}"#, "gates.minimumWords", ConfigProblem.negative(-1)),
        (#"{"maximumChanged": -3}"#, "gates.maximumChanged", .negative(-3)),
        (#"{"minimumCoverage": {"es": 101}}"#, "gates.minimumCoverage.es", .outOfRange(101, allowed: 0...100)),
        (#"{"minimumCoverage": {"xx": 50}}"#, "gates.minimumCoverage.xx", .notATargetLanguage("xx", targets: ["es", "fr", "pt", "de"])),
        (#"{"maximumDropShare": {"no-entry": -1}}"#, "gates.maximumDropShare.no-entry", .outOfRange(-1, allowed: 0...100)),
        (#"{"maximumWithoutReading": 101}"#, "gates.maximumWithoutReading", .outOfRange(101, allowed: 0...100)),
        (#"{"maximumDropShare": {"not-reached": 5}}"#, "gates.maximumDropShare.not-reached",
         .invalidValue("not-reached", allowed: ["below-minimum-frequency", "duplicate-entry", "implausible-sense", "no-entry", "pos-not-kept", "stoplisted", "unknown-tag"])),
        (#"{"maximumFrequencyLost": {"no-entry": 101}}"#, "gates.maximumFrequencyLost.no-entry", .outOfRange(101, allowed: 0...100)),
        (#"{"maximumFrequencyLost": {"no-lemma": 5}}"#, "gates.maximumFrequencyLost.no-lemma",
         .invalidValue("no-lemma", allowed: ["below-minimum-frequency", "duplicate-entry", "implausible-sense", "no-entry", "pos-not-kept", "stoplisted", "unknown-tag"])),
        (#"{"minimumPartsOfSpeech": {"verb": -1}}"#, "gates.minimumPartsOfSpeech.verb", .negative(-1)),
        (#"{"minimumPartsOfSpeech": {"other": 1}}"#, "gates.minimumPartsOfSpeech.other", .invalidValue("other", allowed: ["noun", "verb", "adjective", "adverb"])),
    ])
    func gateValuesOutOfRangeNameTheirKeyPath(gates: String, keyPath: String, problem: ConfigProblem) throws {
        let object = try JSONSerialization.jsonObject(with: Data(gates.utf8)) as! [String: Any]
        let error = try configs.loadEdited(withGates(object))
        #expect(error?.location.item == keyPath, "\(String(describing: error))")
        #expect(error?.problem == problem, "\(String(describing: error))")
    }

    /// Issue 46's gates: words per part of speech, and the share of the frequency a reason drops.
    @Test func thePartOfSpeechAndFrequencyGatesDecode() throws {
        let gates = try configs.loadPipeline(withGates(["minimumPartsOfSpeech": ["verb": 400, "noun": 1000], "maximumFrequencyLost": ["no-entry": 6]])).config.gates
        #expect(gates.minimumPartsOfSpeech == ["verb": 400, "noun": 1000])
        #expect(gates.maximumFrequencyLost == ["no-entry": 6])
    }

    @Test func unknownGateKeysAndFractionsAreRefused() throws {
        let unknown = try configs.loadEdited(withGates(["minimumWrods": 3]))
        #expect(unknown?.location.item == "gates.minimumWrods", "\(String(describing: unknown))")
        if case .unknownKey(let expected)? = unknown?.problem {
            #expect(expected.contains("minimumWords") && expected.contains("maximumDropShare"))
        } else {
            Issue.record("expected an unknown key, got \(String(describing: unknown))")
        }
        let fraction = try configs.loadEdited(withGates(["minimumCoverage": ["es": 85.5]]))
        #expect(fraction?.location.item == "gates.minimumCoverage.es", "\(String(describing: fraction))")
        #expect(fraction?.problem == .notAWholeNumber("85.5"), "\(String(describing: fraction))")
    }

    @Test func sensePinsResolveAgainstTheConfigFolderAndMustExist() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-pins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pins = folder.appendingPathComponent("release.pins")
        try Data("god noun i112\n".utf8).write(to: pins)
        let pipeline = try configs.loadPipeline { $0["sensePins"] = pins.path }
        #expect(pipeline.sensePinsFile == pins.standardizedFileURL)
        #expect(pipeline.inputFiles.contains { $0.keyPath == "sensePins" && $0.url == pins.standardizedFileURL })

        let missing = try configs.loadEdited { $0["sensePins"] = folder.appendingPathComponent("none.pins").path }
        #expect(missing?.location.item == "sensePins", "\(String(describing: missing))")
        #expect(missing?.problem == .fileNotFound(path: folder.appendingPathComponent("none.pins").path), "\(String(describing: missing))")
    }
}
