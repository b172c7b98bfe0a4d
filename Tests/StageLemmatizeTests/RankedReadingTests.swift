import StageLemmatize
import Testing
import VocabCore

/// The prior of an analyzer that ranks a form's readings (docs/policy.md, lemmatization, step
/// 2): each on a fixture whose readings are MeCab-IPADIC's, in the order `readings(of:)` gives
/// them (cheapest first), and whose frequencies are wordfreq's Japanese list's (per million,
/// rounded).
struct RankedReadingTests {
    static func r(_ lemma: String, _ wordClass: WordClass, _ inflection: String = "") -> Reading {
        AnalyzerRuleTests.r(lemma, wordClass, inflection)
    }

    /// ある, あり, あっ, あれ: the verb first (its stems), the determiner and the auxiliary of
    /// である after it, as MeCab ranks them alone.
    static let aru: [(String, Int64, [Reading])] = [
        ("ある", 5400, [r("ある", .verb, "基本形"), r("ある", .determiner), r("ある", .verb, "基本形"), r("ある", .auxiliary, "基本形")]),
        ("あり", 2100, [r("ある", .verb, "連用形"), r("あり", .verb, "基本形"), r("ある", .auxiliary, "連用形")]),
        ("あっ", 1900, [r("あっ", .interjection), r("ある", .verb, "連用タ接続"), r("ある", .auxiliary, "連用タ接続")]),
        ("あれ", 900, [r("あれ", .pronoun), r("ある", .verb, "仮定形"), r("ある", .auxiliary, "仮定形")]),
    ]

    /// `forms` lemmatized with `ranked` readings (or not), with a lexicon that has `verbs` as verbs.
    static func lemmatize(_ forms: [(String, Int64, [Reading])], ranked: Bool, verbs: Set<String> = []) -> LemmatizeResult {
        let rows = forms.enumerated().map {
            FrequencyRow(line: $0.offset + 2, lemma: $0.element.0, tag: "", partOfSpeech: .other, frequency: $0.element.1)
        }
        let analyses = Dictionary(uniqueKeysWithValues: forms.map { ($0.0, $0.2) })
        var lemmatizer = Lemmatizer(
            stems: { _ in [] }, readings: { verbs.contains($0) ? [LexiconReading(.verb, senses: 3)] : [] }, analyze: { analyses[$0] ?? [] })
        lemmatizer.analyzerRanks = ranked
        return lemmatizer.lemmatize(rows, stemsOfForms: [:], tagged: false)
    }

    static func outcome(_ form: String, in result: LemmatizeResult) -> FormLemma? { result.forms.first { $0.form == form } }

    @Test func theAnalyzersFirstReadingOfAContentWordWinsOverAFunctionWordOfTheSameForms() {
        // Unranked, the auxiliary (every one of its forms is a word of its own, I = 1) takes ある
        // and all its forms: the verb ある would never be a card.
        let unranked = Self.lemmatize(Self.aru, ranked: false, verbs: ["ある"])
        #expect(Self.outcome("ある", in: unranked)?.wordClass == .auxiliary)
        let ranked = Self.lemmatize(Self.aru, ranked: true, verbs: ["ある"])
        for form in ["ある", "あり"] {
            #expect(Self.outcome(form, in: ranked)?.lemma == "ある" && Self.outcome(form, in: ranked)?.wordClass == .verb, "\(form)")
        }
        #expect(ranked.rows.first { $0.lemma == "ある" }?.partOfSpeech == .verb)
        // あれ, a pronoun first, stays a function word (the list decides which).
        #expect(Self.outcome("あれ", in: ranked)?.isClosedClass == true)
    }

    @Test func functionWordsAreRankedAsOneAndTheListDecidesBetweenThem() {
        // な alone is the sentence-final particle first, だ's form second; だ's other forms (だ,
        // だっ, なら) make the auxiliary frequent: な goes to だ. The adjective ない, ranked last,
        // stays out of it.
        let forms: [(String, Int64, [Reading])] = [
            ("な", 12000, [Self.r("な", .particle), Self.r("だ", .auxiliary, "体言接続"), Self.r("ない", .adjective, "ガル接続"), Self.r("な", .interjection)]),
            ("だ", 9800, [Self.r("だ", .auxiliary, "基本形")]),
            ("だっ", 3000, [Self.r("だ", .auxiliary, "連用タ接続")]),
            ("なら", 2000, [Self.r("だ", .auxiliary, "仮定形"), Self.r("なら", .conjunction)]),
        ]
        let result = Self.lemmatize(forms, ranked: true)
        #expect(Self.outcome("な", in: result)?.lemma == "だ")
        #expect(result.rows.isEmpty)
        #expect(result.closedClassRows == 4)
    }

    @Test func aRareHomographRankedAfterTheWordLosesEvenWhereItIsTheFormItself() {
        // 見 is 見る's stem first, a place name second; unranked, the name (the form itself, a
        // citation form) would take it.
        let forms: [(String, Int64, [Reading])] = [
            ("見", 1500, [Self.r("見る", .verb, "連用形"), Self.r("見", .properNoun), Self.r("見る", .verb, "未然形")]),
            ("見る", 900, [Self.r("見る", .verb, "基本形")]),
        ]
        #expect(Self.outcome("見", in: Self.lemmatize(forms, ranked: false))?.wordClass == .properNoun)
        let result = Self.lemmatize(forms, ranked: true)
        #expect(Self.outcome("見", in: result)?.lemma == "見る")
        #expect(result.rows.map(\.lemma) == ["見る"] && result.rows.first?.frequency == 2400)
    }

    @Test func thePriorIsThePowerOfTheRankAndOneWithoutRanks() {
        let readings = [Self.r("a", .verb), Self.r("b", .noun), Self.r("c", .particle), Self.r("d", .adjective), Self.r("e", .auxiliary)]
        let ranked = ReadingChooser.Form(form: "a", frequency: 1, readings: readings, ranked: true)
        let weight = ReadingChooser.rankWeight
        #expect((0..<5).map { ReadingChooser.prior(of: ranked, reading: $0) } == [1, weight, weight * weight, weight * weight * weight, weight * weight])
        let unranked = ReadingChooser.Form(form: "a", frequency: 1, readings: readings)
        #expect((0..<5).allSatisfy { ReadingChooser.prior(of: unranked, reading: $0) == 1 })
    }
}
