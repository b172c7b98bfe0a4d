import Foundation
import GRDB
import StageEmit
import VocabCore

/// Checks a published release folder the way the app and CI rely on it (see
/// `Sources/StageEmit/SCHEMA.md`), without changing anything in it. Every check gives one
/// ``ValidationFinding``; a check whose inputs are missing is skipped (the missing input is a
/// failure of an earlier check).
///
/// The checks, in order:
///
/// | check | what |
/// |---|---|
/// | `manifest.exists` | the folder holds `datapackage.json` |
/// | `manifest.json` | it is valid JSON, an object |
/// | `manifest.schema` | it matches `datapackage.schema.json` |
/// | `resources.exist` | every resource it lists is a plain file in the folder |
/// | `resources.checksums` | each has the recorded `bytes`, `sha256` and `hash` |
/// | `folder.unlisted` | the folder holds nothing else but `datapackage.json` |
/// | `sqlite.file` | the database has a SQLite header and opens read-only |
/// | `sqlite.application-id` | `PRAGMA application_id` = `BundleSchema.applicationID` |
/// | `sqlite.user-version` | `PRAGMA user_version` = `BundleSchema.version` = manifest `schemaVersion` |
/// | `sqlite.journal-mode` | the header says rollback journal, not WAL |
/// | `sqlite.tables` | `sqlite_master` equals the emitter's (tables, indexes, FTS, `words` columns) |
/// | `sqlite.integrity` | `PRAGMA integrity_check` = `ok` |
/// | `sqlite.foreign-keys` | `PRAGMA foreign_key_check` is empty |
/// | `sqlite.metadata` | the `metadata` table mirrors the manifest |
/// | `json.valid` | the bundle is valid JSON, an object |
/// | `json.schema` | it matches `bundle.schema.json` |
/// | `json.header` | its header keys agree with the manifest |
/// | `records.match` | SQLite and JSON hold the same records in the same order |
/// | `records.order` | ids, ranks, frequencies and bands follow the release's ordering rules |
/// | `counts.match` | the manifest's counts agree with the records |
public struct ReleaseValidator: Sendable {
    /// The names of every check, in the order they run.
    public static let checks = [
        "manifest.exists", "manifest.json", "manifest.schema", "resources.exist", "resources.checksums",
        "folder.unlisted", "sqlite.file", "sqlite.application-id", "sqlite.user-version", "sqlite.journal-mode",
        "sqlite.tables", "sqlite.integrity", "sqlite.foreign-keys", "sqlite.metadata", "json.valid", "json.schema",
        "json.header", "records.match", "records.order", "counts.match",
    ]

    public init() {}

    /// Validates the release folder `folder`.
    public func validate(_ folder: URL) -> ValidationReport {
        var run = Run(folder: folder.standardizedFileURL)
        run.checkAll()
        return ValidationReport(release: folder.path, checks: run.findings)
    }
}

/// One validation: the findings so far and what the checks read.
private struct Run {
    static let manifestName = "datapackage.json"
    /// Problems listed in one finding before "and N more".
    static let shownProblems = 5

    let folder: URL
    var findings: [ValidationFinding] = []

    var manifest: LegacyJSON?
    var databaseName: String?
    var bundleName: String?
    var database: DatabaseFacts?
    var bundle: LegacyJSON?
    var sqliteWords: [BundleWord]?

    init(folder: URL) { self.folder = folder }

    /// What the checks need from the SQLite file, read in one read-only session.
    struct DatabaseFacts {
        var applicationID: Int32
        var userVersion: Int32
        var objects: [ReferenceSchema.Object]
        var wordColumns: [String]
        var integrity: [String]
        var foreignKeyViolations: [String]
        var foreignKeyViolationCount: Int
        var metadata: [String: String]
        var searchRows: Int?
    }

    // MARK: Recording

