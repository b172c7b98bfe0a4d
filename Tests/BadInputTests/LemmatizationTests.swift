import Foundation
import Testing

/// A list of word forms without tags, lemmatized through a Hunspell dictionary and a lemma table
/// (fixtures in `Fixtures/lemmatization`, written for the sample lexicon), and every bad input of
/// the lemmatize step and of the new list layouts: one clear line each, exit status 1, nothing
/// published.
@Suite struct LemmatizationTests {
    static let folder = "lemmatization"

    /// A sandbox whose list is `list` (word forms, per-million frequencies with two decimals) and
    /// whose config lemmatizes with the fixture dictionary and `table`; `edit` changes the config further.
    static func sandbox(
        list: String = "forms.csv", aff: String = "en.aff", dic: String = "en.dic", table: String? = "lemmas.tsv",
        _ edit: (inout [String: Any]) -> Void = { _ in }
    ) throws -> Sandbox {
        let sandbox = try Sandbox()
        for name in Set([list, aff, dic] + (table.map { [$0] } ?? [])) {
            try sandbox.use(fixture: "\(folder)/\(name)", as: name)
        }
        try sandbox.writeConfig { json in
            var frequency = json["frequency"] as! [String: Any]
            frequency["path"] = list
            frequency["columns"] = ["lemma": "word", "frequency": "per_million"]
            frequency["tags"] = nil
            frequency["unknownTags"] = nil
            frequency["decimalPlaces"] = 2
            json["frequency"] = frequency
            var lemmatization: [String: Any] = ["hunspell": ["aff": aff, "dic": dic]]
            // A lemma table is named relative to the config file (the sandbox root), beside `corpus/`.
            if let table { lemmatization["lemmaTable"] = "corpus/\(table)" }
            json["lemmatization"] = lemmatization
            edit(&json)
        }
        return sandbox
    }

    @Test func formsBecomeLemmasWithTheirFrequenciesAddedUp() throws {
        let sandbox = try Self.sandbox()
        let run = try sandbox.build(["--json"])
        #expect(run.status == 0, "\(run)")
        let words = try sandbox.releaseWords()
        let names = words.map { $0["name"] as? String ?? "" }
        // houses (1500.25) + house (800.75) = 2301: house comes first, and no plural is shipped.
        #expect(names.first == "house")
        // Frequencies with two decimal places are published in hundredths, and the manifest and the
        // metadata table say so.
        #expect(words.first?["freq"] as? Int == 230_100)
        let manifest = try JSONSerialization.jsonObject(
            with: Data(contentsOf: sandbox.release.appendingPathComponent("datapackage.json"))) as? [String: Any]
        #expect(manifest?["frequencyDecimalPlaces"] as? Int == 2)
        for form in ["houses", "cars", "songs", "years", "knows", "making", "was", "ran"] {
            #expect(!names.contains(form), "\(form) shipped: \(names)")
        }
        for lemma in ["house", "time", "know", "make", "car", "song", "year", "run"] {
            #expect(names.contains(lemma), "\(lemma) missing: \(names)")
        }
        // was → be through the table, then be is stop-listed by the sample's stop list.
        #expect(!names.contains("be"))
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let figures = report?["lemmatization"] as? [String: Any]
        #expect(figures?["formsRead"] as? Int == 14)
        #expect(figures?["noLemma"] as? Int == 3)  // the, of, xyzzy
        #expect(figures?["lemmatized"] as? [String: Int] == ["table": 2, "hunspell": 6, "lexicon": 3])
        // The report folder lists the forms without a lemma, most frequent first, with no count.
        let noLemma = try String(contentsOf: sandbox.output.appendingPathComponent("\(Sandbox.dataset).report/no-lemma.txt"), encoding: .utf8)
        #expect(noLemma.split(separator: "\n").dropFirst() == ["the\t2", "of\t3", "xyzzy\t9"])
    }

    @Test func withoutALemmatizationSectionAListWithoutTagsIsRefused() throws {
        let sandbox = try Self.sandbox { $0["lemmatization"] = nil }
        expectCleanFailure(
            try sandbox.build(),
            ExpectedError(file: sandbox.config.path, location: "frequency.columns.partOfSpeech", ["lemmatization"]), sandbox: sandbox)
    }

