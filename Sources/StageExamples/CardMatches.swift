import VocabCore

/// A card a sentence shows, with the rank of the sentence's hardest other word, and whether some
/// token of the sentence can be nothing else but that card.
package struct Shown: Sendable, Equatable {
    /// The sentence (an index into the corpus's sentences).
    package var sentence: Int32
    /// The card (an index into the card index).
    package var card: Int32
    /// The rank of the sentence's hardest word besides the card's (``TokenRules/rank(of:readings:ranks:)``).
    package var hardest: Int32
    /// Whether a token of the sentence is most likely the card's word (``TokenRules/isCertain(_:listReading:for:)``).
    package var certain: Bool
    /// Whether the sentence shows the card only by a token's spelling (``TokenRules/weakCards(shownBy:readings:in:)``):
    /// a candidate only when its translation passes the sense test.
    package var weak = false
}

/// Which cards the tokens and sentences of a ``PairCorpus`` show: each distinct token matched to
/// the cards once (``TokenRules/cards(shownBy:readings:in:)``), then each sentence's cards.
package struct CardMatches: Sendable {
    /// The corpus.
    package let corpus: PairCorpus
    /// The cards.
    package let index: CardIndex
    /// The cards each distinct learned token shows, in release order.
    package let tokenCards: [[Int32]]
    /// Of those, the cards the token can be nothing else but.
    private let tokenCertain: [[Int32]]
    /// The cards each distinct learned token shows by its spelling only (``TokenRules/weakCards(shownBy:readings:in:)``).
    private let tokenWeak: [[Int32]]

    /// The matches of `index`'s cards in `corpus`; `listReadings`, the frequency list's own reading
    /// of each of its forms (lower-cased), tells which tokens are certain.
    package init(_ corpus: PairCorpus, index: CardIndex, listReadings: [String: WordReading] = [:]) {
        self.corpus = corpus
        self.index = index
        var cards: [[Int32]] = []
        var certain: [[Int32]] = []
        var weak: [[Int32]] = []
        cards.reserveCapacity(corpus.learnedTokens.count)
        certain.reserveCapacity(corpus.learnedTokens.count)
        weak.reserveCapacity(corpus.learnedTokens.count)
        for token in corpus.learnedTokens {
            let shown = TokenRules.cards(shownBy: token.surface, readings: token.readings, in: index)
            cards.append(shown)
            weak.append(TokenRules.weakCards(shownBy: token.surface, readings: token.readings, in: index).filter { !shown.contains($0) })
            guard !shown.isEmpty else {
                certain.append([])
                continue
            }
            let listReading = listReadings.isEmpty ? nil : listReadings[token.surface.lowercased()]
            certain.append(shown.filter { TokenRules.isCertain(token.readings, listReading: listReading, for: index.cards[Int($0)]) })
        }
        tokenCards = cards
        tokenCertain = certain
        tokenWeak = weak
    }

    /// The cards `sentence` shows, in order of first appearance.
    package func cards(ofSentence sentence: Int) -> [Int32] {
        var cards: [Int32] = []
        for token in corpus.tokens(ofSentence: sentence) { for card in tokenCards[Int(token)] where !cards.contains(card) { cards.append(card) } }
        return cards
    }

    /// The sentences that show each card, in sentence order.
    package func sentencesByCard() -> [[Int32]] {
        var byCard = [[Int32]](repeating: [], count: index.cards.count)
        for sentence in corpus.sentences.indices {
            for card in cards(ofSentence: sentence) { byCard[Int(card)].append(Int32(sentence)) }
        }
        return byCard
    }

    /// Every card each sentence shows, sentence by sentence, with the rank (by `ranks`) of the
    /// sentence's hardest other word and whether a token is certainly the card's.
    package func shown(ranks: LemmaRanks) -> [Shown] {
        var tokenRanks: [Int32?] = Array(repeating: nil, count: corpus.learnedTokens.count)
        func rank(_ token: Int32) -> Int32 {
            if let known = tokenRanks[Int(token)] { return known }
            let learned = corpus.learnedTokens[Int(token)]
            let value = TokenRules.rank(of: learned.surface, readings: learned.readings, ranks: ranks)
            tokenRanks[Int(token)] = value
            return value
        }
        var shown: [Shown] = []
        for sentence in corpus.sentences.indices {
            let tokens = corpus.tokens(ofSentence: sentence)
            let strong = cards(ofSentence: sentence)
            var weak: [Int32] = []
            for token in tokens { for card in tokenWeak[Int(token)] where !strong.contains(card) && !weak.contains(card) { weak.append(card) } }
            for card in strong + weak {
                var hardest: Int32 = 0
                for token in tokens where !tokenCards[Int(token)].contains(card) && !tokenWeak[Int(token)].contains(card) {
                    hardest = max(hardest, rank(token))
                }
                shown.append(Shown(
                    sentence: Int32(sentence), card: card, hardest: hardest,
                    certain: tokens.contains { tokenCertain[Int($0)].contains(card) }, weak: !strong.contains(card)))
            }
        }
        return shown
    }
}
