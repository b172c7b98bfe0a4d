/// The file names and identities of a published release folder, `<output>/<name>-<version>/`,
/// and of the build's report folder beside it.
package enum ReleaseFiles {
    /// The Frictionless Data Package manifest, written last.
    package static let manifest = "datapackage.json"

    /// `<name>.sqlite`: the database the app ships.
    package static func database(_ name: String) -> String { "\(name).sqlite" }

    /// `<name>-dictionary.sqlite`: every entry of the source lexicon, when the config enables it.
    package static func dictionary(_ name: String) -> String { "\(name)-dictionary.sqlite" }

    /// `ATTRIBUTION.md`: the release's licence, why, and the attribution every source asks for.
    package static let attribution = "ATTRIBUTION.md"

    /// `metadata.json`: the release as Datasette shows it (``DatasetteMetadata``), beside the
    /// manifest, not a resource.
    package static let datasetteMetadata = "metadata.json"

    /// The name Datasette gives the database file `file` (its name without `.sqlite`).
    package static func databaseName(_ file: String) -> String {
        file.hasSuffix(".sqlite") ? String(file.dropLast(".sqlite".count)) : file
    }

    /// `<name>.json`: the same words as JSON.
    package static func bundle(_ name: String) -> String { "\(name).json" }

    /// The release folder's name, `<name>-<version>`.
    package static func folder(name: String, version: String) -> String { "\(name)-\(version)" }

    /// The report folder's name beside the release folder, `<name>-<version>.report`: the
    /// build's diagnostics, for CI logs, never part of the release.
    package static func reportFolder(release folderName: String) -> String { "\(folderName).report" }
}
