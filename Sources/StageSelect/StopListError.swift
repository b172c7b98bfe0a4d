import VocabCore

/// A stop list that cannot be used: the file, the line, and what is wrong with it.
public struct StopListError: LocatedError, Equatable {
    /// What is wrong.
    public enum Problem: Sendable, Equatable {
        /// The file cannot be read.
        case unreadable
        /// The line holds a NUL byte (UTF-16 or binary data).
        case nulByte
        /// The line is not valid UTF-8.
        case invalidUTF8
        /// The line's entry is not `lemma` or `lemma:partOfSpeech`.
        case invalidEntry(StopWordProblem)
    }

    /// The stop list, and the line.
    public var location: ErrorLocation
    /// What is wrong.
    public var problem: Problem

    /// `problem` in the stop list `file`, at `line` when it is about one line.
    public init(file: String, line: Int? = nil, _ problem: Problem) {
        self.location = ErrorLocation(file: file, line: line)
        self.problem = problem
    }

    /// The problem in plain words.
    public var message: String {
        switch problem {
        case .unreadable: "cannot read the stop list"
        case .nulByte: "the stop list contains a NUL byte; it must be UTF-8 text"
        case .invalidUTF8: "invalid UTF-8; the stop list must be UTF-8 text"
        case .invalidEntry(let problem): problem.description
        }
    }
}
