import StageLemmatize
import Testing
import VocabCore

/// The rule with an analyzer's readings (docs/policy.md, lemmatization): each step on a small
/// fixture whose readings are the ones Apertium's Spanish analyzer gives (`lt-proc -w
/// spa-eng.automorf.bin`), whose lexicon is omw-es's shape and whose frequencies are wordfreq's
/// (per million, rounded).
struct AnalyzerRuleTests {
    /// Readings as the analyzer gives them: lemma, class, inflection.
    static let analyses: [String: [Reading]] = [
        "es": [r("ser", .verb, "pri p3 sg")],
        "son": [r("son", .noun, "m sg"), r("ser", .verb, "pri p3 pl")],
        "era": [r("era", .noun, "f sg"), r("ser", .verb, "pii p3 sg"), r("ser", .verb, "pii p1 sg")],
        "ser": [r("ser", .verb, "inf"), r("ser", .noun, "m sg")],
        "fue": [r("ir", .verb, "ifi p3 sg"), r("ser", .verb, "ifi p3 sg")],
        "va": [r("ir", .verb, "pri p3 sg")],
        "ir": [r("ir", .verb, "inf")],
        "voy": [r("ir", .verb, "pri p1 sg")],
        "van": [r("ir", .verb, "pri p3 pl")],
        "sea": [r("ser", .verb, "prs p3 sg"), r("ser", .verb, "prs p1 sg")],
        "soy": [r("ser", .verb, "pri p1 sg")],
        "sido": [r("ser", .verb, "pp m sg")],
        "fueron": [r("ir", .verb, "ifi p3 pl"), r("ser", .verb, "ifi p3 pl")],
        "una": [r("uno", .pronoun, "tn f sg"), r("uno", .determiner, "ind f sg"), r("unir", .verb, "prs p3 sg"), r("unir", .verb, "prs p1 sg")],
        "un": [r("uno", .determiner, "ind m sg")],
        "unir": [r("unir", .verb, "inf")],
        "unidos": [r("unir", .verb, "pp m pl")],
        "para": [r("para", .adposition), r("parar", .verb, "pri p3 sg"), r("parar", .verb, "imp p2 sg")],
        "parar": [r("parar", .verb, "inf")],
        "casa": [r("casa", .noun, "f sg"), r("casar", .verb, "pri p3 sg"), r("casar", .verb, "imp p2 sg")],
        "casas": [r("casa", .noun, "f pl"), r("casar", .verb, "pri p2 sg")],
        "casó": [r("casar", .verb, "ifi p3 sg")],
        "este": [r("este", .noun, "m sg"), r("este", .pronoun, "tn m sg"), r("este", .determiner, "dem m sg")],
        "esta": [r("este", .pronoun, "tn f sg"), r("este", .determiner, "dem f sg")],
        "estos": [r("este", .pronoun, "tn m pl"), r("este", .determiner, "dem m pl")],
        "hija": [r("hijo", .noun, "f sg")],
        "hijo": [r("hijo", .noun, "m sg")],
        "años": [r("año", .noun, "m pl")],
        "año": [r("año", .noun, "m sg")],
        "mexicano": [r("mexicano", .noun, "m sg"), r("mexicano", .adjective, "m sg")],
        "mexicana": [r("mexicano", .noun, "f sg"), r("mexicano", .adjective, "f sg")],
        "de": [r("de", .adposition)],
        "mil": [r("mil", .numeral, "mf sp")],
        "miles": [r("mil", .noun, "m pl")],
    ]

    /// Entries with senses, by written form (omw-es's shape: `son` a rare noun, `de` the letter,
    /// `hija` and `años` entries of their own, `mexicano` an adjective only).
    static let lexicon: [String: [LexiconReading]] = [
        "ser": [.init(.verb, senses: 12), .init(.noun, senses: 3)], "son": [.init(.noun, senses: 1)], "era": [.init(.noun, senses: 2)],
        "ir": [.init(.verb, senses: 10)], "uno": [.init(.noun, senses: 2)], "unir": [.init(.verb, senses: 8)],
        "para": [.init(.noun, senses: 1)], "parar": [.init(.verb, senses: 5)], "casa": [.init(.noun, senses: 10)],
        "casar": [.init(.verb, senses: 3)], "este": [.init(.noun, senses: 2)], "hija": [.init(.noun, senses: 2)],
        "hijo": [.init(.noun, senses: 4)], "años": [.init(.noun, senses: 1)], "año": [.init(.noun, senses: 3)],
        "mexicano": [.init(.adjective, senses: 2)], "de": [.init(.noun, senses: 1)],
    ]

    static func r(_ lemma: String, _ wordClass: WordClass, _ inflection: String = "") -> Reading {
        Reading(lemma: lemma, wordClass: wordClass, inflection: inflection.split(separator: " ").map(String.init), source: .analyzer)
    }

