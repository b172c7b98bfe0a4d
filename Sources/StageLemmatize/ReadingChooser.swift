import Foundation
import VocabCore

/// The rule that chooses one reading per word form, from the list's own frequencies
/// (docs/policy.md, lemmatization, step 5).
///
/// A form is read as its most likely reading, and how likely a reading is depends on two things
/// the list itself shows: how frequent its **lemma** is (in that class), over all the forms that
/// can be it, and how frequent its **inflection** is for its class (a noun's singular is common,
/// a verb's second person rare). Neither is known in advance, so both are estimated together
/// from the list, by expectation-maximisation:
///
/// 0. *A prior, where the analyzer ranks a form's readings* (``Form/ranked``: MeCab, whose
///    model orders the dictionary words spanning a form by cost; not lttoolbox, whose order says
///    nothing): the reading at rank `r` weighs ``rankWeight``^`r` in every step below, and the
///    closed-class readings all take the rank of the first of them. A Japanese list's units
///    are MeCab's own (`し`, `ある`, `見`), and in isolation the model knows the content word
///    (する's stem, the verb ある, 見る's stem) from a rare homograph (the particle し, a name
///    見) far better than the list's frequencies can; what it cannot tell in isolation is one
///    function word from another (`な` the particle or だ's form, which a form alone ranks as
///    the sentence's end), which the list's evidence then decides. Every other reading weighs 1.
/// 1. Each form's frequency is first shared equally among its readings (by their prior). A lemma's weight
///    `L(lemma, class)` is the frequency its readings received; an inflection's weight
///    `I(inflection | class)` is the share of its class's frequency that readings with that
///    inflection received. A kind of the class (the analyzer's tags that named it: Apertium's
///    `vbser`, `vblex`) none of whose inflections another kind of the class writes alike is weighed
///    on its own instead: Russian's `vblex` writes its aspect among its tags and `vbser` none, so
///    `быть`'s `pres p3 sg` (`есть`) is weighed among `быть`'s forms, not against every verb's
///    `impf tv pres p3 sg` (Spanish `vbser`'s `pri p3 sg` is `vblex`'s too: one class). A closed class (determiners, pronouns, …) has no productive
///    inflection (its few forms are words of their own, and its tags mostly name a subclass:
///    `este` is a demonstrative), so its readings' `I` is 1.
/// 2. Each form's frequency is shared again, in proportion to each reading's weight, and `L`
///    and `I` are recomputed; this is repeated ``rounds`` times. A reading's weight is `L × I`,
///    times ``identityWeight`` when its lemma is the form itself (the form is a citation form:
///    `casa` is more often the noun than a verb's third person), times ``lexiconWeight`` when
///    the source lexicon has its lemma as an entry of its class (the reading the release can
///    teach: `mexicano` the adjective, which omw-es has, over the noun, which it lacks) or its
///    class is closed (a wordnet lists no function word in its class, and a content reading
///    must not win over one for that: `para` stays the preposition, never `parar`).
/// 3. The form goes whole to its reading of greatest weight (never split); ties go to the
///    reading whose lemma is the form, then to the earlier class (noun, proper noun, verb,
///    adjective, adverb, then the closed classes), then to the lemma first in code-point order,
///    then to the earlier source.
///
/// So `son` is `ser` (its verb readings carry every form of ser: es, era, fue…), not the rare
/// noun; `una` is the determiner `uno`, never `unir`; `para` is the preposition, never `parar`;
/// `casas` is the noun `casa`, not `casar`'s second person. The estimate is deterministic: the
/// same list and readings give the same choices (every sum runs in list order).
///
/// Measured on the Spanish gold lemmas of UD Spanish-GSD (the project's scorer,
/// docs/benchmarks.md): the choice is right for about 19 forms in 20 weighted by frequency;
/// what it gets wrong is mostly noun–verb homographs that only context tells apart (`ayuda`,
/// `cuenta`, `llama`).
package enum ReadingChooser {
    /// Rounds of re-estimation (step 2). The choices settle after a few rounds; more let the
    /// frequent lemmas absorb the ambiguous forms of rarer ones.
    package static let rounds = 8
    /// How much more likely a reading whose lemma is the form itself is taken to be.
    package static let identityWeight = 2.0
    /// How much more likely a reading whose lemma the lexicon has in its class is taken to be.
    package static let lexiconWeight = 4.0
    /// How much less likely a ranked form's reading is taken to be than the one before it (step 0).
    package static let rankWeight = 0.25

    /// A lemma (lower-cased) in a class.
    private struct LemmaKey: Hashable {
        var lemma: String
        var slot: Int
    }

    /// An inflection in a class, of a kind (the analyzer's class tags: `vbser`, `vblex`).
    private struct InflectionKey: Hashable {
        var slot: Int
        var kind: [String]
        var tags: [String]
    }

    /// A class and a kind of it, whose readings' inflections share one total.
    private struct KindKey: Hashable {
        var slot: Int
        var kind: [String]
    }

    /// One form to choose a reading for.
    package struct Form: Sendable {
        /// The form, lower-cased (a reading whose lemma is this, ignoring case, is the form itself).
        package var form: String
        /// Its frequency in the list (every row of the form added up).
        package var frequency: Double
        /// Its readings; a form with none is skipped (it has no lemma).
        package var readings: [Reading]
        /// For each reading, whether the source lexicon has its lemma as an entry of its class
        /// (empty: none has).
        package var inLexicon: [Bool]
        /// Whether `readings` are in the analyzer's own order of likelihood, most likely first
        /// (MeCab's model cost): each reading after the first then weighs ``rankWeight`` times
        /// the one before it.
        package var ranked: Bool

        /// A form with its frequency and readings.
        package init(form: String, frequency: Double, readings: [Reading], inLexicon: [Bool] = [], ranked: Bool = false) {
            self.form = form
            self.frequency = frequency
            self.readings = readings
            self.inLexicon = inLexicon
            self.ranked = ranked
        }
    }

    /// Step 0, a ranked form's reading's prior: ``rankWeight`` to the power of its rank, the
    /// closed-class readings all ranked as the first of them; 1 for every reading of a form
    /// that is not ranked.
    package static func prior(of form: Form, reading number: Int) -> Double {
        guard form.ranked else { return 1 }
        var rank = number
        if form.readings[number].wordClass.isClosed, let first = form.readings.firstIndex(where: { $0.wordClass.isClosed }) { rank = first }
        return pow(rankWeight, Double(rank))
    }

    /// The kinds of a class whose readings' inflections (tag lists) are none of another kind's of
    /// that class: a paradigm the analyzer writes with other tags (Russian `vbser`'s `pres p3 sg`,
    /// where `vblex` writes its aspect first: `impf tv pres p3 sg`), whose inflections are weighed
    /// among their own kind's. A kind that shares an inflection with another is weighed with its
    /// class (Spanish `vbser`'s `pri p3 sg` is `vblex`'s too).
    private static func kindsApart(_ forms: [Form]) -> Set<KindKey> {
        var kindsOf: [InflectionKey: Set<[String]>] = [:]
        var kinds = Set<KindKey>()
        for form in forms {
            for reading in form.readings where !reading.kind.isEmpty {
                let slot = reading.wordClass.ordinal
                kinds.insert(KindKey(slot: slot, kind: reading.kind))
                kindsOf[InflectionKey(slot: slot, kind: [], tags: reading.inflection), default: []].insert(reading.kind)
            }
        }
        var shared = Set<KindKey>()
        for (key, owners) in kindsOf where owners.count > 1 {
            for kind in owners { shared.insert(KindKey(slot: key.slot, kind: kind)) }
        }
        // A class of one kind has nothing to be apart from.
        var perClass: [Int: Int] = [:]
        for kind in kinds { perClass[kind.slot, default: 0] += 1 }
        return kinds.filter { !shared.contains($0) && (perClass[$0.slot] ?? 0) > 1 }
    }

    /// The index of the chosen reading of each form (nil for a form without readings), in
    /// the order of `forms`.
    package static func choose(_ forms: [Form]) -> [Int?] {
        var lemmaIndex: [LemmaKey: Int] = [:]
        var inflectionIndex: [InflectionKey: Int] = [:]
        // Flattened readings: their lemma, inflection and class slots, and whether each is the form.
        var start: [Int] = []
        start.reserveCapacity(forms.count + 1)
        var lemmaOf: [Int] = []
        var inflectionOf: [Int] = []
        var classOf: [Int] = []
        var identity: [Bool] = []
        var known: [Bool] = []
        var prior: [Double] = []
        var inflectionClass: [Int] = []
        var kindIndex: [KindKey: Int] = [:]
        let closed = WordClass.allCases.map(\.isClosed)
        let apart = kindsApart(forms)
        for form in forms {
            start.append(lemmaOf.count)
            for (number, reading) in form.readings.enumerated() {
                known.append(number < form.inLexicon.count && form.inLexicon[number])
                prior.append(Self.prior(of: form, reading: number))
                let classSlot = reading.wordClass.ordinal
                let lemmaKey = LemmaKey(lemma: reading.lemma.lowerCased, slot: classSlot)
                let lemma = lemmaIndex[lemmaKey] ?? {
                    lemmaIndex[lemmaKey] = lemmaIndex.count
                    return lemmaIndex.count - 1
                }()
                let kindKey = KindKey(slot: classSlot, kind: apart.contains(KindKey(slot: classSlot, kind: reading.kind)) ? reading.kind : [])
                let inflectionKey = InflectionKey(slot: classSlot, kind: kindKey.kind, tags: reading.inflection)
                let inflection = inflectionIndex[inflectionKey] ?? {
                    inflectionIndex[inflectionKey] = inflectionIndex.count
                    inflectionClass.append(kindIndex[kindKey] ?? {
                        kindIndex[kindKey] = kindIndex.count
                        return kindIndex.count - 1
                    }())
                    return inflectionIndex.count - 1
                }()
                lemmaOf.append(lemma)
                inflectionOf.append(inflection)
                classOf.append(classSlot)
                identity.append(reading.lemma.lowerCased == form.form)
            }
        }
        start.append(lemmaOf.count)

        var lemmaWeight = [Double](repeating: 0, count: lemmaIndex.count)
        var inflectionWeight = [Double](repeating: 0, count: inflectionIndex.count)
        // Step 1: every form's frequency shared equally among its readings (by the prior, step 0,
        // for a ranked form).
        for (number, form) in forms.enumerated() where start[number + 1] > start[number] {
            let total = (start[number] ..< start[number + 1]).reduce(0.0) { $0 + prior[$1] }
            for reading in start[number] ..< start[number + 1] {
                let share = form.frequency * prior[reading] / total
                lemmaWeight[lemmaOf[reading]] += share
                inflectionWeight[inflectionOf[reading]] += share
            }
        }
        var weights = [Double](repeating: 0, count: lemmaOf.count)
        /// Every reading's weight `L × I × identity` from the current estimates.
        func weigh() {
            var kindWeight = [Double](repeating: 0, count: kindIndex.count)
            for (slot, weight) in inflectionWeight.enumerated() { kindWeight[inflectionClass[slot]] += weight }
            for reading in weights.indices {
                let inClass = kindWeight[inflectionClass[inflectionOf[reading]]]
                let inflection = closed[classOf[reading]] ? 1 : inClass > 0 ? inflectionWeight[inflectionOf[reading]] / inClass : 0
                weights[reading] = lemmaWeight[lemmaOf[reading]] * inflection
                    * (identity[reading] ? identityWeight : 1) * (known[reading] || closed[classOf[reading]] ? lexiconWeight : 1) * prior[reading]
            }
        }
        // Step 2: shared again in proportion to the weights, `rounds` times.
        for _ in 0 ..< rounds {
            weigh()
            var nextLemma = [Double](repeating: 0, count: lemmaWeight.count)
            var nextInflection = [Double](repeating: 0, count: inflectionWeight.count)
            for (number, form) in forms.enumerated() where start[number + 1] > start[number] {
                let range = start[number] ..< start[number + 1]
                let total = range.reduce(0.0) { $0 + weights[$1] }
                for reading in range {
                    let share = total > 0 ? form.frequency * weights[reading] / total : form.frequency / Double(range.count)
                    nextLemma[lemmaOf[reading]] += share
                    nextInflection[inflectionOf[reading]] += share
                }
            }
            lemmaWeight = nextLemma
            inflectionWeight = nextInflection
        }
        weigh()
        // Step 3: the heaviest reading, ties broken as the type's comment says.
        return forms.indices.map { number in
            let range = start[number] ..< start[number + 1]
            guard !range.isEmpty else { return nil }
            let readings = forms[number].readings
            let best = range.min { lhs, rhs in
                if weights[lhs] != weights[rhs] { return weights[lhs] > weights[rhs] }
                if identity[lhs] != identity[rhs] { return identity[lhs] }
                if classOf[lhs] != classOf[rhs] { return classOf[lhs] < classOf[rhs] }
                let (left, right) = (readings[lhs - range.lowerBound], readings[rhs - range.lowerBound])
                if left.lemma != right.lemma { return left.lemma.unicodeScalars.lexicographicallyPrecedes(right.lemma.unicodeScalars) }
                return left.source < right.source
            }!
            return best - range.lowerBound
        }
    }
}
