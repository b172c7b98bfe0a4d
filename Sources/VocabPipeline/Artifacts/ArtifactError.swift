import VocabCore

/// A stage artifact (`rows.jsonl`, `stage.json`, ...) that cannot be read or written.
public struct ArtifactError: LocatedError, Equatable {
    public enum Problem: Sendable, Equatable {
        /// The artifact is missing or unreadable: the stage before has not run.
        case unreadable
        /// A line is not a record of the expected type.
        case invalidRecord(type: String, reason: String)
        /// The document is not of the expected type.
        case invalidDocument(type: String, reason: String)
        case cannotWrite(reason: String)
    }

    public var location: ErrorLocation
    public var problem: Problem

    public init(file: String, line: Int? = nil, _ problem: Problem) {
        location = ErrorLocation(file: file, line: line)
        self.problem = problem
    }

    public var message: String {
        switch problem {
        case .unreadable: "cannot read the stage artifact (run the previous stage first)"
        case .invalidRecord(let type, let reason): "not a valid \(type) record: \(reason)"
        case .invalidDocument(let type, let reason): "not a valid \(type) document: \(reason)"
        case .cannotWrite(let reason): "cannot write the file: \(reason)"
        }
    }
}
