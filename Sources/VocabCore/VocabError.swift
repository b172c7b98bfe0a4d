/// An error a person can act on: where (file, line, column or element, or config key path)
/// and why, in plain words. Every stage reports bad input through this type.
public struct VocabError: LocatedError, Equatable {
    public enum Kind: String, Sendable, Codable {
        case config, input, io, lexicon, emit, usage, validation
    }

    public var kind: Kind
    public var file: String?
    public var line: Int?
    public var column: Int?
    /// An XML element or a config key path, when that is the best locator.
    public var item: String?
    public var reason: String

    public init(
        _ kind: Kind, file: String? = nil, line: Int? = nil, column: Int? = nil,
        location: String? = nil, _ reason: String
    ) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.item = location
        self.reason = reason
    }

    public var location: ErrorLocation {
        ErrorLocation(file: file, line: line, column: column, item: item)
    }

    public var message: String { reason }
}
