import VocabCore

/// A stop list that cannot be used: the file, the line, and what is wrong with it.
package typealias StopListError = Located<StopListProblem>

/// What is wrong.
package enum StopListProblem: ErrorProblem {
    /// The file cannot be read.
    case unreadable
    /// The line holds a NUL byte (UTF-16 or binary data).
    case nulByte
    /// The line is not valid UTF-8.
    case invalidUTF8
    /// The line's entry is not `lemma` or `lemma:partOfSpeech`.
    case invalidEntry(StopWordProblem)

    /// The problem in plain words.
    package var message: String {
        switch self {
        case .unreadable: "cannot read the stop list"
        case .nulByte: "the stop list contains a NUL byte; it must be UTF-8 text"
        case .invalidUTF8: "invalid UTF-8; the stop list must be UTF-8 text"
        case .invalidEntry(let problem): problem.description
        }
    }
}