    /// The rest of a list: words of one reading each, whose inflections are shared as in
    /// wordfreq's Spanish list (measured over its forms of one reading: a noun's `f sg` 38 %,
    /// `m sg` 34 %, `m pl` 15 %, `f pl` 11 %; a verb's infinitive 24 %, `pri p3 sg` 22 %,
    /// `pri p3 pl` 9 %, `pri p1 sg` 8 %, `pp m sg` 7 %, `ifi p3 sg` 7 %, gerund 5 %, `pri p2 sg` 3 %,
    /// then the imperfect, the subjunctive, the plural preterite),
    /// so that the rule weighs the fixture's inflections as it weighs a real list's. Each lemma
    /// here has 1000 per million.
    static let background: (forms: [(String, Int64)], analyses: [String: [Reading]]) = {
        let shares: [(WordClass, String, [(String, Int64)])] = [
            (.noun, "nf", [("f sg", 780), ("f pl", 220)]), (.noun, "nm", [("m sg", 700), ("m pl", 300)]),
            (.verb, "v", [("inf", 280), ("pri p3 sg", 250), ("pri p3 pl", 100), ("pri p1 sg", 90), ("pp m sg", 80),
                          ("ifi p3 sg", 80), ("ger", 60), ("pri p2 sg", 40), ("pii p3 sg", 30), ("prs p3 sg", 30), ("ifi p3 pl", 20)]),
        ]
        var forms: [(String, Int64)] = []
        var analyses: [String: [Reading]] = [:]
        for (wordClass, prefix, inflections) in shares {
            for word in 0 ..< 10 {
                for (number, (inflection, frequency)) in inflections.enumerated() {
                    let form = "\(prefix)\(word)x\(number)"
                    forms.append((form, frequency))
                    analyses[form] = [r("\(prefix)\(word)", wordClass, inflection)]
                }
            }
        }
        return (forms, analyses)
    }()

    /// `forms` with their frequencies per million, no tags, in a list with ``background``.
    static func lemmatize(_ forms: [(String, Int64)]) -> LemmatizeResult {
        let rows = (forms + background.forms).enumerated().map {
            FrequencyRow(line: $0.offset + 2, lemma: $0.element.0, tag: "", partOfSpeech: .other, frequency: $0.element.1)
        }
        let lemmatizer = Lemmatizer(
            stems: { _ in [] }, readings: { lexicon[$0.lowercased()] ?? [] }, analyze: { analyses[$0] ?? background.analyses[$0] ?? [] })
        return lemmatizer.lemmatize(rows, stemsOfForms: [:], tagged: false)
    }

    /// The lemma rows of the fixture's own words (the background's aside).
    static func rows(_ result: LemmatizeResult) -> [FrequencyRow] {
        result.rows.filter { background.analyses["\($0.lemma)x0"] == nil }
    }

    static func outcome(_ form: String, in result: LemmatizeResult) -> FormLemma? { result.forms.first { $0.form == form } }

    /// wordfreq's frequencies of ser's and ir's forms (per million).
    static let serAndIr: [(String, Int64)] = [
        ("es", 10500), ("ser", 1860), ("son", 1820), ("fue", 1660), ("era", 1120), ("va", 776), ("sea", 661), ("soy", 603),
        ("sido", 589), ("voy", 525), ("ir", 447), ("fueron", 407), ("van", 309),
    ]

    @Test func aFormGoesToTheLemmaItsOtherFormsMakeFrequent() {
        // son is a rare noun, but ser gathers es, sea, soy… and ser itself; fue goes to ser, not ir.
        let result = Self.lemmatize(Self.serAndIr)
        #expect(Self.outcome("son", in: result)?.lemma == "ser")
        #expect(Self.outcome("era", in: result)?.lemma == "ser")
        #expect(Self.outcome("fue", in: result)?.lemma == "ser")
        #expect(Self.outcome("va", in: result)?.lemma == "ir")
        // One row for ser, every form's frequency added up: nothing is split.
        let ser = result.rows.first { $0.lemma == "ser" && $0.partOfSpeech == .verb }
        let serForms: Set<String> = ["es", "ser", "son", "fue", "era", "sea", "soy", "sido", "fueron"]
        #expect(ser?.frequency == Self.serAndIr.filter { serForms.contains($0.0) }.reduce(0) { $0 + $1.1 })
        #expect(!result.rows.contains { $0.lemma == "son" || $0.lemma == "era" })
    }

    @Test func aFunctionWordNeverLendsItsFrequencyToAVerb() {
        // una is far more often uno (un, una) than unir; para is the preposition.
        let result = Self.lemmatize([("de", 64600), ("un", 11700), ("una", 8910), ("para", 8320), ("unidos", 240), ("parar", 38), ("unir", 12)])
        #expect(Self.outcome("una", in: result)?.wordClass?.isClosed == true)
        #expect(Self.outcome("para", in: result)?.wordClass == .adposition)
        // Function words are dropped as such, whatever the lexicon lists (de the letter, para the noun).
        #expect(Set(result.closedClass.map(\.sourceLemma)) == ["una", "un", "para", "de"])
        #expect(result.closedClass.allSatisfy { $0.reason == .closedClass })
        #expect(result.closedClassRows == 4)
        #expect(Self.rows(result).map(\.lemma).sorted() == ["parar", "unir"])
        #expect(result.rows.first { $0.lemma == "unir" }?.frequency == 252)
    }

