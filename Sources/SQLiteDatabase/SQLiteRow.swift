/// One result row, copied out of its statement: the values by position, and by column name.
package struct SQLiteRow: Equatable, Sendable {
    package let columnNames: [String]
    package let values: [SQLiteValue]

    package init(columnNames: [String], values: [SQLiteValue]) {
        self.columnNames = columnNames
        self.values = values
    }

    /// The value at `index` (0-based); traps beyond the row's columns.
    package subscript(_ index: Int) -> SQLiteValue { values[index] }

    /// The value of the first column named `name`, compared without case as SQLite does; nil
    /// when the row has no such column.
    package func value(named name: String) -> SQLiteValue? {
        let lowered = name.lowercased()
        return columnNames.firstIndex { $0 == name || $0.lowercased() == lowered }.map { values[$0] }
    }

    /// The value of column `name` as `T`; nil when it is missing, NULL or of another type.
    package subscript<T: SQLiteColumnValue>(_ name: String) -> T? {
        value(named: name).flatMap(T.init(sqliteValue:))
    }

    /// The value of column `name` as `T`, which the caller knows is there and not NULL: traps
    /// otherwise (a test's or a query's own columns, never a file's untrusted ones).
    package subscript<T: SQLiteColumnValue>(_ name: String) -> T {
        guard let value = value(named: name) else { preconditionFailure("no column \(name) in \(columnNames)") }
        guard let converted = T(sqliteValue: value) else { preconditionFailure("column \(name): \(value) is not a \(T.self)") }
        return converted
    }
}

extension SQLiteRow: CustomStringConvertible {
    /// `[name:"time" id:1]`, GRDB's row description.
    package var description: String {
        "[" + zip(columnNames, values).map { "\($0):\($1)" }.joined(separator: " ") + "]"
    }
}

extension SQLiteRow {
    /// Every row of `sql`.
    package static func fetchAll(_ db: SQLiteConnection, sql: String, arguments: SQLiteArguments = SQLiteArguments()) throws -> [SQLiteRow] {
        try db.makeStatement(sql: sql).rows(arguments: arguments)
    }

    /// The first row of `sql`, or nil.
    package static func fetchOne(_ db: SQLiteConnection, sql: String, arguments: SQLiteArguments = SQLiteArguments()) throws -> SQLiteRow? {
        let statement = try db.makeStatement(sql: sql)
        try statement.bind(arguments)
        return try statement.step() ? statement.row(columnNames: statement.columnNames) : nil
    }
}
