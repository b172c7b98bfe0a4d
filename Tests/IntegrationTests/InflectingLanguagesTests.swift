import Foundation
import ReleaseFormat
import SQLiteDatabase
import TestSupport
import Testing

/// Inflecting languages of other families (issue 46): configs made from the shipped Russian one
/// (`Corpus/release/wordfreq-ru-en.json`) by substituting its paths and language codes, as a
/// maintainer would, for Russian, Bulgarian, Polish (with a second, Wiktionary-like lexicon
/// layered after the wordnet) and Finnish (Voikko; Debian has no Hunspell Finnish, so its
/// `hunspell` key goes), on this machine's Debian files and the sample corpus's small files written
/// for them (`forms-xx.csv`, `lexicon-xx.xml`). Each must publish and teach the lemmas of the rules
/// the issue names: the analyzer's homograph numbers dropped (Russian `год²`), the lexicon's
/// citation forms learned (Bulgarian `има` is `имам`), no capitalised or symbol entry from a
/// lower-case form (Polish `in`, `b`, `al`; Finnish `oman`), an entry a layer lacks from the next
/// (Polish verbs), folding by the language (Russian `й` kept, `ё` folded).
@Suite(.serialized) struct InflectingLanguagesTests {
    /// One language: its codes, files and what its release must (and must not) teach.
    struct Language: Sendable, CustomTestStringConvertible {
        var code: String
        var voice: String
        /// The sample corpus's lexicons that are its source, in layer order.
        var lexicons: [String]
        var analyzer: (package: String, path: String, format: String)
        var hunspell: (package: String, aff: String, dic: String)?
        var lemmas: [String]
        var neverCards: [String]
        /// Forms a learner reads and the card each finds (issue 44's look-up): the analyzer's
        /// lemmas named as the lexicon names them, forms of the list's and enumerated ones.
        var forms: [(form: String, lemma: String)]

        var testDescription: String { code }
        var systemFiles: [(package: String, path: String)] {
            [(analyzer.package, analyzer.path)] + (hunspell.map { [($0.package, $0.aff), ($0.package, $0.dic)] } ?? [])
        }
    }

    static let languages: [Language] = [
        Language(code: "ru", voice: "ru", lexicons: ["lexicon-ru.xml"],
                 analyzer: ("apertium-rus-ukr", "/usr/share/apertium/apertium-rus-ukr/rus-ukr.automorf.bin", "lttoolbox"),
                 hunspell: ("hunspell-ru", "/usr/share/hunspell/ru_RU.aff", "/usr/share/hunspell/ru_RU.dic"),
                 lemmas: ["год", "быть", "знать", "писать", "делать", "дом", "новый", "машина"],
                 neverCards: ["до", "есть", "года", "лет", "два", "три", "в", "что", "я", "знать²", "год²"],
                 forms: [("года", "год"), ("лет", "год"), ("годами", "год"), ("знаю", "знать"), ("писала", "писать"), ("домами", "дом")]),
        Language(code: "bg", voice: "bg", lexicons: ["lexicon-bg.xml"],
                 analyzer: ("apertium-mkd-bul", "/usr/share/apertium/apertium-mkd-bul/bul-mkd.automorf.bin", "lttoolbox"),
                 hunspell: ("hunspell-bg", "/usr/share/hunspell/bg_BG.aff", "/usr/share/hunspell/bg_BG.dic"),
                 lemmas: ["имам", "искам", "видя", "съм", "правя", "знам", "къща", "година", "добър", "нов"],
                 neverCards: ["има", "иска", "види", "е", "прави", "знае", "да", "и", "на"],
                 forms: [("има", "имам"), ("имаше", "имам"), ("искаха", "искам"), ("видях", "видя"), ("къщи", "къща")]),
        Language(code: "pl", voice: "pl", lexicons: ["lexicon-pl.xml", "lexicon-pl-wikt.xml"],
                 analyzer: ("apertium-pol-szl", "/usr/share/apertium/apertium-pol-szl/pol-szl.automorf.bin", "lttoolbox"),
                 hunspell: ("hunspell-pl", "/usr/share/hunspell/pl_PL.aff", "/usr/share/hunspell/pl_PL.dic"),
                 lemmas: ["być", "mieć", "móc", "wiedzieć", "robić", "dom", "rok", "nowy", "dobry"],
                 neverCards: ["In", "B", "Al", "in", "b", "al", "jest", "ma", "może", "nie", "w"],
                 forms: [("jest", "być"), ("roku", "rok"), ("domami", "dom"), ("robiła", "robić"), ("nowych", "nowy")]),
        Language(code: "fi", voice: "fi", lexicons: ["lexicon-fi.xml"],
                 analyzer: ("voikko-fi", "/usr/lib/voikko", "voikko"), hunspell: nil,
                 lemmas: ["olla", "voida", "tulla", "oma", "talo", "vuosi", "hyvä", "uusi", "tehdä", "tietää"],
                 neverCards: ["voi", "tuli", "Oman", "oman", "on", "ei", "ja"],
                 forms: [("tuli", "tulla"), ("vuotta", "vuosi"), ("talossa", "talo"), ("oman", "oma")]),
    ]

