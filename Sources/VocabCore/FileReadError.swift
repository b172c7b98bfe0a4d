/// A file that could not be read whole (by `Checksum.sha256(of:)`): which file, and why.
public struct FileReadError: LocatedError, Equatable {
    /// Why the file could not be read.
    public enum Problem: Sendable, Equatable {
        /// The file could not be opened (missing, a folder, no permission).
        case cannotOpen
        /// Reading stopped part way; `reason` is the system's description.
        case readFailed(reason: String)
    }

    /// The file.
    public var location: ErrorLocation
    /// Why it could not be read.
    public var problem: Problem

    /// `problem` reading the file at `file`.
    public init(file: String, _ problem: Problem) {
        self.location = ErrorLocation(file: file)
        self.problem = problem
    }

    /// The problem in plain words.
    public var message: String {
        switch problem {
        case .cannotOpen: "cannot open the file for reading"
        case .readFailed(let reason): "read failed: \(reason)"
        }
    }
}