    @Test func aCitationFormIsTheWordItselfBeforeAnotherWordsInflection() {
        // casa is the noun (casas is its plural), not casar's third person.
        let result = Self.lemmatize([("casa", 589), ("casas", 83), ("casó", 10)])
        #expect(Self.outcome("casa", in: result) == FormLemma(form: "casa", lemma: "casa", partOfSpeech: .noun, source: .analyzer))
        #expect(Self.outcome("casas", in: result)?.lemma == "casa")
        #expect(result.rows.first { $0.lemma == "casa" }?.frequency == 672)
    }

    @Test func aLemmaWhoseOwnFormIsAFunctionWordIsNotTaught() {
        // miles is the noun mil's plural, but mil itself is the numeral: no card mil.
        let result = Self.lemmatize([("mil", 600), ("miles", 120)])
        #expect(Self.outcome("miles", in: result)?.lemma == "mil")
        #expect(Self.outcome("miles", in: result)?.wordClass == .numeral)
        #expect(Set(result.closedClass.map(\.sourceLemma)) == ["mil", "miles"])
        #expect(Self.rows(result).isEmpty)
    }

    @Test func aClosedClassIsWeighedByItsLemmaNotByItsSubclassTags() {
        // este (east) is a noun entry, but este, esta, estos are the demonstrative.
        let result = Self.lemmatize([("este", 2340), ("esta", 2290), ("estos", 589)])
        #expect(Self.outcome("este", in: result)?.wordClass?.isClosed == true)
        #expect(Self.rows(result).isEmpty)
    }

    @Test func aFormTheLexiconHasAsAWordOfItsOwnIsItsOwnLemmaUnlessPlural() {
        // hija (daughter) is an entry of its own beside hijo; años is año's plural though omw-es lists it.
        let result = Self.lemmatize([("años", 1320), ("año", 759), ("hijo", 251), ("hija", 115)])
        #expect(Self.outcome("hija", in: result) == FormLemma(form: "hija", lemma: "hija", partOfSpeech: .noun, source: .lexicon))
        #expect(Self.outcome("años", in: result)?.lemma == "año")
        #expect(Self.rows(result).map(\.lemma) == ["año", "hijo", "hija"])
    }

    @Test func theLexiconsReadingWinsAmongReadingsOfOneLemma() {
        // mexicano is a noun and an adjective to the analyzer; omw-es has the adjective only.
        let result = Self.lemmatize([("mexicano", 56), ("mexicana", 49)])
        #expect(Self.outcome("mexicano", in: result)?.partOfSpeech == .adjective)
        #expect(Self.rows(result).map(\.partOfSpeech) == [.adjective])
    }

    @Test func aTaggedListKeepsTheReadingsOfItsTag() {
        let rows = [FrequencyRow(line: 2, lemma: "casa", tag: "v", partOfSpeech: .verb, frequency: 10)]
        let lemmatizer = Lemmatizer(stems: { _ in [] }, readings: { Self.lexicon[$0] ?? [] }, analyze: { Self.analyses[$0] ?? [] })
        let result = lemmatizer.lemmatize(rows, stemsOfForms: [:], tagged: true)
        #expect(result.forms.first == FormLemma(form: "casa", lemma: "casar", partOfSpeech: .verb, source: .analyzer))
    }

    @Test func theChoiceIsTheSameWhateverTheOrderOfReadings() {
        // Ties between equal weights fall to the form itself, then the earlier class, the lemma, the source.
        let forms = [ReadingChooser.Form(form: "x", frequency: 10, readings: [Self.r("y", .verb), Self.r("x", .verb)])]
        let reversed = [ReadingChooser.Form(form: "x", frequency: 10, readings: [Self.r("x", .verb), Self.r("y", .verb)])]
        #expect(ReadingChooser.choose(forms) == [1])
        #expect(ReadingChooser.choose(reversed) == [0])
        let classes = [ReadingChooser.Form(form: "z", frequency: 10, readings: [Self.r("z", .verb), Self.r("z", .noun)])]
        #expect(ReadingChooser.choose(classes) == [1])
        // A form without readings gets none; a zero frequency still chooses.
        #expect(ReadingChooser.choose([ReadingChooser.Form(form: "w", frequency: 0, readings: [])]) == [nil])
        #expect(ReadingChooser.choose([ReadingChooser.Form(form: "w", frequency: 0, readings: [Self.r("v", .noun), Self.r("w", .noun)])]) == [1])
    }

    @Test func everyFormIsCountedOnceAsALemmaAFunctionWordOrNone() {
        let forms: [(String, Int64)] = Self.analyses.keys.sorted().enumerated().map { ($0.element, Int64(1000 - $0.offset)) } + [("xyz", 5)]
        let result = Self.lemmatize(forms)
        #expect(result.bySource.values.reduce(0, +) + result.closedClassRows + result.noLemmaRows == forms.count + Self.background.forms.count)
        #expect(result.dropped.map(\.sourceLemma) == ["xyz"])
    }
}
