/// Where a problem was found: a file and, in it, a line, a column and an item (an XML
/// element, a config key path, a record), each only when known.
package struct ErrorLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file, as the user named it (a config path, a path given on the command line).
    package var file: String?
    /// 1-based line.
    package var line: Int?
    /// 1-based column (a field number in a frequency list, a character in a JSON file).
    package var column: Int?
    /// An XML element (`Sense`), a config key path (`selection.count`), a record (`rank 3`).
    package var item: String?

    /// A location; leave out what is not known.
    package init(file: String? = nil, line: Int? = nil, column: Int? = nil, item: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.item = item
    }

    /// `file:line:column: item`, leaving out what is unknown (a column only with a line).
    package var description: String {
        var parts: [String] = []
        if let file {
            var place = file
            if let line {
                place += ":\(line)"
                if let column { place += ":\(column)" }
            }
            parts.append(place)
        }
        if let item { parts.append(item) }
        return parts.joined(separator: ": ")
    }
}
