import Morphology
import VocabCore

/// A card as the example rules see it: its lemma and part of speech (what a sentence's token
/// must read as), the translations of its concept into the learner's language (what the
/// translation must contain to pass the sense test), and the lexicon's own examples (never
/// repeated by a pair).
package struct ExampleCard: Sendable, Equatable {
    /// The lexicon's written form, lower-cased (`american`).
    package var lemma: String
    /// The frequency list's spelling, lower-cased.
    package var sourceLemma: String
    /// The card's part of speech.
    package var partOfSpeech: PartOfSpeech
    /// The translations of the card's concept into the learner's language, each lower-cased and
    /// cut into its words (`tener lugar` → `["tener", "lugar"]`; WN-LMF's `_` is a space): the
    /// card's own, then the other lemmas the translation lexicons give the concept (a fallback
    /// lexicon's too, which the card shows only where the lexicons before it have none: it still
    /// names the concept).
    package var translations: [[String]]
    /// The card's own translations (those it shows), each cut into its words: what a pair's
    /// translation shows as written to be ``Candidate/literal``.
    package var ownTranslations: [[String]] = []
    /// The texts of the card's examples from the lexicon.
    package var lexiconExamples: Set<String>
    /// The card's own examples (the lexicon's), in its order.
    package var ownExamples: [CardExample] = []

    /// The card `card` is, its translations into `learnerLanguage` and, after them,
    /// `conceptTranslations`, every lemma the translation lexicons give its concept in that language.
    package init(_ card: WordCard, learnerLanguage: String, conceptTranslations: [String] = []) {
        let own = card.translations(for: learnerLanguage)
        var translations = own
        for lemma in conceptTranslations where !translations.contains(lemma) { translations.append(lemma) }
        self.init(
            lemma: card.lemma, sourceLemma: card.sourceLemma, partOfSpeech: card.partOfSpeech,
            translations: translations, lexiconExamples: Set(card.examples.map(\.text)))
        ownTranslations = own.compactMap(TranslationWords.words)
        ownExamples = card.examples
    }

    /// A card of `lemma` as `partOfSpeech` with `translations` (as the lexicon writes them).
    package init(lemma: String, sourceLemma: String? = nil, partOfSpeech: PartOfSpeech, translations: [String], lexiconExamples: Set<String> = []) {
        self.lemma = lemma.lowercased()
        self.sourceLemma = (sourceLemma ?? lemma).lowercased()
        self.partOfSpeech = partOfSpeech
        self.translations = translations.compactMap(TranslationWords.words)
        ownTranslations = self.translations
        self.lexiconExamples = lexiconExamples
    }
}

/// The cards by what a token must read as to show them: a lemma (lower-cased) in a part of
/// speech, and a spelling (a form whose own spelling is a card's lemma).
package struct CardIndex: Sendable {
    /// The cards, in release order.
    package private(set) var cards: [ExampleCard]
    private var byLemma: [LemmaKey: [Int32]] = [:]
    private var bySpelling: [String: [Int32]] = [:]
    /// The cards by their own lemmas only (not the analyzer's), for a token's own spelling.
    private var byOwnLemma: [LemmaKey: [Int32]] = [:]

    private struct LemmaKey: Hashable {
        var lemma: String
        var partOfSpeech: PartOfSpeech
    }

    /// The index of `cards`.
    package init(_ cards: [ExampleCard]) {
        self.cards = cards
        for (index, card) in cards.enumerated() {
            for lemma in Set([card.lemma, card.sourceLemma]) {
                byLemma[LemmaKey(lemma: lemma, partOfSpeech: card.partOfSpeech), default: []].append(Int32(index))
                byOwnLemma[LemmaKey(lemma: lemma, partOfSpeech: card.partOfSpeech), default: []].append(Int32(index))
                bySpelling[lemma, default: []].append(Int32(index))
            }
        }
    }

    /// Makes each card known by the analyzer's lemma for its own, where the analyzer spells the
    /// word another way: a reading of the card's lemma in the card's part of speech whose lemma,
    /// analyzed in its turn, reads as itself with the very same tags, so that both are the same
    /// form of one word (`realize` → realise `vblex inf`, as `realise` reads: Apertium's English
    /// lemmas are British). Not an inflected form (`people` → person `n pl`, while `person` is
    /// `n sg`; `best` → good `adj sup`; `hija` → hijo `n f sg`, while `hijo` is `n m sg`).
    /// `readings` gives a form's readings (lemma, part of speech, tags after the class).
    package mutating func addAnalyzerLemmas(_ readings: (String) -> [(lemma: String, partOfSpeech: PartOfSpeech, tags: [String])]) {
        for (index, card) in cards.enumerated() {
            for reading in readings(card.lemma) where reading.partOfSpeech == card.partOfSpeech {
                let alias = reading.lemma.lowercased()
                guard alias != card.lemma, alias != card.sourceLemma,
                      readings(reading.lemma).contains(where: { $0.lemma == reading.lemma && $0.partOfSpeech == reading.partOfSpeech && $0.tags == reading.tags })
                else { continue }
                let key = LemmaKey(lemma: alias, partOfSpeech: card.partOfSpeech)
                if byLemma[key]?.contains(Int32(index)) != true { byLemma[key, default: []].append(Int32(index)) }
            }
        }
    }

    /// Adds to each card's translations the lemmas the learner's analyzer reads them as, in the
    /// card's part of speech, where they differ (a translation the lexicon gives in a form the
    /// analyzer takes for an inflection, or a multiword verb it writes with its `#`): the sense
    /// test looks for the translations as the translation's tokens read. `readings` gives a
    /// form's readings (lemma and part of speech) by the learner's analyzer.
    package mutating func addTranslationLemmas(_ readings: (String) -> [(lemma: String, partOfSpeech: PartOfSpeech)]) {
        for index in cards.indices {
            var translations = cards[index].translations
            for translation in cards[index].translations where translation.count == 1 {
                for words in TranslationWords.analyzerLemmas(of: translation[0], partOfSpeech: cards[index].partOfSpeech, readings: readings)
                where !translations.contains(words) {
                    translations.append(words)
                }
            }
            cards[index].translations = translations
        }
    }

    /// ``addAnalyzerLemmas(_:)-(((String)->[(lemma:String,partOfSpeech:PartOfSpeech,tags:[String])]))`` with the
    /// learned language's analyzer, its readings classed by its config.
    package mutating func addAnalyzerLemmas(_ learned: ClassedAnalyzer) {
        addAnalyzerLemmas { form in
            learned.analyzer.readings(of: form).compactMap { analysis in
                learned.classify(analysis).map { ($0.lemma, $0.wordClass.partOfSpeech, $0.inflection) }
            }
        }
    }

    /// ``addTranslationLemmas(_:)-(((String)->[(lemma:String,partOfSpeech:PartOfSpeech)]))`` with the learner's
    /// language's analyzer, its readings classed by its config.
    package mutating func addTranslationLemmas(_ learner: ClassedAnalyzer) {
        addTranslationLemmas(learner.classedReadings)
    }

    /// The cards of `lemma` (lower-cased) as `partOfSpeech`, in release order; with `ownSpelling`,
    /// only those whose own lemma it is (not the analyzer's name for it).
    package func cards(lemma: String, partOfSpeech: PartOfSpeech, ownSpelling: Bool = false) -> [Int32] {
        (ownSpelling ? byOwnLemma : byLemma)[LemmaKey(lemma: lemma, partOfSpeech: partOfSpeech)] ?? []
    }

    /// The cards whose lemma is `spelling` (lower-cased), any part of speech, in release order.
    package func cards(spelling: String) -> [Int32] {
        bySpelling[spelling] ?? []
    }
}

