import Foundation
import Testing
@testable import VocabCore

@Suite struct PipelineConfigTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Loads pipeline.json after `edit` changes its JSON object; returns the error, or nil.
    func loadEdited(_ edit: (inout [String: Any]) -> Void) throws -> ConfigError? {
        try loadEdited(edit) { _ in }
    }

    /// Loads pipeline.json after `edit` changes its JSON object; a load error is thrown.
    func loadPipeline(_ edit: (inout [String: Any]) -> Void) throws -> Pipeline {
        var loaded: Pipeline?
        if let error = try loadEdited(edit, { loaded = $0 }) { throw error }
        return loaded!
    }

    /// Loads the edited config, hands the pipeline to `use`, and returns the load's error, or nil.
    private func loadEdited(_ edit: (inout [String: Any]) -> Void, _ use: (Pipeline) -> Void) throws -> ConfigError? {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.root.appendingPathComponent("pipeline.json"))) as! [String: Any]
        json["corpus"] = Self.root.appendingPathComponent("Corpus/sample").path
        // The copy is written elsewhere: its stop list, named relative to the config, becomes absolute.
        var selection = json["selection"] as! [String: Any]
        selection["stopList"] = Self.root.appendingPathComponent(selection["stopList"] as! String).path
        json["selection"] = selection
        edit(&json)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("pipeline.json")
        try JSONSerialization.data(withJSONObject: json).write(to: file)
        do {
            use(try Pipeline.load(configFile: file))
            return nil
        } catch {
            // A ConfigError (typed throws) naming the config file.
            #expect(error.location.file == file.path)
            return error
        }
    }

    @Test func theSampleConfigLoads() throws {
        let pipeline = try Pipeline.load(configFile: Self.root.appendingPathComponent("pipeline.json"))
        #expect(pipeline.config.selection.count == 19)
        #expect(pipeline.config.frequency.columns.lemma == .name("lemma"))
        #expect(pipeline.config.targetLanguages == ["es", "fr", "pt", "de"])
        #expect(pipeline.config.dictionary.enabled)
        #expect(pipeline.workFolder.path == Self.root.appendingPathComponent(".vocab-work/sample-en-es-0.1.0").path)
        #expect(pipeline.releaseFolder.lastPathComponent == "sample-en-es-0.1.0")
        #expect(pipeline.lexiconFile.path.hasSuffix("Corpus/sample/lexicon-en.xml"))
    }

    @Test func unknownKeysNameTheirPath() throws {
        let error = try loadEdited { json in
            var frequency = json["frequency"] as! [String: Any]
            var columns = frequency["columns"] as! [String: Any]
            columns["lemmma"] = "lemma"
            frequency["columns"] = columns
            json["frequency"] = frequency
        }
        #expect(error?.location.item == "frequency.columns.lemmma", "\(String(describing: error))")
        #expect(error?.problem == .unknownKey(expected: ["frequency", "lemma", "partOfSpeech"]), "\(String(describing: error))")
    }

    @Test func wrongTypesNameTheirPath() throws {
        let error = try loadEdited { json in
            var selection = json["selection"] as! [String: Any]
            selection["count"] = "many"
            json["selection"] = selection
        }
        #expect(error?.location.item == "selection.count", "\(String(describing: error))")
        #expect(error?.problem == .wrongType(expected: .integer), "\(String(describing: error))")
    }

    @Test func arrayElementsAreNamedByIndex() throws {
        let error = try loadEdited { json in
            json["translations"] = [["language": "es"]]
        }
        #expect(error?.location.item == "translations[0].path", "\(String(describing: error))")
        #expect(error?.problem == .missingKey, "\(String(describing: error))")
    }

    @Test func unknownPartOfSpeechInTheTagMapIsAnError() throws {
        let error = try loadEdited { json in
            var frequency = json["frequency"] as! [String: Any]
            frequency["tags"] = ["n": "nown"]
            json["frequency"] = frequency
        }
        #expect(error?.location.item == "frequency.tags.n", "\(String(describing: error))")
        #expect(error?.problem == .invalidValue("nown", allowed: PartOfSpeech.allCases.map(\.rawValue)), "\(String(describing: error))")
    }

    @Test func missingFilesAreNamed() throws {
        let error = try loadEdited { json in
            var lexicon = json["lexicon"] as! [String: Any]
            lexicon["path"] = "missing.xml"
            json["lexicon"] = lexicon
        }
        #expect(error?.location.item == "lexicon.path", "\(String(describing: error))")
        let missing = Self.root.appendingPathComponent("Corpus/sample/missing.xml").standardizedFileURL.path
        #expect(error?.problem == .fileNotFound(path: missing), "\(String(describing: error))")
    }

    @Test func anOutputThatWouldOverwriteAnInputIsRefused() throws {
        // The corpus lives where the release would be published: <output>/sample-1.0.0.
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-overlap-\(UUID().uuidString)")
        let corpus = output.appendingPathComponent("sample-1.0.0")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Corpus/sample"), to: corpus)
        let error = try loadEdited { json in
            json["dataset"] = ["name": "sample", "version": "1.0.0"]
            json["corpus"] = corpus.path
            json["output"] = ["directory": output.path, "work": output.appendingPathComponent("work").path]
        }
        #expect(error?.location.item == "output.directory", "\(String(describing: error))")
        let input = corpus.appendingPathComponent("frequency.csv").standardizedFileURL.path
        #expect(error?.problem == .outputOverwritesInput(path: input, inputKeyPath: "frequency.path"), "\(String(describing: error))")
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
        let error = try loadEdited { json in
            json["dataset"] = ["name": "sample", "version": "1.0.0"]
            json["corpus"] = link.path
            json["output"] = ["directory": output.path, "work": base.appendingPathComponent("work").path]
        }
        #expect(error?.location.item == "output.directory", "\(String(describing: error))")
        #expect(error?.problem == .outputOverwritesInput(path: "\(link.path)/frequency.csv", inputKeyPath: "frequency.path"),
                "\(String(describing: error))")

        // The same with the link on the output side.
        let outLink = base.appendingPathComponent("out-link")
        try fm.createSymbolicLink(at: outLink, withDestinationURL: output)
        let other = try loadEdited { json in
            json["dataset"] = ["name": "sample", "version": "1.0.0"]
            json["corpus"] = output.appendingPathComponent("sample-1.0.0").path
            json["output"] = ["directory": outLink.path, "work": base.appendingPathComponent("work").path]
        }
        #expect(other?.location.item == "output.directory", "\(String(describing: other))")
        if case .outputOverwritesInput = other?.problem {} else {
            Issue.record("expected outputOverwritesInput: \(String(describing: other))")
        }
    }

    @Test func versionSuffixesCannotLeaveTheOutputFolder() throws {
        #expect(SemanticVersion("1.2.3-rc.1-x+build.5-y") != nil)
        for bad in ["1.0.0+../../x", "1.0.0-a/b", "1.0.0-a..b", "1.0.0+", "1.0.0-a+b+c", "1.0.0-é", "1.0.0 "] {
            #expect(SemanticVersion(bad) == nil, "\(bad)")
        }
        let error = try loadEdited { $0["dataset"] = ["name": "sample", "version": "1.0.0+../../escape"] }
        #expect(error?.location.item == "dataset.version", "\(String(describing: error))")
        #expect(error?.problem == .invalidVersion("1.0.0+../../escape"), "\(String(describing: error))")
    }

    @Test func limitsAndEnumerationsAreNamedPlainly() throws {
        let limit = try loadEdited { json in
            var translations = json["translations"] as! [[String: Any]]
            translations[0]["maxBytes"] = 0
            json["translations"] = translations
        }
        #expect(limit?.location.item == "translations[0].maxBytes", "\(String(describing: limit))")
        #expect(limit?.problem == .tooSmall(0, minimum: 1), "\(String(describing: limit))")
        let tag = try loadEdited { json in
            var frequency = json["frequency"] as! [String: Any]
            frequency["unknownTags"] = "ignore"
            json["frequency"] = frequency
        }
        #expect(tag?.location.item == "frequency.unknownTags", "\(String(describing: tag))")
        #expect(tag?.problem == .invalidValue("ignore", allowed: ["error", "drop"]), "\(String(describing: tag))")
        #expect(tag?.message == "invalid value \"ignore\" (expected one of: \"error\", \"drop\")", "\(String(describing: tag))")
    }

    @Test func senseOrderIsStatedOrDecidedFromTheLexiconsId() throws {
        let sample = try loadPipeline { _ in }
        #expect(sample.config.lexicon.senseOrder == nil)
        #expect(sample.config.lexicon.senseOrder(lexiconId: "oewn") == .frequency)
        #expect(sample.config.lexicon.senseOrder(lexiconId: "omw-es") == .arbitrary)
        #expect(sample.config.lexicon.senseOrder(lexiconId: "sample-en") == .arbitrary)
        let stated = try loadPipeline { json in
            var lexicon = json["lexicon"] as! [String: Any]
            lexicon["senseOrder"] = "frequency"
            json["lexicon"] = lexicon
            var translations = json["translations"] as! [[String: Any]]
            translations[0]["senseOrder"] = "arbitrary"
            json["translations"] = translations
        }
        #expect(stated.config.lexicon.senseOrder(lexiconId: "omw-es") == .frequency)
        #expect(stated.config.translations[0].lexicon.senseOrder(lexiconId: "oewn") == .arbitrary)
        // Encoded only when given: a config without it embeds as before.
        let encoded = String(decoding: try JSONEncoder().encode(sample.config.lexicon), as: UTF8.self)
        #expect(!encoded.contains("senseOrder"), "\(encoded)")
        #expect(String(decoding: try JSONEncoder().encode(stated.config.lexicon), as: UTF8.self).contains(#""senseOrder":"frequency""#))
        let bad = try loadEdited { json in
            var glosses = json["translations"] as! [[String: Any]]
            glosses[0]["senseOrder"] = "semcor"
            json["glosses"] = glosses[0]
        }
        #expect(bad?.location.item == "glosses.senseOrder", "\(String(describing: bad))")
        #expect(bad?.problem == .invalidValue("semcor", allowed: ["frequency", "arbitrary"]), "\(String(describing: bad))")
    }

    @Test func jsonProblemsAreLocated() throws {
        let file = URL(fileURLWithPath: "/tmp/config.json")
        let syntax = try #require(Pipeline.jsonProblem(Data("{\n  \"a\": 1,\n  \"b\": }".utf8), file: file))
        #expect(syntax.location.line == 3 && syntax.location.column == 8, "\(syntax)")
        if case .invalidJSON = syntax.problem {} else { Issue.record("expected invalidJSON: \(syntax)") }
        let fraction = try #require(Pipeline.jsonProblem(Data(#"{"selection": {"count": 2.5}}"#.utf8), file: file))
        #expect(fraction.description == "/tmp/config.json: selection.count: expected a whole number, got 2.5")
        #expect(fraction.problem == .notAWholeNumber("2.5"))
        let large = try #require(Pipeline.jsonProblem(Data(#"{"x": [1, 100000000000000000000]}"#.utf8), file: file))
        #expect(large.location.item == "x[1]")
        #expect(large.problem == .numberTooLarge("100000000000000000000"))
        #expect(Pipeline.jsonProblem(Data(" \n".utf8), file: file)?.problem == .empty)
    }

    @Test func duplicateKeysAndControlCharactersAreRefused() throws {
        let file = URL(fileURLWithPath: "/tmp/config.json")
        let twice = try #require(Pipeline.jsonProblem(Data(#"{"selection": {"count": 1, "count": 2}}"#.utf8), file: file))
        #expect(twice.location.item == "selection.count" && twice.problem == .duplicateKey)
        let nul = try #require(Pipeline.jsonProblem(Data(#"{"dataset": {"title": "a\u0000b"}}"#.utf8), file: file))
        #expect(nul.location.item == "dataset.title" && nul.problem == .controlCharacter("U+0000"))
        let escape = try #require(Pipeline.jsonProblem(Data(#"{"dataset": {"title": "\u001b[31mred"}}"#.utf8), file: file))
        #expect(escape.problem == .controlCharacter("U+001B"))
        let key = try #require(Pipeline.jsonProblem(Data(#"{"data\nset": {}}"#.utf8), file: file))
        #expect(key.location.item == "data\nset" && key.problem == .controlCharacter("U+000A"))
        let c1 = try #require(Pipeline.jsonProblem(Data(#"{"a": ["ok", "\u0085"]}"#.utf8), file: file))
        #expect(c1.location.item == "a[1]" && c1.problem == .controlCharacter("U+0085"))
        // A tab is a delimiter; elsewhere it is refused.
        #expect(Pipeline.jsonProblem(Data(#"{"frequency": {"delimiter": "\t"}}"#.utf8), file: file) == nil)
        #expect(Pipeline.jsonProblem(Data(#"{"frequency": {"path": "a\tb"}}"#.utf8), file: file)?.problem == .controlCharacter("U+0009"))
        // Strict JSON: a trailing comma is a syntax error with its place.
        let comma = try #require(Pipeline.jsonProblem(Data("{\"a\": 1,}".utf8), file: file))
        #expect(comma.location.line == 1 && comma.location.column == 9)
        #expect(comma.problem == .invalidJSON("unexpected '}' (expected a key in double quotes)"))
    }

    @Test func devicesAreNotInputs() throws {
        let error = try loadEdited { json in
            var lexicon = json["lexicon"] as! [String: Any]
            lexicon["path"] = "/dev/zero"
            json["lexicon"] = lexicon
        }
        #expect(error?.location.item == "lexicon.path", "\(String(describing: error))")
        #expect(error?.problem == .inputIsNotARegularFile(path: "/dev/zero"), "\(String(describing: error))")
        #expect(throws: ConfigError(file: "/dev/zero", .configIsNotARegularFile)) {
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
        let error = try loadEdited { json in json["dataset"] = ["name": "x", "version": "v1"] }
        #expect(error?.location.item == "dataset.version")
        #expect(error?.problem == .invalidVersion("v1"))
    }

    @Test func keptPartsOfSpeechCannotBeOther() throws {
        let error = try loadEdited { json in
            var selection = json["selection"] as! [String: Any]
            selection["partsOfSpeech"] = ["noun", "other"]
            json["selection"] = selection
        }
        #expect(error?.location.item == "selection.partsOfSpeech")
        #expect(error?.problem == .otherPartOfSpeechKept)
    }

    @Test func stopWordsNameAPartOfSpeechAfterTheColon() throws {
        let error = try loadEdited { json in
            var selection = json["selection"] as! [String: Any]
            selection["stopWords"] = ["be", "can:nounish"]
            json["selection"] = selection
        }
        #expect(error?.location.item == "selection.stopWords[1]", "\(String(describing: error))")
        #expect(error?.problem == .invalidStopWord(.notAPartOfSpeech(entry: "can:nounish", given: "nounish")), "\(String(describing: error))")
    }

    @Test func columnNamesNeedAHeader() throws {
        let error = try loadEdited { json in
            var frequency = json["frequency"] as! [String: Any]
            frequency["header"] = false
            json["frequency"] = frequency
        }
        #expect(error?.location.item == "frequency.columns.lemma", "\(String(describing: error))")
        #expect(error?.problem == .columnNameWithoutHeader, "\(String(describing: error))")
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

    @Test func aBadDelimiterIsNamedWithItsValue() throws {
        let error = try loadEdited { json in
            var frequency = json["frequency"] as! [String: Any]
            frequency["delimiter"] = ",,"
            json["frequency"] = frequency
        }
        #expect(error?.location.item == "frequency.delimiter", "\(String(describing: error))")
        #expect(error?.problem == .invalidDelimiter(",,"), "\(String(describing: error))")
    }
}

