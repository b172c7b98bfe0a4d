import VocabCore

/// The order of a card's examples (docs/policy.md, examples): a learner reads an example to see
/// the card's word used, and a synset's examples illustrate the concept, often through another of
/// its words (big: "a large city"; kid: "she writes books for children").
///
/// So the examples that show a form of the card's word come first, the lexicon's (in its order)
/// then the sentence pairs (best first: every pair shows the word); the lexicon's that do not show
/// it come after all of them, and only while the card has fewer than `perCard` that do: with
/// enough examples of the word itself, the others are left out.
package enum ExampleOrder {
    /// What the order did to the cards' examples.
    package struct Figures: Codable, Sendable, Equatable {
        /// The lexicon's examples that do not show the card's word, kept after those that do.
        package var wordlessKept = 0
        /// Those left out, the card having enough that show its word.
        package var wordlessLeftOut = 0
        /// Cards with an example, and those whose first example shows the card's word.
        package var cardsWithExample = 0
        package var firstShowsWord = 0

        /// Nothing counted.
        package init() {}
    }

    /// The examples of a card in the order it shows them: `own` (the lexicon's, in its order) and
    /// `pairs` (chosen, best first); `showsWord` tells whether a lexicon example's text shows a form
    /// of the card's word.
    package static func arranged(
        own: [CardExample], pairs: [CardExample], perCard: Int, figures: inout Figures, showsWord: (String) -> Bool
    ) -> [CardExample] {
        var showing: [CardExample] = []
        var wordless: [CardExample] = []
        for example in own {
            if showsWord(example.text) { showing.append(example) } else { wordless.append(example) }
        }
        var arranged = showing + pairs
        if arranged.count < perCard {
            arranged += wordless
            figures.wordlessKept += wordless.count
        } else {
            figures.wordlessLeftOut += wordless.count
        }
        if !arranged.isEmpty {
            figures.cardsWithExample += 1
            if !showing.isEmpty || !pairs.isEmpty { figures.firstShowsWord += 1 }
        }
        return arranged
    }
}
