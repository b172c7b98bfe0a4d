import Foundation
import ReleaseFormat
import VocabCore
import VocabJSON

/// SQLite file-header helpers.
enum SQLiteHeader {
    /// SQLITE_VERSION_NUMBER of the library that last wrote the file (header offset 96).
    static func versionNumber(_ header: Data) -> Int {
        let bytes = [UInt8](header)
        guard bytes.count >= 100 else { return 0 }
        return Int(bytes[96]) << 24 | Int(bytes[97]) << 16 | Int(bytes[98]) << 8 | Int(bytes[99])
    }

    static func version(_ header: Data) -> String {
        let number = versionNumber(header)
        return "\(number / 1_000_000).\(number / 1000 % 1000).\(number % 1000)"
    }

    /// `3.40.1` → 3040001.
    static func versionNumber(_ text: String) -> Int? {
        let parts = text.split(separator: ".").compactMap { Int($0) }
        guard parts.count >= 3 else { return nil }
        return parts[0] * 1_000_000 + parts[1] * 1000 + parts[2]
    }

    static func hex(_ value: Int32) -> String { "0x" + String(UInt32(bitPattern: value), radix: 16, uppercase: true) }
}

extension ValidationCheck {
    static let sqliteFile = ValidationCheck("sqlite.file", "the database is a regular file with a SQLite header and opens read-only") { context in
        context.release.whenOpens(missing: "no SQLite resource to check") { name, header in
            .ok(name, "SQLite \(SQLiteHeader.version(header)) database, opens read-only")
        }
    }

    static let sqliteApplicationID = ofDatabase("sqlite.application-id", "PRAGMA application_id is \"Voca\"") { file, name in
        let expected = ReleaseSchema.applicationID, actual = file.readFacts.applicationID
        return .result(name, problems: actual == expected ? [] : [
            "application_id is \(SQLiteHeader.hex(actual)), expected \(SQLiteHeader.hex(expected)) (\"Voca\")",
        ], ok: "application_id \(SQLiteHeader.hex(expected)) (\"Voca\")")
    }

    static let sqliteUserVersion = ofDatabase(
        "sqlite.user-version", "PRAGMA user_version is the schema version this tool reads and the manifest's schemaVersion"
    ) { file, name in
        let version = file.readFacts.userVersion
        var problems: [String] = []
        if version != ReleaseSchema.version {
            problems.append("user_version is \(version), this tool reads schema version \(ReleaseSchema.version)")
        }
        if case .success(let manifest) = file.context.manifestValue, let recorded = manifest["schemaVersion"],
           recorded.int64Value != Int64(version) {
            problems.append("user_version is \(version), datapackage.json schemaVersion is \(recorded.brief)")
        }
        return .result(name, problems: problems, ok: "user_version \(version) = schemaVersion")
    }

    static let sqliteJournalMode = ValidationCheck("sqlite.journal-mode", "the header says rollback journal, not WAL") { context in
        guard let name = context.databaseName, context.isRegularFile(name), context.hasSQLiteHeader,
              let header = context.databaseHeader
        else { return .skip(context.databaseName ?? "*.sqlite", "no SQLite database to check") }
        // Header bytes 18 and 19: file format write and read versions, 1 = rollback journal, 2 = WAL.
        let write = header[header.startIndex + 18], read = header[header.startIndex + 19]
        return .result(name, problems: (write == 2 || read == 2) ? [
            "the database is in WAL mode (header bytes 18-19 = \(write), \(read)); the app opens it read-only and needs journal_mode DELETE",
        ] : [], ok: "rollback journal (not WAL)")
    }

    static let sqliteTables = ofDatabase(
        "sqlite.tables", "sqlite_master holds exactly the schema's tables, indexes and full-text tables, with their columns",
        tablesResult)

