/// An error a person can act on: where the problem is and why, in plain words.
///
/// Every module reports its failures through a type of its own (``ConfigError``,
/// `FrequencyListError`, `LexiconError`, `EmitError`, ...) whose cases carry the values that
/// describe the problem, so that callers and tests can tell failures apart without reading
/// text. The command line renders any of them as one line,
/// `error: <file>[:<line>[:<column>]]: [<item>: ]<message>`, at its boundary only.
package protocol LocatedError: Error, Sendable, CustomStringConvertible {
    /// Where the problem is.
    var location: ErrorLocation { get }
    /// Why, in plain words, without the location.
    var message: String { get }
}

extension LocatedError {
    /// `location: message`, for logs and test failures (the command line escapes and caps it).
    package var description: String {
        let place = location.description
        return place.isEmpty ? message : "\(place): \(message)"
    }
}
