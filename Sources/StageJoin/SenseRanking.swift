import VocabCore
import WNLMF

/// How a card takes its entry's senses: in the source lexicon's order, or ranked through the ILI
/// by the evidence of a frequency-ordered lexicon (the rule and its reasons: the join in
/// `docs/policy.md`). The order decides the card's first sense and where policy `sense` may move
/// it; a sense the evidence finds implausible is never moved to.
package enum SenseOrdering: Sendable {
    /// The lexicon's order, nothing judged: a source whose order says nothing about frequency with
    /// no frequency-ordered lexicon to rank it by (and the join's callers that do not say).
    case lexicon
    /// The lexicon's order, which is by frequency (Open English WordNet): kept. The word is its
    /// own evidence: the last of its several senses (its rarest) is implausible.
    case frequency
    /// The senses ranked by what a frequency-ordered lexicon says of their concepts
    /// (``SenseRanking``).
    case evidence(SenseEvidence)
}

/// The word of the frequency-ordered lexicon whose rank gives a sense its weight, as the review
/// shows it (`can #2 of 2`).
package struct SenseWitness: Codable, Sendable, Equatable {
    /// Its written form.
    package var word: String
    /// The concept's 1-based rank among the word's senses.
    package var rank: Int
    /// The word's number of senses.
    package var senseCount: Int
    /// How many of the entry's senses the word is a member of (their concepts it expresses).
    package var shared: Int
    /// How often the word occurs in the frequency-ordered lexicon's definitions and examples;
    /// nil when the word is the card's own (a frequency-ordered source).
    package var textCount: Int?
    /// The word is the concept's first word (its synset's first member, the word lexicographers
    /// name the concept by); nil when not looked at (a frequency-ordered source's word is looked
    /// at for its last sense only).
    package var isHead: Bool?

    /// Whether the evidence finds the sense implausible: it is the last of the word's several
    /// senses (its rarest, the word's senses being listed most frequent first), and the concept
    /// is not named by the word either (another word comes first in its synset).
    package var findsImplausible: Bool { senseCount > 1 && rank == senseCount && isHead == false }

    /// `can #2 of 2`, with how many of the entry's senses it shares (a word of another lexicon),
    /// its text count when known and whether it heads the concept.
    package var text: String {
        "\(word) #\(rank) of \(senseCount)" + (shared > 1 && textCount != nil ? ", in \(shared) senses" : "")
            + (textCount.map { ", \($0)× in its lexicon's text" } ?? "") + (isHead == true ? ", first word of the concept" : "")
    }
}

/// An entry's senses in the order a card takes them, with what the evidence says of each.
package struct RankedSenses: Sendable, Equatable {
    /// Indices into the entry's senses: the card's first sense first.
    package var order: [Int]
    /// Per sense (by its index in the entry): the word that gives it its weight; nil without evidence.
    package var witnesses: [SenseWitness?]
    /// Per sense: the evidence finds it implausible (``SenseWitness/findsImplausible``).
    package var implausible: [Bool]

    /// Settles whether the sense at `index` is implausible when its witness's last sense waits
    /// for whether the word heads the concept (a frequency-ordered source's own word: looked at
    /// only when a move considers the sense); `wordHeads` tells.
    package mutating func judge(_ index: Int, wordHeads: () -> Bool) {
        guard var witness = witnesses[index], witness.isHead == nil, witness.senseCount > 1, witness.rank == witness.senseCount else { return }
        witness.isHead = wordHeads()
        witnesses[index] = witness
        implausible[index] = witness.findsImplausible
    }

    /// The lexicon's order of `count` senses, nothing judged.
    package static func lexiconOrder(_ count: Int) -> RankedSenses {
        RankedSenses(order: Array(0..<count), witnesses: Array(repeating: nil, count: count), implausible: Array(repeating: false, count: count))
    }
}

