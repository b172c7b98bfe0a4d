import VocabCore

/// The database's `metadata` table: the manifest's facts as key/value text, so that the
/// database alone tells what it is. Built from the manifest, so the two always agree.
///
/// | key | value |
/// |---|---|
/// | `name`, `version` | dataset name and semantic version |
/// | `title`, `description` | when the config sets them |
/// | `schema_version` | ``ReleaseSchema/version`` |
/// | `tool_name`, `tool_version` | `ToolInfo` |
/// | `sqlite_version` | `sqlite_version()` of the writer |
/// | `created` | ISO 8601 UTC to the second |
/// | `source_language` | `en` |
/// | `target_languages` | JSON array, configuration order |
/// | `counts` | JSON object (sorted keys) |
/// | `sources`, `licenses` | JSON arrays, as in `datapackage.json` |
/// | `attribution` | the attribution lines the app must show, one per line |
/// | `frequencies` | `counts` (exact frequencies and ranks published) or `bands` |
/// | `bands` | the number of frequency bands |
public enum ReleaseMetadata {
    /// Keys whose value is JSON text.
    public static let jsonKeys: Set<String> = ["target_languages", "counts", "sources", "licenses"]

    /// The table's rows for `manifest`, sorted by key (the order they are inserted in).
    public static func rows(for manifest: DataPackage) throws -> [(key: String, value: String)] {
        let encoder = JSONValueEncoder()
        var rows: [(key: String, value: String)] = [
            ("name", manifest.name),
            ("version", manifest.version),
            ("schema_version", String(manifest.schemaVersion)),
            ("tool_name", manifest.tool.name),
            ("tool_version", manifest.tool.version),
            ("sqlite_version", manifest.sqliteVersion),
            ("created", manifest.created),
            ("source_language", manifest.sourceLanguage),
            ("target_languages", JSONValue.strings(manifest.targetLanguages).compact),
            ("counts", try encoder.encode(manifest.counts).compact),
            ("sources", try encoder.encode(manifest.sources).compact),
            ("licenses", try encoder.encode(manifest.licenses).compact),
            ("attribution", manifest.attribution),
            ("frequencies", manifest.frequencies.rawValue),
            ("bands", String(manifest.bands)),
        ]
        if let title = manifest.title { rows.append(("title", title)) }
        if let description = manifest.description { rows.append(("description", description)) }
        return rows.sorted { $0.key < $1.key }
    }
}
