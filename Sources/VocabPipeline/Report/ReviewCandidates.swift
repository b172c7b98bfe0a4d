import Foundation
import ReleaseFormat
import StageJoin
import VocabCore

/// The report's review section: released words whose sense may want a sense pin, each with its
/// card and, where the lexicons offer one, the senses a pin could choose. Seven kinds:
/// a card that changed against `--previous`, a sense the evidence finds implausible, a move of
/// policy `sense` refused as implausible, a case-variant entry of the same part of speech
/// (`Earth` for `earth`), a first sense without a translation while a later sense has one, a
/// sense ranked through the ILI over the lexicon's first, and a synset shared with another
/// released word. Pinned words are not proposed again (but a shared synset or a changed card
/// shows them).
package struct ReviewCandidates: Codable, Sendable, Equatable {
    /// Why a word is proposed.
    package enum Kind: String, Codable, Sendable, CaseIterable {
        /// The card changed against the previous release (sense, definition, lists, translations).
        case changedCard = "changed-card"
        /// The card left the release: its sense is implausible, the sentence pairs refute it and
        /// no other is plausible (``SenseReview/Kind/leftOut``).
        case leftOut = "left-out"
        /// The evidence finds the card's sense implausible and nothing confirms it; the card keeps
        /// it, marked `unconfirmed` (``SenseReview/Kind/implausible``).
        case implausibleSense = "implausible-sense"
        /// The card's first sense was implausible: it moved to a plausible one (``SenseReview/Kind/replaced``).
        case replacedSense = "replaced-sense"
        /// The card's sense is implausible by its witness, and the pairs confirm it (``SenseReview/Kind/confirmed``).
        case confirmedSense = "confirmed-sense"
        /// Policy `sense` did not move the card to a translated later sense the evidence finds
        /// implausible (``SenseReview/Kind/refusedMove``).
        case refusedMove = "refused-move"
        /// The lexicon has an entry that differs from the word's only in case.
        case capitalisedVariant = "capitalised-variant"
        /// The word's sense has no translation into a target language, a later sense has one.
        case laterSenseTranslated = "later-sense-translated"
        /// The evidence ranked another sense than the lexicon's first first (``SenseReview/Kind/ranked``).
        case rankedSense = "ranked-sense"
        /// Two or more released words took the same synset.
        case sharedSynset = "shared-synset"

        /// The section's heading.
        package var title: String {
            switch self {
            case .changedCard: "Cards changed against the previous release"
            case .leftOut: "Cards left out: an implausible sense the sentence pairs refute"
            case .implausibleSense: "Senses the evidence finds implausible, kept unconfirmed"
            case .replacedSense: "Implausible first senses replaced by a plausible one"
            case .confirmedSense: "Implausible senses the sentence pairs confirm"
            case .refusedMove: "Moves to a later sense refused as implausible"
            case .capitalisedVariant: "Words with a capitalised variant entry"
            case .laterSenseTranslated: "First sense untranslated, a later sense translated"
            case .rankedSense: "Senses ranked through the ILI over the lexicon's first"
            case .sharedSynset: "Words sharing a synset with another released word"
            }
        }

        /// Whether a candidate of the kind offers senses a pin could choose.
        package var offersSenses: Bool {
            switch self {
            case .capitalisedVariant, .laterSenseTranslated, .rankedSense, .refusedMove, .replacedSense, .leftOut: true
            case .changedCard, .implausibleSense, .sharedSynset, .confirmedSense: false
            }
        }
    }

    /// One proposed word.
    package struct Candidate: Codable, Sendable, Equatable {
        /// Why it is proposed.
        package var kind: Kind
        /// Its card in this release.
        package var card: ReportCard
        /// The finding in words (`shares oewn-…-n with bank/noun`).
        package var reason: String
        /// Senses a pin could choose instead (with their concepts), when the lexicons offer some.
        package var options: [SenseOption]
    }

    /// Every candidate, grouped by kind in ``Kind`` order (the most telling first), each kind in
    /// release order.
    package var candidates: [Candidate]
    /// False when the join stage's output predates the review (no case variants or later
    /// senses could be looked for): rebuild with `--force` to have them.
    package var lexiconHints: Bool

    /// The candidates of a build: its records, the join stage's hints and sense reviews, the comparison.
    init(
        records: [WordRecord], hints: [SenseHint]?, comparison: ReleaseComparison?, sourceLanguage: String?, reviews: [SenseReview] = [],
        leftOut: [LeftOutWord] = []
    ) {
        var candidates: [Candidate] = []
        let bySynset = Dictionary(grouping: records, by: \.provenance.synsetId).filter { $0.value.count > 1 }
        for record in records {
            guard let group = bySynset[record.provenance.synsetId] else { continue }
            let others = group.filter { $0.lemma != record.lemma || $0.partOfSpeech != record.partOfSpeech }
                .map { "\($0.lemma)/\($0.partOfSpeech.rawValue)" }
            candidates.append(Candidate(kind: .sharedSynset, card: ReportCard(record.card, sourceLanguage: sourceLanguage),
                                        reason: "shares its synset with " + others.joined(separator: ", "), options: []))
        }
        let cards = Dictionary(records.map { ("\($0.lemma)/\($0.partOfSpeech.rawValue)", $0.card) }, uniquingKeysWith: { first, _ in first })
        func card(_ lemma: String, _ pos: PartOfSpeech) -> ReportCard? {
            cards["\(lemma)/\(pos.rawValue)"].map { ReportCard($0, sourceLanguage: sourceLanguage) }
        }
        for hint in hints ?? [] where !hint.variants.isEmpty {
            guard let card = card(hint.lemma, hint.pos) else { continue }
            var forms: [String] = []
            for option in hint.variants where !forms.contains(option.lemma) { forms.append(option.lemma) }
            candidates.append(Candidate(kind: .capitalisedVariant, card: card,
                                        reason: "variant entr\(forms.count == 1 ? "y" : "ies") " + forms.joined(separator: ", "), options: hint.variants))
        }
        for hint in hints ?? [] where !hint.laterTranslated.isEmpty {
            guard let card = card(hint.lemma, hint.pos) else { continue }
            let senses = hint.laterTranslated.map { "sense \($0.senseRank) has \($0.language ?? "?"): \(($0.translations ?? []).prefix(4).joined(separator: ", "))" }
            candidates.append(Candidate(kind: .laterSenseTranslated, card: card,
                                        reason: "sense \(card.senseRank) has no translation; " + senses.joined(separator: "; "),
                                        options: hint.laterTranslated))
        }
        let bySourceLemma = Dictionary(
            (records.map(\.card) + leftOut.map(\.card)).map { ("\($0.sourceLemma)\t\($0.partOfSpeech.rawValue)", $0) },
            uniquingKeysWith: { first, _ in first })
        for review in reviews {
            guard let record = bySourceLemma["\(review.word)\t\(review.partOfSpeech.rawValue)"] else { continue }
            let card = ReportCard(record, sourceLanguage: sourceLanguage)
            candidates.append(Self.candidate(review, card: card))
        }
        for word in comparison?.words ?? [] where word.change == "changed" {
            guard let card = card(word.lemma, word.pos) else { continue }
            var reason = word.details.joined(separator: ", ")
            if word.oldDefinition != nil || word.newDefinition != nil {
                reason += ": “\(word.oldDefinition ?? "–")” → “\(word.newDefinition ?? "–")”"
            }
            candidates.append(Candidate(kind: .changedCard, card: card, reason: reason, options: []))
        }
        let order = Dictionary(uniqueKeysWithValues: Kind.allCases.enumerated().map { ($1, $0) })
        self.candidates = candidates.enumerated().stablySorted { (order[$0.element.kind]!, $0.offset) < (order[$1.element.kind]!, $1.offset) }.map(\.element)
        lexiconHints = hints != nil
    }

    /// The candidate of a finding of the sense ranking.
    static func candidate(_ review: SenseReview, card: ReportCard) -> Candidate {
        func option(_ sense: MovedSense.SenseText) -> SenseOption {
            SenseOption(lemma: card.lemma, senseRank: sense.rank, ili: sense.ili, definition: sense.definition)
        }
        let witness = review.witness.map { "witness \($0.text)" } ?? "no witness"
        switch review.kind {
        case .ranked:
            let other = review.otherWitness.map { "witness \($0.text)" } ?? "no witness"
            return Candidate(
                kind: .rankedSense, card: card,
                reason: "the evidence puts sense \(review.sense.rank) first (\(witness)) over the lexicon's first, sense \(review.other?.rank ?? 1) (\(other))",
                options: review.other.map { [option($0)] } ?? [])
        case .implausible:
            return Candidate(
                kind: .implausibleSense, card: card,
                reason: "sense \(review.sense.rank) is the last sense of its witness, which does not name the concept first (\(witness)); "
                    + "the sentence pairs neither confirm nor refute it",
                options: [])
        case .confirmed:
            return Candidate(
                kind: .confirmedSense, card: card,
                reason: "sense \(review.sense.rank) is the last sense of its witness (\(witness)), but the sentence pairs name its concept",
                options: [])
        case .replaced:
            return Candidate(
                kind: .replacedSense, card: card,
                reason: "sense \(review.other?.rank ?? 0) was implausible (\(review.otherWitness.map { "witness \($0.text)" } ?? "no witness")); "
                    + "the card took sense \(review.sense.rank) (\(witness))",
                options: review.other.map { [option($0)] } ?? [])
        case .leftOut:
            return Candidate(
                kind: .leftOut, card: card,
                reason: "sense \(review.sense.rank) is implausible (\(witness)), the sentence pairs refute it, and no other sense is plausible",
                options: [])
        case .refusedMove:
            let gained = (review.otherTranslations ?? []).map { "\($0.language): \($0.lemmas.prefix(4).joined(separator: ", "))" }.joined(separator: "; ")
            return Candidate(
                kind: .refusedMove, card: card,
                reason: "sense \(review.sense.rank) has no translation; the move to sense \(review.other?.rank ?? 0) (\(gained)) was refused: "
                    + (review.otherWitness.map { "witness \($0.text)" } ?? "no witness"),
                options: review.other.map { [option($0)] } ?? [])
        }
    }

    /// The candidates of `kind`.
    package func of(_ kind: Kind) -> [Candidate] { candidates.filter { $0.kind == kind } }

    /// `shared-synset 12, capitalised-variant 73, ...` (every kind, zeros included).
    package var counts: String {
        Kind.allCases.map { "\($0.rawValue) \(of($0).count)" }.joined(separator: ", ")
    }
}
