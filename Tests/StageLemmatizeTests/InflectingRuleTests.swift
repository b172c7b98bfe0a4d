import StageLemmatize
import Testing
import VocabCore

/// The rule on what inflecting languages of other families show (issue 46), with readings as
/// Apertium's Russian analyzer (`rus-ukr.automorf.bin`) gives them: a kind of verb whose tags no
/// other kind writes alike, a genitive that is also a plural, symbols.
struct InflectingRuleTests {
    static func r(_ lemma: String, _ wordClass: WordClass, _ inflection: String, kind: String) -> Reading {
        Reading(lemma: lemma, wordClass: wordClass, inflection: inflection.split(separator: " ").map(String.init),
                kind: kind.split(separator: " ").map(String.init), source: .analyzer)
    }

    /// Russian's `vblex` writes its aspect and transitivity before the inflection, `vbser` (быть)
    /// writes none: its forms are weighed among themselves, so that `есть` is быть's present
    /// (it gathers был, была, было, будет) and not the infinitive "to eat", which the form also is.
    @Test func aKindWhoseInflectionsNoOtherWritesIsWeighedApart() {
        var analyses: [String: [Reading]] = [
            "есть": [Self.r("есть", .verb, "impf tv inf", kind: "vblex"), Self.r("есть", .verb, "impf iv inf", kind: "vblex"),
                     Self.r("быть", .verb, "pres p3 sg", kind: "vbser")],
            "был": [Self.r("быть", .verb, "past m sg", kind: "vbser")], "была": [Self.r("быть", .verb, "past f sg", kind: "vbser")],
            "было": [Self.r("быть", .verb, "past nt sg", kind: "vbser")], "будет": [Self.r("быть", .verb, "fti p3 sg", kind: "vbser")],
            "быть": [Self.r("быть", .verb, "inf", kind: "vbser")], "ест": [Self.r("есть", .verb, "impf tv pres p3 sg", kind: "vblex")],
        ]
        var forms: [(String, Int64)] = [("был", 4000), ("было", 2100), ("была", 2000), ("быть", 1800), ("есть", 1550), ("будет", 1500), ("ест", 40)]
        // Other verbs, as a list has them: infinitives are a quarter of their forms.
        for verb in 0..<20 {
            for (number, (tags, frequency)) in [("impf tv inf", 250), ("impf tv pres p3 sg", 300), ("impf tv past m sg", 250), ("impf tv pres p1 sg", 200)].enumerated() {
                let form = "v\(verb)x\(number)"
                analyses[form] = [Self.r("v\(verb)", .verb, tags, kind: "vblex")]
                forms.append((form, Int64(frequency)))
            }
        }
        let rows = forms.enumerated().map { FrequencyRow(line: $0.offset + 2, lemma: $0.element.0, tag: "", partOfSpeech: .other, frequency: $0.element.1) }
        let lexicon: [String: [LexiconReading]] = ["быть": [.init(.verb, senses: 4)], "есть": [.init(.verb, senses: 1)]]
        let lemmatizer = Lemmatizer(stems: { _ in [] }, readings: { lexicon[$0] ?? [] }, analyze: { analyses[$0] ?? [] })
        let result = lemmatizer.lemmatize(rows, stemsOfForms: [:], tagged: false)
        #expect(result.forms.first { $0.form == "есть" }?.lemma == "быть")
        #expect(result.forms.first { $0.form == "ест" }?.lemma == "есть")
        // Weighed with every verb, быть's `pres p3 sg` is one form among thousands of verbs'
        // `impf tv …`: the infinitive "to eat" wins. That is the kind's doing.
        let pooled = analyses.mapValues { $0.map { Reading(lemma: $0.lemma, wordClass: $0.wordClass, inflection: $0.inflection, source: .analyzer) } }
        let withoutKinds = Lemmatizer(stems: { _ in [] }, readings: { lexicon[$0] ?? [] }, analyze: { pooled[$0] ?? [] })
        #expect(withoutKinds.lemmatize(rows, stemsOfForms: [:], tagged: false).forms.first { $0.form == "есть" }?.lemma == "есть")
    }

    /// `связи` is связь's genitive singular and its plural: a reading that makes the form a plural
    /// of the lemma keeps every reading of that lemma with it, even where the lexicon lists the
    /// form as an entry of its own (wikt-ru has `связи`); a form that is no plural of its lemma
    /// (`hija`) still is its own lemma (``AnalyzerRuleTests``).
    @Test func aFormThatIsAlsoItsLemmasPluralIsNoWordOfItsOwn() {
        let analyses: [String: [Reading]] = [
            "связи": [Self.r("связь", .noun, "f nn sg gen", kind: "n"), Self.r("связь", .noun, "f nn pl nom", kind: "n")],
            "связь": [Self.r("связь", .noun, "f nn sg nom", kind: "n")],
        ]
        let lexicon: [String: [LexiconReading]] = ["связи": [.init(.noun, senses: 1)], "связь": [.init(.noun, senses: 5)]]
        let lemmatizer = Lemmatizer(stems: { _ in [] }, readings: { lexicon[$0] ?? [] }, analyze: { analyses[$0] ?? [] })
        #expect(lemmatizer.analyzerReadings(of: "связи", tag: nil).map(\.lemma) == ["связь", "связь"])
    }

    @Test(arguments: [("B", true), ("Al", true), ("In", true), ("NATO", true), ("ONU", true), ("EU", true), ("km", false),
                      ("Haus", false), ("Oman", false), ("b", false), ("год", false), ("ТАСС", true), ("ёж", false), ("3D", true)])
    func aSymbolIsOneOrTwoLettersWithACapitalOrAllCapitals(_ lemma: String, _ symbol: Bool) {
        #expect(Lemmatizer.isSymbol(lemma) == symbol)
    }
}
