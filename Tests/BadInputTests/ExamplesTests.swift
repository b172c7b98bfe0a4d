import Foundation
import TestSupport
import Testing

/// A bad sentence-pair file (`examples`) or section: one clear line (the file and line, or the
/// config key) and nothing published, or, with `malformedRows: "skip"`, the bad lines left out
/// and counted. The sample's pairs and analyzers are in every sandbox's corpus.
@Suite struct ExamplesTests {
    /// A sandbox whose config has the sample's `examples` section, changed by `edit`.
    func sandbox(_ edit: (inout [String: Any]) -> Void = { _ in }) throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.writeConfig { json in
            var examples = TestProject.sampleExamplesSection
            edit(&examples)
            json["examples"] = examples
        }
        return sandbox
    }

    static let pairs = "sentences-en-es.tsv"

    @Test func aLineWithoutItsTranslationNamesTheLine() throws {
        let sandbox = try sandbox()
        try sandbox.put(Data("This is my house.\tEsta es mi casa.\nThe car is new.\n".utf8), as: Self.pairs)
        expectCleanFailure(try sandbox.build(), ExpectedError(file: Self.pairs, line: 2, ["expected at least 2 fields", "translation", "found 1"]),
                           sandbox: sandbox)
    }

    @Test func anEmptySentenceNamesItsLineAndColumn() throws {
        let sandbox = try sandbox()
        try sandbox.put(Data("This is my house.\tEsta es mi casa.\n\tEl coche es nuevo.\n".utf8), as: Self.pairs)
        expectCleanFailure(try sandbox.build(), ExpectedError(file: Self.pairs, line: 2, column: 1, ["learned sentence is empty"]),
                           sandbox: sandbox)
    }

    @Test func aWrongEncodingNamesTheLineAndTheByte() throws {
        let sandbox = try sandbox()
        // ISO-8859-1 bytes in a file read as UTF-8: "Sí." on line 2.
        try sandbox.put(Data("The car is new.\tEl coche es nuevo.\nYes.\tS".utf8) + Data([0xED, 0x2E, 0x0A]), as: Self.pairs)
        expectCleanFailure(try sandbox.build(), ExpectedError(file: Self.pairs, line: 2, ["invalid UTF-8", "0xED"]), sandbox: sandbox)
    }

    @Test func aStatedEncodingIsConverted() throws {
        let sandbox = try sandbox { $0["encoding"] = "ISO-8859-1" }
        try sandbox.put(Data("The car is new.\tEl coche es nuevo.\nMy car is big.\tMi coche es grande.\n".utf8), as: Self.pairs)
        expectSuccess(try sandbox.build(), sandbox: sandbox)
        let unknown = try self.sandbox { $0["encoding"] = "no-such-encoding" }
        expectCleanFailure(try unknown.build(), ExpectedError(file: Self.pairs, location: "examples.encoding", ["no-such-encoding", "not an encoding"]),
                           sandbox: unknown)
    }

    @Test func aTenMegabyteLineIsOneErrorNotACrash() throws {
        let sandbox = try sandbox { $0["malformedRows"] = "skip" }
        var data = Data("The car is new.\tEl coche es nuevo.\n".utf8)
        data.append(Data(repeating: UInt8(ascii: "x"), count: 10 << 20))
        data.append(Data("\tx\n".utf8))
        try sandbox.put(data, as: Self.pairs)
        let run = try sandbox.build()
        expectCleanFailure(run, ExpectedError(file: Self.pairs, line: 2, ["longer than 1048576 bytes"]), sandbox: sandbox)
        #expect(run.seconds < 30, "took \(run.seconds) s")
    }

    @Test func malformedLinesAreSkippedCountedAndListedWhenAsked() throws {
        let sandbox = try sandbox { $0["malformedRows"] = "skip" }
        try sandbox.put(Data("This is my house.\tEsta es mi casa.\nThe car is new.\n\tVacío.\nMy car is big.\tMi coche es grande.\n".utf8), as: Self.pairs)
        let run = try sandbox.build(["--json"])
        expectSuccess(run, sandbox: sandbox)
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let examples = (report?["figures"] as? [String: Any])?["examples"] as? [String: Any]
        #expect(examples?["skippedLines"] as? Int == 2)
        let listed = try String(contentsOf: sandbox.output.appendingPathComponent("\(Sandbox.dataset).report/skipped-pairs.txt"), encoding: .utf8)
        #expect(listed.contains("2\t-\texpected at least 2 fields") && listed.contains("3\t1\tthe learned sentence is empty"), "\(listed)")
    }

    @Test func aMissingOrForeignAnalyzerNamesItsFile() throws {
        let missing = try sandbox { $0["learnerAnalyzer"] = ["path": "nowhere.automorf.bin"] }
        expectCleanFailure(try missing.build(), ExpectedError(file: missing.config.path, location: "examples.learnerAnalyzer.path",
                                                             ["file not found", "nowhere.automorf.bin"]), sandbox: missing)
        let foreign = try sandbox()
        try foreign.put(Data("not an analyzer\n".utf8), as: "analyzer-es.automorf.bin")
        expectCleanFailure(try foreign.build(), ExpectedError(file: foreign.path("analyzer-es.automorf.bin"), ["not a compiled lttoolbox analyzer"]),
                           sandbox: foreign)
    }

    /// Config mistakes in the section, each one line naming the key: the key, its value as JSON
    /// text (nil: left out), words of the reason.
    @Test(arguments: [
        ("learnerLanguage", #""it""#, ["\"it\" is not a target language"]),
        ("learnerColumn", "1", ["cannot both be column 1"]),
        ("learnedColumn", "0", ["column numbers start at 1"]),
        ("id", #""lexicon""#, ["names the lexicon's own examples"]),
        ("perCard", "0", ["must be at least 1"]),
        ("maxWords", #""twelve""#, ["wrong type"]),
        ("wordCount", #""characters""#, ["invalid value \"characters\""]),
        ("colour", #""blue""#, ["unknown key"]),
    ] as [(String, String?, [String])])
    func aBadKeyIsOneLineNamingIt(_ key: String, _ value: String?, _ words: [String]) throws {
        let parsed = try value.map { try JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed) }
        let sandbox = try sandbox { $0[key] = parsed }
        expectCleanFailure(try sandbox.build(), ExpectedError(file: sandbox.config.path, location: "examples.\(key)", words), sandbox: sandbox)
    }

    @Test func aLearnedAnalyzerBesideTheLemmatizeStepsIsRefused() throws {
        let sandbox = try sandbox()
        try sandbox.writeConfig { json in
            json["examples"] = TestProject.sampleExamplesSection
            json["lemmatization"] = ["analyzer": ["path": "analyzer-en.automorf.bin"]]
        }
        expectCleanFailure(try sandbox.build(), ExpectedError(file: sandbox.config.path, location: "examples.learnedAnalyzer", ["leave this key out"]),
                           sandbox: sandbox)
    }
}
