import VocabCore

/// A stage artifact (`rows.jsonl`, `stage.json`, ...) that cannot be read or written.
package typealias ArtifactError = Located<ArtifactProblem>

/// What is wrong with a stage artifact, with the values that show it.
package enum ArtifactProblem: ErrorProblem {
    /// The artifact is missing or unreadable: the stage before has not run.
    case unreadable
    /// A line is not a record of the expected type.
    case invalidRecord(type: String, reason: String)
    /// The document is not of the expected type.
    case invalidDocument(type: String, reason: String)
    /// The artifact cannot be written into the work folder; `reason` is the system's.
    case cannotWrite(reason: String)
    /// The artifact's SHA-256 is not the one its stage recorded when it wrote it: another build
    /// or a person changed it, so it is not reused.
    case modified
    /// Another build holds the work folder's lock (`.<name>-<version>.lock` beside it).
    case workFolderInUse
    /// The work folder's lock file cannot be created; `reason` is the system's.
    case cannotLockWorkFolder(reason: String)

    /// The problem in plain words.
    package var message: String {
        switch self {
        case .unreadable: "cannot read the stage artifact (run the previous stage first)"
        case .invalidRecord(let type, let reason): "not a valid \(type) record: \(reason)"
        case .invalidDocument(let type, let reason): "not a valid \(type) document: \(reason)"
        case .cannotWrite(let reason): "cannot write the file: \(reason)"
        case .modified: "the artifact is not the one its stage wrote (its SHA-256 differs from stage.json)"
        case .workFolderInUse: "another build is using this work folder right now"
        case .cannotLockWorkFolder(let reason): "cannot lock the work folder: \(reason)"
        }
    }
}
