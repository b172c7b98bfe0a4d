import Foundation
import GRDB
import ReleaseFormat
import VocabCore

/// What the checks of one validation read from the release folder, each read once, on first use.
/// A fact that cannot be had holds the reason instead (a check that needs it is then skipped).
final class ValidationContext {
    let folder: URL
    static let manifestName = ReleaseFiles.manifest

    init(folder: URL) { self.folder = folder }

    func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// Whether `name` is a regular file of the folder (never a link, a FIFO or a device, which
    /// could lead out of the release or block a reader).
    func isRegularFile(_ name: String) -> Bool {
        ReleaseReader.isPlainFileName(name) && ReleaseReader.isRegularFile(url(name), followingLinks: false)
    }

    /// Whether anything is at `name` in the folder (a dangling link too).
    func exists(_ name: String) -> Bool {
        var status = stat()
        return lstat(url(name).path, &status) == 0
    }

    lazy var folderExists: Bool = {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }()

    // MARK: Manifest

    /// The manifest's bytes, or why there are none.
    lazy var manifestData: Result<Data, Problem> = {
        guard folderExists else { return .failure(Problem("\(folder.path) is not a release folder (no such folder)")) }
        let file = url(Self.manifestName)
        guard exists(Self.manifestName) else {
            return .failure(Problem("the release folder has no datapackage.json"))
        }
        guard isRegularFile(Self.manifestName) else { return .failure(Problem("datapackage.json is not a regular file")) }
        do {
            return .success(try FileContents.read(file))
        } catch {
            return .failure(Problem("cannot read datapackage.json: \(SystemReason.describe(error))"))
        }
    }()

    /// The manifest parsed, when it is a JSON object.
    lazy var manifestValue: Result<JSONValue, Problem> = {
        manifestData.flatMap(Self.parseObject)
    }()

    /// The manifest decoded into its model, when it has the model's shape.
    lazy var manifest: DataPackage? = {
        guard case .success = manifestValue, case .success(let data) = manifestData else { return nil }
        return try? JSONDecoder().decode(DataPackage.self, from: data)
    }()

    /// The manifest's resources with a path, in order.
    lazy var listedResources: [(path: String, format: String?, entry: JSONValue)] = {
        guard case .success(let manifest) = manifestValue else { return [] }
        return (manifest["resources"]?.arrayValue ?? []).compactMap { entry in
            guard let path = entry["path"]?.stringValue else { return nil }
            return (path, entry["format"]?.stringValue, entry)
        }
    }()

    /// The folder's file names, sorted.
    lazy var folderNames: [String]? = try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()

    /// The database: the manifest's `sqlite` resource, else the folder's only `.sqlite` file.
    lazy var databaseName: String? = {
        listedResources.first { $0.format == "sqlite" }?.path
            ?? folderNames.flatMap { names in
                let candidates = names.filter { $0.hasSuffix(".sqlite") }
                return candidates.count == 1 ? candidates[0] : nil
            }
    }()

    /// The JSON bundle: the manifest's `json` resource, else the folder's only other `.json` file.
    lazy var bundleName: String? = {
        listedResources.first { $0.format == "json" }?.path
            ?? folderNames.flatMap { names in
                let candidates = names.filter { $0.hasSuffix(".json") && $0 != Self.manifestName }
                return candidates.count == 1 ? candidates[0] : nil
            }
    }()

    /// The target languages: the manifest's, else the bundle's, else the database's.
    var targetLanguages: [String] {
        if case .success(let manifest) = manifestValue, let languages = manifest["targetLanguages"]?.stringsValue { return languages }
        if case .success(let bundle)? = bundleValue, let languages = bundle["targetLanguages"]?.stringsValue { return languages }
        if case .success(let facts)? = database { return PublishedRelease.targetLanguages(facts.metadata) }
        return []
    }

    // MARK: Database

    /// The first 100 bytes of the database (its header), when it is a regular file of the folder.
    lazy var databaseHeader: Data? = {
        guard let name = databaseName, isRegularFile(name), let handle = try? FileHandle(forReadingFrom: url(name)) else { return nil }
        defer { try? handle.close() }
        return try? handle.read(upToCount: 100)
    }()

    /// Whether the header is a SQLite 3 header.
    var hasSQLiteHeader: Bool {
        guard let header = databaseHeader else { return false }
        return header.count == 100 && header.prefix(16) == Data("SQLite format 3\u{0}".utf8)
    }

    /// What the checks need from the database, read in one read-only session; nil when there
    /// is no SQLite file to read.
    lazy var database: Result<DatabaseFacts, Problem>? = {
        guard let name = databaseName, hasSQLiteHeader else { return nil }
        do {
            return .success(try DatabaseFacts.read(url(name)))
        } catch {
            return .failure(Problem("cannot read the database: \(Self.reason(error))"))
        }
    }()

