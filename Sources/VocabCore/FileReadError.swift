/// A file that could not be read whole (by `Checksum.sha256(of:)`): which file, and why.
package typealias FileReadError = Located<FileReadProblem>

/// Why the file could not be read.
package enum FileReadProblem: ErrorProblem {
    /// The file could not be opened (missing, a folder, no permission).
    case cannotOpen
    /// Reading stopped part way; `reason` is the system's description.
    case readFailed(reason: String)

    /// The problem in plain words.
    package var message: String {
        switch self {
        case .cannotOpen: "cannot open the file for reading"
        case .readFailed(let reason): "read failed: \(reason)"
        }
    }
}
