import Morphology
import StageForms
import TestSupport
import Testing
import VocabCore

/// The forms rule on its own (docs/policy.md, forms): which words a reading leads to, the
/// agreeing forms of a word that is itself a form, the analyzer's forms of the words' lemmas.
@Suite struct FormCollectorTests {
    static let names = InflectionNames(format: .lttoolbox)

    static func rows(_ collector: FormCollector, _ words: [(name: String, partOfSpeech: PartOfSpeech)]) -> [String] {
        collector.forms().map { "\($0.form) → \(words[$0.word].name) [\($0.tags)]" }
    }

    @Test func aReadingLeadsToEveryWordOfItsLemmaAndPartOfSpeech() {
        let words: [(name: String, partOfSpeech: PartOfSpeech)] = [("ser", .verb), ("ir", .verb), ("casa", .noun), ("casar", .verb), ("ser", .noun)]
        var collector = FormCollector(words: words, names: Self.names)
        collector.add("fue", lemma: "ser", partOfSpeech: .verb, tags: ["ifi", "p3", "sg"])
        collector.add("Fue", lemma: "ir", partOfSpeech: .verb, tags: ["ifi", "p3", "sg"])
        // casa read as casar's: a form of the verb, not of the noun casa.
        collector.add("casa", lemma: "casar", partOfSpeech: .verb, tags: ["pri", "p3", "sg"])
        // A word's own name is no form of it; a lemma no word has, or of another part of speech, leads nowhere.
        collector.add("casa", lemma: "casa", partOfSpeech: .noun, tags: ["sg"])
        collector.add("fueron", lemma: "fuer", partOfSpeech: .verb, tags: ["ifi", "p3", "pl"])
        collector.add("seres", lemma: "ser", partOfSpeech: .adjective, tags: ["pl"])
        // The analyzer's lemma in another case finds the word.
        collector.add("Seres", lemma: "Ser", partOfSpeech: .noun, tags: ["pl"])
        // Repeats are one row.
        collector.add("fue", lemma: "ser", partOfSpeech: .verb, tags: ["ifi", "p3", "sg"])
        #expect(Self.rows(collector, words) == ["casa → casar [pri p3 sg]", "fue → ser [ifi p3 sg]", "fue → ir [ifi p3 sg]", "seres → ser [pl]"])
        #expect(collector.forms().first { $0.form == "fue" }?.description == "3rd person singular, preterite")
    }

    /// A dictionary's homograph entries (one name, one part of speech) each take the form, in the
    /// list's order; a name matched ignoring case only when none matches exactly.
    @Test func homographsEachTakeTheFormAndExactNamesComeFirst() {
        let words: [(name: String, partOfSpeech: PartOfSpeech)] = [("banco", .noun), ("Banco", .noun), ("banco", .noun), ("mesa", .noun)]
        var collector = FormCollector(words: words, names: Self.names)
        collector.add("bancos", lemma: "banco", partOfSpeech: .noun, tags: ["m", "pl"])
        collector.add("Mesas", lemma: "MESA", partOfSpeech: .noun, tags: ["f", "pl"])
        #expect(collector.forms().map { "\($0.form) → \($0.word)" } == ["bancos → 0", "bancos → 2", "mesas → 3"])
    }

    @Test func aWordThatIsAFormTakesTheFormsThatAgreeWithIt() {
        let words: [(name: String, partOfSpeech: PartOfSpeech)] = [
            ("chica", .noun), ("chico", .noun), ("conocido", .adjective), ("conocer", .verb), ("casa", .noun), ("casar", .verb),
        ]
        var collector = FormCollector(words: words, names: Self.names)
        let readings: [(String, String, PartOfSpeech, [String])] = [
            ("chica", "chico", .noun, ["f", "sg"]), ("chicas", "chico", .noun, ["f", "pl"]), ("chicos", "chico", .noun, ["m", "pl"]),
            ("conocido", "conocer", .verb, ["pp", "m", "sg"]), ("conocida", "conocer", .verb, ["pp", "f", "sg"]),
            ("conocidos", "conocer", .verb, ["pp", "m", "pl"]), ("conozco", "conocer", .verb, ["pri", "p1", "sg"]),
            ("casa", "casar", .verb, ["pri", "p3", "sg"]), ("casan", "casar", .verb, ["pri", "p3", "pl"]),
        ]
        for (form, lemma, partOfSpeech, tags) in readings { collector.add(form, lemma: lemma, partOfSpeech: partOfSpeech, tags: tags) }
        let before = Set(Self.rows(collector, words))
        collector.addAgreeingForms(AgreementTags(format: .lttoolbox))
        let added = Set(Self.rows(collector, words)).subtracting(before)
        // The noun keeps its gender (not chicos); the adjective agrees in both (not conozco); the
        // noun casa, a form of casar by person and tense, takes none (not casan).
        #expect(added == ["chicas → chica [f pl]", "conocida → conocido [pp f sg]", "conocidos → conocido [pp m pl]"])
        // Formats without agreement tags derive nothing.
        var plain = FormCollector(words: words, names: InflectionNames(format: .voikko))
        for (form, lemma, partOfSpeech, tags) in readings { plain.add(form, lemma: lemma, partOfSpeech: partOfSpeech, tags: tags) }
        let plainBefore = plain.forms()
        plain.addAgreeingForms(AgreementTags(format: .voikko))
        #expect(plain.forms() == plainBefore)
    }