    /// The schema check of a database file of the release (`name`): the objects and columns its schema states.
    static func tablesResult(_ file: DatabaseFile, _ name: String) -> CheckResult {
        let facts = file.readFacts
        var problems: [String] = []
        let actual = Dictionary(facts.objects.map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
        for object in file.schema.objects {
            let label = "\(object.type) \(object.name)"
            guard let found = actual[label] else {
                problems.append("\(label) is missing")
                continue
            }
            if found.sql != object.createStatement { problems.append("\(label) is defined differently from the emitter's") }
        }
        let expected = Set(file.schema.objects.map { "\($0.type) \($0.name)" })
        for object in facts.objects where !expected.contains(object.label) && !file.schema.isDerived(object.name) {
            problems.append("unexpected \(object.label)")
        }
        for table in file.schema.tables {
            guard let columns = facts.columns[table.name] else { continue }
            // Each column the format has, by name: missing or declared otherwise; then any other column.
            let declared = Dictionary(columns.map { ($0.name.lowercased(), $0.type) }, uniquingKeysWith: { first, _ in first })
            for column in table.columns {
                guard let type = declared[column.name.lowercased()] else {
                    problems.append("\(table.name), column \(column.name): no such column (the release format has it)")
                    continue
                }
                if type.uppercased() != column.type.rawValue {
                    problems.append("\(table.name), column \(column.name): declared \(type.isEmpty ? "without a type" : type), the release format says \(column.type.rawValue)")
                }
            }
            for column in columns where table.column(column.name) == nil {
                problems.append("\(table.name), column \(column.name): not in the release format")
            }
            let found = columns.map(\.name), wanted = table.columns.map(\.name)
            if Set(found) == Set(wanted), found != wanted {
                problems.append("\(table.name) has its columns in another order (\(found.joined(separator: ", "))), expected (\(wanted.joined(separator: ", ")))")
            }
        }
        let tables = file.schema.objects.filter { $0.type == "table" }.map(\.name)
        return .result(name, problems: problems,
                       ok: "schema as the emitter writes it (\(tables.joined(separator: ", ")), indexes, FTS shadow tables)")
    }

    static let sqliteIntegrity = ofDatabase("sqlite.integrity", "PRAGMA integrity_check is ok") { file, name in
        let integrity = file.readFacts.integrity
        return .result(name, problems: integrity == ["ok"] ? [] : integrity.map { "integrity_check: \($0)" }, ok: "integrity_check ok")
    }

    static let sqliteForeignKeys = ofDatabase("sqlite.foreign-keys", "PRAGMA foreign_key_check is empty") { file, name in
        let facts = file.readFacts
        var problems = facts.foreignKeyViolations
        if facts.foreignKeyViolationCount > problems.count {
            problems.insert("\(facts.foreignKeyViolationCount) rows break a foreign key", at: 0)
        }
        return .result(name, problems: problems, ok: "foreign_key_check empty")
    }

    static let sqliteMetadata = ofDatabase(
        "sqlite.metadata", "the metadata table mirrors the manifest, and the header's SQLite version is the manifest's",
        metadataResult)

    /// The metadata check of a database file of the release (`name`): its `metadata` rows are the manifest's.
    static func metadataResult(_ file: DatabaseFile, _ name: String) -> CheckResult {
        let context = file.context
        guard case .success = context.manifestValue else { return .skip(name, "no usable datapackage.json to compare with") }
        guard let manifest = context.manifest, let expected = try? ReleaseMetadata.rows(for: manifest) else {
            return .skip(name, "datapackage.json does not have the manifest's shape (see manifest.schema)")
        }
        let metadata = file.readFacts.metadata
        var problems: [String] = []
        if metadata.isEmpty { problems.append("the metadata table is missing or empty") }
        for (key, value) in expected {
            guard let recorded = metadata[key] else {
                problems.append("metadata has no \(key); the manifest has \(JSONValue.string(value).brief)")
                continue
            }
            if ReleaseMetadata.jsonKeys.contains(key) {
                guard let parsed = try? JSONValue.parse(recorded) else {
                    problems.append("metadata \(key) is not valid JSON")
                    continue
                }
                if parsed != (try? JSONValue.parse(value)) { problems.append("metadata \(key) differs from the manifest's \(key)") }
            } else if recorded != value {
                problems.append("metadata \(key) is \(JSONValue.string(recorded).brief), the manifest has \(JSONValue.string(value).brief)")
            }
        }
        let keys = Set(expected.map(\.key))
        for key in metadata.keys.stablySorted() where !keys.contains(key) {
            problems.append("metadata has \(key), which the manifest does not")
        }
        if let header = file.header, let number = SQLiteHeader.versionNumber(manifest.sqliteVersion),
           number != SQLiteHeader.versionNumber(header) {
            problems.append("the file header says SQLite \(SQLiteHeader.version(header)) wrote it, the manifest says \(manifest.sqliteVersion)")
        }
        return .result(name, problems: problems,
                       ok: "metadata mirrors datapackage.json (name, version, schemaVersion, created, sqliteVersion, counts, ...)")
    }
}
