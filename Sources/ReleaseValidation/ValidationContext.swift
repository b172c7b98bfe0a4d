import Foundation
import SQLiteDatabase
import ReleaseFormat
import Releases
import VocabCore
import VocabJSON

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
    lazy var folderNames: [String]? = try? FileManager.default.contentsOfDirectory(atPath: folder.path).stablySorted()

    /// The manifest's `name`, which names its resources.
    lazy var datasetName: String? = {
        guard case .success(let manifest) = manifestValue else { return nil }
        return manifest["name"]?.stringValue
    }()

    /// The path of the manifest's resource named `name`.
    func resourcePath(named name: String) -> String? {
        listedResources.first { $0.entry["name"]?.stringValue == name }?.path
    }

    /// The release database: the file of the manifest's `words` resource, else the folder's only
    /// `.sqlite` file that is not a dictionary.
    lazy var release = DatabaseFile(context: self, schema: ReleaseSchema.database, name: {
        if let dataset = datasetName,
           let path = resourcePath(named: ReleaseResources.name(dataset: dataset, table: ReleaseSchema.cardTable)) {
            return path
        }
        return folderNames.flatMap { names in
            let candidates = names.filter { $0.hasSuffix(".sqlite") && !$0.hasSuffix("-dictionary.sqlite") }
            return candidates.count == 1 ? candidates[0] : nil
        }
    }())

    /// The dictionary database: the file of the manifest's dictionary `entries` resource; nil
    /// when the manifest lists none.
    lazy var dictionary: DatabaseFile? = {
        guard let dataset = datasetName,
              let path = resourcePath(named: ReleaseResources.name(dataset: dataset, table: DictionarySchema.cardTable, dictionary: true))
        else { return nil }
        return DatabaseFile(context: self, schema: DictionarySchema.database, name: path)
    }()

    /// The release database's file name, when known.
    var databaseName: String? { release.name }
    /// Its first 100 bytes (see ``DatabaseFile/header``).
    var databaseHeader: Data? { release.header }
    /// Whether it has a SQLite 3 header.
    var hasSQLiteHeader: Bool { release.hasSQLiteHeader }
    /// Its facts (see ``DatabaseFile/facts``).
    var database: Result<DatabaseFacts, Problem>? { release.facts }

    /// The JSON bundle: the manifest's bundle resource, else the folder's only other `.json` file.
    lazy var bundleName: String? = {
        datasetName.flatMap { resourcePath(named: ReleaseResources.bundleName(dataset: $0)) }
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

    // MARK: SQLiteConnection

    /// The source language: the manifest's, else the database's.
    var sourceLanguage: String {
        if case .success(let manifest) = manifestValue, let language = manifest["sourceLanguage"]?.stringValue { return language }
        if case .success(let facts)? = database, let language = facts.metadata["sourceLanguage"] { return language }
        return "en"
    }

    /// The words as the database holds them.
    lazy var sqliteWords: Result<[ReleaseWord], Problem>? = {
        guard case .success = database, let name = databaseName else { return nil }
        do {
            let languages = targetLanguages
            return .success(try ReleaseReader.readOnly(url(name)) { db in
                // The validator reads releases of this schema only.
                try ReleaseReader.words(db, targetLanguages: languages, file: name, schemaVersion: ReleaseSchema.version)
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
        if let error = error as? SQLiteError { return "SQLite: \(error.message)" }
        return "\(error)"
    }
}

/// One database file of the release (the release database or the dictionary), and what the
/// checks read from it, each read once.
final class DatabaseFile {
    unowned let context: ValidationContext
    /// The schema the file must have.
    let schema: DatabaseSchema
    /// The file name in the release folder, when known.
    let name: String?

    init(context: ValidationContext, schema: DatabaseSchema, name: String?) {
        self.context = context
        self.schema = schema
        self.name = name
    }

    /// The first 100 bytes (the header), when the file is a regular file of the folder.
    lazy var header: Data? = {
        guard let name, context.isRegularFile(name), let handle = try? FileHandle(forReadingFrom: context.url(name)) else { return nil }
        defer { try? handle.close() }
        return try? handle.read(upToCount: 100)
    }()

    /// Whether the header is a SQLite 3 header.
    var hasSQLiteHeader: Bool {
        guard let header else { return false }
        return header.count == 100 && header.prefix(16) == Data("SQLite format 3\u{0}".utf8)
    }

    /// What the checks need from the file, read in one read-only session; nil when there is no
    /// SQLite file to read.
    lazy var facts: Result<DatabaseFacts, ValidationContext.Problem>? = {
        guard let name, hasSQLiteHeader else { return nil }
        do {
            return .success(try DatabaseFacts.read(context.url(name), schema: schema))
        } catch {
            return .failure(ValidationContext.Problem("cannot read the database: \(ValidationContext.reason(error))"))
        }
    }()

    /// `opened`'s result for the file's name and header when the file opens; else the failure that
    /// says why not (not a regular file, no SQLite header, cannot be read), or a skip saying
    /// `missing` when the release has no such file.
    func whenOpens(missing: String, _ opened: (_ name: String, _ header: Data) -> CheckResult) -> CheckResult {
        guard let name, context.exists(name) else { return .skip(name ?? "*.sqlite", missing) }
        guard context.isRegularFile(name) else { return .result(name, problems: ["\(name) is not a regular file; it was not opened"], ok: "") }
        guard hasSQLiteHeader, let header else { return .result(name, problems: ["not a SQLite database (no SQLite header)"], ok: "") }
        if case .failure(let problem)? = facts { return .result(name, problems: [problem.text], ok: "") }
        return opened(name, header)
    }

    /// `check`'s result for the file's name when the file's content can be checked, else the
    /// skip that says why not (``subject``).
    func whenReadable(_ check: (_ name: String) -> CheckResult) -> CheckResult {
        let (name, skip) = subject
        if let skip { return .skip(name, skip) }
        return check(name)
    }

    /// The file name for findings, and why a check that needs the file's content cannot run
    /// (nil when it can).
    var subject: (file: String, skip: String?) {
        let missing = schema.table(DictionarySchema.cardTable) != nil ? "no dictionary to check" : "no SQLite resource to check"
        guard let name else { return ("*.sqlite", missing) }
        guard context.exists(name) else { return (name, missing) }
        guard context.isRegularFile(name) else { return (name, "the database is not a regular file") }
        guard hasSQLiteHeader else { return (name, "the file is not a SQLite database") }
        guard case .success = facts else { return (name, "the database cannot be read") }
        return (name, nil)
    }

    /// The facts, for a check that has already ruled out `subject.skip`.
    var readFacts: DatabaseFacts {
        guard case .success(let facts)? = facts else { preconditionFailure("checked by subject") }
        return facts
    }
}
