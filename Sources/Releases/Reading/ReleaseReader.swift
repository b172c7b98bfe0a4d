import Foundation
import GRDB
import ReleaseFormat
import VocabCore
import VocabJSON

/// Reads a published release back, read-only. Every value read is checked (a corrupted
/// database gives a ``ReleaseReadError``, never a trap), and nothing outside the release folder
/// (and its report folder) and nothing but a regular file is ever opened (a FIFO would block
/// the reader for ever). Schema 1 databases are read too, so that `vocab diff` can compare a
/// release with one of the previous format.
package enum ReleaseReader {
    /// Opens a release folder or a SQLite file.
    package static func open(_ url: URL) throws -> PublishedRelease {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ReleaseReadError(file: url.path, .noSuchReleaseOrFile)
        }
        let folder: URL
        var release: PublishedRelease
        if isDirectory.boolValue {
            folder = url
            release = try read(database: try databaseFile(in: url))
            release.folder = url
            release.dictionary = try dictionaryFile(in: url)
        } else {
            guard isRegularFile(url, followingLinks: true) else { throw ReleaseReadError(file: url.path, .notARegularFile) }
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
        let databases = files.filter { $0.hasSuffix(".sqlite") && !$0.hasSuffix("-dictionary.sqlite") }.sorted()
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
                    words: try words(db, targetLanguages: languages, file: url.path, hasPinned: userVersion >= 3),
                    exclusions: [], exclusionsSource: .missing(nil))
            }
        } catch let error as ReleaseReadError {
            throw error
        } catch let error as DatabaseError {
            throw ReleaseReadError(file: url.path, .unreadableDatabase(error.message ?? "\(error.resultCode)"))
        } catch {
            throw ReleaseReadError(file: url.path, .unreadableDatabase("\(error)"))
        }
    }

    /// Runs `body` in a read-only session on `url`.
    static func readOnly<T>(_ url: URL, _ body: (Database) throws -> T) throws -> T {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "ReleaseReader"
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read(body)
    }

    /// The `metadata` table, when there is one.
    static func metadata(_ db: Database, file: String) throws -> [String: String] {
        var metadata: [String: String] = [:]
        guard try db.tableExists("metadata") else { return metadata }
        for (index, row) in try Row.fetchAll(db, sql: "SELECT key, value FROM metadata").enumerated() {
            let reader = DatabaseRow(row: row, table: "metadata", key: "row \(index + 1)", file: file)
            metadata[try reader.text("key")] = try reader.text("value")
        }
        return metadata
    }

    /// `sqlite_master` as sorted `type name: sql` lines.
    static func schemaRows(_ db: Database) throws -> [String] {
        try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master ORDER BY type, name").map { row in
            let type: DatabaseValue = row["type"], name: DatabaseValue = row["name"], sql: DatabaseValue = row["sql"]
            return "\(String.fromDatabaseValue(type) ?? "") \(String.fromDatabaseValue(name) ?? ""): \(String.fromDatabaseValue(sql) ?? "")"
        }
    }

    static func partOfSpeech(_ reader: DatabaseRow, optional: Bool = false) throws -> PartOfSpeech? {
        guard let text = optional ? try reader.optionalText("pos") : try reader.text("pos") else { return nil }
        guard let value = PartOfSpeech(rawValue: text) else {
            throw ReleaseReadError(
                file: reader.file, item: "\(reader.table) \(reader.key), column pos",
                .badValue(expected: "a part of speech (\(PartOfSpeech.allCases.map(\.rawValue).joined(separator: ", ")))", found: "\"\(text.prefix(40))\""))
        }
        return value
    }

    /// The release's words in id order; `hasPinned` false for schema 2, whose words have no
    /// `pinned` column (none is pinned).
    static func words(_ db: Database, targetLanguages: [String], file: String, hasPinned: Bool) throws -> [ReleaseWord] {
        try Row.fetchAll(db, sql: "SELECT * FROM \(ReleaseSchema.cardTable) ORDER BY id").map { row in
            let id: DatabaseValue = row["id"]
            let reader = DatabaseRow(row: row, table: ReleaseSchema.cardTable, key: "id \(id)", file: file)
            return ReleaseWord(
                id: try reader.int("id"), band: try reader.int("band"), frequency: try reader.optionalInteger("freq"),
                rank: try reader.optionalInt("rank"),
                card: try card(reader, sourceLemma: try reader.text("sourceLemma"), targetLanguages: targetLanguages,
                               pinned: hasPinned && reader.int("pinned", in: 0...1) == 1))
        }
    }

    /// The card of a row of a card table (`words`, `entries`); a dictionary entry's source lemma
    /// is its name, and it is never pinned.
    static func card(_ reader: DatabaseRow, sourceLemma: String?, targetLanguages: [String], pinned: Bool = false) throws -> WordCard {
        let name = try reader.text("name")
        return WordCard(
            lemma: name, sourceLemma: sourceLemma ?? name, partOfSpeech: try partOfSpeech(reader)!,
            definition: try reader.optionalText("definition"), synonyms: try reader.jsonStrings("synonyms"),
            examples: try reader.jsonStrings("sentences"),
            translations: try reader.jsonTranslations("translations", targetLanguages: targetLanguages),
            provenance: Provenance(
                lexicon: try reader.text("lexicon"), entryId: try reader.text("entry"), senseId: try reader.text("sense"),
                synsetId: try reader.text("synset"), ili: try reader.optionalText("ili"), senseRank: try reader.int("senseRank"),
                pinned: pinned))
    }
}
