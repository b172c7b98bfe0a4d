import Morphology
import VocabCore

/// One reading of a sentence's token, as the lemmatize step classes an analyzer's reading
/// (`AnalyzerReading.classified(by:)`): its lemma, its word class, and whether its tags mark a
/// plural.
package struct WordReading: Hashable, Sendable {
    /// The lemma as the analyzer writes it (`casa`, `American`).
    package var lemma: String
    /// Its word class by the analyzer's classes.
    package var wordClass: WordClass
    /// True when the inflection has one of the analyzer's plural tags.
    package var plural: Bool

    /// A reading.
    package init(lemma: String, wordClass: WordClass, plural: Bool = false) {
        self.lemma = lemma
        self.wordClass = wordClass
        self.plural = plural
    }

    /// The readings of a token of running text, classed by `analyzer`'s config and named by its
    /// citation forms (the lemmatize step's mapping), without repeats.
    package static func readings(of token: AnalyzedToken, by analyzer: ClassedAnalyzer) -> [WordReading] {
        var readings: [WordReading] = []
        let pluralTags = analyzer.config.pluralTags
        for analysis in token.readings {
            guard let (lemma, wordClass, inflection) = analyzer.classify(analysis) else { continue }
            let reading = WordReading(lemma: lemma, wordClass: wordClass, plural: inflection.contains { pluralTags.contains($0) })
            if !readings.contains(reading) { readings.append(reading) }
        }
        return readings
    }
}

