import StageLemmatize
import Testing
import VocabCore

/// The lemmatization rule on a small fixture: a Hunspell dictionary and a lexicon given as
/// tables, written to show each step of the rule (the stems are the ones libhunspell gives with
/// `es_ES`, measured; the lexicon's readings the shape of omw-es's).
struct LemmatizerRuleTests {
    /// Stems as `es_ES` gives them (the form first when it is a word of its own).
    static let stems: [String: [String]] = [
        "casas": ["casa", "casar"], "casa": ["casa", "casar"], "años": ["año"], "año": ["año"],
        "abierta": ["abierta", "abierto"], "abierto": ["abierto"], "para": ["para", "parar", "parir"],
        "una": ["una", "uno", "unir"], "uno": ["uno"], "como": ["como", "comer"], "vino": ["vino", "venir"],
        "fue": ["fue"], "puede": ["puede"], "veces": ["vez", "vezar"], "vez": ["vez"],
        "buenas": ["buena", "bueno"], "buena": ["buena", "bueno"], "bueno": ["bueno"], "xyz": [],
        "parar": ["parar"], "unir": ["unir"], "comer": ["comer"], "ser": ["ser"], "ir": ["ir"],
        "vida": ["vid"], "son": ["son"], "otra": ["otra", "otro"], "nueva": ["nueva", "nueve"],
    ]

    /// Entries with senses, by written form.
    static let lexicon: [String: [LexiconReading]] = [
        "casa": [.init(.noun, senses: 10)], "casar": [.init(.verb, senses: 3)], "año": [.init(.noun, senses: 4)],
        "años": [.init(.noun, senses: 1)], "abierta": [.init(.adjective, senses: 1)], "abierto": [.init(.adjective, senses: 6)],
        "parar": [.init(.verb, senses: 5)], "parir": [.init(.verb, senses: 1)], "uno": [.init(.noun, senses: 2), .init(.adjective, senses: 3)],
        "unir": [.init(.verb, senses: 8)], "comer": [.init(.verb, senses: 6)], "vino": [.init(.noun, senses: 2)],
        "venir": [.init(.verb, senses: 9)], "ser": [.init(.verb, senses: 12), .init(.noun, senses: 3)], "ir": [.init(.verb, senses: 10)],
        "poder": [.init(.verb, senses: 4), .init(.noun, senses: 5)], "vez": [.init(.noun, senses: 3)],
        "vezar": [.init(.verb, senses: 1)], "buena": [.init(.adjective, senses: 1)], "bueno": [.init(.adjective, senses: 7), .init(.noun, senses: 1)],
        "vida": [.init(.noun, senses: 7)], "vid": [.init(.noun, senses: 1)], "son": [.init(.noun, senses: 1)],
        "otro": [.init(.adjective, senses: 2)], "nueve": [.init(.noun, senses: 2)], "nuevo": [.init(.adjective, senses: 9)],
    ]

    static let table = LemmaTable([("fue", "ser"), ("fue", "ir"), ("puede", "poder"), ("para", "parar")])

    static func lemmatizer(table: LemmaTable = table) -> Lemmatizer {
        Lemmatizer(stems: { stems[$0] ?? [] }, table: table, readings: { lexicon[$0.lowercased()] ?? [] })
    }

    /// A list of forms, most frequent first (frequency 1000, 999, ...), no tags.
    static func rows(_ forms: [String]) -> [FrequencyRow] {
        forms.enumerated().map { FrequencyRow(line: $0.offset + 2, lemma: $0.element, tag: "", partOfSpeech: .other, frequency: Int64(1000 - $0.offset)) }
    }

    static func lemmatize(_ forms: [String], table: LemmaTable = table) -> LemmatizeResult {
        let rows = rows(forms)
        let lemmatizer = lemmatizer(table: table)
        return lemmatizer.lemmatize(rows, stemsOfForms: Lemmatizer.stemsOfForms(rows, stems: lemmatizer.stems), tagged: false)
    }

    static func outcome(_ form: String, in result: LemmatizeResult) -> FormLemma? {
        result.forms.first { $0.form == form }
    }

