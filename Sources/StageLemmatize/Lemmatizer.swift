import VocabCore

/// Where a form's lemma came from.
package enum LemmaSource: String, Codable, Sendable, CaseIterable, Comparable {
    /// The morphological analyzer (`lemmatization.analyzer`): `fue` → ser, ir; `casas` → casa.
    case analyzer
    /// The source lexicon: the form is an entry itself (`casa`, `vino`).
    case lexicon
    /// A stem the Hunspell dictionary gives the form (`años` → año).
    case hunspell
    /// The lemma table (`fue` → ser), which the rule looks at first.
    case table

    /// Declaration order: the order candidates are looked at.
    package static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One reading of a written form in the source lexicon: a part of speech it has an entry of,
/// with the senses of those entries (the measure of how common the reading is).
package struct LexiconReading: Sendable, Equatable {
    /// The coarse part of speech (`a` and `s` are both adjectives).
    package var partOfSpeech: PartOfSpeech
    /// Senses of the form's entries of that part of speech.
    package var senses: Int

    /// A reading.
    package init(_ partOfSpeech: PartOfSpeech, senses: Int) {
        self.partOfSpeech = partOfSpeech
        self.senses = senses
    }
}

/// What the lemmatize step made of one word form.
package struct FormLemma: Codable, Sendable, Equatable {
    /// The form as the list spells it.
    package var form: String
    /// The lemma, or nil (`no-lemma`).
    package var lemma: String?
    /// The lemma's part of speech; nil with no lemma.
    package var partOfSpeech: PartOfSpeech?
    /// The lemma's word class (a determiner, a pronoun… for a function word, whose part of
    /// speech is `other`); nil with no lemma.
    package var wordClass: WordClass?
    /// Where the lemma came from; nil with no lemma.
    package var source: LemmaSource?

    /// An outcome; `wordClass` defaults to the one of `partOfSpeech`.
    package init(form: String, lemma: String?, partOfSpeech: PartOfSpeech?, wordClass: WordClass? = nil, source: LemmaSource?) {
        self.form = form
        self.lemma = lemma
        self.partOfSpeech = partOfSpeech
        self.wordClass = wordClass ?? partOfSpeech.map(WordClass.init)
        self.source = source
    }

    /// The outcome of a chosen reading.
    package init(form: String, reading: Reading) {
        self.init(form: form, lemma: reading.lemma, partOfSpeech: reading.wordClass.partOfSpeech, wordClass: reading.wordClass, source: reading.source)
    }

    /// True for a function word: its lemma's class is closed (docs/policy.md, lemmatization).
    package var isClosedClass: Bool { wordClass?.isClosed ?? false }
}

/// The lemmatization rule: which lemma (and part of speech) a word form of the frequency list
/// stands for. docs/policy.md states it; each numbered step below is one sentence
/// of it.
///
/// 1. **Candidates** come from the lemma table, the source lexicon (the form itself, and the
///    entries that list it as one of their `Form`s: OEWN's `was` of be, `abaci` of abacus) and the
///    Hunspell dictionary's stems. Only a candidate that is an entry of the source lexicon counts,
///    in the list's part of speech when the list has tags. The first source with a candidate
///    gives the lemma, in this order:
/// 2. **The lemma table**, the maintainer's word: it is the one place that can correct the
///    lexicon's homographs (`son`, `era`: rare nouns, but forms of ser) and the dictionary's
///    slips (`es_ES` derives `nueva` from nueve, `vida` from vid).
/// 3. **The form itself**, when it is an entry — unless the lexicon's `Form`s or Hunspell derive it
///    from another entry of the same part of speech with at least as many senses: then that entry
///    is its lemma (`años` (n, 1 sense) → año (n, 4), `abierta` (a) → abierto (a), `found` (v, 2)
///    → find (v, 16) by OEWN's `Form`; but `vida` (n, 7) stays vida beside vid (n, 1)). A stem of
///    another part of speech is a homograph, not the form's lemma: `casa` (n) stays casa though
///    Hunspell also derives it from casar (v). A form that is no entry goes to the entries that
///    list it as a `Form` (`was` → be), before Hunspell is asked.
/// 4. **The Hunspell stems.** A form the dictionary lists as a word of its own (one of its stems
///    is the form) that the lexicon does not have takes no verb among its other stems: a function
///    word must not make `parar`, `unir`, `comer` top words (`para`, `una`, `como`); a form
///    listed whole but inflected like its stem still goes to it (`buena` → bueno, `otra` → otro).
/// 5. **One lemma per form.** Among the candidates of the source that gives them, the one most
///    frequent as a form of the list itself wins (`casas` → casa, not casar; `fue` → ser, not
///    ir), ties in candidate order. The form's whole frequency goes to that one lemma: it is
///    never split.
/// 6. **Part of speech.** The list's, when it has tags (or the table's, when its line names one);
///    otherwise the lemma's reading with the most senses in the lexicon, ties in the order noun,
///    verb, adjective, adverb.
/// 7. **Chains.** A lemma that is itself a form of the list whose own lemma is another entry of
///    the same part of speech stands for it (`buenas` → buena → bueno).
/// 8. A form with no candidate is dropped with the reason `no-lemma`.
package struct Lemmatizer {
    /// The Hunspell stems of a form (none without a dictionary).
    package var stems: (String) -> [String]
    /// The lemma table.
    package var table: LemmaTable
    /// The source lexicon's readings of a written form (ignoring case; none when it is no entry).
    package var readings: (String) -> [LexiconReading]
    /// The written forms of the source lexicon's entries that list a form as one of their `Form`s
    /// (ignoring case; none for a lexicon without `Form`s).
    package var inflectionOf: (String) -> [String]
    /// The morphological analyzer's readings of a form (lemma, class, inflection); empty for a
    /// form it does not know, and for every form without an analyzer.
    package var analyze: (String) -> [Reading]
    /// The analyzer's tags that mark a plural (`lemmatization.analyzer.pluralTags`).
    package var pluralTags: Set<String> = ["pl"]
    /// Whether the analyzer gives a form's readings most likely first (``ReadingChooser/Form/ranked``).
    package var analyzerRanks = false

    /// A lemmatizer over a stem function, a table, the lexicon's readings and its `Form`s, and
    /// an analyzer's readings.
    /// The lexicon's readings of stems and table lemmas are asked for once per written form: the
    /// rule asks for the same stems again and again (every plural of a list asks for its singular).
    package init(
        stems: @escaping (String) -> [String], table: LemmaTable = LemmaTable(),
        readings: @escaping (String) -> [LexiconReading], inflectionOf: @escaping (String) -> [String] = { _ in [] },
        analyze: @escaping (String) -> [Reading] = { _ in [] }
    ) {
        self.stems = stems
        self.inflectionOf = inflectionOf
        self.table = table
        self.analyze = analyze
        let cache = ReadingsCache(readings)
        self.readings = { cache.readings(of: $0) }
        formReadings = readings
    }

    /// The analyzer's readings of `form` as the rule weighs them (step 3): without repeats, of
    /// the list's part of speech when it has tags (`tag`), and with the lexicon's word for a
    /// lemma it has as an entry of its own: when the reading is not a plural, no reading makes the
    /// form a plural of that lemma, and the form itself is an entry of the reading's class (a
    /// noun, or another class with at least as many senses as the analyzer's lemma has there), the
    /// form is its own lemma (`hija`, daughter, is a word of its own beside hijo, as omw-es lists
    /// it; `años` is año's plural, `humans` human's; Russian `связи`, the genitive singular and
    /// the plural of связь, is связь's).
    /// Empty when the analyzer does not know the form.
    package func analyzerReadings(of form: String, tag: PartOfSpeech?) -> [Reading] {
        let analyzed = analyze(form)
        guard !analyzed.isEmpty else { return [] }
        let lowered = form.lowerCased
        // The lemmas some reading makes the form a plural of (`связи`, a plural of связь as well as
        // its genitive, is no word of its own).
        let pluralOf = Set(analyzed.filter { $0.inflection.contains(where: pluralTags.contains) }.map { $0.lemma.lowerCased })
        var own: [LexiconReading]?
        var kept: [Reading] = []
        for var reading in analyzed {
            if let tag, reading.wordClass.partOfSpeech != tag { continue }
            let partOfSpeech = reading.wordClass.partOfSpeech
            if partOfSpeech != .other, reading.lemma.lowerCased != lowered, !pluralOf.contains(reading.lemma.lowerCased) {
                own = own ?? formReadings(form)
                if !reading.inflection.contains(where: pluralTags.contains),
                   let formSenses = own?.first(where: { $0.partOfSpeech == partOfSpeech })?.senses,
                   partOfSpeech == .noun || formSenses >= (readings(reading.lemma).first { $0.partOfSpeech == partOfSpeech }?.senses ?? 0) {
                    reading.lemma = form
                    reading.source = .lexicon
                }
            }
            if !kept.contains(reading) { kept.append(reading) }
        }
        return kept
    }

    /// The lexicon's readings of a form of the list itself, asked for once per form: not kept.
    private let formReadings: (String) -> [LexiconReading]

    /// The lemma of `form` by steps 1 to 6 (step 7 needs the whole list: ``lemmatize(_:stemsOfForms:tagged:)``).
    /// `stemsOfForm` are the form's Hunspell stems (computed once by the caller); `tag` the list's
    /// part of speech, nil for a list without tags; `frequency` gives a form's frequency in the
    /// list, lower-cased (0 for a form it does not hold).
    package func lemma(
        of form: String, stemsOfForm: [String], tag: PartOfSpeech?, frequency: (String) -> Int64
    ) -> FormLemma {
        func allowed(_ readings: [LexiconReading]) -> [LexiconReading] {
            guard let tag else { return readings }
            return readings.filter { $0.partOfSpeech == tag }
        }
        func candidates(_ words: [String]) -> [(String, [LexiconReading])] {
            unique(words).map { ($0, allowed(readings($0))) }.filter { !$0.1.isEmpty }
        }
        let lowered = form.lowerCased
        // Step 2: the table (a part of speech it names narrows the lemma's readings to it).
        let tableCandidates = unique(table.lemmas(ofLowerCased: lowered)).map { lemma in
            let named = table.partOfSpeech(ofLowerCased: lowered, lemma: lemma)
            return (lemma, allowed(readings(lemma)).filter { named == nil || $0.partOfSpeech == named })
        }.filter { !$0.1.isEmpty }
        if let chosen = Self.mostFrequent(tableCandidates, frequency) {
            return FormLemma(form: form, lemma: chosen.0, partOfSpeech: Self.preferred(chosen.1).partOfSpeech, source: .table)
        }
        // A single letter of a cased alphabet (`d`, `x`) is a letter's name to the lexicon (the
        // letter d), never what a list's one-letter token stands for (an initial, an
        // abbreviation): it has no lemma unless the table or the analyzer gives one.
        if form.count == 1, let letter = form.first, letter.isLetter, letter.isCased { return FormLemma(form: form, lemma: nil, partOfSpeech: nil, source: nil) }
        let stemCandidates = stemsOfForm.isEmpty ? [] : candidates(stemsOfForm.filter { $0 != form && $0.lowerCased != lowered })
        let inflected = inflectionOf(form).filter { $0.lowerCased != lowered }
        let formCandidates = inflected.isEmpty ? [] : candidates(inflected)

        // Step 3: the form itself, or the entry of its part of speech it is an inflection of.
        let formOwn = formReadings(form)
        let own = allowed(formOwn)
        if !own.isEmpty {
            let reading = Self.preferred(own)
            func isBase(_ candidate: (String, [LexiconReading])) -> Bool {
                candidate.1.contains { $0.partOfSpeech == reading.partOfSpeech && $0.senses >= reading.senses }
            }
            // The lexicon's own `Form`s first: ties go to them.
            let bases = formCandidates.filter(isBase) + stemCandidates.filter(isBase)
            if let base = Self.mostFrequent(bases, frequency) {
                let source: LemmaSource = formCandidates.contains { $0.0 == base.0 } ? .lexicon : .hunspell
                return FormLemma(form: form, lemma: base.0, partOfSpeech: reading.partOfSpeech, source: source)
            }
            return FormLemma(form: form, lemma: form, partOfSpeech: reading.partOfSpeech, source: .lexicon)
        }
        // Step 3, for a form that is no entry: the entries that list it as a `Form`.
        if let chosen = Self.mostFrequent(formCandidates, frequency) {
            return FormLemma(form: form, lemma: chosen.0, partOfSpeech: Self.preferred(chosen.1).partOfSpeech, source: .lexicon)
        }
        // Step 4: the stems; a word of its own the lexicon lacks takes no verb among them.
        let isWordOfItsOwn = stemsOfForm.contains { $0 == form || $0.lowerCased == lowered } && (tag == nil || formOwn.isEmpty)
        let stems = isWordOfItsOwn
            ? stemCandidates.map { ($0.0, $0.1.filter { $0.partOfSpeech != .verb }) }.filter { !$0.1.isEmpty }
            : stemCandidates
        if let chosen = Self.mostFrequent(stems, frequency) {
            return FormLemma(form: form, lemma: chosen.0, partOfSpeech: Self.preferred(chosen.1).partOfSpeech, source: .hunspell)
        }
        return FormLemma(form: form, lemma: nil, partOfSpeech: nil, source: nil)
    }

    /// Whether `lemma` is written as a symbol or an abbreviation: one or two letters with a capital
    /// (`B`, `Al`, `In`: chemical elements, letters, units), or two letters or more all capitals
    /// (`NATO`, `ONU`, `EU`). A form of the list without capitals never goes to one (docs/policy.md,
    /// lemmatization): a lower-cased list's `b`, `al`, `in` are a letter, an abbreviation and a
    /// foreign word; a capitalised common noun (German `Haus`) is no symbol.
    package static func isSymbol(_ lemma: String) -> Bool {
        let letters = lemma.filter(\.isLetter)
        guard !letters.isEmpty, letters.contains(where: \.isUppercase) else { return false }
        return letters.count <= 2 || !letters.contains(where: \.isLowercase)
    }

    /// Step 5: the candidate most frequent as a form of the list, ties in candidate order.
    static func mostFrequent(
        _ candidates: [(String, [LexiconReading])], _ frequency: (String) -> Int64
    ) -> (String, [LexiconReading])? {
        var best: (String, [LexiconReading])?
        var bestFrequency: Int64 = -1
        for candidate in candidates {
            let value = frequency(candidate.0.lowerCased)
            if value > bestFrequency {
                best = candidate
                bestFrequency = value
            }
        }
        return best
    }

    /// Step 6: the reading with the most senses, ties in declaration order (noun first).
    static func preferred(_ readings: [LexiconReading]) -> LexiconReading {
        readings.min { lhs, rhs in
            lhs.senses != rhs.senses ? lhs.senses > rhs.senses : lhs.partOfSpeech < rhs.partOfSpeech
        } ?? LexiconReading(.other, senses: 0)
    }

    /// `words` without a repeat (ignoring case), in order: a handful of words, compared pairwise.
    private func unique(_ words: [String]) -> [String] {
        guard words.count > 1 else { return words }
        var kept: [String] = []
        var folded: [String] = []
        for word in words {
            let lower = word.lowerCased
            if !folded.contains(lower) {
                kept.append(word)
                folded.append(lower)
            }
        }
        return kept
    }
}

/// The lexicon's readings of each written form asked for, kept.
private final class ReadingsCache {
    private let lookup: (String) -> [LexiconReading]
    private var kept: [String: [LexiconReading]] = [:]

    init(_ lookup: @escaping (String) -> [LexiconReading]) { self.lookup = lookup }

    func readings(of form: String) -> [LexiconReading] {
        if let known = kept[form] { return known }
        let found = lookup(form)
        kept[form] = found
        return found
    }
}

extension String {
    /// `lowercased()`, without its cost for the usual word that is lower-case ASCII already.
    var lowerCased: String {
        var plain = true
        for byte in utf8 where byte >= 0x80 || (byte >= 0x41 && byte <= 0x5A) {
            plain = false
            break
        }
        return plain ? self : lowercased()
    }
}
