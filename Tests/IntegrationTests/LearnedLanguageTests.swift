import Foundation
import ReleaseFormat
import SQLiteDatabase
import TestSupport
import Testing
import VocabCore

/// A release for another learned language is a config, not code: each language's config here is
/// made from the shipped Spanish one (`Corpus/release/wordfreq-es-en.json`) by substituting its
/// paths and language codes (the list, this machine's Debian analyzer and Hunspell dictionary, the
/// lexicons, the voice, the sentence pairs and their columns), as a maintainer would; only what the sample corpus cannot meet changes
/// besides (the release's size, the gates, the Spanish sense pins; the real lexicons of those
/// languages are not on this machine). The sample corpus holds, for each language, a short list of
/// forms in wordfreq's layout (`forms-xx.csv`: function words, inflected and irregular forms, a
/// loanword), a small lexicon of its own and a few sentence pairs with English
/// (`sentences-en-xx.tsv`, English first as manythings.org's files), all written by the project.
///
/// Each build uses Debian's files exactly as installed: `fr_FR.aff` is a symbolic link to
/// `fr.aff`, `it_IT.dic` declares one word more than it holds, and the Portuguese voice hands the
/// loanword `show` to English. Each must publish (exit 0), teach the lemmas and no inflected form
/// or function word, and leave a word the voice cannot say without a pronunciation, listed.
@Suite(.serialized) struct LearnedLanguageTests {
    /// One learned language: its codes, files and what its release must (and must not) teach.
    struct Language: Sendable, CustomTestStringConvertible {
        var code: String
        var voice: String
        /// The lexicon of the sample corpus that is its source, and the learner's language's.
        var lexicon: String
        var learner: (language: String, lexicon: String)
        var analyzer: (package: String, path: String)
        var hunspell: (package: String, aff: String, dic: String)
        /// The sample's sentence pairs (English and the other language, manythings.org's layout),
        /// the learned language's column, and the learner's language's analyzer (Debian's).
        var pairs: (path: String, learnedColumn: Int, learnerAnalyzer: String)
        var lemmas: [String]
        var neverCards: [String]
        /// Forms a learner reads and the word each must find (issue 44).
        var forms: [(form: String, lemma: String)] = []

        var testDescription: String { code }
        var systemFiles: [(package: String, path: String)] {
            [analyzer, (hunspell.package, hunspell.aff), (hunspell.package, hunspell.dic), ("apertium-eng-spa", pairs.learnerAnalyzer)]
        }
    }

