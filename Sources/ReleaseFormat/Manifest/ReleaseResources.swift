import Foundation
import VocabCore

/// The manifest's `resources`, derived from the schemas: one resource per table of each
/// database file (its dialect names the table, its Table Schema the columns), then the JSON
/// bundle's records. Tables of one file share its path, size and hash.
package enum ReleaseResources {
    /// A file of the release as written: its name in the folder, size and SHA-256.
    package struct WrittenFile: Sendable, Equatable {
        /// The file name.
        package var path: String
        /// Size in bytes.
        package var bytes: Int64
        /// Lower-case hex SHA-256.
        package var sha256: String
    }

    /// The name of the resource of `table` of the release database (`<dataset>-words`), or of
    /// the dictionary when `dictionary` (`<dataset>-dictionary-entries`).
    package static func name(dataset: String, table: String, dictionary: Bool = false) -> String {
        dictionary ? "\(dataset)-dictionary-\(table)" : "\(dataset)-\(table)"
    }

    /// The JSON bundle's resource name.
    package static func bundleName(dataset: String) -> String { "\(dataset)-bundle" }

    /// Every resource of a release of `dataset` with `bands` bands.
    package static func resources(
        dataset: String, bands: Int, database: WrittenFile, bundle: WrittenFile, dictionary: WrittenFile?
    ) -> [DataPackage.Resource] {
        func tables(_ schema: DatabaseSchema, file: WrittenFile, isDictionary: Bool) -> [DataPackage.Resource] {
            schema.tables.map { table in
                DataPackage.Resource(
                    name: name(dataset: dataset, table: table.name, dictionary: isDictionary), path: file.path,
                    format: "sqlite", mediatype: "application/vnd.sqlite3", encoding: nil, dialect: .table(table.name),
                    bytes: file.bytes, sha256: file.sha256,
                    schema: TableSchema(table, bands: bands) { name(dataset: dataset, table: $0, dictionary: isDictionary) })
            }
        }
        return tables(ReleaseSchema.database, file: database, isDictionary: false)
            + [DataPackage.Resource(
                name: bundleName(dataset: dataset), path: bundle.path, format: "json", mediatype: "application/json",
                encoding: "utf-8", dialect: DataPackage.Dialect(property: "words", itemType: "object"),
                bytes: bundle.bytes, sha256: bundle.sha256, schema: .bundleWords(bands: bands))]
            + (dictionary.map { tables(DictionarySchema.database, file: $0, isDictionary: true) } ?? [])
    }
}

extension ReleaseResources.WrittenFile {
    /// The file at `url` as the emitter wrote it: its name, size and SHA-256.
    package init(describing url: URL) throws(FileReadError) {
        let (bytes, hex) = try Checksum.sha256(of: url)
        self.init(path: url.lastPathComponent, bytes: bytes, sha256: hex)
    }

    /// The file a manifest's resource lists: its path, size and SHA-256.
    package init(listedIn resource: DataPackage.Resource) {
        self.init(path: resource.path, bytes: resource.bytes, sha256: resource.sha256)
    }
}
