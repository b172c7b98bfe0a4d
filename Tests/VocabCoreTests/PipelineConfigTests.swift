import Foundation
import Testing
@testable import VocabCore

@Suite struct PipelineConfigTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Loads pipeline.json after `edit` changes its JSON object; returns the error text, or nil.
    func loadEdited(_ edit: (inout [String: Any]) -> Void) throws -> String? {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.root.appendingPathComponent("pipeline.json"))) as! [String: Any]
        json["corpus"] = Self.root.appendingPathComponent("Corpus/sample").path
        edit(&json)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("pipeline.json")
        try JSONSerialization.data(withJSONObject: json).write(to: file)
        do {
            _ = try Pipeline.load(configFile: file)
            return nil
        } catch let error as VocabError {
            #expect(error.kind == .config)
            #expect(error.file == file.path)
            return error.description
        }
    }

    @Test func theSampleConfigLoads() throws {
        let pipeline = try Pipeline.load(configFile: Self.root.appendingPathComponent("pipeline.json"))
        #expect(pipeline.config.selection.count == 16)
        #expect(pipeline.config.frequency.columns.lemma == .name("lemma"))
        #expect(pipeline.config.targetLanguages == ["es"])
        #expect(pipeline.releaseFolder.lastPathComponent == "sample-en-es-0.1.0")
        #expect(pipeline.lexiconFile.path.hasSuffix("Corpus/sample/lexicon-en.xml"))
    }

    @Test func unknownKeysNameTheirPath() throws {
        let message = try loadEdited { json in
            var frequency = json["frequency"] as! [String: Any]
            var columns = frequency["columns"] as! [String: Any]
            columns["lemmma"] = "lemma"
            frequency["columns"] = columns
            json["frequency"] = frequency
        }
        #expect(message?.contains("frequency.columns.lemmma: unknown key") == true, "\(message ?? "")")
    }

    @Test func wrongTypesNameTheirPath() throws {
        let message = try loadEdited { json in
            var selection = json["selection"] as! [String: Any]
            selection["count"] = "many"
            json["selection"] = selection
        }
        #expect(message?.contains("selection.count: wrong type") == true, "\(message ?? "")")
    }

    @Test func arrayElementsAreNamedByIndex() throws {
        let message = try loadEdited { json in
            json["translations"] = [["language": "es"]]
        }
        #expect(message?.contains("translations[0].path: required key is missing") == true, "\(message ?? "")")
    }

    @Test func unknownPartOfSpeechInTheTagMapIsAnError() throws {
        let message = try loadEdited { json in
            var frequency = json["frequency"] as! [String: Any]
            frequency["tags"] = ["n": "nown"]
            json["frequency"] = frequency
        }
        #expect(message?.contains("frequency.tags.n") == true, "\(message ?? "")")
    }

    @Test func missingFilesAreNamed() throws {
        let message = try loadEdited { json in
            var lexicon = json["lexicon"] as! [String: Any]
            lexicon["path"] = "missing.xml"
            json["lexicon"] = lexicon
        }
        #expect(message?.contains("lexicon.path: file not found") == true, "\(message ?? "")")
    }

    @Test func anOutputThatWouldOverwriteAnInputIsRefused() throws {
        // The corpus lives where the release would be published: <output>/sample-1.0.0.
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-overlap-\(UUID().uuidString)")
        let corpus = output.appendingPathComponent("sample-1.0.0")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Corpus/sample"), to: corpus)
        let message = try loadEdited { json in
            json["dataset"] = ["name": "sample", "version": "1.0.0"]
            json["corpus"] = corpus.path
            json["output"] = ["directory": output.path, "work": output.appendingPathComponent("work").path]
        }
        #expect(message?.contains("output.directory: would overwrite the input") == true, "\(message ?? "")")
    }

    @Test func anOutputReachingAnInputThroughASymbolicLinkIsRefused() throws {
        // The corpus is a link to the folder the release would replace: <output>/sample-1.0.0.
        let fm = FileManager.default
        let base = fm.temporaryDirectory.appendingPathComponent("vocab-link-\(UUID().uuidString)")
        let output = base.appendingPathComponent("out")
        let link = base.appendingPathComponent("corpus")
        try fm.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: base) }
        try fm.copyItem(at: Self.root.appendingPathComponent("Corpus/sample"), to: output.appendingPathComponent("sample-1.0.0"))
        try fm.createSymbolicLink(at: link, withDestinationURL: output.appendingPathComponent("sample-1.0.0"))
        let message = try loadEdited { json in
            json["dataset"] = ["name": "sample", "version": "1.0.0"]
            json["corpus"] = link.path
            json["output"] = ["directory": output.path, "work": base.appendingPathComponent("work").path]
        }
        #expect(message?.contains("output.directory: would overwrite the input \(link.path)/frequency.csv") == true, "\(message ?? "")")

        // The same with the link on the output side.
        let outLink = base.appendingPathComponent("out-link")
        try fm.createSymbolicLink(at: outLink, withDestinationURL: output)
        let other = try loadEdited { json in
            json["dataset"] = ["name": "sample", "version": "1.0.0"]
            json["corpus"] = output.appendingPathComponent("sample-1.0.0").path
            json["output"] = ["directory": outLink.path, "work": base.appendingPathComponent("work").path]
        }
        #expect(other?.contains("output.directory: would overwrite the input") == true, "\(other ?? "")")
    }

    @Test func versionSuffixesCannotLeaveTheOutputFolder() throws {
        #expect(SemanticVersion("1.2.3-rc.1-x+build.5-y") != nil)
        for bad in ["1.0.0+../../x", "1.0.0-a/b", "1.0.0-a..b", "1.0.0+", "1.0.0-a+b+c", "1.0.0-é", "1.0.0 "] {
            #expect(SemanticVersion(bad) == nil, "\(bad)")
        }
        let message = try loadEdited { $0["dataset"] = ["name": "sample", "version": "1.0.0+../../escape"] }
        #expect(message?.contains("dataset.version: must be a semantic version") == true, "\(message ?? "")")
    }

    @Test func limitsAndEnumerationsAreNamedPlainly() throws {
        let limit = try loadEdited { json in
            var translations = json["translations"] as! [[String: Any]]
            translations[0]["maxBytes"] = 0
            json["translations"] = translations
        }
        #expect(limit?.contains("translations[0].maxBytes: must be at least 1, got 0") == true, "\(limit ?? "")")
        let tag = try loadEdited { json in
            var frequency = json["frequency"] as! [String: Any]
            frequency["unknownTags"] = "ignore"
            json["frequency"] = frequency
        }
        #expect(tag?.hasSuffix("frequency.unknownTags: invalid value \"ignore\" (expected one of: \"error\", \"drop\")") == true, "\(tag ?? "")")
    }

    @Test func jsonProblemsAreLocated() throws {
        let file = URL(fileURLWithPath: "/tmp/config.json")
        let syntax = try #require(Pipeline.jsonProblem(Data("{\n  \"a\": 1,\n  \"b\": }".utf8), file: file))
        #expect(syntax.line == 3 && syntax.column == 8, "\(syntax)")
        #expect(syntax.reason.hasPrefix("not valid JSON"))
        let fraction = try #require(Pipeline.jsonProblem(Data(#"{"selection": {"count": 2.5}}"#.utf8), file: file))
        #expect(fraction.description == "/tmp/config.json: selection.count: expected a whole number, got 2.5")
        let large = try #require(Pipeline.jsonProblem(Data(#"{"x": [1, 100000000000000000000]}"#.utf8), file: file))
        #expect(large.item == "x[1]")
        #expect(large.reason.contains("too large"))
        #expect(Pipeline.jsonProblem(Data(" \n".utf8), file: file)?.reason == "the config file is empty")
    }

    @Test func devicesAreNotInputs() throws {
        let message = try loadEdited { json in
            var lexicon = json["lexicon"] as! [String: Any]
            lexicon["path"] = "/dev/zero"
            json["lexicon"] = lexicon
        }
        #expect(message?.contains("lexicon.path: not a regular file: /dev/zero") == true, "\(message ?? "")")
        #expect(throws: VocabError(.config, file: "/dev/zero", "the config is not a regular file")) {
            try Pipeline.load(configFile: URL(fileURLWithPath: "/dev/zero"))
        }
    }

    @Test func semanticVersionsAreChecked() throws {
        #expect(SemanticVersion("1.2.3") != nil)
        #expect(SemanticVersion("1.2.3-rc.1+build.5")?.suffix == "-rc.1+build.5")
        #expect(SemanticVersion("1.2") == nil)
        #expect(SemanticVersion("01.2.3") == nil)
        #expect(SemanticVersion("1.2.3-") == nil)
        #expect(SemanticVersion("1.10.0")! > SemanticVersion("1.9.9")!)
        let message = try loadEdited { json in json["dataset"] = ["name": "x", "version": "v1"] }
        #expect(message?.contains("dataset.version") == true)
    }

    @Test func keptPartsOfSpeechCannotBeOther() throws {
        let message = try loadEdited { json in
            var selection = json["selection"] as! [String: Any]
            selection["partsOfSpeech"] = ["noun", "other"]
            json["selection"] = selection
        }
        #expect(message?.contains("selection.partsOfSpeech") == true)
    }

    @Test func stopWordsNameAPartOfSpeechAfterTheColon() throws {
        let message = try loadEdited { json in
            var selection = json["selection"] as! [String: Any]
            selection["stopWords"] = ["be", "can:nounish"]
            json["selection"] = selection
        }
        #expect(message?.contains("selection.stopWords[1]") == true, "\(message ?? "")")
    }

    @Test func columnNamesNeedAHeader() throws {
        let message = try loadEdited { json in
            var frequency = json["frequency"] as! [String: Any]
            frequency["header"] = false
            json["frequency"] = frequency
        }
        #expect(message?.contains("frequency.columns.lemma") == true, "\(message ?? "")")
    }

    @Test func delimitersDecode() throws {
        func decode(_ text: String) throws -> Delimiter {
            try JSONDecoder().decode(Delimiter.self, from: Data("\"\(text)\"".utf8))
        }
        #expect(try decode("tab") == .character("\t"))
        #expect(try decode(";") == .character(";"))
        #expect(try decode("whitespace") == .whitespace)
        #expect(throws: DecodingError.self) { try decode(",,") }
    }
}