    @Test func aPluralGoesToItsLemmaEvenWhenTheLexiconHasThePlural() {
        let result = Self.lemmatize(["años", "año"])
        #expect(Self.outcome("años", in: result) == FormLemma(form: "años", lemma: "año", partOfSpeech: .noun, source: .hunspell))
        // One row for año, the two forms' frequencies added up: años is never shipped beside it.
        #expect(result.rows.map(\.lemma) == ["año"])
        #expect(result.rows.first?.frequency == Int64(1000 + 999))
    }

    @Test func aFeminineGoesToItsMasculineOfTheSamePartOfSpeech() {
        let result = Self.lemmatize(["abierta", "abierto"])
        #expect(Self.outcome("abierta", in: result)?.lemma == "abierto")
        #expect(result.rows.map(\.lemma) == ["abierto"])
    }

    @Test func aFormWithMoreSensesThanItsStemStaysItself() {
        // es_ES derives vida from vid (n, 1 sense): vida (n, 7 senses) is a word of its own.
        let result = Self.lemmatize(["vida", "vid"])
        #expect(Self.outcome("vida", in: result)?.lemma == "vida")
        #expect(result.rows.map(\.lemma) == ["vida", "vid"])
    }

    @Test func aWordOfItsOwnStillGoesToTheStemItIsInflectedFrom() {
        // otra: listed whole by the dictionary, not an entry; otro is its stem and no verb.
        let result = Self.lemmatize(["otra"], table: LemmaTable())
        #expect(Self.outcome("otra", in: result) == FormLemma(form: "otra", lemma: "otro", partOfSpeech: .adjective, source: .hunspell))
    }

    @Test func theTableComesFirstAndCorrectsHomographsAndTheDictionary() {
        // son is a rare noun of the lexicon and a form of ser; nueva is no form of nueve.
        let table = LemmaTable([("son", "ser"), ("nueva", "nuevo")])
        let result = Self.lemmatize(["son", "nueva", "ser"], table: table)
        #expect(Self.outcome("son", in: result) == FormLemma(form: "son", lemma: "ser", partOfSpeech: .verb, source: .table))
        #expect(Self.outcome("nueva", in: result)?.lemma == "nuevo")
        // Without the table: son stays the noun, nueva goes where the dictionary says.
        let bare = Self.lemmatize(["son", "nueva", "ser"], table: LemmaTable())
        #expect(Self.outcome("son", in: bare)?.lemma == "son")
        #expect(Self.outcome("nueva", in: bare)?.lemma == "nueve")
    }

    @Test func aStemOfAnotherPartOfSpeechIsAHomographNotTheLemma() {
        let result = Self.lemmatize(["casa", "vino"])
        #expect(Self.outcome("casa", in: result) == FormLemma(form: "casa", lemma: "casa", partOfSpeech: .noun, source: .lexicon))
        #expect(Self.outcome("vino", in: result)?.lemma == "vino")
    }

    @Test func aWordOfItsOwnTheLexiconLacksTakesNoVerbAmongItsStems() {
        // para, una, como: the dictionary lists them as words; parar, unir, comer are entries,
        // but a function word's frequency must not make them top words. una's other stem, uno,
        // is no verb: it takes it (the stop list is where uno is left out).
        let result = Self.lemmatize(["para", "una", "como", "parar"], table: LemmaTable([("puede", "poder")]))
        #expect(Self.outcome("para", in: result)?.lemma == nil)
        #expect(Self.outcome("una", in: result)?.lemma == "uno")
        #expect(Self.outcome("como", in: result)?.lemma == nil)
        #expect(result.dropped.map(\.sourceLemma) == ["para", "como"])
        #expect(result.dropped.allSatisfy { $0.reason == .noLemma })
        #expect(!result.rows.contains { $0.lemma == "unir" || $0.lemma == "comer" })
        #expect(result.rows.first { $0.lemma == "parar" }?.frequency == 997)
    }

