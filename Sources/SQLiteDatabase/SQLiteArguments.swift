/// The values bound to a statement's parameters: positional ones (`?`, `?NNN`) in order, named
/// ones (`:name`, `@name`, `$name`) by name without the prefix. A named parameter with no named
/// value takes the next positional one, as GRDB's `StatementArguments` did.
///
/// `[id, "es", 0]` and `["input": text, "limit": 50]` are arguments by literal.
package struct SQLiteArguments: Equatable, Sendable {
    package var values: [SQLiteValue]
    package var named: [String: SQLiteValue]

    /// No arguments.
    package init() {
        self.init([], named: [:])
    }

    package init(_ values: [SQLiteValue], named: [String: SQLiteValue] = [:]) {
        self.values = values
        self.named = named
    }

    /// Positional arguments from a sequence of values.
    package init<S: Sequence>(_ sequence: S) where S.Element: SQLiteBindable {
        self.init(sequence.map(\.sqliteValue))
    }

    package var isEmpty: Bool { values.isEmpty && named.isEmpty }
}

extension SQLiteArguments: ExpressibleByArrayLiteral {
    package init(arrayLiteral elements: (any SQLiteBindable)?...) {
        self.init(elements.map { $0?.sqliteValue ?? .null })
    }
}

extension SQLiteArguments: ExpressibleByDictionaryLiteral {
    package init(dictionaryLiteral elements: (String, (any SQLiteBindable)?)...) {
        self.init([], named: Dictionary(elements.map { ($0.0, $0.1?.sqliteValue ?? .null) }, uniquingKeysWith: { _, last in last }))
    }
}
