import VocabCore

/// Why a release (a folder or a SQLite file) could not be read back.
package typealias ReleaseReadError = Located<ReleaseReadProblem>

/// What is wrong with the release, with the values that show it.
package enum ReleaseReadProblem: ErrorProblem {
    /// Nothing exists at the path given.
    case noSuchReleaseOrFile
    /// The folder holds no `.sqlite` file (and no manifest naming one).
    case noDatabase
    /// Several `.sqlite` files and no manifest naming one.
    case severalDatabases
    /// The manifest names a database path that is not a file name inside the folder.
    case databaseOutsideRelease(String)
    /// The path is not a regular file (a FIFO, a device, a folder).
    case notARegularFile
    /// A SQLite file that no `datapackage.json` beside it lists, where a whole release is needed.
    case notInARelease
    /// SQLite's own message.
    case unreadableDatabase(String)
    /// A value of the wrong type, or missing where one is required.
    case badValue(expected: String, found: String)
    /// The report folder's exclusions cannot be read.
    case unreadableReport(String)
    /// The database has no such table (nor view).
    case missingTable
    /// The name is a view (or an index, a trigger), not a table.
    case notATable(type: String)
    /// The table lacks a column the format has.
    case missingColumn
    /// The column is declared with another type than the format's.
    case columnType(expected: String, found: String)
    /// The table has more rows than a release may.
    case tooManyRows(limit: Int)

    /// The problem in plain words.
    package var message: String {
        switch self {
        case .noSuchReleaseOrFile: "no such release folder or file"
        case .noDatabase: "holds no .sqlite file"
        case .severalDatabases: "holds several .sqlite files and no datapackage.json naming one"
        case .databaseOutsideRelease(let path): "datapackage.json names the database \"\(path)\", which is not a file name inside the release folder"
        case .notARegularFile: "not a regular file"
        case .notInARelease: "not a release folder, nor the database of one (no datapackage.json beside it lists this file)"
        case .unreadableDatabase(let reason): "cannot read the release database: \(reason)"
        case .badValue(let expected, let found): "expected \(expected), found \(found)"
        case .unreadableReport(let reason): "cannot read the report folder's exclusions: \(reason)"
        case .missingTable: "no such table (the release format has it)"
        case .notATable(let type): "is a \(type), not a table"
        case .missingColumn: "no such column (the release format has it)"
        case .columnType(let expected, let found): "declared \(found.isEmpty ? "without a type" : found), the release format says \(expected)"
        case .tooManyRows(let limit): "more than the \(limit) rows a release's table may have"
        }
    }
}
