/// An error a person can act on: where (file, line, column or element, or config key path)
/// and why, in plain words. Every stage reports bad input through this type.
public struct VocabError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: String, Sendable, Codable {
        case config, input, io, lexicon, emit, usage, validation
    }

    public var kind: Kind
    public var file: String?
    public var line: Int?
    public var column: Int?
    /// An XML element or a config key path, when that is the best locator.
    public var location: String?
    public var reason: String

    public init(
        _ kind: Kind, file: String? = nil, line: Int? = nil, column: Int? = nil,
        location: String? = nil, _ reason: String
    ) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.location = location
        self.reason = reason
    }

    /// `file:line:column: location: reason`, leaving out what is unknown.
    public var description: String {
        var parts: [String] = []
        if let file {
            var place = file
            if let line {
                place += ":\(line)"
                if let column { place += ":\(column)" }
            }
            parts.append(place)
        }
        if let location { parts.append(location) }
        parts.append(reason)
        return parts.joined(separator: ": ")
    }
}
