import VocabCore

/// What the join does with a card whose sense the evidence finds implausible (the last of its
/// witness's several senses, in a synset its witness does not head: ``SenseWitness/findsImplausible``),
/// so that no sense the build itself doubts is shipped silently (docs/policy.md, the join: doubted
/// senses).
///
/// The sentence pairs are evidence too. Of the pairs whose sentence shows the word, those whose
/// translation names the sense's concept, by another name than the witness that doubts it (the
/// link to a homograph is what the doubt is about: `poder`'s concept *terminate the employment of*
/// is `can`'s last sense, and the pairs say *can* 5,191 times, *fire* 13 times in 6,381 pairs):
///
/// 1. enough of them (``minimumSupport`` pairs and ``minimumSharePercent`` % of the word's pairs)
///    **confirm** the sense: the card keeps it, and says so (`senseCheck` `confirmed`);
/// 2. otherwise the card **moves** to the entry's sense, among those the evidence finds plausible
///    (a witness that does not doubt it), that the most pairs name (any of its concept's names),
///    ties in the ranking's order (`ignorar`: *ignore* in 64 of its 71 pairs, not *veil*);
/// 3. without such a sense, a word that at least ``minimumPairs`` pairs show, none confirming,
///    is **left out** of the release, and a word of the selection's reserve takes its place
///    (reason `implausible-sense`);
/// 4. a word too rare in the pairs for them to say anything **keeps** its sense, marked
///    (`senseCheck` `unconfirmed`), and counts for the `maximumImplausible` gate.
package enum DoubtedSense {
    /// What becomes of a doubted card.
    package enum Outcome: Sendable, Equatable {
        /// The pairs confirm the sense: kept.
        case confirmed
        /// The card moves to the entry's sense at this index.
        case replaced(Int)
        /// The pairs refute the sense and no other is plausible: the card leaves the release.
        case leftOut
        /// Nothing confirms or refutes the sense and no other is plausible: kept, marked.
        case unconfirmed
    }

    /// The fewest pairs showing a word for their silence about a sense to refute it.
    package static let minimumPairs = 5
    /// The fewest pairs that confirm a sense…
    package static let minimumSupport = 3
    /// …and the smallest share of the word's pairs they must be.
    package static let minimumSharePercent = 10

    /// The pairs' count for one sense: how many name its concept, of how many that show the word.
    package typealias Support = (naming: Int, pairs: Int)

    /// The outcome for the card whose sense at `doubted` (an index into the entry's senses,
    /// implausible in `ranked`) is doubted. `support(index, excludingWitness)` is what the pairs
    /// say of the sense at `index`, by every name of its concept or by all but its witness's; nil
    /// when the build has no pairs in a language the card is translated into.
    package static func resolve(
        _ ranked: RankedSenses, doubted: Int, support: ((Int, _ excludingWitness: Bool) -> Support)?
    ) -> Outcome {
        let own = support?(doubted, true)
        if let own, own.naming >= minimumSupport, own.naming * 100 >= own.pairs * minimumSharePercent { return .confirmed }
        var best: (index: Int, naming: Int)?
        for index in ranked.order where index != doubted && !ranked.implausible[index] && ranked.witnesses[index] != nil {
            let naming = support?(index, false).naming ?? 0
            if best.map({ naming > $0.naming }) ?? true { best = (index, naming) }
        }
        if let best { return .replaced(best.index) }
        if let own, own.pairs >= minimumPairs { return .leftOut }
        return .unconfirmed
    }
}