/// The rule that ranks an entry's senses by a frequency-ordered lexicon's evidence, a pure
/// function of the entry and the lexicons.
///
/// For each sense, each word of its concept in the frequency-ordered lexicon (a *witness*) weighs
///
///     shared² × √(1 + textCount) ÷ rank
///
/// where `rank` is the concept's rank among the witness's senses (its senses being listed most
/// frequent first, a low rank is a frequent use of that word), `textCount` how often the witness
/// occurs in that lexicon's own definitions and examples (how common the word is), and `shared`
/// the number of the entry's senses whose concepts the witness expresses too (a word and its
/// translation that share several senses are each other's usual equivalents). A sense weighs what
/// its heaviest witness weighs (the first in member order among equals). Senses are ordered by
/// weight, heaviest first; equal weights keep the lexicon's order, and senses without a witness
/// (no real ILI, or a concept the frequency-ordered lexicon lacks) come after every sense with
/// one, in the lexicon's order. Weights are compared exactly, squared, in integers.
package enum SenseRanking {
    /// The ranked senses of `entry`, whose synsets `source` holds; `ordering` says how.
    package static func rank<Source: SynsetLookup>(
        _ entry: LexicalEntry, source: Source, ordering: SenseOrdering
    ) throws(JoinError) -> RankedSenses {
        let count = entry.senses.count
        switch ordering {
        case .lexicon:
            return .lexiconOrder(count)
        case .frequency:
            // The word is its own witness. Only its last sense can be implausible, and whether the
            // word heads that concept is looked at only when a move considers it (``RankedSenses/judge(_:wordHeads:)``).
            var ranked = RankedSenses.lexiconOrder(count)
            for index in 0..<count {
                ranked.witnesses[index] = SenseWitness(word: entry.writtenForm, rank: index + 1, senseCount: count, shared: count)
            }
            return ranked
        case .evidence(let evidence):
            var concepts: [[SenseEvidence.Member]] = []
            concepts.reserveCapacity(count)
            for sense in entry.senses {
                let (exists, ili) = source.interlingualId(ofSynset: sense.synset)
                guard exists else { throw JoinError(.missingSynset(senseId: sense.id, synsetId: sense.synset)) }
                concepts.append(ili.map { evidence.members(ili: $0) } ?? [])
            }
            return rank(concepts, evidence: evidence)
        }
    }

    /// The ranking of senses whose concepts have the witnesses `concepts` (one list per sense,
    /// in the entry's order).
    static func rank(_ concepts: [[SenseEvidence.Member]], evidence: SenseEvidence) -> RankedSenses {
        // How many of the senses each witness word belongs to.
        var shared: [Int32: Int] = [:]
        for members in concepts {
            var seen: [Int32] = []
            for member in members where !seen.contains(member.word) {
                seen.append(member.word)
                shared[member.word, default: 0] += 1
            }
        }
        var ranked = RankedSenses.lexiconOrder(concepts.count)
        var weights: [Weight] = []
        for (index, members) in concepts.enumerated() {
            var best: (weight: Weight, member: SenseEvidence.Member)?
            for member in members {
                let weight = Weight(shared: shared[member.word] ?? 1, textCount: evidence.textCount(of: member.word), rank: Int(member.rank))
                if best.map({ weight > $0.weight }) ?? true { best = (weight, member) }
            }
            weights.append(best?.weight ?? .none)
            if let member = best?.member {
                let witness = SenseWitness(
                    word: evidence.writtenForm(of: member.word), rank: Int(member.rank), senseCount: Int(member.senseCount),
                    shared: shared[member.word] ?? 1, textCount: evidence.textCount(of: member.word), isHead: member.isHead)
                ranked.witnesses[index] = witness
                ranked.implausible[index] = witness.findsImplausible
            }
        }
        ranked.order = ranked.order.stablySorted { weights[$0] > weights[$1] || (weights[$0] == weights[$1] && $0 < $1) }
        return ranked
    }

    /// A witness's weight, shared² × √(1 + textCount) ÷ rank, kept squared as a fraction of
    /// integers (shared⁴ × (1 + textCount) over rank²) so that equal weights are equal exactly.
    struct Weight: Comparable {
        var numerator: UInt128
        var denominator: UInt128

        /// No witness: below every weight.
        static let none = Weight(numerator: 0, denominator: 1)

        init(numerator: UInt128, denominator: UInt128) {
            self.numerator = numerator
            self.denominator = denominator
        }

        init(shared: Int, textCount: Int, rank: Int) {
            let s = UInt128(max(1, shared))
            numerator = s * s * s * s * (1 + UInt128(max(0, textCount)))
            denominator = UInt128(max(1, rank)) * UInt128(max(1, rank))
        }

        static func < (left: Weight, right: Weight) -> Bool {
            left.numerator * right.denominator < right.numerator * left.denominator
        }

        static func == (left: Weight, right: Weight) -> Bool {
            left.numerator * right.denominator == right.numerator * left.denominator
        }
    }
}
