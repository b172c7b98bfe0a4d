import Foundation
import Testing
@testable import VocabCore

/// The `lemmatization` section and the frequency keys of lists as they come: strict decoding,
/// key paths in errors, and a config without them keeping its bytes.
@Suite struct LemmatizationConfigTests {
    let configs = PipelineConfigTests()

    /// The sample's frequency section made a word-form list (no tags) with `edit` applied.
    func wordForms(_ edit: @escaping (inout [String: Any]) -> Void = { _ in }) -> (inout [String: Any]) -> Void {
        { json in
            var frequency = json["frequency"] as! [String: Any]
            frequency["columns"] = ["lemma": "lemma", "frequency": "freq"]
            frequency["tags"] = nil
            frequency["unknownTags"] = nil
            json["frequency"] = frequency
            json["lemmatization"] = ["noLemmaListed": 10]
            edit(&json)
        }
    }

    @Test func aWordFormListLoadsWithALemmatizationSection() throws {
        let pipeline = try configs.loadPipeline(wordForms())
        #expect(pipeline.config.frequency.columns.partOfSpeech == nil)
        #expect(pipeline.config.frequency.tags.isEmpty)
        #expect(pipeline.config.lemmatization == LemmatizationConfig(noLemmaListed: 10))
    }

    @Test func aConfigWithoutTheNewKeysEncodesAsBefore() throws {
        // The manifest embeds the config: the new keys must not appear when they are not given.
        let pipeline = try configs.loadPipeline { _ in }
        let text = String(decoding: try JSONEncoder().encode(pipeline.config), as: UTF8.self)
        for key in ["lemmatization", "encoding", "malformedRows", "decimalPlaces", "trailingEmptyFields"] {
            #expect(!text.contains("\"\(key)\""), "\(key) in \(text)")
        }
    }

    @Test(arguments: [
        ("hunspel", "lemmatization.hunspel"),
        ("lemmaTabel", "lemmatization.lemmaTabel"),
    ])
    func unknownKeysOfTheSectionAreNamed(_ key: String, _ path: String) throws {
        let error = try configs.loadEdited(wordForms { $0["lemmatization"] = [key: "x"] })
        #expect(error?.location.item == path, "\(String(describing: error))")
    }

    @Test func aHunspellDictionaryNeedsBothFiles() throws {
        let error = try configs.loadEdited(wordForms { $0["lemmatization"] = ["hunspell": ["aff": "es_ES.aff"]] })
        #expect(error?.location.item == "lemmatization.hunspell.dic", "\(String(describing: error))")
        #expect(error?.problem == .missingKey)
    }

    @Test func tagsWithoutAColumnAreRefused() throws {
        let error = try configs.loadEdited(wordForms { json in
            var frequency = json["frequency"] as! [String: Any]
            frequency["tags"] = ["n": "noun"]
            json["frequency"] = frequency
        })
        #expect(error?.location.item == "frequency.tags", "\(String(describing: error))")
        #expect(error?.problem == .tagsWithoutColumn)
    }

    @Test func decimalPlacesBeyondNineAreRefused() throws {
        let error = try configs.loadEdited(wordForms { json in
            var frequency = json["frequency"] as! [String: Any]
            frequency["decimalPlaces"] = 10
            json["frequency"] = frequency
        })
        #expect(error?.location.item == "frequency.decimalPlaces", "\(String(describing: error))")
        #expect(error?.problem == .outOfRange(10, allowed: 0...9))
    }

    @Test func malformedRowsTakesErrorOrSkip() throws {
        let error = try configs.loadEdited(wordForms { json in
            var frequency = json["frequency"] as! [String: Any]
            frequency["malformedRows"] = "ignore"
            json["frequency"] = frequency
        })
        #expect(error?.location.item == "frequency.malformedRows", "\(String(describing: error))")
        #expect(error?.problem == .invalidValue("ignore", allowed: ["error", "skip"]))
    }

    @Test func aMissingLemmaTableIsNamed() throws {
        let error = try configs.loadEdited(wordForms { $0["lemmatization"] = ["lemmaTable": "missing.tsv"] })
        #expect(error?.location.item == "lemmatization.lemmaTable", "\(String(describing: error))")
    }
}
