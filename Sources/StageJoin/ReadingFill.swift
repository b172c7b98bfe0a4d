import VocabCore

/// Each card's reading (the config's `reading`: kana, pinyin), by a function of its lemma and part
/// of speech passed in (Morphology's `LemmaReading`, so that the rule stays free of the
/// analyzers); the cards it gives none are counted and listed, for the report and the gate
/// `maximumWithoutReading`.
package enum ReadingFill {
    /// What the fill did.
    package struct Figures: Codable, Sendable, Equatable {
        /// Cards given a reading.
        package var read: Int
        /// The lemmas of the cards given none, in card order.
        package var unread: [String]

        /// Figures; zero by default.
        package init(read: Int = 0, unread: [String] = []) {
            self.read = read
            self.unread = unread
        }
    }

    /// Gives each card of `cards` the reading `read` gives its lemma in its part of speech (nil:
    /// none, listed).
    package static func fill<Card: CarriesWordCard>(_ cards: inout [Card], read: (String, PartOfSpeech) -> String?) -> Figures {
        var figures = Figures()
        for index in cards.indices {
            let card = cards[index].card
            cards[index].card.reading = read(card.lemma, card.partOfSpeech)
            if cards[index].card.reading == nil { figures.unread.append(card.lemma) } else { figures.read += 1 }
        }
        return figures
    }
}