    @Test func theAnalyzerGivesEveryFormOfTheWordsLemmas() throws {
        let analyzer = try AnalyzerEngines.open(.lttoolbox, path: TestProject.sampleCorpus.appendingPathComponent("analyzer-es.automorf.bin").path)
        let words: [(name: String, partOfSpeech: PartOfSpeech)] = [("casa", .noun), ("casar", .verb), ("año", .noun), ("cantar", .verb)]
        var collector = FormCollector(words: words, names: Self.names)
        let enumerated = collector.addEnumerated(by: analyzer, config: AnalyzerConfig(path: analyzer.path))
        #expect(enumerated)
        #expect(Self.rows(collector, words) == ["años → año [pl]", "cantamos → cantar [ifi p1 pl]", "casa → casar [pri p3 sg]", "casas → casa [pl]"])
        // An engine that cannot enumerate says so, and adds nothing.
        let segmenter = try AnalyzerEngines.open(.icu, path: "ja")
        var shown = FormCollector(words: words, names: Self.names)
        let shownEnumerated = shown.addEnumerated(by: segmenter, config: AnalyzerConfig(path: "", format: .icu, locale: "ja"))
        #expect(!shownEnumerated)
        #expect(shown.forms().isEmpty)
    }
}

@Suite struct InflectionNamesTests {
    @Test func personGenderAndNumberLeadThenTheOtherTagsInOrder() {
        let names = InflectionNames(format: .lttoolbox)
        #expect(names.describe(["ifi", "p3", "sg"]) == "3rd person singular, preterite")
        #expect(names.describe(["f", "pl"]) == "feminine plural")
        #expect(names.describe(["pp", "m", "sg"]) == "masculine singular, past participle")
        #expect(names.describe(["pri", "p1", "pl"]) == "1st person plural, present indicative")
        #expect(names.describe(["past"]) == "past")
        // A tag without a name is left out; none named: no description.
        #expect(names.describe(["sint", "comp"]) == "comparative")
        #expect(names.describe(["sint"]) == "")
        #expect(names.describe([]) == "")
    }

    @Test func theConfigNamesTagsOverTheDefaultsAndHidesThem() {
        let names = InflectionNames(format: .lttoolbox, overrides: ["ifi": "pretérito indefinido", "sg": "", "sint": "sintético"])
        #expect(names.describe(["ifi", "p3", "sg"]) == "3rd person, pretérito indefinido")
        #expect(names.describe(["sint"]) == "sintético")
        // Other engines' tags have no default names: the config gives them.
        #expect(InflectionNames(format: .mecab).describe(["連用形"]) == "")
        #expect(InflectionNames(format: .mecab, overrides: ["連用形": "continuative"]).describe(["連用形"]) == "continuative")
    }
}

/// An engine that cannot enumerate forms (MeCab) gives those of the texts it reads: each word
/// with its endings, read back to the word.
@Suite(.needsSystemFiles([("mecab-ipadic-utf8", NoSpacesLanguage.ipadicFolder + "/sys.dic")]))
struct TextWordFormsTests {
    @Test func theWordsOfATextWithTheirEndingsAreFormsOfTheirWords() throws {
        let mecab = try AnalyzerEngines.open(.mecab, path: NoSpacesLanguage.ipadicFolder)
        let words: [(name: String, partOfSpeech: PartOfSpeech)] = [("食べる", .verb), ("寿司", .noun), ("行く", .verb)]
        var collector = FormCollector(words: words, names: InflectionNames(format: .mecab))
        let config = AnalyzerConfig(path: NoSpacesLanguage.ipadicFolder, format: .mecab)
        let enumerated = collector.addEnumerated(by: mecab, config: config)
        #expect(!enumerated)
        collector.addTextWords(of: ["私は寿司を食べています。", "昨日、学校へ行った。"], by: mecab, config: config)
        let rows = Set(collector.forms().map { "\($0.form) → \(words[$0.word].name)" })
        #expect(rows == ["食べています → 食べる", "行った → 行く"], "\(rows)")
    }
}
