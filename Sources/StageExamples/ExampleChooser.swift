/// A sentence that shows a card: what the choice needs to know about the pair for that card.
package struct Candidate: Sendable, Equatable {
    /// The card (its index in the release's order).
    package var card: Int32
    /// The sentence (its index among the distinct learned sentences, in file order).
    package var sentence: Int32
    /// Its words (white-space separated chunks with a letter or a digit).
    package var words: Int32
    /// The rank, in the release's frequency list, of its hardest word besides the card's own
    /// (``TokenRules/rank(of:readings:ranks:)``; 0 when every other word needs no card).
    package var hardest: Int32
    /// Whether a translation of the sentence passes the sense test for the card.
    package var sameSense: Bool
    /// Whether the sentence's token is most likely the card's part of speech
    /// (``TokenRules/isCertain(_:listReading:for:)``).
    package var certain: Bool
    /// The translation the card would show with it (an id of its text; -1 for none).
    package var translation: Int32
    /// Whether that translation shows one of the card's own translations as the card writes it
    /// (`entero`, not `entera`; `unirse`, not `se unió`): the learner reads the card's word in it.
    package var literal = false

    /// A candidate.
    package init(
        card: Int32, sentence: Int32, words: Int32, hardest: Int32, sameSense: Bool, certain: Bool = true, translation: Int32 = -1,
        literal: Bool = false
    ) {
        self.literal = literal
        self.card = card
        self.sentence = sentence
        self.words = words
        self.hardest = hardest
        self.sameSense = sameSense
        self.certain = certain
        self.translation = translation
    }
}

/// How the examples of a card are chosen among its candidates (docs/policy.md, examples): the
/// order a card prefers its sentences in, then, card by card, the sentences it takes, each used
/// by at most `perSentence` cards. Deterministic: every order is total, ties go to file order.
package struct ExampleChooser: Sendable {
    /// The most pairs a card gets.
    package var perCard: Int
    /// The most cards one sentence serves.
    package var perSentence: Int
    /// The rank up to which a learner of the release is taken to know a word: the release's size.
    package var knownRank: Int32

    /// A sentence of fewer words says too little of a word's use: it comes after longer ones.
    package static let minimumWords: Int32 = 3

    /// A chooser.
    package init(perCard: Int, perSentence: Int, knownRank: Int32) {
        self.perCard = perCard
        self.perSentence = perSentence
        self.knownRank = knownRank
    }

    /// The order a card prefers its candidates in, as a key compared in order: first a pair
    /// that passes the sense test; then one whose word can only be the card's part of speech;
    /// then a sentence all of whose other words a learner of the release knows (ranked within
    /// ``knownRank``, or needing no card); then one whose translation shows the card's translation
    /// as written (``Candidate/literal``); then one of at least ``minimumWords`` words; then the
    /// fewest words; then the easiest hardest word; then file order.
    package func key(_ candidate: Candidate) -> (Int32, Int32, Int32, Int32, Int32, Int32) {
        // The sense test, then the part of speech, in one place; the known words and the literal
        // translation likewise (a tuple compares up to six).
        ((candidate.sameSense ? 0 : 2) + (candidate.certain ? 0 : 1), (candidate.hardest <= knownRank ? 0 : 2) + (candidate.literal ? 0 : 1),
         candidate.words < Self.minimumWords ? 1 : 0, candidate.words, candidate.hardest, candidate.sentence)
    }

    /// Whether `a` comes before `b` for their card.
    package func prefers(_ a: Candidate, _ b: Candidate) -> Bool {
        key(a) < key(b)
    }

    /// The sentences each of `cards` cards gets, best first, from `candidates` (any order):
    /// 1. the pairs that pass the sense test: the card with the fewest of them chooses first (ties:
    ///    release order), up to ``perCard`` of them, skipping a sentence that ``perSentence``
    ///    cards already use, one that `isLexiconExample` says is already the card's, and one whose
    ///    translation the card already shows (`She's a beauty.` and `She is a beauty.` are both
    ///    `Ella es una belleza.`);
    /// 2. a card that got none of those takes one pair that fails the test, if it has one whose
    ///    sentence is still free and whose word can only be the card's part of speech (the fewest
    ///    candidates first again): a sentence that uses the word in a sense the test could not
    ///    confirm still shows its form and use, and the card says so (`sameSense` false); one
    ///    whose word may be another part of speech would too often show another word (`drive`
    ///    the verb on the card of the noun).
    package func choose(
        _ candidates: [Candidate], cards: Int, isLexiconExample: (Candidate) -> Bool = { _ in false }
    ) -> [[Candidate]] {
        var byCard = [[Candidate]](repeating: [], count: cards)
        for candidate in candidates where Int(candidate.card) < cards && !isLexiconExample(candidate) {
            byCard[Int(candidate.card)].append(candidate)
        }
        for index in byCard.indices { byCard[index].sort(by: prefers) }
        var uses: [Int32: Int] = [:]
        var chosen = [[Candidate]](repeating: [], count: cards)

        func pass(_ limit: Int, taking include: (Candidate) -> Bool, for eligible: (Int) -> Bool) {
            let order = byCard.indices.filter(eligible).map { ($0, byCard[$0].count(where: include)) }
                .filter { $0.1 > 0 }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
            for card in order {
                var taken = 0
                for candidate in byCard[card] where taken < limit && include(candidate) {
                    guard uses[candidate.sentence, default: 0] < perSentence,
                          candidate.translation < 0 || !chosen[card].contains(where: { $0.translation == candidate.translation }) else { continue }
                    uses[candidate.sentence, default: 0] += 1
                    chosen[card].append(candidate)
                    taken += 1
                }
            }
        }
        pass(perCard, taking: \.sameSense, for: { _ in true })
        pass(1, taking: { !$0.sameSense && $0.certain }, for: { chosen[$0].isEmpty })
        return chosen
    }
}
