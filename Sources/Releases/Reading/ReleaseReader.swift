import Foundation
import SQLiteDatabase
import ReleaseFormat
import VocabCore
import VocabJSON

/// Reads a published release back, read-only. Every value read is checked (a corrupted
/// database gives a ``ReleaseReadError``, never a trap), and nothing outside the release folder
/// (and its report folder) and nothing but a regular file is ever opened (a FIFO would block
/// the reader for ever). Schema 1 databases are read too, so that `vocab diff` can compare a
/// release with one of the previous format.
package enum ReleaseReader {
    /// Opens a release folder or a SQLite file (``ReleaseLocation``: a release's own database
    /// opens the whole release).
    package static func open(_ url: URL) throws -> PublishedRelease {
        let location = try ReleaseLocation.resolve(url)
        let folder: URL
        var release: PublishedRelease
        if let releaseFolder = location.folder {
            folder = releaseFolder
            release = try read(database: try databaseFile(in: releaseFolder))
            release.folder = releaseFolder
            release.dictionary = try dictionaryFile(in: releaseFolder)
        } else {
            folder = url.deletingLastPathComponent()
            release = try read(database: url)
        }
        if release.userVersion >= 2 { try readReport(beside: folder, into: &release) }
        return release
    }

    /// Whether `url` is a regular file (not a FIFO, a device, a folder; with `followingLinks`
    /// false, not a symbolic link either).
    package static func isRegularFile(_ url: URL, followingLinks: Bool) -> Bool {
        var status = stat()
        let result = followingLinks ? stat(url.path, &status) : lstat(url.path, &status)
        return result == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether `path` is a plain file name (no folder, no `..`), so that it stays in the folder.
    package static func isPlainFileName(_ path: String) -> Bool {
        !path.isEmpty && !path.contains("/") && path != "." && path != ".." && !path.contains("\0")
    }

    /// The path of the manifest's resource of `table` (of the dictionary when `dictionary`), when
    /// the folder has a readable manifest listing it.
    static func resourcePath(in folder: URL, table: String, dictionary: Bool) -> String? {
        let manifest = folder.appendingPathComponent(ReleaseFiles.manifest)
        guard isRegularFile(manifest, followingLinks: false), let data = try? FileContents.read(manifest),
              let value = try? JSONValue.parse(data), let resources = value["resources"]?.arrayValue
        else { return nil }
        let dataset = value["name"]?.stringValue ?? ""
        let wanted = ReleaseResources.name(dataset: dataset, table: table, dictionary: dictionary)
        if let path = resources.first(where: { $0["name"]?.stringValue == wanted })?["path"]?.stringValue { return path }
        // Schema 1: one `sqlite` resource.
        guard !dictionary else { return nil }
        return resources.first(where: { $0["format"]?.stringValue == "sqlite" })?["path"]?.stringValue
    }

    /// A regular file named `path` inside `folder`.
    static func fileInside(_ folder: URL, _ path: String) throws -> URL {
        guard isPlainFileName(path) else {
            throw ReleaseReadError(file: folder.path, item: ReleaseFiles.manifest, .databaseOutsideRelease(path))
        }
        let url = folder.appendingPathComponent(path)
        guard isRegularFile(url, followingLinks: false) else { throw ReleaseReadError(file: url.path, .notARegularFile) }
        return url
    }

    /// The folder's database: the file of the manifest's `words` resource, else its only
    /// `.sqlite` file that is not a dictionary.
    static func databaseFile(in folder: URL) throws -> URL {
        if let path = resourcePath(in: folder, table: ReleaseSchema.cardTable, dictionary: false) {
            return try fileInside(folder, path)
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let databases = files.filter { $0.hasSuffix(".sqlite") && !$0.hasSuffix("-dictionary.sqlite") }.stablySorted()
        guard databases.count == 1 else {
            throw ReleaseReadError(file: folder.path, databases.isEmpty ? .noDatabase : .severalDatabases)
        }
        return try fileInside(folder, databases[0])
    }

    /// The folder's dictionary database, when its manifest lists one.
    static func dictionaryFile(in folder: URL) throws -> URL? {
        try resourcePath(in: folder, table: DictionarySchema.cardTable, dictionary: true).map { try fileInside(folder, $0) }
    }

    /// The exclusions of the report folder beside the release folder `folder`, when there is one.
    static func readReport(beside folder: URL, into release: inout PublishedRelease) throws {
        let standardized = folder.standardizedFileURL
        let report = standardized.deletingLastPathComponent()
            .appendingPathComponent(ReleaseFiles.reportFolder(release: standardized.lastPathComponent))
        let file = report.appendingPathComponent(ReportFiles.exclusions)
        guard isRegularFile(file, followingLinks: false) else {
            release.exclusions = []
            release.exclusionsSource = .missing(report)
            return
        }
        let list: ExclusionList
        do {
            list = try JSONDecoder().decode(ExclusionList.self, from: FileContents.read(file))
        } catch {
            throw ReleaseReadError(file: file.path, .unreadableReport(RecordDecoding.describe(error)))
        }
        release.exclusions = list.exclusions
        release.exclusionsSource = .reportFolder(report)
        release.notReachedOmitted = list.notReachedOmitted
    }

    /// Reads everything from one database file.
    static func read(database url: URL) throws -> PublishedRelease {
        do {
            return try readOnly(url) { db in
                let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                let userVersion = try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                let schema = try schemaRows(db)
                let metadata = try Self.metadata(db, file: url.path)
                let languages = PublishedRelease.targetLanguages(metadata)
                if userVersion == 1 {
                    return PublishedRelease(
                        folder: nil, database: url, applicationID: applicationID, userVersion: userVersion,
                        metadata: metadata, schema: schema,
                        words: try LegacyReader.words(db, targetLanguages: languages, file: url.path),
                        exclusions: try db.tableExists("exclusions") ? LegacyReader.exclusions(db, file: url.path) : [])
                }
                return PublishedRelease(
                    folder: nil, database: url, applicationID: applicationID, userVersion: userVersion,
                    metadata: metadata, schema: schema,
                    words: try words(db, targetLanguages: languages, file: url.path, schemaVersion: userVersion),
                    exclusions: [], exclusionsSource: .missing(nil))
            }
        } catch let error as ReleaseReadError {
            throw error
        } catch let error as SQLiteError {
            throw ReleaseReadError(file: url.path, .unreadableDatabase(error.message))
        } catch {
            throw ReleaseReadError(file: url.path, .unreadableDatabase("\(error)"))
        }
    }

    /// Runs `body` in a read-only session on `url`.
    package static func readOnly<T>(_ url: URL, _ body: (SQLiteConnection) throws -> T) throws -> T {
        let db = try SQLiteConnection(path: url.path, readOnly: true)
        defer { try? db.close() }
        return try db.read(body)
    }

    /// The `metadata` table, when there is one.
    static func metadata(_ db: SQLiteConnection, file: String) throws -> [String: String] {
        var metadata: [String: String] = [:]
        guard try db.tableExists("metadata") else { return metadata }
        try TableCheck.check(db, table: "metadata", columns: ReleaseSchema.metadataTable.columns, file: file)
        for reader in try DatabaseRow.fetchAll(db, sql: "SELECT key, value FROM metadata", table: "metadata", keyColumn: "key", file: file) {
            metadata[try reader.text("key")] = try reader.text("value")
        }
        return metadata
    }

    /// `sqlite_master` as sorted `type name: sql` lines.
    static func schemaRows(_ db: SQLiteConnection) throws -> [String] {
        try SQLiteRow.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master ORDER BY type, name").map { row in
            let type: SQLiteValue = row[0], name: SQLiteValue = row[1], sql: SQLiteValue = row[2]
            return "\(String(sqliteValue: type) ?? "") \(String(sqliteValue: name) ?? ""): \(String(sqliteValue: sql) ?? "")"
        }
    }

    /// The rows of the card table `table` whose columns are those of `fields`, checked against
    /// the format first (see ``TableCheck``); `filter` narrows them (`FROM`'s joins and `WHERE ...`,
    /// with `arguments`), `order` orders them. A column a release of `schemaVersion` names
    /// otherwise (``CardField/key(schemaVersion:)``) is read under the field's key. `checked`: the
    /// caller checked the table already (a look-up session checks it once, not per query).
    package static func cardRows(
        _ db: SQLiteConnection, table: String, fields: [CardField], schemaVersion: Int32 = ReleaseSchema.version, filter: String = "",
        arguments: SQLiteArguments = SQLiteArguments(), order: String = "id", checked: Bool = false, file: String
    ) throws -> [DatabaseRow] {
        var rows: [DatabaseRow] = []
        try forEachCardRow(
            db, table: table, fields: fields, schemaVersion: schemaVersion, filter: filter, arguments: arguments, order: order,
            checked: checked, file: file
        ) { rows.append($0) }
        return rows
    }

    /// The rows of ``cardRows(_:table:fields:schemaVersion:filter:arguments:order:checked:file:)``, handed
    /// to `body` one at a time.
    package static func forEachCardRow(
        _ db: SQLiteConnection, table: String, fields: [CardField], schemaVersion: Int32 = ReleaseSchema.version, filter: String = "",
        arguments: SQLiteArguments = SQLiteArguments(), order: String = "id", checked: Bool = false, file: String,
        _ body: (DatabaseRow) throws -> Void
    ) throws {
        let read = fields.filter { !$0.isDerived }
        let columns = read.map { field in
            var column = field.column
            column.name = field.key(schemaVersion: schemaVersion)
            return column
        }
        if !checked { try TableCheck.check(db, table: table, columns: columns, maximumRows: ReleaseSchema.maximumRows, file: file) }
        let list = zip(read, columns).map { field, column in
            column.name == field.key ? "\(table).\"\(field.key)\"" : "\(table).\"\(column.name)\" AS \"\(field.key)\""
        }.joined(separator: ", ")
        try DatabaseRow.forEach(
            db, sql: "SELECT \(list) FROM \(table) \(filter) ORDER BY \(order)", arguments: arguments, table: table, keyColumn: "id",
            file: file, body)
    }

    /// The release's words in id order, field by field (``ReleaseSchema/fields(schemaVersion:)``:
    /// a schema 2 release has no `pinned` column, and none of its words is pinned).
    package static func words(_ db: SQLiteConnection, targetLanguages: [String], file: String, schemaVersion: Int32) throws -> [ReleaseWord] {
        let fields = ReleaseSchema.fields(schemaVersion: max(2, schemaVersion))
        return try cardRows(db, table: ReleaseSchema.cardTable, fields: fields, schemaVersion: schemaVersion, file: file).map { row in
            try word(row, fields: fields, targetLanguages: targetLanguages)
        }
    }

    /// A release word from a row of `words` with the columns of `fields`.
    package static func word(_ row: DatabaseRow, fields: [CardField], targetLanguages: [String]) throws -> ReleaseWord {
        var word = ReleaseWord.blank
        for field in fields { try field.read(from: row, into: &word, targetLanguages: targetLanguages) }
        return word
    }

    /// The card of a row of a dictionary's `entries`: its source lemma is its name, and it is never pinned.
    package static func entry(_ row: DatabaseRow, fields: [CardField], targetLanguages: [String]) throws -> WordCard {
        var word = try word(row, fields: fields, targetLanguages: targetLanguages)
        word.card.sourceLemma = word.card.lemma
        return word.card
    }
}