/// The rules for one token of a pair, each a pure function of the token's spelling and readings
/// (docs/policy.md, examples).
package enum TokenRules {
    /// The cards a token of the learned sentence shows, in release order, without repeats:
    /// - a reading whose lemma (case ignored) is a card's in the card's part of speech (`casas`
    ///   shows casa; `fue` shows ser and ir, which the sense test tells apart);
    /// - a token whose own spelling is a noun or adjective card's lemma, with a reading of that
    ///   part of speech, or, for an adjective, a verb's (a participle): the lemmatize step makes
    ///   such a form its own lemma when the lexicon has it (`hija`, a word of its own beside hijo;
    ///   a list of lemmas has them as they are: `best`, `people`, `interested`, which an analyzer
    ///   reads as good, person, interest). Not a verb card: a verb form is its lemma's (`saw` of
    ///   see, not of saw);
    /// - a token the analyzer does not know, whose spelling is a card's lemma.
    /// Never a substring: `casa` in `casamiento` is no token of its own. The cards are also known
    /// by their analyzer lemmas (``CardIndex/addAnalyzerLemmas(_:)``: `realize` as realise).
    package static func cards(shownBy surface: String, readings: [WordReading], in index: CardIndex) -> [Int32] {
        var found: [Int32] = []
        func add(_ cards: [Int32]) {
            for card in cards where !found.contains(card) { found.append(card) }
        }
        let spelling = surface.lowercased()
        guard !readings.isEmpty else {
            add(index.cards(spelling: spelling))
            return found.sorted()
        }
        for reading in readings {
            let partOfSpeech = reading.wordClass.partOfSpeech
            guard partOfSpeech != .other else { continue }
            for lemma in lemmaAndHead(reading.lemma) { add(index.cards(lemma: lemma, partOfSpeech: partOfSpeech)) }
            switch partOfSpeech {
            case .noun: add(index.cards(lemma: spelling, partOfSpeech: .noun, ownSpelling: true))
            case .adjective, .verb: add(index.cards(lemma: spelling, partOfSpeech: .adjective, ownSpelling: true))
            case .adverb, .other: break
            }
        }
        return found.sorted()
    }

    /// The cards a token shows only by its spelling: a card whose lemma the token spells (case
    /// aside) in a part of speech none of the token's readings has (the analyzer's dictionary
    /// lacks that use: Apertium's English reads `evil` as a noun only, `thanks` as an
    /// interjection, `TV` as an acronym), or one of the words of a multiword token (`vessel` in
    /// `blood vessel`). Such a sentence may show the card, and may not: it is a candidate only
    /// where its translation names the card's concept (the sense test), never evidence of the
    /// word's use (``PairEvidence``). Empty for a token the analyzer does not know (its spelling
    /// matches as the word itself: ``cards(shownBy:readings:in:)``).
    package static func weakCards(shownBy surface: String, readings: [WordReading], in index: CardIndex) -> [Int32] {
        guard !readings.isEmpty else { return [] }
        let words = surface.lowercased().split(separator: " ")
        guard words.count == 1 else {
            var found: [Int32] = []
            for word in words { for card in index.cards(spelling: String(word)) where !found.contains(card) { found.append(card) } }
            return found.sorted()
        }
        let spelled = index.cards(spelling: String(words[0]))
        guard !spelled.isEmpty else { return [] }
        let partsOfSpeech = Set(readings.map(\.wordClass.partOfSpeech))
        return spelled.filter { !partsOfSpeech.contains(index.cards[Int($0)].partOfSpeech) }
    }

    /// Whether a token that shows `card` is most likely the card's word rather than another part
    /// of speech: the analyzer knows it and every reading is of the card's part of speech
    /// (`apple`, `apples`; not `drive`, a noun and a verb, nor `sobre`, a noun and a
    /// preposition), or the frequency list's own reading of the form (`listReading`: the one the
    /// lemmatize step chose for it, from the list's frequencies) is the card's lemma in its part of
    /// speech (`peso` the noun, not pesar; `ser` is the verb, not the noun). Without a tagger, the
    /// signs that the sentence uses the word as the card's part of speech.
    package static func isCertain(_ readings: [WordReading], listReading: WordReading?, for card: ExampleCard) -> Bool {
        if let listReading, listReading.wordClass.partOfSpeech == card.partOfSpeech,
           lemmaAndHead(listReading.lemma).contains(where: { $0 == card.lemma || $0 == card.sourceLemma }) {
            return true
        }
        return !readings.isEmpty && readings.allSatisfy { $0.wordClass.partOfSpeech == card.partOfSpeech && $0.wordClass != .properNoun }
    }

    /// How hard a token is for a learner of the release: 0 for what needs no card (a function word,
    /// a name, a number, punctuation), else the best rank in the release's frequency list of its
    /// readings' lemmas (or, for a word the analyzer does not know, of its spelling), and
    /// ``unknownRank`` for a word the list does not have.
    package static func rank(of surface: String, readings: [WordReading], ranks: LemmaRanks) -> Int32 {
        guard surface.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else { return 0 }
        guard !readings.isEmpty else {
            // A capitalised word the analyzer does not know is most likely a name.
            if surface.first?.isUppercase == true { return 0 }
            return ranks.rank(of: surface.lowercased()) ?? unknownRank
        }
        var best = unknownRank
        for reading in readings {
            if reading.wordClass.isClosed || reading.wordClass == .properNoun { return 0 }
            for lemma in lemmaAndHead(reading.lemma) { if let rank = ranks.rank(of: lemma) { best = min(best, rank) } }
        }
        return best
    }

    /// The rank of a word the release's frequency list does not have.
    package static let unknownRank = Int32.max

    /// What a token of the translation may stand for, lower-cased: its readings' lemmas (the first
    /// word's of a joined form) and its own spelling (a word the analyzer does not know). A
    /// multiword token gives its whole lemma (`a menudo`), and a multiword verb both its whole
    /// lemma and its head (`di cuenta`: darse cuenta and darse; Apertium writes `darse# cuenta`).
    package static func learnerLemmas(of surface: String, readings: [WordReading]) -> [String] {
        var lemmas = [surface.lowercased()]
        for reading in readings {
            for lemma in lemmaAndHead(reading.lemma) where !lemmas.contains(lemma) { lemmas.append(lemma) }
        }
        return lemmas
    }

    /// A reading's lemma, lower-cased, as the rules compare it: without the `#` of a multiword
    /// with an invariable rest (`echar# de menos` is `echar de menos`), and then its head too
    /// (`echar`), which a card or a translation of the head alone names.
    package static func lemmaAndHead(_ lemma: String) -> [String] {
        let lower = lemma.lowercased()
        guard let mark = lower.firstIndex(of: "#") else { return [lower] }
        let head = String(lower[..<mark])
        let whole = head + lower[lower.index(after: mark)...]
        return head.isEmpty || head == whole ? [whole] : [whole, head]
    }
}

/// The sense test: a pair shows the card's sense when its translation contains one of the card's
/// translations, as a lemma of one of its tokens (`bone` in "The dog buried a bone." for
/// *hueso*), or, for a translation of several words (`tener lugar`), as the lemmas of as many
/// tokens in a row, or as one multiword token's lemma.
package enum SenseTest {
    /// Whether the translation, whose tokens stand for `tokens` (``TokenRules/learnerLemmas(of:readings:)``
    /// each), contains one of `translations` (each cut into its words, lower-cased).
    package static func passes(tokens: [[String]], translations: [[String]]) -> Bool {
        for translation in translations {
            guard let first = translation.first else { continue }
            if translation.count == 1 {
                if tokens.contains(where: { $0.contains(first) }) { return true }
                continue
            }
            let whole = translation.joined(separator: " ")
            if tokens.contains(where: { $0.contains(whole) }) { return true }
            guard tokens.count >= translation.count else { continue }
            for start in 0...(tokens.count - translation.count)
            where translation.indices.allSatisfy({ tokens[start + $0].contains(translation[$0]) }) {
                return true
            }
        }
        return false
    }
}