    static let languages: [Language] = [
        Language(code: "es", voice: "es", lexicon: "lexicon-es.xml", learner: ("en", "lexicon-en.xml"),
                 analyzer: ("apertium-eng-spa", "/usr/share/apertium/apertium-eng-spa/spa-eng.automorf.bin"),
                 hunspell: ("hunspell-es", "/usr/share/hunspell/es_ES.aff", "/usr/share/hunspell/es_ES.dic"),
                 pairs: ("sentences-en-es.tsv", 2, "/usr/share/apertium/apertium-eng-spa/eng-spa.automorf.bin"),
                 lemmas: ["ser", "año", "vez", "casa", "hacer", "bueno", "nuevo", "saber", "canción", "coche"],
                 neverCards: ["es", "son", "fue", "años", "casas", "veces", "buena", "nueva", "canciones", "coches", "de", "la", "que", "una", "para"],
                 forms: [("casas", "casa"), ("años", "año"), ("fue", "ser"), ("es", "ser"), ("veces", "vez"), ("canciones", "canción"), ("nueva", "nuevo")]),
        Language(code: "fr", voice: "fr-fr", lexicon: "lexicon-fr.xml", learner: ("en", "lexicon-en.xml"),
                 analyzer: ("apertium-fr-es", "/usr/share/apertium/apertium-fr-es/fr-es.automorf.bin"),
                 hunspell: ("hunspell-fr", "/usr/share/hunspell/fr_FR.aff", "/usr/share/hunspell/fr_FR.dic"),
                 pairs: ("sentences-en-fr.tsv", 2, "/usr/share/apertium/apertium-eng-spa/eng-spa.automorf.bin"),
                 lemmas: ["être", "faire", "maison", "année", "voiture", "bon", "nouveau", "grand", "chanson", "savoir"],
                 neverCards: ["est", "sont", "était", "fait", "maisons", "années", "voitures", "bonne", "nouvelle", "chansons", "le", "la", "de", "et", "je"],
                 forms: [("maisons", "maison"), ("années", "année"), ("est", "être"), ("était", "être"), ("voitures", "voiture"), ("bonne", "bon"),
                         ("chansons", "chanson")]),
        Language(code: "it", voice: "it", lexicon: "lexicon-it.xml", learner: ("en", "lexicon-en.xml"),
                 analyzer: ("apertium-cat-ita", "/usr/share/apertium/apertium-cat-ita/ita-cat.automorf.bin"),
                 hunspell: ("hunspell-it", "/usr/share/hunspell/it_IT.aff", "/usr/share/hunspell/it_IT.dic"),
                 pairs: ("sentences-en-it.tsv", 2, "/usr/share/apertium/apertium-eng-spa/eng-spa.automorf.bin"),
                 lemmas: ["essere", "fare", "casa", "anno", "macchina", "buono", "nuovo", "grande", "canzone", "sapere"],
                 neverCards: ["è", "sono", "era", "fatto", "case", "anni", "macchine", "buona", "nuova", "canzoni", "il", "la", "di", "che"],
                 forms: [("case", "casa"), ("anni", "anno"), ("è", "essere"), ("era", "essere"), ("macchine", "macchina"), ("buona", "buono"),
                         ("canzoni", "canzone")]),
        Language(code: "pt", voice: "pt", lexicon: "lexicon-pt.xml", learner: ("en", "lexicon-en.xml"),
                 analyzer: ("apertium-es-pt", "/usr/share/apertium/apertium-es-pt/pt-es.automorf.bin"),
                 hunspell: ("hunspell-pt-pt", "/usr/share/hunspell/pt_PT.aff", "/usr/share/hunspell/pt_PT.dic"),
                 pairs: ("sentences-en-pt.tsv", 2, "/usr/share/apertium/apertium-eng-spa/eng-spa.automorf.bin"),
                 lemmas: ["ser", "fazer", "casa", "ano", "carro", "bom", "novo", "grande", "canção", "show"],
                 neverCards: ["é", "são", "foi", "casas", "anos", "carros", "boa", "nova", "canções", "de", "que", "o", "uma"],
                 forms: [("casas", "casa"), ("anos", "ano"), ("foi", "ser"), ("é", "ser"), ("carros", "carro"), ("boa", "bom"), ("canções", "canção")]),
        Language(code: "en", voice: "en-us", lexicon: "lexicon-en.xml", learner: ("es", "lexicon-es.xml"),
                 analyzer: ("apertium-eng-spa", "/usr/share/apertium/apertium-eng-spa/eng-spa.automorf.bin"),
                 hunspell: ("hunspell-en-us", "/usr/share/hunspell/en_US.aff", "/usr/share/hunspell/en_US.dic"),
                 pairs: ("sentences-en-es.tsv", 1, "/usr/share/apertium/apertium-eng-spa/spa-eng.automorf.bin"),
                 lemmas: ["be", "year", "house", "car", "good", "new", "make", "song", "know", "time"],
                 neverCards: ["is", "was", "are", "been", "years", "houses", "cars", "made", "knew", "songs", "times", "the", "of", "and", "a"],
                 forms: [("years", "year"), ("houses", "house"), ("was", "be"), ("made", "make"), ("knew", "know"), ("songs", "song")]),
    ]

