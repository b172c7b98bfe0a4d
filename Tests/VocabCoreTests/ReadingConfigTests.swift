import Foundation
import Testing
@testable import VocabCore

/// The `reading` section: absent, a config records nothing of it (its releases are as they were);
/// present, its transform id is recorded, and an empty one or an unknown key is refused.
@Suite struct ReadingConfigTests {
    let helper = PipelineConfigTests()

    @Test func theSectionIsRecordedOnlyWhenGiven() throws {
        let plain = try helper.loadPipeline { _ in }
        #expect(plain.config.reading == nil)
        #expect(try plain.recordedConfig()["reading"] == nil)
        let japanese = try helper.loadPipeline { $0["reading"] = ["transform": "[^ー] Katakana-Hiragana; Han-Latin"] }
        #expect(japanese.config.reading == ReadingConfig(transform: "[^ー] Katakana-Hiragana; Han-Latin"))
        #expect(try japanese.recordedConfig()["reading"]?["transform"]?.stringValue == "[^ー] Katakana-Hiragana; Han-Latin")
        #expect(try helper.loadPipeline { $0["reading"] = [String: Any]() }.config.reading == ReadingConfig())
    }

    @Test func anEmptyTransformOrAnUnknownKeyIsRefused() throws {
        let empty = try helper.loadEdited { $0["reading"] = ["transform": ""] }
        #expect(empty?.location.item == "reading.transform" && empty?.problem == .emptyText, "\(String(describing: empty))")
        let unknown = try helper.loadEdited { $0["reading"] = ["script": "Hira"] }
        #expect(unknown?.location.item == "reading.script", "\(String(describing: unknown))")
    }
}

/// The config a release records is the config it was built by: every section of every shipped
/// config comes back when the decoded config is encoded (`gates` aside: never embedded), so a
/// section added to the type without its line in `encode(to:)` is caught.
@Suite struct RecordedConfigTests {
    @Test func everyShippedConfigsSectionsAreEncoded() throws {
        let root = PipelineConfigTests.root
        let release = root.appendingPathComponent("Corpus/release")
        let files = try FileManager.default.contentsOfDirectory(at: release, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" } + [root.appendingPathComponent("pipeline.json")]
        try #require(files.count > 3)
        for file in files {
            let data = try Data(contentsOf: file)
            let given = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let config = try JSONDecoder().decode(PipelineConfig.self, from: data)
            let encoded = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(config)) as? [String: Any])
            let missing = Set(given.keys).subtracting(encoded.keys).subtracting(["gates"])
            #expect(missing.isEmpty, "\(file.lastPathComponent): \(missing.sorted())")
        }
    }
}
