import VocabCore

/// Why `vocab lookup` found no card.
package typealias LookupError = Located<LookupProblem>

/// What the look-up could not do, with the values that show it.
package enum LookupProblem: ErrorProblem {
    /// Neither the release's words nor its dictionary has the word (with the part of speech, when given).
    case notFound(word: String, partOfSpeech: String?, dictionary: Bool, suggestions: [String])

    /// The problem in plain words.
    package var message: String {
        switch self {
        case .notFound(let word, let pos, let dictionary, let suggestions):
            let what = "\"\(word)\"" + (pos.map { " as a \($0)" } ?? "")
            let where_ = dictionary ? "in the release or its dictionary" : "in the release (it has no dictionary)"
            return "no word \(what) \(where_)"
                + (suggestions.isEmpty ? "; no close match" : "; close matches: \(suggestions.joined(separator: ", "))")
        }
    }
}
