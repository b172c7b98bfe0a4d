import Foundation
import Testing
@testable import VocabCore

/// `lexicon` in pipeline.json as several layers (issue 46).
@Suite struct LexiconLayersConfigTests {
    let configs = PipelineConfigTests()

    func loadPipeline(_ edit: (inout [String: Any]) -> Void) throws -> Pipeline { try configs.loadPipeline(edit) }
    func loadEdited(_ edit: (inout [String: Any]) -> Void) throws -> ConfigError? { try configs.loadEdited(edit) }

    /// `lexicon` as an array: layered source lexicons (issue 46). One lexicon stays an object, as
    /// the config embeds it; several are all named, in order, and each is checked by its index.
    @Test func theSourceLexiconMayBeSeveralLayers() throws {
        let layered = try loadPipeline { json in
            json["lexicon"] = [json["lexicon"]!, ["path": "lexicon-es-wikt.xml", "senseOrder": "arbitrary"]]
        }
        #expect(layered.config.lexicon.path == "lexicon-en.xml")
        #expect(layered.config.lexiconLayers.map(\.path) == ["lexicon-es-wikt.xml"])
        #expect(layered.lexiconFiles.map(\.lastPathComponent) == ["lexicon-en.xml", "lexicon-es-wikt.xml"])
        #expect(layered.inputFiles.map(\.keyPath).contains("lexicon[1].path"))
        #expect(layered.sources.map(\.keyPath).prefix(3) == ["frequency", "lexicon[0]", "lexicon[1]"])
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(layered.config)) as! [String: Any]
        #expect((encoded["lexicon"] as? [Any])?.count == 2)
        let single = try loadPipeline { _ in }
        #expect(single.config.lexiconLayers.isEmpty)
        let plain = try JSONSerialization.jsonObject(with: JSONEncoder().encode(single.config)) as! [String: Any]
        #expect(plain["lexicon"] is [String: Any])
        // An empty array names no lexicon; a layer's missing file is named by its index.
        #expect(try loadEdited { $0["lexicon"] = [Any]() }?.problem == .noSourceLexicon)
        let missing = try loadEdited { json in json["lexicon"] = [json["lexicon"]!, ["path": "no-such.xml"]] }
        #expect(missing?.location.item == "lexicon[1].path", "\(String(describing: missing))")
    }
}
