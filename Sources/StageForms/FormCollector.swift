import Morphology
import VocabCore

/// The forms a learner may read of a list of words (the release's, or the dictionary's
/// entries), gathered from every source the build has (docs/policy.md, forms): the analyzer's
/// forms of the words' lemmas where its engine can enumerate them, the readings of forms it was
/// shown (the frequency list's, the example sentences' tokens), the lemmatize step's lemma of
/// each list form, and the lexicon's `Form`s.
///
/// A reading leads to every word of its lemma (as the word's name, else ignoring case) and its
/// part of speech: `fue` → ser (verb) and ir (verb); `casa` (3rd person singular of casar) → the
/// verb casar, not the noun. A form that is its word's own name is left out (the look-up finds
/// the word by its name), as are repeats.
///
/// A word that is itself a form of another lemma (``addAgreeingForms(_:)``) takes that lemma's
/// forms that differ from it only in agreement: the noun chica (chico's feminine singular) its
/// plural chicas, the adjective conocido (conocer's past participle) conocida, conocidos, conocidas.
///
/// ```swift
/// var collector = FormCollector(words: [("ser", .verb), ("ir", .verb)], names: InflectionNames(format: .lttoolbox))
/// collector.add("fue", lemma: "ser", partOfSpeech: .verb, tags: ["ifi", "p3", "sg"])
/// collector.forms()   // [CollectedForm(form: "fue", word: 0, tags: "ifi p3 sg", description: "3rd person singular, preterite")]
/// ```
package struct FormCollector: Sendable {
    /// A form of one of the words.
    package struct CollectedForm: Sendable, Hashable {
        /// The form, lower-cased and composed (``WordForm/key(_:)``).
        package var form: String
        /// The word's index in the list the collector was made with.
        package var word: Int
        /// The inflection's tags, space-separated; empty when unknown.
        package var tags: String
        /// The inflection in words (``InflectionNames``).
        package var description: String
    }

    private let words: [(name: String, partOfSpeech: PartOfSpeech)]
    private let names: InflectionNames
    /// The words by name, made on the first reading added (none is when only the lexicon's
    /// `Form`s are: a dictionary's entries without an analyzer).
    private var index: WordNameIndex?
    private var found = Set<CollectedForm>()
    /// Each form's key and each inflection's tags and description, worked out once: the analyzer
    /// gives the same forms and inflections again and again.
    private var keys: [String: String] = [:]
    private var inflections: [[String]: (tags: String, description: String)] = [:]
    /// The analyzer's readings added, by lemma and part of speech, and by form: what
    /// ``addAgreeingForms(_:)`` derives a word's forms from.
    private var readingsOfLemma: [String: [(form: String, tags: [String])]] = [:]
    private var readingsOfForm: [String: [(lemma: String, partOfSpeech: PartOfSpeech, tags: [String])]] = [:]

    /// A collector for `words` (name and part of speech, in the list's order), describing
    /// inflections with `names`.
    package init(words: [(name: String, partOfSpeech: PartOfSpeech)], names: InflectionNames) {
        self.words = words
        self.names = names
    }

    /// The word at `index`'s name as a form (``WordForm/key(_:)``): its own name is no form of it.
    private mutating func ownForm(_ index: Int) -> String { key(words[index].name) }

    /// The words' names: what the analyzer is asked to enumerate the forms of.
    package var lemmas: Set<String> { Set(words.map(\.name)) }

    /// `form` read as `lemma` of `partOfSpeech` with the inflection `tags`: a form of every word
    /// of that name (exactly, else ignoring case) and part of speech; of none when there is none.
    package mutating func add(_ form: String, lemma: String, partOfSpeech: PartOfSpeech, tags: [String]) {
        if !tags.isEmpty {
            let key = key(form)
            readingsOfLemma["\(lemma)\u{0}\(partOfSpeech.rawValue)", default: []].append((key, tags))
            readingsOfForm[key, default: []].append((lemma, partOfSpeech, tags))
        }
        if index == nil { index = WordNameIndex(words.map(\.name)) }
        for index in index!.words(named: lemma) where words[index].partOfSpeech == partOfSpeech { add(form, word: index, tags: tags) }
    }

    /// `form` as a form of the word at `index`, with the inflection `tags` (none: unknown).
    package mutating func add(_ form: String, word index: Int, tags: [String]) {
        let key = key(form)
        guard !key.isEmpty, key != ownForm(index) else { return }
        let inflection = inflections[tags] ?? (tags.joined(separator: " "), names.describe(tags))
        inflections[tags] = inflection
        found.insert(CollectedForm(form: key, word: index, tags: inflection.tags, description: inflection.description))
    }

    /// `form`'s key (``WordForm/key(_:)``), worked out once per spelling.
    private mutating func key(_ form: String) -> String {
        if let known = keys[form] { return known }
        let key = WordForm.key(form)
        keys[form] = key
        return key
    }

    /// Every form `analyzer` enumerates of the words' lemmas, each reading classed by `config`
    /// and its lemma named as the lexicon names it (`citations`: the forms of Bulgarian's `има`
    /// are the word `имам`'s); false when its engine cannot enumerate forms (then only the forms
    /// shown to it are known).
    @discardableResult
    package mutating func addEnumerated(
        by analyzer: any MorphologicalAnalyzer, config: AnalyzerConfig, citations: CitationForms = CitationForms()
    ) -> Bool {
        var generated: [(String, String, PartOfSpeech, [String])] = []
        let enumerated = analyzer.enumerateForms(of: citations.analyzerLemmas(naming: lemmas)) { form in
            guard form.reading.parts.count == 1,
                  let (lemma, wordClass, inflection) = form.reading.classified(by: config, citations: citations) else { return }
            generated.append((form.form, lemma, wordClass.partOfSpeech, inflection))
        }
        for (form, lemma, partOfSpeech, tags) in generated { add(form, lemma: lemma, partOfSpeech: partOfSpeech, tags: tags) }
        return enumerated
    }

    /// The forms of each word whose name is itself a form of another lemma (by the readings added
    /// so far), where the rest of that reading is agreement alone (gender and number, and a
    /// participle's tag: `agreement`): that lemma's forms of the same reading but for number (a
    /// noun keeps its gender: chica, chico's `f sg`, takes chicas, `f pl`, not chicos) or, for an
    /// adjective, for gender and number (conocido, conocer's `pp m sg`, takes conocida, conocidos,
    /// conocidas). A word that is a form of a verb by person or tense (the noun casa, casar's `pri
    /// p3 sg`) takes none.
    package mutating func addAgreeingForms(_ agreement: AgreementTags) {
        // No reading added (no analyzer): no word is a form of another lemma.
        guard !readingsOfForm.isEmpty else { return }
        for (index, word) in words.enumerated() where word.partOfSpeech == .noun || word.partOfSpeech == .adjective {
            for reading in readingsOfForm[ownForm(index)] ?? [] {
                guard reading.lemma != word.name || reading.partOfSpeech != word.partOfSpeech,
                      let own = agreement.split(reading.tags), own.rest.allSatisfy(agreement.participles.contains) else { continue }
                for other in readingsOfLemma["\(reading.lemma)\u{0}\(reading.partOfSpeech.rawValue)"] ?? [] {
                    guard let split = agreement.split(other.tags), split.rest == own.rest,
                          word.partOfSpeech == .adjective || split.gender == own.gender else { continue }
                    add(other.form, word: index, tags: other.tags)
                }
            }
        }
    }

    /// Every word of `texts` as a reader meets it (``MorphologicalAnalyzer/textWords(in:)``: MeCab's
    /// word with its endings, `食べたい` of 食べる), each reading classed by `config` by its first
    /// word: the forms of an engine that cannot enumerate them. The texts are read in two halves
    /// at once (the analyzer is read-only).
    package mutating func addTextWords(
        of texts: [String], by analyzer: any MorphologicalAnalyzer, config: AnalyzerConfig, citations: CitationForms = CitationForms()
    ) {
        let read = ParallelHalves.map(texts.count) { range in
            texts[range].flatMap { text in
                analyzer.textWords(in: text).compactMap { word -> (String, String, PartOfSpeech, [String])? in
                    guard let (lemma, wordClass, inflection) = word.reading.classified(by: config, citations: citations) else { return nil }
                    return (word.form, lemma, wordClass.partOfSpeech, inflection)
                }
            }
        }
        for (form, lemma, partOfSpeech, tags) in read.joined() { add(form, lemma: lemma, partOfSpeech: partOfSpeech, tags: tags) }
    }

    /// The forms found, ordered by form, word and tags.
    package func forms() -> [CollectedForm] {
        found.sorted { ($0.form, $0.word, $0.tags) < ($1.form, $1.word, $1.tags) }
    }
}
