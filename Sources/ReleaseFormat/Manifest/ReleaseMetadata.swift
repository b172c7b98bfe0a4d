import VocabCore
import VocabJSON

/// The `metadata` table of both database files: the manifest's facts as key/value text, under
/// the manifest's own key names, so that a database alone tells what it is. Built from the
/// manifest, so the two always agree.
///
/// | key | value |
/// |---|---|
/// | `name`, `version` | dataset name and semantic version |
/// | `title`, `description` | when the config sets them |
/// | `created` | ISO 8601 UTC to the second |
/// | `schemaVersion` | ``ReleaseSchema/version`` |
/// | `tool` | JSON object: `name`, `version` |
/// | `sqliteVersion` | `sqlite_version()` of the writer |
/// | `sourceLanguage` | `en` |
/// | `targetLanguages` | JSON array, configuration order |
/// | `frequencies` | `counts` (exact frequencies and ranks published) or `bands` |
/// | `bands` | the number of frequency bands |
/// | `frequencyDecimalPlaces` | when set: `freq` is in units of the list's last decimal place (`frequency.decimalPlaces`) |
/// | `licenses`, `sources` | JSON arrays, as in `datapackage.json` |
/// | `licenseExpression` | the release's licence, an SPDX expression (`CC-BY-SA-4.0`) |
/// | `attribution` | the attribution lines the app must show, one per line |
/// | `counts` | JSON object (sorted keys) |
/// | `pronunciationEngine` | JSON object (`name`, `version`, `voice`, `voiceIdentifier`), when pronunciations were generated |
/// | `searchFolding` | JSON object (`engine`, `version`, `collations`: `language`, `rules`, `version` each): the collation `searchFolded` was folded by (schema 9) |
package enum ReleaseMetadata {
    /// Keys whose value is JSON text.
    package static let jsonKeys: Set<String> = ["tool", "targetLanguages", "licenses", "sources", "counts", "pronunciationEngine", "searchFolding"]

    /// The table's rows for `manifest`, sorted by key (the order they are inserted in).
    package static func rows(for manifest: DataPackage) throws -> [(key: String, value: String)] {
        let encoder = JSONValueEncoder()
        var rows: [(key: String, value: String)] = [
            ("name", manifest.name),
            ("version", manifest.version),
            ("created", manifest.created),
            ("schemaVersion", String(manifest.schemaVersion)),
            ("tool", try encoder.encode(manifest.tool).compact),
            ("sqliteVersion", manifest.sqliteVersion),
            ("sourceLanguage", manifest.sourceLanguage),
            ("targetLanguages", JSONValue.strings(manifest.targetLanguages).compact),
            ("frequencies", manifest.frequencies.rawValue),
            ("bands", String(manifest.bands)),
            ("licenses", try encoder.encode(manifest.licenses).compact),
            ("licenseExpression", manifest.licenseExpression),
            ("attribution", manifest.attribution),
            ("sources", try encoder.encode(manifest.sources).compact),
            ("counts", try encoder.encode(manifest.counts).compact),
        ]
        if let title = manifest.title { rows.append(("title", title)) }
        if let description = manifest.description { rows.append(("description", description)) }
        if let places = manifest.frequencyDecimalPlaces { rows.append(("frequencyDecimalPlaces", String(places))) }
        if let engine = manifest.pronunciationEngine { rows.append(("pronunciationEngine", try encoder.encode(engine).compact)) }
        if let folding = manifest.searchFolding { rows.append(("searchFolding", try encoder.encode(folding).compact)) }
        return rows.stablySorted { $0.key < $1.key }
    }
}