/// `lemmatization.analyzer`: its keys, its defaults, and the word classes of Apertium's tags.
@Suite struct AnalyzerConfigTests {
    func decode(_ json: String) throws -> AnalyzerConfig {
        try JSONDecoder().decode(AnalyzerConfig.self, from: Data(json.utf8))
    }

    @Test func defaultsAreApertiumsTagSetAndThePluralTag() throws {
        let config = try decode(#"{"path": "/usr/share/apertium/apertium-eng-spa/spa-eng.automorf.bin"}"#)
        #expect(config.format == .lttoolbox)
        #expect(config.pluralTags == ["pl"])
        #expect(config.wordClass(ofTags: ["n", "f", "sg"]) == (.noun, 1))
        #expect(config.wordClass(ofTags: ["vbser", "pri", "p3", "sg"]) == (.verb, 1))
        #expect(config.wordClass(ofTags: ["det", "def", "m", "sg"]) == (.determiner, 1))
        #expect(config.wordClass(ofTags: ["pr"]) == (.adposition, 1))
        #expect(config.wordClass(ofTags: ["np", "ant", "m", "sg"]) == (.properNoun, 1))
        // Two tags name an ordinal (an adjective) and an acronym (a name).
        #expect(config.wordClass(ofTags: ["det", "ord", "f", "sg"]) == (.adjective, 2))
        #expect(config.wordClass(ofTags: ["n", "acr", "f", "sg"]) == (.properNoun, 2))
        #expect(config.wordClass(ofTags: ["sent"]) == (.other, 1))
        #expect(config.wordClass(ofTags: []) == (.other, 0))
#expect(WordClass.allCases.filter(\.isClosed) == [.determiner, .pronoun, .adposition, .conjunction, .numeral, .interjection, .particle, .auxiliary])
    }
        
    @Test func mecabsDefaultsAreIPADICsTags() throws {
        let config = try decode(#"{"path": "/var/lib/mecab/dic/ipadic-utf8", "format": "mecab"}"#)
        #expect(config.format == .mecab && config.locale == nil)
        #expect(config.wordClass(ofTags: ["名詞", "一般"]) == (.noun, 1))
        #expect(config.wordClass(ofTags: ["名詞", "固有名詞", "人名", "姓"]) == (.properNoun, 2))
        #expect(config.wordClass(ofTags: ["名詞", "代名詞", "一般"]) == (.pronoun, 2))
        #expect(config.wordClass(ofTags: ["名詞", "数"]) == (.numeral, 2))
        #expect(config.wordClass(ofTags: ["名詞", "形容動詞語幹"]) == (.adjective, 2))
        #expect(config.wordClass(ofTags: ["名詞", "非自立", "一般"]) == (.other, 2))
        #expect(config.wordClass(ofTags: ["動詞", "自立", "一段", "連用形"]) == (.verb, 1))
        #expect(config.wordClass(ofTags: ["動詞", "非自立", "一段", "連用形"]) == (.verb, 2))
        #expect(config.wordClass(ofTags: ["動詞", "接尾", "一段", "基本形"]) == (.auxiliary, 2))
        #expect(config.wordClass(ofTags: ["助詞", "係助詞"]) == (.particle, 1))
        #expect(config.wordClass(ofTags: ["助動詞", "特殊・タ", "基本形"]) == (.auxiliary, 1))
        #expect(config.wordClass(ofTags: ["連体詞"]) == (.determiner, 1))
        #expect(config.wordClass(ofTags: ["記号", "句点"]) == (.other, 1))
        // Apertium's tags mean nothing to MeCab's defaults, nor MeCab's to Apertium's.
        #expect(config.wordClass(ofTags: ["n", "f", "sg"]) == (.other, 1))
        #expect(try decode(#"{"path": "a.bin"}"#).wordClass(ofTags: ["名詞", "一般"]) == (.other, 1))
        #expect(AnalyzerConfig.defaultClasses(of: .icu).isEmpty)
        let custom = try decode(#"{"path": "ipadic", "format": "mecab", "classes": {"名詞 非自立": "noun", "連体詞": "adjective"}}"#)
        #expect(custom.wordClass(ofTags: ["名詞", "非自立", "一般"]) == (.noun, 2))
        #expect(custom.wordClass(ofTags: ["連体詞"]) == (.adjective, 1))
    }

    @Test func icuTakesALocaleAndNoPath() throws {
        let config = try decode(#"{"format": "icu", "locale": "zh"}"#)
        #expect(config.format == .icu && config.locale == "zh" && config.path == "")
        #expect(try decode(#"{"format": "icu", "locale": "zh-Hant"}"#).locale == "zh-Hant")
        #expect(AnalyzerConfig.isLocale("ja_JP") && !AnalyzerConfig.isLocale("中文") && !AnalyzerConfig.isLocale("-zh"))
        // Encoded as decoded: no path for icu, no locale for the others.
        for config in [config, AnalyzerConfig(path: "ipadic", format: .mecab, classes: ["名詞": .other])] {
            let json = try JSONEncoder().encode(config)
            #expect(try JSONDecoder().decode(AnalyzerConfig.self, from: json) == config)
        }
        let keys = try JSONSerialization.jsonObject(with: JSONEncoder().encode(AnalyzerConfig(path: "a.bin"))) as? [String: Any]
        #expect(keys.map { Set($0.keys) } == ["path", "format", "classes", "pluralTags"])
    }

    @Test(arguments: [#"{"format": "icu"}"#, #"{"format": "icu", "locale": ""}"#, #"{"format": "icu", "locale": "zh cn"}"#,
                      #"{"format": "icu", "locale": "zh", "path": "a"}"#, #"{"path": "a.bin", "locale": "es"}"#,
                      #"{"path": "ipadic", "format": "mecab", "locale": "ja"}"#, #"{"path": "ipadic", "format": "MeCab"}"#])
    func aLocaleWhereItDoesNotBelongIsRefused(json: String) {
        #expect(throws: (any Error).self) { try decode(json) }
    }

    /// A Voikko dictionary's readings begin with its CLASS, and its plural is an attribute.
    @Test func voikkoHasItsOwnDefaults() throws {
        let config = try decode(#"{"path": "/usr/lib/voikko", "format": "voikko"}"#)
        #expect(config.format == .voikko)
        #expect(config.pluralTags == ["NUMBER=plural"])
        #expect(AnalyzerConfig(path: "/usr/lib/voikko", format: .voikko).pluralTags == ["NUMBER=plural"])
        #expect(config.wordClass(ofTags: ["nimisana", "SIJAMUOTO=sisaolento", "NUMBER=plural"]) == (.noun, 1))
        #expect(config.wordClass(ofTags: ["teonsana", "NUMBER=singular"]) == (.verb, 1))
        #expect(config.wordClass(ofTags: ["nimisana_laatusana"]) == (.adjective, 1))
        #expect(config.wordClass(ofTags: ["paikannimi"]) == (.properNoun, 1))
        #expect(config.wordClass(ofTags: ["kieltosana"]) == (.auxiliary, 1))
        #expect(config.wordClass(ofTags: ["lyhenne"]) == (.other, 1))
        // Apertium's tags mean nothing to Voikko's defaults, and the other way round.
        #expect(config.wordClass(ofTags: ["n", "f", "sg"]) == (.other, 1))
        #expect(try decode(#"{"path": "a.bin"}"#).wordClass(ofTags: ["nimisana"]) == (.other, 1))
        // The config's classes and plural tags still come first.
        let own = try decode(#"{"path": "v", "format": "voikko", "classes": {"lyhenne": "proper-noun"}, "pluralTags": ["pl"]}"#)
        #expect(own.wordClass(ofTags: ["lyhenne"]) == (.properNoun, 1))
        #expect(own.pluralTags == ["pl"])
        #expect(Set(AnalyzerConfig.defaultClasses(of: .voikko).values).isSuperset(of: [.noun, .verb, .adjective, .adverb, .properNoun]))
    }

    @Test func theConfigsClassesComeFirst() throws {
        let config = try decode(#"{"path": "a.bin", "classes": {"vaux": "adverb", "det ord": "numeral", "zz": "proper-noun"}}"#)
        #expect(config.wordClass(ofTags: ["vaux"]) == (.adverb, 1))
        #expect(config.wordClass(ofTags: ["det", "ord", "m", "sg"]) == (.numeral, 2))
        #expect(config.wordClass(ofTags: ["zz", "x"]) == (.properNoun, 1))
    }

    @Test(arguments: [#"{"path": ""}"#, #"{"path": "a.bin", "format": "hfst"}"#, #"{"path": "a.bin", "clases": {}}"#,
                      #"{"path": "a.bin", "classes": {"n": "name"}}"#, #"{}"#])
    func aBadSectionIsRefused(json: String) {
        #expect(throws: (any Error).self) { try decode(json) }
    }
}

/// The `examples` section as a config records it: absent when not given (a config without it
/// records what it did before), its pin never, its files named like the other sources.
@Suite struct ExamplesConfigTests {
    let helper = PipelineConfigTests()

    static var section: [String: Any] { [
        "path": "sentences-en-es.tsv", "id": "sample-pairs", "learnedColumn": 1, "learnerColumn": 2, "learnerLanguage": "es",
        "sha256": String(repeating: "a", count: 64), "bytes": 10, "url": "https://example.org/pairs.zip",
        "learnedAnalyzer": ["path": "analyzer-en.automorf.bin"], "learnerAnalyzer": ["path": "analyzer-es.automorf.bin"],
    ] }

    @Test func aConfigWithoutTheSectionRecordsNoneOfIt() throws {
        let pipeline = try helper.loadPipeline { _ in }
        #expect(pipeline.config.examples == nil)
        #expect(try pipeline.recordedConfig()["examples"] == nil)
        #expect(!pipeline.inputFiles.contains { $0.keyPath.hasPrefix("examples") })
        #expect(!pipeline.sources.contains { $0.role == .examples })
    }

    @Test func theSectionIsRecordedWithItsDefaultsAndWithoutItsPin() throws {
        let pipeline = try helper.loadPipeline { $0["examples"] = Self.section }
        let examples = try #require(pipeline.config.examples)
        #expect((examples.maxWords, examples.perCard, examples.perSentence) == (12, 3, 2))
        #expect(examples.pin?.sha256 == String(repeating: "a", count: 64))
        let recorded = try #require(try pipeline.recordedConfig()["examples"])
        #expect(recorded["sha256"] == nil && recorded["url"] == nil && recorded["bytes"] == nil)
        #expect(recorded["path"]?.stringValue == "sentences-en-es.tsv")
        #expect(recorded["learnerAnalyzer"]?["path"]?.stringValue == "analyzer-es.automorf.bin")
        #expect(recorded["perCard"]?.int64Value == 3)
        // Its files are inputs (checked, kept apart from the outputs), the pairs a pinned source.
        #expect(pipeline.inputFiles.map(\.keyPath).suffix(3) == ["examples.path", "examples.learnedAnalyzer.path", "examples.learnerAnalyzer.path"])
        #expect(pipeline.sources.last.map { ($0.keyPath, $0.role) } ?? ("", .lexicon) == ("examples", .examples))
    }

    @Test func theLearnedAnalyzerIsTheLemmatizeStepsWhenThereIsOne() throws {
        let pipeline = try helper.loadPipeline { json in
            var section = Self.section
            section["learnedAnalyzer"] = nil
            json["examples"] = section
            // A lemmatize step reading the sample's list as forms, with the English analyzer.
            json["lemmatization"] = ["analyzer": ["path": "analyzer-en.automorf.bin", "classes": ["np": "noun"]]]
            var frequency = json["frequency"] as! [String: Any]
            frequency["columns"] = ["lemma": "lemma", "frequency": "freq"]
            frequency["tags"] = nil
            json["frequency"] = frequency
        }
        let learned = try #require(pipeline.examplesLearnedAnalyzer)
        #expect(learned.config.classes == ["np": .noun])
        #expect(learned.file?.lastPathComponent == "analyzer-en.automorf.bin")
    }
}