    /// The Russian config with `language`'s paths and codes, in `folder`.
    static func derivedConfig(_ language: Language, in folder: URL) throws -> URL {
        let shipped = TestProject.root.appendingPathComponent("Corpus/release/wordfreq-ru-en.json")
        var config = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: shipped)) as? [String: Any])
        func substituted(_ section: Any?, path: String) -> [String: Any] { TestProject.substituted(section, path: path) }
        config["dataset"] = ["name": "sample-\(language.code)-en", "version": "1.0.0"]
        config["corpus"] = TestProject.sampleCorpus.path
        config["frequency"] = substituted(config["frequency"], path: "forms-\(language.code).csv")
        var lemmatization = config["lemmatization"] as? [String: Any] ?? [:]
        var analyzer = substituted(lemmatization["analyzer"], path: language.analyzer.path)
        if language.analyzer.format != "lttoolbox" { analyzer["format"] = language.analyzer.format }
        lemmatization["analyzer"] = analyzer
        lemmatization["hunspell"] = language.hunspell.map { ["aff": $0.aff, "dic": $0.dic] }
        config["lemmatization"] = lemmatization
        let layers = language.lexicons.map { substituted(config["lexicon"], path: $0) }
        config["lexicon"] = layers.count == 1 ? layers[0] : layers
        var translations = try #require(config["translations"] as? [Any])
        translations[0] = substituted(translations[0], path: "lexicon-en.xml")
        config["translations"] = translations
        config["glosses"] = substituted(config["glosses"], path: "lexicon-en.xml")
        config["pronunciation"] = ["voice": language.voice]
        // What the sample cannot meet: 3,000 words and the gates' thresholds.
        var selection = config["selection"] as? [String: Any] ?? [:]
        selection["count"] = language.lemmas.count
        config["selection"] = selection
        config["gates"] = ["minimumWords": language.lemmas.count, "minimumPartsOfSpeech": ["verb": 2]]
        config["output"] = ["directory": folder.appendingPathComponent("out").path, "work": folder.appendingPathComponent("work").path]
        let url = folder.appendingPathComponent("\(language.code).json")
        try JSONSerialization.data(withJSONObject: config, options: [.prettyPrinted, .sortedKeys]).write(to: url)
        return url
    }

    /// The release of `language`'s derived config, built by `vocab`: its bundle's words and its folder.
    static func build(_ language: Language, in folder: URL) throws -> (words: [[String: Any]], release: URL) {
        let missing = language.systemFiles.filter { !FileManager.default.fileExists(atPath: $0.path) }
        try #require(missing.isEmpty, "not installed: \(Set(missing.map(\.package)).sorted().joined(separator: ", ")) (.ci/run installs them)")
        let run = try Project.vocab(["build", "--config", try derivedConfig(language, in: folder).path])
        try #require(run.status == 0, "\(run)")
        let name = "sample-\(language.code)-en"
        let release = folder.appendingPathComponent("out/\(name)-1.0.0")
        let bundle = try JSONSerialization.jsonObject(with: Data(contentsOf: release.appendingPathComponent("\(name).json"))) as? [String: Any]
        return (bundle?["words"] as? [[String: Any]] ?? [], release)
    }

    @Test(arguments: languages)
    func aDerivedConfigTeachesTheLemmasOnTheMachinesOwnFiles(_ language: Language) throws {
        let folder = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (words, _) = try Self.build(language, in: folder)
        let names = words.compactMap { $0["name"] as? String }
        for lemma in language.lemmas { #expect(names.contains(lemma), "\(language.code): \(lemma) missing from \(names)") }
        for form in language.neverCards { #expect(!names.contains(form), "\(language.code): \(form) shipped") }
        // No stray character in a generated pronunciation: IPA letters, marks and spaces only.
        for word in words {
            for pronunciation in word["pronunciations"] as? [[String: Any]] ?? [] {
                let text = pronunciation["text"] as? String ?? ""
                #expect(!text.contains { "\"^';,*=".contains($0) }, "\(language.code): \(word["name"] ?? "") is /\(text)/")
            }
        }
    }

    /// The forms a learner reads find their cards (`vocab lookup --batch` and the SQL recipe): the
    /// readings of the list's forms and, where the engine enumerates them, every form of a lemma,
    /// named as the lexicon names its words (Russian `годами` of `год²` is `год`'s, Bulgarian
    /// `искаха` of `иска` is `искам`'s). Finnish's Voikko enumerates nothing: the list's forms only.
    @Test(arguments: languages)
    func theFormsALearnerReadsFindTheirCards(_ language: Language) throws {
        let folder = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, release) = try Self.build(language, in: folder)
        try LearnedLanguageTests.expectFormsFindTheirWords(language.forms, code: language.code, release: release, name: "sample-\(language.code)-en")
    }

    /// Russian: the analyzer's `год²` is the lexicon's `год`, with all its forms' frequency (год,
    /// года, году, лет), and быть takes `есть`'s; the folded search keeps й apart from и and folds ё.
    @Test func russianLemmasTakeEveryFormsFrequencyAndSearchFoldsByTheLanguage() throws {
        let folder = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let language = try #require(Self.languages.first { $0.code == "ru" })
        let (words, release) = try Self.build(language, in: folder)
        let year = try #require(words.first { $0["name"] as? String == "год" })
        // год 908 + года 1500 + году 700 + лет 1300 per million, in units of the fourth decimal place.
        #expect(year["freq"] as? Int == 44_080_000, "\(year["freq"] ?? "none")")
        #expect((words.first?["name"] as? String) == "быть", "\(words.first ?? [:])")
        // The dictionary has every entry: the app's query, typed without accents.
        let dictionary = try SQLiteConnection(path: release.appendingPathComponent("sample-ru-en-dictionary.sqlite").path)
        func found(_ input: String) throws -> [String] {
            try dictionary.read { db in
                try SQLiteRow.fetchAll(db, sql: "SELECT name FROM (\(WordSearch.query(table: "entries")))", arguments: ["input": input, "limit": 5])
                    .map { $0["name"] as String }
            }
        }
        #expect(try found("елка") == ["ёлка"])
        #expect(try found("йод") == ["йод"])
        #expect(try found("иод").isEmpty)
        let folded = try dictionary.read { db in try String.fetchOne(db, sql: "SELECT searchFolded FROM entries WHERE name = 'ёлка'") }
        #expect(folded?.split(separator: "\n").first == "елка")
    }

    /// Polish: the wordnet's entries stay its own (dom), the verbs it lacks come from the layer after
    /// it, and the release names both lexicons, with their licences.
    @Test func aLayeredLexiconGivesWhatTheFirstLacksAndTheManifestNamesBoth() throws {
        let folder = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let language = try #require(Self.languages.first { $0.code == "pl" })
        let (words, release) = try Self.build(language, in: folder)
        func lexicon(of name: String) -> String? {
            (words.first { $0["name"] as? String == name }?["provenance"] as? [String: Any])?["lexicon"] as? String
        }
        for verb in ["być", "mieć", "móc", "wiedzieć"] { #expect(lexicon(of: verb) == "sample-pl-wikt:2.0", "\(verb): \(lexicon(of: verb) ?? "none")") }
        for word in ["dom", "rok", "robić", "nowy"] { #expect(lexicon(of: word) == "sample-pl:1.0", "\(word): \(lexicon(of: word) ?? "none")") }
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: release.appendingPathComponent("datapackage.json"))) as? [String: Any])
        let sources = manifest["sources"] as? [[String: Any]] ?? []
        let lexicons = sources.filter { $0["role"] as? String == "lexicon" }.compactMap { $0["lexicon"] as? String }
        #expect(lexicons == ["sample-pl:1.0", "sample-pl-wikt:2.0"], "\(lexicons)")
        #expect(manifest["licenseExpression"] as? String == "CC-BY-SA-4.0")
        let attribution = try String(contentsOf: release.appendingPathComponent("ATTRIBUTION.md"), encoding: .utf8)
        #expect(attribution.contains("sample-pl-wikt:2.0"), "\(attribution)")
        // The recorded config keeps both layers, as an array.
        let recorded = manifest["config"] as? [String: Any]
        #expect((recorded?["lexicon"] as? [Any])?.count == 2)
    }
}
