/// One kind of problem, described in plain words (the cases of a module's problem enum).
package protocol ErrorProblem: Sendable, Equatable {
    /// The problem in plain words, without its location.
    var message: String { get }
}

/// A problem and where it is: the shape of every module's error type
/// (`FrequencyListError` is `Located<FrequencyListProblem>`, `LexiconError` is
/// `Located<LexiconProblem>`, ...). The problem's cases carry the values that describe it, so
/// callers and tests switch on them instead of reading text; the command line renders the
/// error as one line.
package struct Located<Problem: ErrorProblem>: LocatedError, Equatable {
    /// Where the problem is.
    package var location: ErrorLocation
    /// What is wrong, with the values that show it.
    package var problem: Problem

    /// `problem` in `file`, at `line` and `column`, in `item` (an element, a key path, a record),
    /// each when known.
    package init(file: String? = nil, line: Int? = nil, column: Int? = nil, item: String? = nil, _ problem: Problem) {
        self.location = ErrorLocation(file: file, line: line, column: column, item: item)
        self.problem = problem
    }

    /// The problem's plain words.
    package var message: String { problem.message }
}