    mutating func record(_ check: String, _ file: String, problems: [String], ok: @autoclosure () -> String) {
        if problems.isEmpty {
            findings.append(.init(check: check, file: file, status: .ok, reason: ok()))
        } else {
            var reason = problems.prefix(Self.shownProblems).joined(separator: "; ")
            if problems.count > Self.shownProblems { reason += "; and \(problems.count - Self.shownProblems) more" }
            findings.append(.init(check: check, file: file, status: .fail, reason: reason))
        }
    }

    mutating func skip(_ check: String, _ file: String, _ reason: String) {
        findings.append(.init(check: check, file: file, status: .skip, reason: reason))
    }

    func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    // MARK: The checks

    mutating func checkAll() {
        checkManifest()
        locateResources()
        checkResources()
        checkDatabase()
        checkBundle()
        checkRecords()
        checkCounts()
    }

    mutating func checkManifest() {
        let name = Self.manifestName
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            record("manifest.exists", ".", problems: ["\(folder.path) is not a release folder (no such folder)"], ok: "")
            skip("manifest.json", name, "no datapackage.json")
            skip("manifest.schema", name, "no datapackage.json")
            return
        }
        guard FileManager.default.fileExists(atPath: url(name).path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            record("manifest.exists", name, problems: ["the release folder has no datapackage.json"], ok: "")
            skip("manifest.json", name, "no datapackage.json")
            skip("manifest.schema", name, "no datapackage.json")
            return
        }
        record("manifest.exists", name, problems: [], ok: "present")

        let data: Data
        do {
            data = try Data(contentsOf: url(name))
            let value = try LegacyJSON.parse(data)
            guard value.objectValue != nil else {
                record("manifest.json", name, problems: ["the top level is \(value.brief), not an object"], ok: "")
                skip("manifest.schema", name, "datapackage.json is not a JSON object")
                return
            }
            manifest = value
            record("manifest.json", name, problems: [], ok: "valid JSON")
        } catch {
            record("manifest.json", name, problems: [Self.reason(error)], ok: "")
            skip("manifest.schema", name, "datapackage.json is not valid JSON")
            return
        }

