import VocabCore

/// Generated pronunciations for the cards whose entry has none in the lexicon: a card keeps
/// the lexicon's pronunciations when it has any, and gets exactly one generated otherwise.
///
/// The engine is passed in as a function, so that the rule stays free of it (tests give it a
/// function of their own).
package enum PronunciationFill {
    /// What the fill did.
    package struct Figures: Codable, Sendable, Equatable {
        /// Cards with the lexicon's pronunciations.
        package var lexicon: Int
        /// Cards given a generated one.
        package var generated: Int
        /// The lemmas the engine could not transcribe (with `onFailure: skip`), in card order.
        package var failed: [String]
        /// Cards left without one because the config makes pronunciations from readings and the
        /// card has none (nil in a `stage.json` written before readings).
        package var unread: Int?

        /// Figures; zero by default.
        package init(lexicon: Int = 0, generated: Int = 0, failed: [String] = [], unread: Int? = nil) {
            self.lexicon = lexicon
            self.generated = generated
            self.failed = failed
            self.unread = unread
        }

        /// The cards without a pronunciation of either reason.
        package var withoutPronunciation: Int { failed.count + (unread ?? 0) }
    }

    /// Gives each card of `cards` without a pronunciation the transcription of its lemma by
    /// `transcribe`, or, `fromReading`, of its reading (a card without one goes without, counted:
    /// never a transcription of the lemma, which a voice may read only in part). A transcription
    /// error is rethrown, or, with `skip`, the card goes without one and its lemma is listed.
    package static func fill<Card: CarriesWordCard>(
        _ cards: inout [Card], skipFailures: Bool, fromReading: Bool = false, transcribe: (String) throws -> String
    ) throws -> Figures {
        var figures = Figures(unread: fromReading ? 0 : nil)
        for index in cards.indices {
            guard cards[index].card.pronunciations.isEmpty else {
                figures.lexicon += 1
                continue
            }
            let lemma = cards[index].card.lemma
            guard let text = fromReading ? cards[index].card.reading : lemma else {
                figures.unread? += 1
                continue
            }
            do {
                cards[index].card.pronunciations = [Pronunciation(text: try transcribe(text), generated: true)]
                figures.generated += 1
            } catch where skipFailures {
                figures.failed.append(lemma)
            }
        }
        return figures
    }
}
