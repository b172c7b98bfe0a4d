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
