/// A step of a build, as the report times it and the progress names it: the stages, and the work
/// between them (hashing the inputs, loading the lexicons, the gates, the report folder).
package enum BuildStep: String, Codable, Sendable, CaseIterable {
    /// The stage keys: every input file hashed once.
    case hash
    /// The stages (``StageName``).
    case read, lemmatize, select, join, examples, forms, dictionary, emit
    /// Loading the lexicons (or cutting the words' entries from the whole one kept compactly).
    case lexicons
    /// Reading the sentence pairs and cutting them into tokens, once a build (the join and the
    /// examples step read them).
    case pairs
    /// The quality gates and the comparison with the previous release.
    case gates
    /// Writing the report folder.
    case report

    /// The step of running (or reusing) `stage`.
    package init(_ stage: StageName) {
        switch stage {
        case .read: self = .read
        case .lemmatize: self = .lemmatize
        case .select: self = .select
        case .join: self = .join
        case .examples: self = .examples
        case .forms: self = .forms
        case .dictionary: self = .dictionary
        case .emit: self = .emit
        }
    }
}