/// The rank of each lemma in the release's own frequency list (the rows the select stage walks:
/// the list's lemmas, or the lemmatize step's), the most frequent first: how likely a learner of
/// the release is to know a word of an example sentence.
package struct LemmaRanks: Sendable {
    private var ranks: [String: Int32] = [:]

    /// The ranks of `rows`' lemmas (lower-cased), by frequency, highest first, ties in list order;
    /// a lemma of several rows (parts of speech) takes its best rank.
    package init(_ rows: [FrequencyRow]) {
        let ordered = rows.enumerated().sorted { ($0.element.frequency, -$0.offset) > ($1.element.frequency, -$1.offset) }
        var next: Int32 = 1
        for row in ordered.map(\.element) {
            let lemma = row.lemma.lowercased()
            if ranks[lemma] == nil {
                ranks[lemma] = next
                next += 1
            }
        }
    }

    /// `lemma`'s rank (1 = the most frequent), nil when the list does not have it.
    package func rank(of lemma: String) -> Int32? { ranks[lemma] }
}

/// A translation as the sense test compares it with a translation's tokens.
package enum TranslationWords {
    /// A lexicon's translation lower-cased and cut into its words (WN-LMF's `_` is a space:
    /// `tener_lugar` → `["tener", "lugar"]`); nil for one without a word.
    package static func words(_ translation: String) -> [String]? {
        let words = translation.lowercased().replacingOccurrences(of: "_", with: " ").split(separator: " ").map(String.init)
        return words.isEmpty ? nil : words
    }

    /// The lemmas the learner's analyzer reads a one-word translation as in `partOfSpeech`, each
    /// cut into its words (a multiword verb both whole and as its head: ``TokenRules/lemmaAndHead(_:)``);
    /// `readings` gives a form's readings (lemma and part of speech).
    package static func analyzerLemmas(
        of word: String, partOfSpeech: PartOfSpeech, readings: (String) -> [(lemma: String, partOfSpeech: PartOfSpeech)]
    ) -> [[String]] {
        var found: [[String]] = []
        for reading in readings(word) where reading.partOfSpeech == partOfSpeech {
            for lemma in TokenRules.lemmaAndHead(reading.lemma) {
                let words = lemma.split(separator: " ").map(String.init)
                if !words.isEmpty && !found.contains(words) { found.append(words) }
            }
        }
        return found
    }
}

extension ClassedAnalyzer {
    /// A form's readings by the analyzer, each as its lemma and part of speech by the config's classes.
    package func classedReadings(_ form: String) -> [(lemma: String, partOfSpeech: PartOfSpeech)] {
        analyzer.readings(of: form).compactMap { analysis in
            classify(analysis).map { ($0.lemma, $0.wordClass.partOfSpeech) }
        }
    }
}