    static let badTables: [(String, Int, Int?, [String])] = [
        ("table-one-field.tsv", 2, nil, ["expected 2 tab-separated fields", "found 1"]),
        ("table-four-fields.tsv", 2, nil, ["found 4"]),
        ("table-not-a-part-of-speech.tsv", 2, 3, ["\"verbo\" is not a part of speech"]),
        ("table-empty-lemma.tsv", 2, 2, ["empty"]),
        ("table-repeated.tsv", 3, nil, ["already on line 1"]),
        ("table-invalid-utf8.tsv", 2, nil, ["invalid UTF-8"]),
    ]

    @Test(arguments: badTables)
    func aBadLemmaTableFailsCleanly(_ fixture: String, _ line: Int, _ column: Int?, _ words: [String]) throws {
        let sandbox = try Self.sandbox(table: fixture)
        expectCleanFailure(try sandbox.build(), ExpectedError(file: fixture, line: line, column: column, words), sandbox: sandbox)
    }

    /// A `.dic` whose first line declares more words than it holds is read as far as it goes, as
    /// libhunspell reads it (the count is a size hint; Debian's `it_IT.dic` is off by one): the
    /// build publishes, and its report warns, naming the file.
    @Test func aDictionaryWhoseCountDiffersBuildsWithAWarning() throws {
        let sandbox = try Self.sandbox(dic: "cut.dic")
        let run = try sandbox.build(["--json"])
        #expect(run.status == 0, "\(run)")
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let warnings = report?["warnings"] as? [String] ?? []
        #expect(warnings.contains { $0.contains("cut.dic:1:") && $0.contains("declares 9 words") && $0.contains("holds 3") }, "\(warnings)")
    }

    /// The tests' tiny compiled Apertium analyzer (Tests/MorphologyTests/Fixtures).
    static let tinyAnalyzer = Paths.testFolder.appendingPathComponent("../MorphologyTests/Fixtures/tiny.automorf.bin").standardizedFileURL

    /// An analyzer file that is not one, or not whole, stops the build with one line naming it
    /// and the reason, exit status 1, nothing published: libhunspell's `.aff` given as an
    /// analyzer, an empty file, random bytes, a cut analyzer, a folder.
    @Test(arguments: ["aff", "empty", "random", "cut", "folder"])
    func aBadAnalyzerFileFailsCleanly(_ kind: String) throws {
        let tiny = try Data(contentsOf: Self.tinyAnalyzer)
        var generator = SystemRandomNumberGenerator()
        let bytes: Data? = switch kind {
        case "aff": try Data(contentsOf: Paths.fixture("lemmatization/en.aff"))
        case "empty": Data()
        case "random": Data((0 ..< 4096).map { _ in UInt8.random(in: 0 ... 255, using: &generator) })
        case "cut": tiny.prefix(tiny.count / 2)
        default: nil
        }
        let sandbox = try Self.sandbox { json in
            var lemmatization = json["lemmatization"] as? [String: Any] ?? [:]
            lemmatization["analyzer"] = ["path": "analyzer.bin"]
            json["lemmatization"] = lemmatization
        }
        if let bytes {
            try sandbox.put(bytes, as: "analyzer.bin")
        } else {
            try FileManager.default.createDirectory(at: sandbox.corpus.appendingPathComponent("analyzer.bin"), withIntermediateDirectories: true)
        }
        let words: [String] = switch kind {
        case "aff", "random": ["not a compiled lttoolbox analyzer"]
        case "empty": ["empty"]
        case "cut": ["cut short"]
        default: []
        }
        // A folder is refused by the config's own check of its input files.
        let expected = kind == "folder"
            ? ExpectedError(file: sandbox.config.path, location: "lemmatization.analyzer.path", ["analyzer.bin"])
            : ExpectedError(file: "analyzer.bin", words)
        expectCleanFailure(try sandbox.build(), expected, sandbox: sandbox)
    }

    /// The tiny analyzer lemmatizes the fixture list end to end: its forms' readings are what the
    /// rule chooses among (`casas` → casa), its determiner a function word, never a card.
    @Test func anAnalyzerLemmatizesTheList() throws {
        let sandbox = try Self.sandbox(list: "forms-es.csv", table: nil) { json in
            var lemmatization = json["lemmatization"] as? [String: Any] ?? [:]
            lemmatization["analyzer"] = ["path": "analyzer.bin"]
            json["lemmatization"] = lemmatization
        }
        try sandbox.put(try Data(contentsOf: Self.tinyAnalyzer), as: "analyzer.bin")
        let run = try sandbox.build(["--json"])
        #expect(run.status == 0, "\(run)")
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let figures = report?["lemmatization"] as? [String: Any]
        #expect((figures?["lemmatized"] as? [String: Int])?["analyzer"] == 4, "\(String(describing: figures))")
        #expect(figures?["closedClass"] as? Int == 2, "\(String(describing: figures))")
    }