        do {
            let violations = try ReleaseSchemas.dataPackageValidator().validate(data)
            record("manifest.schema", name, problems: violations.map(\.description),
                   ok: "matches \(ReleaseSchemas.dataPackageFileName)")
        } catch {
            record("manifest.schema", name, problems: [Self.reason(error)], ok: "")
        }
    }

    /// The manifest's resources as (path, format, entry), skipping entries without a path.
    var listedResources: [(path: String, format: String?, entry: LegacyJSON)] {
        (manifest?["resources"]?.arrayValue ?? []).compactMap { entry in
            guard let path = entry["path"]?.stringValue else { return nil }
            return (path, entry["format"]?.stringValue, entry)
        }
    }

    /// Finds the database and the bundle: from the manifest when it lists them, otherwise the
    /// folder's only `.sqlite` file and only `.json` file besides datapackage.json.
    mutating func locateResources() {
        let listed = listedResources
        databaseName = listed.first { $0.format == "sqlite" }?.path
        bundleName = listed.first { $0.format == "json" }?.path
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        if databaseName == nil {
            let candidates = files.filter { $0.hasSuffix(".sqlite") }
            if candidates.count == 1 { databaseName = candidates[0] }
        }
        if bundleName == nil {
            let candidates = files.filter { $0.hasSuffix(".json") && $0 != Self.manifestName }
            if candidates.count == 1 { bundleName = candidates[0] }
        }
    }

    mutating func checkResources() {
        guard let manifest else {
            skip("resources.exist", Self.manifestName, "no usable datapackage.json")
            skip("resources.checksums", Self.manifestName, "no usable datapackage.json")
            checkUnlisted(listed: nil)
            return
        }
        let listed = listedResources
        var missing: [String] = []
        var present: [(path: String, entry: LegacyJSON)] = []
        if manifest["resources"]?.arrayValue?.isEmpty ?? true { missing.append("the manifest lists no resources") }
        for resource in listed {
            if resource.path.isEmpty || resource.path.contains("/") || resource.path == "." || resource.path == ".." {
                missing.append("\"\(resource.path)\" is not a file name inside the release folder")
                continue
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url(resource.path).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                present.append((resource.path, resource.entry))
            } else {
                missing.append("\(resource.path) is listed in datapackage.json but missing from the folder")
            }
        }
        record("resources.exist", Self.manifestName, problems: missing,
               ok: "\(listed.map(\.path).joined(separator: ", ")) present")

        var mismatches: [String] = []
        for resource in present {
            let recordedBytes = resource.entry["bytes"]?.intValue
            let recordedHex = resource.entry["sha256"]?.stringValue
            do {
                let actual = try Checksum.sha256(of: url(resource.path))
                if recordedBytes != actual.bytes {
                    mismatches.append("\(resource.path) has \(actual.bytes) bytes, the manifest records \(recordedBytes.map(String.init) ?? "none")")
                }
                if recordedHex != actual.hex {
                    mismatches.append("\(resource.path) has SHA-256 \(actual.hex), the manifest records \(recordedHex ?? "none")")
                }
                if let hash = resource.entry["hash"]?.stringValue, let recordedHex, hash != "sha256:\(recordedHex)" {
                    mismatches.append("\(resource.path): hash \"\(hash)\" disagrees with sha256 \(recordedHex)")
                }
            } catch {
                mismatches.append("\(resource.path): \(Self.reason(error))")
            }
        }
        let checked = present.map(\.path)
        if checked.isEmpty {
            skip("resources.checksums", Self.manifestName, "no listed resource is present")
        } else {
            record("resources.checksums", Self.manifestName, problems: mismatches,
                   ok: "sizes and SHA-256 of \(checked.joined(separator: ", ")) match")
        }
        checkUnlisted(listed: Set(listed.map(\.path)))
    }

    /// Anything in the folder that is neither datapackage.json nor a listed resource.
    mutating func checkUnlisted(listed: Set<String>?) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            skip("folder.unlisted", ".", "cannot list the release folder")
            return
        }
        guard let listed else {
            skip("folder.unlisted", ".", "no usable datapackage.json to compare with")
            return
        }
        let stray = names.filter { $0 != Self.manifestName && !listed.contains($0) }.sorted()
        record("folder.unlisted", ".", problems: stray.map { "\($0) is in the folder but not listed in datapackage.json" },
               ok: "only datapackage.json and the listed resources")
    }

    // MARK: SQLite

    static let sqliteChecks = [
        "sqlite.application-id", "sqlite.user-version", "sqlite.journal-mode", "sqlite.tables", "sqlite.integrity",
        "sqlite.foreign-keys", "sqlite.metadata",
    ]

    mutating func checkDatabase() {
        guard let name = databaseName, FileManager.default.fileExists(atPath: url(name).path) else {
            let file = databaseName ?? "*.sqlite"
            skip("sqlite.file", file, "no SQLite resource to check")
            for check in Self.sqliteChecks { skip(check, file, "no SQLite resource to check") }
            return
        }
        let file = url(name)
        let header = (try? FileHandle(forReadingFrom: file)).flatMap { handle -> Data? in
            defer { try? handle.close() }
            return try? handle.read(upToCount: 100)
        } ?? Data()
        let magic = Data("SQLite format 3\u{0}".utf8)
        guard header.count == 100, header.prefix(16) == magic else {
            record("sqlite.file", name, problems: ["not a SQLite database (no SQLite header)"], ok: "")
            for check in Self.sqliteChecks { skip(check, name, "the file is not a SQLite database") }
            return
        }
        do {
            database = try Self.readFacts(file)
            record("sqlite.file", name, problems: [], ok: "SQLite \(Self.headerVersion(header)) database, opens read-only")
        } catch {
            record("sqlite.file", name, problems: ["cannot read the database: \(Self.reason(error))"], ok: "")
        }

        // Header bytes 18 and 19: file format write and read versions, 1 = rollback journal, 2 = WAL.
        let write = header[header.startIndex + 18], read = header[header.startIndex + 19]
        let journal = (write == 2 || read == 2) ? ["the database is in WAL mode (header bytes 18-19 = \(write), \(read)); the app opens it read-only and needs journal_mode DELETE"] : []

        guard let facts = database else {
            for check in Self.sqliteChecks where check != "sqlite.journal-mode" {
                skip(check, name, "the database cannot be read")
            }
            record("sqlite.journal-mode", name, problems: journal, ok: "rollback journal (not WAL)")
            return
        }

        let expectedID = BundleSchema.applicationID
        record("sqlite.application-id", name,
               problems: facts.applicationID == expectedID ? [] : [
                   "application_id is \(Self.hex(facts.applicationID)), expected \(Self.hex(expectedID)) (\"Voca\")",
               ], ok: "application_id \(Self.hex(expectedID)) (\"Voca\")")

        var versionProblems: [String] = []
        if facts.userVersion != BundleSchema.version {
            versionProblems.append("user_version is \(facts.userVersion), this tool reads schema version \(BundleSchema.version)")
        }
        if let recorded = manifest?["schemaVersion"], recorded.intValue != Int64(facts.userVersion) {
            versionProblems.append("user_version is \(facts.userVersion), datapackage.json schemaVersion is \(recorded.brief)")
        }
        record("sqlite.user-version", name, problems: versionProblems, ok: "user_version \(facts.userVersion) = schemaVersion")

        record("sqlite.journal-mode", name, problems: journal, ok: "rollback journal (not WAL)")

        checkTables(facts, name: name)

        record("sqlite.integrity", name,
               problems: facts.integrity == ["ok"] ? [] : facts.integrity.map { "integrity_check: \($0)" },
               ok: "integrity_check ok")

        var keyProblems = facts.foreignKeyViolations
        if facts.foreignKeyViolationCount > keyProblems.count {
            keyProblems.insert("\(facts.foreignKeyViolationCount) rows break a foreign key", at: 0)
        }
        record("sqlite.foreign-keys", name, problems: keyProblems, ok: "foreign_key_check empty")

        checkMetadata(facts, name: name, header: header)
    }

    static func readFacts(_ file: URL) throws -> DatabaseFacts {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "ReleaseValidator"
        let queue = try DatabaseQueue(path: file.path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in
            let objects = try ReferenceSchema.read(db)
            let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(words)").map { $0["name"] as String }
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check(20)")
            let violations = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
            let described = violations.prefix(Self.shownProblems).map { row -> String in
                let table: String = row[0] ?? "?"
                let rowid: Int64? = row[1]
                let parent: String = row[2] ?? "?"
                return "a \(table) row\(rowid.map { " (rowid \($0))" } ?? "") refers to a missing \(parent) row"
            }
            var metadata: [String: String] = [:]
            if try db.tableExists("metadata") {
                for row in try Row.fetchAll(db, sql: "SELECT key, value FROM metadata") {
                    if let key: String = row["key"], let value: String = row["value"] { metadata[key] = value }
                }
            }
            let searchRows = try db.tableExists("word_search")
                ? try Int.fetchOne(db, sql: "SELECT count(*) FROM word_search") : nil
            return DatabaseFacts(
                applicationID: try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
                userVersion: try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0,
                objects: objects, wordColumns: columns, integrity: integrity,
                foreignKeyViolations: Array(described), foreignKeyViolationCount: violations.count,
                metadata: metadata, searchRows: searchRows)
        }
    }

    mutating func checkTables(_ facts: DatabaseFacts, name: String) {
        let reference: [ReferenceSchema.Object]
        switch ReferenceSchema.objects {
        case .success(let objects): reference = objects
        case .failure(let error):
            record("sqlite.tables", name, problems: ["cannot build the reference schema: \(error)"], ok: "")
            return
        }
        var problems: [String] = []
        let expectedColumns = ["id", "lemma", "source_lemma", "pos", "frequency", "rank", "band", "sense_rank",
                               "lexicon", "entry_id", "sense_id", "synset_id", "ili"]
        if facts.wordColumns != expectedColumns {
            problems.append("words has columns (\(facts.wordColumns.joined(separator: ", "))), expected (\(expectedColumns.joined(separator: ", ")))")
        }
        let actual = Dictionary(facts.objects.map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
        for object in reference {
            guard let found = actual[object.label] else {
                problems.append("\(object.label) is missing")
                continue
            }
            if found.sql != object.sql { problems.append("\(object.label) is defined differently from the emitter's") }
        }
        let expected = Set(reference.map(\.label))
        for object in facts.objects where !expected.contains(object.label) {
            problems.append("unexpected \(object.label)")
        }
        let tables = reference.filter { $0.type == "table" && !$0.name.hasPrefix("word_search_") }.map(\.name)
        record("sqlite.tables", name, problems: problems,
               ok: "schema as the emitter writes it (\(tables.joined(separator: ", ")), indexes, FTS shadow tables)")
    }

    mutating func checkMetadata(_ facts: DatabaseFacts, name: String, header: Data) {
        guard let manifest else {
            skip("sqlite.metadata", name, "no usable datapackage.json to compare with")
            return
        }
        let metadata = facts.metadata
        var problems: [String] = []
        if metadata.isEmpty { problems.append("the metadata table is missing or empty") }

        func text(_ key: String, _ expected: LegacyJSON?, required: Bool = true) {
            switch (metadata[key], expected?.stringValue) {
            case (nil, nil): if required { problems.append("metadata \(key) and manifest both lack it") }
            case (nil, let value?): problems.append("metadata has no \(key); the manifest has \"\(value)\"")
            case (let value?, nil): problems.append("metadata \(key) is \"\(value)\"; the manifest has none")
            case (let a?, let b?) where a != b: problems.append("metadata \(key) is \"\(a)\", the manifest has \"\(b)\"")
            default: break
            }
        }
        func number(_ key: String, _ expected: LegacyJSON?) {
            let recorded = metadata[key]
            if recorded == nil || Int64(recorded!) == nil || Int64(recorded!) != expected?.intValue {
                problems.append("metadata \(key) is \(recorded.map { "\"\($0)\"" } ?? "missing"), the manifest has \(expected?.brief ?? "none")")
            }
        }
        func json(_ key: String, _ expected: LegacyJSON?) {
            guard let recorded = metadata[key] else {
                problems.append("metadata has no \(key)")
                return
            }
            guard let value = try? LegacyJSON.parse(Data(recorded.utf8)) else {
                problems.append("metadata \(key) is not valid JSON")
                return
            }
            if value != expected { problems.append("metadata \(key) differs from the manifest's \(key)") }
        }

        text("name", manifest["name"])
        text("version", manifest["version"])
        number("schema_version", manifest["schemaVersion"])
        text("created", manifest["created"])
        text("sqlite_version", manifest["sqliteVersion"])
        text("title", manifest["title"], required: false)
        text("description", manifest["description"], required: false)
        text("tool_name", manifest["tool"]?["name"])
        text("tool_version", manifest["tool"]?["version"])
        text("source_language", manifest["sourceLanguage"])
        json("target_languages", manifest["targetLanguages"])
        text("frequencies", manifest["frequencies"])
        number("bands", manifest["bands"])
        json("counts", manifest["counts"])
        json("sources", manifest["sources"])
        json("licenses", manifest["licenses"])
        text("attribution", manifest["attribution"])

        // The header records the version of the library that last wrote the file.
        if let recorded = manifest["sqliteVersion"]?.stringValue, let number = Self.versionNumber(recorded),
           number != Self.headerVersionNumber(header) {
            problems.append("the file header says SQLite \(Self.headerVersion(header)) wrote it, the manifest says \(recorded)")
        }
        record("sqlite.metadata", name, problems: problems,
               ok: "metadata mirrors datapackage.json (name, version, schema_version, created, sqlite_version, counts, ...)")
    }

    // MARK: JSON bundle

    mutating func checkBundle() {
        guard let name = bundleName, FileManager.default.fileExists(atPath: url(name).path) else {
            let file = bundleName ?? "*.json"
            for check in ["json.valid", "json.schema", "json.header"] { skip(check, file, "no JSON bundle to check") }
            return
        }
        let data: Data
        do {
            data = try Data(contentsOf: url(name))
            let value = try LegacyJSON.parse(data)
            guard value.objectValue != nil else {
                record("json.valid", name, problems: ["the top level is \(value.brief), not an object"], ok: "")
                skip("json.schema", name, "the bundle is not a JSON object")
                skip("json.header", name, "the bundle is not a JSON object")
                return
            }
            bundle = value
            record("json.valid", name, problems: [], ok: "valid JSON")
        } catch {
            record("json.valid", name, problems: [Self.reason(error)], ok: "")
            skip("json.schema", name, "the bundle is not valid JSON")
            skip("json.header", name, "the bundle is not valid JSON")
            return
        }
        do {
            let violations = try ReleaseSchemas.bundleValidator().validate(data)
            record("json.schema", name, problems: violations.map(\.description), ok: "matches \(ReleaseSchemas.bundleFileName)")
        } catch {
            record("json.schema", name, problems: [Self.reason(error)], ok: "")
        }

        guard let manifest, let bundle else {
            skip("json.header", name, "no usable datapackage.json to compare with")
            return
        }
        var problems: [String] = []
        for key in ["name", "version", "schemaVersion", "created", "sourceLanguage", "targetLanguages", "frequencies", "bands"]
        where bundle[key] != manifest[key] {
            problems.append("\(key) is \(bundle[key]?.brief ?? "missing"), the manifest has \(manifest[key]?.brief ?? "none")")
        }
        record("json.header", name, problems: problems, ok: "header agrees with datapackage.json")
    }

    // MARK: Records

    /// Target languages: the manifest's, else the bundle's, else the database's.
    var targetLanguages: [String] {
        manifest?["targetLanguages"]?.stringsValue ?? bundle?["targetLanguages"]?.stringsValue
            ?? database?.metadata["target_languages"].flatMap { try? LegacyJSON.parse(Data($0.utf8)) }?.stringsValue ?? []
    }

    mutating func checkRecords() {
        let file = "\(databaseName ?? "*.sqlite") + \(bundleName ?? "*.json")"
        if database != nil, let name = databaseName {
            do {
                sqliteWords = try ReleaseBundle.open(url(name)).words
            } catch {
                record("records.match", file, problems: ["cannot read the words: \(Self.reason(error))"], ok: "")
                skip("records.order", databaseName ?? "*.sqlite", "the words cannot be read")
                return
            }
        }
        guard let words = sqliteWords else {
            skip("records.match", file, "the database cannot be read")
            skip("records.order", databaseName ?? "*.sqlite", "the database cannot be read")
            return
        }
        if let jsonWords = bundle?["words"]?.arrayValue {
            record("records.match", file, problems: compare(words, jsonWords),
                   ok: "\(words.count) records, same order and content in both")
        } else {
            skip("records.match", file, "no readable JSON bundle")
        }
        record("records.order", databaseName ?? "*.sqlite", problems: orderProblems(words),
               ok: "ids 1...\(words.count); ranks, frequencies and bands in release order")
    }

    func compare(_ words: [BundleWord], _ records: [LegacyJSON]) -> [String] {
        var problems: [String] = []
        if words.count != records.count {
            problems.append("SQLite has \(words.count) words, JSON has \(records.count)")
            let sqliteKeys = Set(words.map { "\($0.lemma)/\($0.partOfSpeech)" })
            let jsonKeys = Set(records.map { "\($0["name"]?.stringValue ?? "?")/\($0["pos"]?.stringValue ?? "?")" })
            let onlyJSON = jsonKeys.subtracting(sqliteKeys).sorted(), onlySQLite = sqliteKeys.subtracting(jsonKeys).sorted()
            if !onlyJSON.isEmpty { problems.append("only in JSON: \(onlyJSON.prefix(10).joined(separator: ", "))") }
            if !onlySQLite.isEmpty { problems.append("only in SQLite: \(onlySQLite.prefix(10).joined(separator: ", "))") }
        }
        if let rows = database?.searchRows, rows != words.count {
            problems.append("word_search has \(rows) rows for \(words.count) words")
        }
        let languages = targetLanguages
        for (index, (word, record)) in zip(words, records).enumerated() {
            var differences: [String] = []
            func check(_ field: String, _ sqlite: LegacyJSON, _ json: LegacyJSON?) {
                if sqlite != json { differences.append("\(field) \(sqlite.brief) vs \(json?.brief ?? "missing")") }
            }
            func strings(_ values: [String]) -> LegacyJSON { .array(values.map(LegacyJSON.string)) }
            func optional(_ value: String?) -> LegacyJSON { value.map(LegacyJSON.string) ?? .null }
            func number<T: BinaryInteger>(_ value: T?) -> LegacyJSON { value.map { .number(Double($0)) } ?? .null }

            if word.id != index + 1 { differences.append("SQLite id \(word.id) at position \(index + 1)") }
            check("lemma/name", .string(word.lemma), record["name"])
            check("pos", .string(word.partOfSpeech), record["pos"])
            check("frequency/freq", number(word.frequency), record["freq"])
            check("rank", number(word.rank), record["rank"])
            check("band", number(word.band), record["band"])
            check("definition", optional(word.definition), record["definition"])
            check("synonyms", strings(word.synonyms), record["synonyms"])
            check("examples/sentences", strings(word.examples), record["sentences"])
            check("source_lemma/sourceLemma", .string(word.sourceLemma), record["sourceLemma"])
            let translations = record["translations"]?.objectValue ?? [:]
            if Set(translations.keys) != Set(languages) {
                differences.append("JSON translations have languages [\(translations.keys.sorted().joined(separator: ", "))], expected [\(languages.joined(separator: ", "))]")
            }
            for language in languages {
                check("translations.\(language)", strings(word.translations[language] ?? []), translations[language])
            }
            for language in word.translations.keys where !languages.contains(language) {
                differences.append("SQLite has translations into \(language), not a target language")
            }
            let provenance = record["provenance"]
            check("lexicon", .string(word.lexicon), provenance?["lexicon"])
            check("entry_id", .string(word.entryId), provenance?["entry"])
            check("sense_id", .string(word.senseId), provenance?["sense"])
            check("synset_id", .string(word.synsetId), provenance?["synset"])
            check("ili", optional(word.ili), provenance?["ili"])
            check("sense_rank", number(word.senseRank), provenance?["senseRank"])
            if !differences.isEmpty {
                problems.append("record \(index + 1) (\(word.lemma)/\(word.partOfSpeech)): \(differences.joined(separator: ", "))")
            }
        }
        return problems
    }

    func orderProblems(_ words: [BundleWord]) -> [String] {
        var problems: [String] = []
        let declaredBands = manifest?["bands"]?.intValue.map(Int.init) ?? bundle?["bands"]?.intValue.map(Int.init)
        let frequencies = manifest?["frequencies"]?.stringValue ?? bundle?["frequencies"]?.stringValue
        let count = words.count
        for (index, word) in words.enumerated() {
            let position = index + 1
            if word.id != position { problems.append("word \(word.lemma)/\(word.partOfSpeech) has id \(word.id) at position \(position)") }
            if let bands = declaredBands {
                let used = max(1, min(bands, count))
                let expected = index * used / max(count, 1) + 1
                if word.band != expected {
                    problems.append("word \(position) (\(word.lemma)) is in band \(word.band), expected \(expected) of \(used)")
                }
            }
            switch frequencies {
            case "counts":
                if word.rank != position { problems.append("word \(position) (\(word.lemma)) has rank \(word.rank.map(String.init) ?? "null")") }
                if word.frequency == nil { problems.append("word \(position) (\(word.lemma)) has no frequency") }
                if index > 0, let previous = words[index - 1].frequency, let frequency = word.frequency, frequency > previous {
                    problems.append("word \(position) (\(word.lemma)) is more frequent (\(frequency)) than the word before it (\(previous))")
                }
            case "bands":
                if word.rank != nil || word.frequency != nil {
                    problems.append("word \(position) (\(word.lemma)) publishes a rank or frequency though the release publishes bands only")
                }
                if index > 0 {
                    let previous = words[index - 1]
                    let before = (previous.band, previous.lemma), here = (word.band, word.lemma)
                    let posBefore = PartOfSpeech(rawValue: previous.partOfSpeech), posHere = PartOfSpeech(rawValue: word.partOfSpeech)
                    if here < before || (here == before && posBefore != nil && posHere != nil && posHere! < posBefore!) {
                        problems.append("word \(position) (\(word.lemma)) is out of band, lemma order")
                    }
                }
            default:
                break
            }
        }
        return problems
    }

    // MARK: Counts

    mutating func checkCounts() {
        guard let counts = manifest?["counts"] else {
            skip("counts.match", Self.manifestName, "no counts in a usable datapackage.json")
            return
        }
        guard let words = sqliteWords else {
            skip("counts.match", Self.manifestName, "no readable records to count")
            return
        }
        var problems: [String] = []
        if counts["words"]?.intValue != Int64(words.count) {
            problems.append("counts.words is \(counts["words"]?.brief ?? "missing"), the release has \(words.count) words")
        }
        var perPart: [String: Int64] = [:]
        for word in words { perPart[word.partOfSpeech, default: 0] += 1 }
        let recordedParts = counts["partsOfSpeech"]?.objectValue ?? [:]
        for part in Set(perPart.keys).union(recordedParts.keys).sorted() {
            let recorded = recordedParts[part]?.intValue ?? 0
            if recorded != perPart[part] ?? 0 {
                problems.append("counts.partsOfSpeech.\(part) is \(recorded), the release has \(perPart[part] ?? 0)")
            }
        }
        let languages = targetLanguages
        let recordedTranslated = counts["translated"]?.objectValue ?? [:]
        for language in Set(languages).union(recordedTranslated.keys).sorted() {
            let actual = Int64(words.filter { !($0.translations[language] ?? []).isEmpty }.count)
            let recorded = recordedTranslated[language]?.intValue ?? 0
            if !languages.contains(language) {
                problems.append("counts.translated has \(language), not a target language")
            } else if recorded != actual {
                problems.append("counts.translated.\(language) is \(recorded), the release has \(actual) translated words")
            }
        }
        let moved = Int64(words.filter { $0.senseRank != 1 }.count)
        if let recorded = counts["senseMoved"]?.intValue, recorded != moved {
            problems.append("counts.senseMoved is \(recorded), the release has \(moved) words with another sense than the first")
        }
        record("counts.match", Self.manifestName, problems: problems,
               ok: "words, parts of speech, translated per language and senseMoved agree with the records")
    }

    // MARK: Helpers

    static func reason(_ error: Error) -> String {
        if let error = error as? VocabError { return error.reason }
        if let error = error as? DatabaseError { return "SQLite: \(error.message ?? "\(error.resultCode)")" }
        return "\(error)"
    }

    static func hex(_ value: Int32) -> String { "0x" + String(UInt32(bitPattern: value), radix: 16, uppercase: true) }

    /// SQLITE_VERSION_NUMBER of the library that last wrote the file (header offset 96).
    static func headerVersionNumber(_ header: Data) -> Int {
        let bytes = [UInt8](header)
        guard bytes.count >= 100 else { return 0 }
        return Int(bytes[96]) << 24 | Int(bytes[97]) << 16 | Int(bytes[98]) << 8 | Int(bytes[99])
    }

    static func headerVersion(_ header: Data) -> String {
        let number = headerVersionNumber(header)
        return "\(number / 1_000_000).\(number / 1000 % 1000).\(number % 1000)"
    }

    /// `3.40.1` → 3040001.
    static func versionNumber(_ text: String) -> Int? {
        let parts = text.split(separator: ".").compactMap { Int($0) }
        guard parts.count >= 3 else { return nil }
        return parts[0] * 1_000_000 + parts[1] * 1000 + parts[2]
    }
}