    @Test func theTableGivesAnIrregularFormItsLemma() {
        // ser is more frequent as a form of the list than ir: fue goes to ser, whole.
        let result = Self.lemmatize(["fue", "ser", "puede", "ir"])
        #expect(Self.outcome("fue", in: result) == FormLemma(form: "fue", lemma: "ser", partOfSpeech: .verb, source: .table))
        #expect(Self.outcome("puede", in: result)?.lemma == "poder")
        // poder has more noun senses here than verb ones: step 5 gives the noun. The list's tags, when
        // present, decide instead (see `tagsConstrainTheCandidates`).
        #expect(Self.outcome("puede", in: result)?.partOfSpeech == .noun)
        #expect(result.bySource == [.table: 2, .lexicon: 2])
    }

    @Test func aPartOfSpeechTheTableNamesNarrowsTheLemmasReadings() {
        // poder has more noun senses (power) than verb ones; the table's line says the verb.
        let table = LemmaTable(entries: [("puede", "poder", .verb), ("fue", "ser", nil)])
        let result = Self.lemmatize(["puede", "fue"], table: table)
        #expect(Self.outcome("puede", in: result) == FormLemma(form: "puede", lemma: "poder", partOfSpeech: .verb, source: .table))
        #expect(Self.outcome("fue", in: result)?.partOfSpeech == .verb)
        // A part of speech the lemma has no entry of: the line gives no candidate.
        let adjective = Self.lemmatize(["puede"], table: LemmaTable(entries: [("puede", "poder", .adjective)]))
        #expect(Self.outcome("puede", in: adjective)?.lemma == nil)
    }

    @Test func theTableCountsEvenForAFunctionWordButOnlyThere() {
        // The table is the maintainer's word: para → parar through it (the default table does not say so).
        let result = Self.lemmatize(["para"])
        #expect(Self.outcome("para", in: result)?.lemma == "parar")
        #expect(Self.outcome("para", in: result)?.source == .table)
    }

    @Test func amongStemsTheMostFrequentFormOfTheListWins() {
        // casas → casa (in the list) rather than casar (not in it); veces → vez.
        let result = Self.lemmatize(["casa", "casas", "veces", "vez"])
        #expect(Self.outcome("casas", in: result)?.lemma == "casa")
        #expect(Self.outcome("veces", in: result)?.lemma == "vez")
        // Were casar the more frequent form, it would win: the rule looks at the list, not at the order of the stems.
        let reversed = Self.lemmatize(["casar", "casas"])
        #expect(Self.outcome("casas", in: reversed)?.lemma == "casar")
    }

    @Test func chainsEndAtTheLemmaOfTheSamePartOfSpeech() {
        let result = Self.lemmatize(["buenas", "buena", "bueno"])
        #expect(Self.outcome("buenas", in: result)?.lemma == "bueno")
        #expect(result.rows.map(\.lemma) == ["bueno"])
        #expect(result.rows.first?.frequency == Int64(1000 + 999 + 998))
    }

    @Test func aFormWithNoCandidateIsANoLemmaDrop() {
        let result = Self.lemmatize(["xyz", "casa", "xyz"])
        #expect(result.noLemmaRows == 2)
        #expect(result.dropped == [DroppedWord(sourceLemma: "xyz", tag: "", partOfSpeech: nil, frequency: 1000 + 998, line: 2, reason: .noLemma)])
    }