    @Test func anAffixFileThatIsNotUTF8FailsCleanly() throws {
        let sandbox = try Self.sandbox(aff: "not-utf8.aff")
        expectCleanFailure(try sandbox.build(), ExpectedError(file: "not-utf8.aff", line: 4, ["not valid UTF-8"]), sandbox: sandbox)
    }

    @Test func aMissingDictionaryFailsCleanly() throws {
        let sandbox = try Self.sandbox()
        try FileManager.default.removeItem(at: sandbox.corpus.appendingPathComponent("en.aff"))
        expectCleanFailure(
            try sandbox.build(),
            ExpectedError(file: sandbox.config.path, location: "lemmatization.hunspell.aff", ["file not found"]), sandbox: sandbox)
    }

    @Test func anEncodingICUDoesNotKnowFailsCleanly() throws {
        let sandbox = try Self.sandbox { json in
            var frequency = json["frequency"] as! [String: Any]
            frequency["encoding"] = "latin-42"
            json["frequency"] = frequency
        }
        expectCleanFailure(
            try sandbox.build(), ExpectedError(file: "forms.csv", location: "frequency.encoding", ["\"latin-42\"", "ICU"]), sandbox: sandbox)
    }

    @Test func aByteTheEncodingCannotMapNamesItsLineAndColumn() throws {
        // 0xE9 (é in Latin-1) is no US-ASCII byte: line 4, character 4 of "caf\u{E9},1400".
        let sandbox = try Self.sandbox(list: "ascii-unmappable.csv") { json in
            var frequency = json["frequency"] as! [String: Any]
            frequency["encoding"] = "US-ASCII"
            json["frequency"] = frequency
        }
        expectCleanFailure(
            try sandbox.build(), ExpectedError(file: "ascii-unmappable.csv", line: 4, column: 4, ["0xE9", "US-ASCII"]),
            sandbox: sandbox)
    }

    @Test func aLatin1ListIsReadInItsEncoding() throws {
        let sandbox = try Self.sandbox(list: "latin1.csv") { json in
            var frequency = json["frequency"] as! [String: Any]
            frequency["encoding"] = "ISO-8859-1"
            json["frequency"] = frequency
        }
        let run = try sandbox.build()
        #expect(run.status == 0, "\(run)")
        let noLemma = try String(contentsOf: sandbox.output.appendingPathComponent("\(Sandbox.dataset).report/no-lemma.txt"), encoding: .utf8)
        #expect(noLemma.contains("café\t4"))
    }

    @Test func malformedRowsAreSkippedCountedAndListedOnRequest() throws {
        let strict = try Self.sandbox(list: "malformed.csv")
        expectCleanFailure(try strict.build(), ExpectedError(file: "malformed.csv", line: 3, ["expected 2 fields", "found 3"]), sandbox: strict)

        let sandbox = try Self.sandbox(list: "malformed.csv") { json in
            var frequency = json["frequency"] as! [String: Any]
            frequency["malformedRows"] = "skip"
            frequency["trailingEmptyFields"] = "ignore"
            json["frequency"] = frequency
        }
        let run = try sandbox.build(["--json"])
        #expect(run.status == 0, "\(run)")
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(report?["skippedRows"] as? Int == 2)
        let skipped = try String(contentsOf: sandbox.output.appendingPathComponent("\(Sandbox.dataset).report/skipped-rows.txt"), encoding: .utf8)
        let lines = skipped.split(separator: "\n").dropFirst().map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("4\t-\texpected 2 fields, found 1") == true)
        #expect(lines.last?.hasPrefix("5\t2\tthe frequency \"abc\" is not a number") == true)
        // The rows with trailing empty fields were read: houses and car made it.
        let names = try sandbox.releaseWords().map { $0["name"] as? String ?? "" }
        #expect(names.contains("house") && names.contains("car"))
    }
}
