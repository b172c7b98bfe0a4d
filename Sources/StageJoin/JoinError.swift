import VocabCore

/// A selected word the join stage cannot join with its lexicon: the selection and the lexicon
/// disagree. The location names the entry or the sense (no file: both come from the stages
/// before).
public struct JoinError: LocatedError, Equatable {
    /// What is wrong.
    public enum Problem: Sendable, Equatable {
        /// The selection names entry `entryId`, which the lexicon `lexicon` (`id:version`) does
        /// not have, or has without a sense: the selection is stale (rerun select).
        case entryMissing(entryId: String, lexicon: String)
        /// Sense `senseId` points at synset `synsetId`, which the lexicon does not have.
        case missingSynset(senseId: String, synsetId: String)
    }

    /// What is wrong.
    public var problem: Problem

    /// An error for `problem`; the location follows from it.
    public init(_ problem: Problem) {
        self.problem = problem
    }

    /// `entry <id>` or `sense <id>`.
    public var location: ErrorLocation {
        switch problem {
        case .entryMissing(let entryId, _): ErrorLocation(item: "entry \(entryId)")
        case .missingSynset(let senseId, _): ErrorLocation(item: "sense \(senseId)")
        }
    }

    /// The problem in plain words.
    public var message: String {
        switch problem {
        case .entryMissing(_, let lexicon):
            "the selection names an entry that \(lexicon) does not have (stale selection? rerun select)"
        case .missingSynset(_, let synsetId):
            "points at missing synset \(synsetId)"
        }
    }
}