    /// The words as the database holds them.
    lazy var sqliteWords: Result<[ReleaseWord], Problem>? = {
        guard case .success = database, let name = databaseName else { return nil }
        do {
            let languages = targetLanguages
            return .success(try ReleaseReader.readOnly(url(name)) { db in
                try ReleaseReader.words(db, targetLanguages: languages, file: name)
            })
        } catch {
            return .failure(Problem("cannot read the words: \(Self.reason(error))"))
        }
    }()

    // MARK: JSON bundle

    /// The bundle's bytes, when it is a regular file of the folder.
    lazy var bundleData: Data? = {
        guard let name = bundleName, isRegularFile(name) else { return nil }
        return try? FileContents.read(url(name))
    }()

    /// The bundle parsed, when it is a JSON object; nil when there is no bundle to read.
    lazy var bundleValue: Result<JSONValue, Problem>? = {
        bundleData.map(Self.parseObject)
    }()

    /// `data` parsed, when it is a JSON object.
    static func parseObject(_ data: Data) -> Result<JSONValue, Problem> {
        do {
            let value = try JSONValue.parse(data)
            guard value.objectValue != nil else { return .failure(Problem("the top level is \(value.brief), not an object")) }
            return .success(value)
        } catch {
            return .failure(Problem(reason(error)))
        }
    }

    /// Why a fact cannot be had, in words for a finding.
    struct Problem: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }

    static func reason(_ error: Error) -> String {
        if let error = error as? any LocatedError {
            return error.location.item.map { "\($0): \(error.message)" } ?? error.message
        }
        if let error = error as? DatabaseError { return "SQLite: \(error.message ?? "\(error.resultCode)")" }
        return "\(error)"
    }
}

/// What the checks need from the SQLite file.
struct DatabaseFacts {
    struct Object: Equatable {
        var type: String
        var name: String
        var sql: String?
        var label: String { "\(type) \(name)" }
    }

    var applicationID: Int32
    var userVersion: Int32
    var objects: [Object]
    /// Column names and declared types per table of the schema.
    var columns: [String: [(name: String, type: String)]]
    var integrity: [String]
    var foreignKeyViolations: [String]
    var foreignKeyViolationCount: Int
    var metadata: [String: String]
    var searchRows: Int?

    static func read(_ file: URL) throws -> DatabaseFacts {
        try ReleaseReader.readOnly(file) { db in
            let objects = try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master ORDER BY type, name").map { row in
                let type: DatabaseValue = row["type"], name: DatabaseValue = row["name"], sql: DatabaseValue = row["sql"]
                return Object(type: String.fromDatabaseValue(type) ?? "?", name: String.fromDatabaseValue(name) ?? "?",
                              sql: String.fromDatabaseValue(sql))
            }
            var columns: [String: [(name: String, type: String)]] = [:]
            for case .table(let table) in ReleaseSchema.objects where try db.tableExists(table.name) {
                columns[table.name] = try Row.fetchAll(db, sql: "PRAGMA table_info(\(table.name))").map { row in
                    let name: DatabaseValue = row["name"], type: DatabaseValue = row["type"]
                    return (String.fromDatabaseValue(name) ?? "?", String.fromDatabaseValue(type) ?? "?")
                }
            }
            let integrity = try Row.fetchAll(db, sql: "PRAGMA integrity_check(20)").map { row -> String in
                let value: DatabaseValue = row[0]
                return String.fromDatabaseValue(value) ?? "\(value)"
            }
            let violations = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
            let described = violations.prefix(ReleaseValidator.shownProblems).map { row -> String in
                let table: DatabaseValue = row[0], rowid: DatabaseValue = row[1], parent: DatabaseValue = row[2]
                let id = Int64.fromDatabaseValue(rowid).map { " (rowid \($0))" } ?? ""
                return "a \(String.fromDatabaseValue(table) ?? "?") row\(id) refers to a missing \(String.fromDatabaseValue(parent) ?? "?") row"
            }
            var metadata: [String: String] = [:]
            if try db.tableExists("metadata") {
                for row in try Row.fetchAll(db, sql: "SELECT key, value FROM metadata") {
                    let key: DatabaseValue = row["key"], value: DatabaseValue = row["value"]
                    if let key = String.fromDatabaseValue(key), let value = String.fromDatabaseValue(value) { metadata[key] = value }
                }
            }
            let searchRows = try db.tableExists("word_search") ? try Int.fetchOne(db, sql: "SELECT count(*) FROM word_search") : nil
            return DatabaseFacts(
                applicationID: try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
                userVersion: try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0,
                objects: objects, columns: columns, integrity: integrity,
                foreignKeyViolations: Array(described), foreignKeyViolationCount: violations.count,
                metadata: metadata, searchRows: searchRows)
        }
    }
}