    /// The Spanish config with `language`'s paths and codes, in `folder`.
    static func derivedConfig(_ language: Language, in folder: URL) throws -> URL {
        let shipped = TestProject.root.appendingPathComponent("Corpus/release/wordfreq-es-en.json")
        var config = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: shipped)) as? [String: Any])
        var dataset = config["dataset"] as? [String: Any] ?? [:]
        dataset["name"] = "sample-\(language.code)-\(language.learner.language)"
        config["dataset"] = dataset
        config["corpus"] = TestProject.sampleCorpus.path
        config["frequency"] = TestProject.substituted(config["frequency"], path: "forms-\(language.code).csv")
        var lemmatization = config["lemmatization"] as? [String: Any] ?? [:]
        lemmatization["analyzer"] = TestProject.substituted(lemmatization["analyzer"], path: language.analyzer.path)
        lemmatization["hunspell"] = ["aff": language.hunspell.aff, "dic": language.hunspell.dic]
        config["lemmatization"] = lemmatization
        config["lexicon"] = TestProject.substituted(config["lexicon"], path: language.lexicon)
        var translations = try #require(config["translations"] as? [Any])
        var translation = TestProject.substituted(translations[0], path: language.learner.lexicon)
        translation["language"] = language.learner.language
        translations[0] = translation
        config["translations"] = translations
        var glosses = TestProject.substituted(config["glosses"], path: language.learner.lexicon)
        glosses["language"] = language.learner.language
        config["glosses"] = glosses
        config["pronunciation"] = ["voice": language.voice]
        var examples = TestProject.substituted(config["examples"], path: language.pairs.path)
        examples["learnedColumn"] = language.pairs.learnedColumn
        examples["learnerColumn"] = 3 - language.pairs.learnedColumn
        examples["learnerLanguage"] = language.learner.language
        examples["learnerAnalyzer"] = TestProject.substituted(examples["learnerAnalyzer"], path: language.pairs.learnerAnalyzer)
        config["examples"] = examples
        // What the sample cannot meet: 3,000 words, the gates' thresholds, Spanish's pins.
        var selection = config["selection"] as? [String: Any] ?? [:]
        selection["count"] = 12
        config["selection"] = selection
        config["gates"] = ["maximumUnpronounced": 20]
        config["sensePins"] = nil
        config["output"] = ["directory": folder.appendingPathComponent("out").path, "work": folder.appendingPathComponent("work").path]
        let url = folder.appendingPathComponent("\(language.code).json")
        try JSONSerialization.data(withJSONObject: config, options: [.prettyPrinted, .sortedKeys]).write(to: url)
        return url
    }

    /// Each of `language`'s forms finds its word by `vocab lookup --batch` (one process) and by
    /// the SQL recipe on the database alone (issue 44).
    static func expectFormsFindTheirWords(_ forms: [(form: String, lemma: String)], code: String, release: URL, name: String) throws {
        let batch = try TestProject.runVocab(["lookup", release.path, "--batch"], input: forms.map(\.form).joined(separator: "\n") + "\n")
        #expect(batch.status == 0, "\(batch.stderr)")
        let lines = batch.stdout.split(separator: "\n")
        try #require(lines.count == forms.count, "\(code): \(batch.stdout)")
        let database = try SQLiteConnection(path: release.appendingPathComponent("\(name).sqlite").path, readOnly: true)
        defer { try? database.close() }
        for ((form, lemma), line) in zip(forms, lines) {
            let items = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Any]] ?? []
            #expect(items.contains { $0["name"] as? String == lemma && $0["match"] as? String == "form" },
                    "\(code): \(form) → \(items.compactMap { $0["name"] as? String })")
            let rows = try database.read { db in
                try String.fetchAll(db, sql: "SELECT name FROM (\(FormSearch.query(table: ReleaseSchema.cardTable)))", arguments: ["form": WordForm.key(form)])
            }
            #expect(rows.contains(lemma), "\(code): \(form) by SQL → \(rows)")
        }
    }

    @Test(arguments: languages)
    func aReleaseForAnotherLanguageIsAConfigOnTheMachinesOwnFiles(_ language: Language) throws {
        let missing = language.systemFiles.filter { !FileManager.default.fileExists(atPath: $0.path) }
        try #require(missing.isEmpty, "not installed: \(Set(missing.map(\.package)).sorted().joined(separator: ", ")) (.ci/run installs them)")
        let folder = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Project.vocab(["build", "--config", try Self.derivedConfig(language, in: folder).path, "--json"])
        #expect(run.status == 0, "\(run)")
        let name = "sample-\(language.code)-\(language.learner.language)"
        let release = folder.appendingPathComponent("out/\(name)-1.0.0")
        let bundle = try JSONSerialization.jsonObject(with: Data(contentsOf: release.appendingPathComponent("\(name).json"))) as? [String: Any]
        let words = bundle?["words"] as? [[String: Any]] ?? []
        let names = words.compactMap { $0["name"] as? String }
        for lemma in language.lemmas { #expect(names.contains(lemma), "\(language.code): \(lemma) missing from \(names)") }
        for form in language.neverCards { #expect(!names.contains(form), "\(language.code): \(form) shipped") }
        // The words the voice cannot say in its own rules go without a pronunciation, listed.
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let unpronounced = words.filter { ($0["pronunciations"] as? [Any] ?? []).isEmpty }.compactMap { $0["name"] as? String }
        let listed = (try? String(contentsOf: folder.appendingPathComponent("out/\(name)-1.0.0.report/unpronounced.txt"), encoding: .utf8))
            .map { $0.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init) } ?? []
        #expect(listed == unpronounced)
        if language.code == "pt" { #expect(unpronounced == ["show"], "\(unpronounced)") }
        // The config's sentence pairs: a card shows a sentence of its own with the translation,
        // and the sentence has the card's word in some form (its analyzer found it there).
        let paired = words.filter { word in
            (word["examples"] as? [[String: Any]] ?? []).contains { ($0["source"] as? String) == "tatoeba" && !(($0["translation"] as? String) ?? "").isEmpty }
        }
        #expect(paired.count >= 3, "\(language.code): \(paired.count) cards with a sentence pair")
        for lemma in ["casa", "maison", "macchina", "carro", "house"] where names.contains(lemma) {
            let word = try #require(words.first { $0["name"] as? String == lemma })
            let texts = (word["examples"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            #expect(!texts.isEmpty, "\(language.code): \(lemma) has no sentence")
        }
        try Self.expectFormsFindTheirWords(language.forms, code: language.code, release: release, name: name)
        // Debian's files as installed: the Italian .dic's count line is a warning, not an error.
        let warnings = report["warnings"] as? [String] ?? []
        if language.code == "it" {
            #expect(warnings.contains { $0.contains("it_IT.dic:1:") && $0.contains("size hint") }, "\(warnings)")
        }
    }
}