    @Test func tagsConstrainTheCandidates() {
        // A tagged list: puede as a verb goes to poder the verb; uno as a noun stays a noun.
        let rows = [
            FrequencyRow(line: 2, lemma: "puede", tag: "v", partOfSpeech: .verb, frequency: 50),
            FrequencyRow(line: 3, lemma: "uno", tag: "n", partOfSpeech: .noun, frequency: 40),
            FrequencyRow(line: 4, lemma: "casa", tag: "v", partOfSpeech: .verb, frequency: 30),
        ]
        let lemmatizer = Self.lemmatizer()
        let result = lemmatizer.lemmatize(rows, stemsOfForms: Lemmatizer.stemsOfForms(rows, stems: lemmatizer.stems), tagged: true)
        #expect(result.rows == [
            FrequencyRow(line: 2, lemma: "poder", tag: "v", partOfSpeech: .verb, frequency: 50),
            FrequencyRow(line: 3, lemma: "uno", tag: "n", partOfSpeech: .noun, frequency: 40),
            // casa tagged as a verb: the noun reading does not count, casar (v) is the lemma.
            FrequencyRow(line: 4, lemma: "casar", tag: "v", partOfSpeech: .verb, frequency: 30),
        ])
    }

    @Test func aListOfLemmasComesOutAsItWent() {
        // Every form an entry of its own and no inflection: the rows are the list's.
        let rows = [
            FrequencyRow(line: 2, lemma: "casa", tag: "n", partOfSpeech: .noun, frequency: 50),
            FrequencyRow(line: 3, lemma: "ser", tag: "v", partOfSpeech: .verb, frequency: 40),
        ]
        let lemmatizer = Lemmatizer(stems: { _ in [] }, readings: { Self.lexicon[$0] ?? [] })
        let result = lemmatizer.lemmatize(rows, stemsOfForms: [:], tagged: true)
        #expect(result.rows == rows)
        #expect(result.bySource == [.lexicon: 2])
    }
}

/// The lexicon's `Form`s as candidates (OEWN lists irregular forms: `was` of be, `found` of find).
struct LemmatizerFormElementTests {
    static let lexicon: [String: [LexiconReading]] = [
        "be": [.init(.verb, senses: 13)], "find": [.init(.verb, senses: 16)], "found": [.init(.verb, senses: 2)],
        "saw": [.init(.noun, senses: 2)], "see": [.init(.verb, senses: 24)], "left": [.init(.adjective, senses: 3)],
        "leave": [.init(.verb, senses: 14)], "wa": [.init(.noun, senses: 1)],
    ]
    /// The entries listing each form as a `Form`.
    static let inflections: [String: [String]] = ["was": ["be"], "found": ["find"], "saw": ["see"], "left": ["leave"]]
    /// Stems as a Hunspell dictionary without these irregular forms would give them.
    static let stems: [String: [String]] = ["was": ["wa"]]

    static func lemmatize(_ forms: [String], inflections: [String: [String]] = inflections) -> LemmatizeResult {
        let rows = LemmatizerRuleTests.rows(forms)
        let lemmatizer = Lemmatizer(
            stems: { stems[$0] ?? [] }, readings: { lexicon[$0.lowercased()] ?? [] },
            inflectionOf: { inflections[$0.lowercased()] ?? [] })
        return lemmatizer.lemmatize(rows, stemsOfForms: Lemmatizer.stemsOfForms(rows, stems: lemmatizer.stems), tagged: false)
    }

    @Test func aFormThatIsNoEntryGoesToTheEntryListingItBeforeHunspellIsAsked() {
        let result = Self.lemmatize(["was", "be"])
        #expect(LemmatizerRuleTests.outcome("was", in: result) == FormLemma(form: "was", lemma: "be", partOfSpeech: .verb, source: .lexicon))
        #expect(result.rows.map(\.lemma) == ["be"])
        // Without the lexicon's forms, Hunspell's stem would have made it a noun.
        let without = Self.lemmatize(["was", "be"], inflections: [:])
        #expect(LemmatizerRuleTests.outcome("was", in: without)?.lemma == "wa")
    }

    @Test func anEntryThatIsAnInflectionOfARicherEntryOfItsPartOfSpeechGoesToIt() {
        let result = Self.lemmatize(["found", "find"])
        #expect(LemmatizerRuleTests.outcome("found", in: result) == FormLemma(form: "found", lemma: "find", partOfSpeech: .verb, source: .lexicon))
        #expect(result.rows.map(\.lemma) == ["find"])
    }

    @Test func anEntryOfAnotherPartOfSpeechStaysItself() {
        let result = Self.lemmatize(["saw", "left"])
        #expect(LemmatizerRuleTests.outcome("saw", in: result)?.lemma == "saw")
        #expect(LemmatizerRuleTests.outcome("left", in: result)?.lemma == "left")
    }
}
