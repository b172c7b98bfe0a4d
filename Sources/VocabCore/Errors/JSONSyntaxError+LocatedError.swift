import VocabJSON

/// A JSON syntax error (`VocabJSON`, which knows nothing of the project's errors) is rendered
/// by the command line like every other error: the file, line and column; no item.
extension JSONSyntaxError: LocatedError {
    package var location: ErrorLocation { ErrorLocation(file: file, line: line, column: column) }
}
