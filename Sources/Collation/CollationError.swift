import VocabCore

/// A collator ICU could not open: the locale as given as the error's item.
package typealias CollationError = Located<CollationProblem>

/// What went wrong, with ICU's own name for it.
package enum CollationProblem: ErrorProblem {
    /// `ucol_open` failed (`status`: ICU's error name, `U_ILLEGAL_ARGUMENT_ERROR` for a
    /// malformed locale, `U_MEMORY_ALLOCATION_ERROR`).
    case notOpened(status: String)

    /// The problem in plain words.
    package var message: String {
        switch self {
        case .notOpened(let status): "ICU could not open a collator for the locale (\(status))"
        }
    }
}
