import VocabCore

/// A selected word the join stage cannot join with its lexicon: the selection and the lexicon
/// disagree. The location names the entry or the sense (no file: both come from the stages
/// before).
package typealias JoinError = Located<JoinProblem>

/// What is wrong, with the values that show it (see ``JoinError``).
package enum JoinProblem: ErrorProblem {
    /// The selection names entry `entryId`, which the lexicon `lexicon` (`id:version`) does
    /// not have, or has without a sense: the selection is stale (rerun select).
    case entryMissing(entryId: String, lexicon: String)
    /// Sense `senseId` points at synset `synsetId`, which the lexicon does not have.
    case missingSynset(senseId: String, synsetId: String)
    /// The selection pinned entry `entryId` to concept `ili`, and none of the entry's senses has it:
    /// the selection is stale (rerun select).
    case pinnedConceptMissing(entryId: String, ili: String)

    /// `entry <id>` or `sense <id>`: where the problem is.
    package var item: String {
        switch self {
        case .entryMissing(let entryId, _), .pinnedConceptMissing(let entryId, _): "entry \(entryId)"
        case .missingSynset(let senseId, _): "sense \(senseId)"
        }
    }

    /// The problem in plain words.
    package var message: String {
        switch self {
        case .entryMissing(_, let lexicon):
            "the selection names an entry that \(lexicon) does not have (stale selection? rerun select)"
        case .missingSynset(_, let synsetId):
            "points at missing synset \(synsetId)"
        case .pinnedConceptMissing(_, let ili):
            "the selection pinned the entry to \(ili), which none of its senses has (stale selection? rerun select)"
        }
    }
}

extension Located where Problem == JoinProblem {
    /// An error for `problem`, located at the entry or sense it names.
    package init(_ problem: JoinProblem) {
        self.init(item: problem.item, problem)
    }
}
