import Foundation
import VocabCore
import VocabJSON

/// The JSON bundle, `<name>.json`: one JSON object (not JSON Lines), the release's header, then
/// `words`, the array of records, each written on a line of its own.
///
/// ```json
/// {
///   "name": "en-es-3000",
///   "version": "1.0.0",
///   "schemaVersion": 1,
///   "created": "2025-01-31T12:00:00Z",
///   "sourceLanguage": "en",
///   "targetLanguages": ["es"],
///   "frequencies": "counts",
///   "bands": 20,
///   "words": [
///     {"name":"time","pos":"noun","freq":1,"rank":1,"band":1,...}
///   ]
/// }
/// ```
package struct BundleDocument: Codable, Sendable, Equatable {
    /// The dataset name, as in the manifest.
    package var name: String
    /// The dataset version, as in the manifest.
    package var version: String
    /// ``ReleaseSchema/version``, as in the manifest and `PRAGMA user_version`.
    package var schemaVersion: Int
    /// ISO 8601 in UTC to the second, as in the manifest.
    package var created: String
    /// BCP 47 tag of the words' language (`en`).
    package var sourceLanguage: String
    /// The translation languages, in configuration order.
    package var targetLanguages: [String]
    /// Whether `freq` and `rank` are published (`counts`) or `null` (`bands`).
    package var frequencies: DataPackage.FrequencyPolicy
    /// The number of frequency bands.
    package var bands: Int
    /// In release order; ids are positions from 1.
    package var words: [ReleaseWord]

    /// The header keys, in the order they are written.
    package static let headerKeys = [
        "name", "version", "schemaVersion", "created", "sourceLanguage", "targetLanguages", "frequencies", "bands",
    ]

    /// The bundle of a release whose manifest is `manifest`.
    package init(manifest: DataPackage, words: [ReleaseWord]) {
        name = manifest.name
        version = manifest.version
        schemaVersion = manifest.schemaVersion
        created = manifest.created
        sourceLanguage = manifest.sourceLanguage
        targetLanguages = manifest.targetLanguages
        frequencies = manifest.frequencies
        bands = manifest.bands
        self.words = words
    }

    enum CodingKeys: String, CodingKey {
        case name, version, schemaVersion, created, sourceLanguage, targetLanguages, frequencies, bands, words
    }

    /// Decodes a bundle, numbering its words from 1 and putting each word's translations in
    /// target-language order (languages that are not targets after them).
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        version = try c.decode(String.self, forKey: .version)
        schemaVersion = try c.decode(Int.self, forKey: .schemaVersion)
        created = try c.decode(String.self, forKey: .created)
        sourceLanguage = try c.decode(String.self, forKey: .sourceLanguage)
        targetLanguages = try c.decode([String].self, forKey: .targetLanguages)
        frequencies = try c.decode(DataPackage.FrequencyPolicy.self, forKey: .frequencies)
        bands = try c.decode(Int.self, forKey: .bands)
        let languages = targetLanguages
        words = try c.decode([ReleaseWord].self, forKey: .words).enumerated().map { index, word in
            var word = word
            word.id = index + 1
            let rank = { (language: String) in languages.firstIndex(of: language) ?? languages.count }
            word.translations = word.translations.stablySorted { rank($0.language) < rank($1.language) }
            return word
        }
    }

    /// The document as written: the header one key per line, then one word per line.
    package func rendered() throws -> Data {
        var headerOnly = self
        headerOnly.words = []
        let header = try JSONValueEncoder().encode(headerOnly)
        var out = "{\n"
        out.reserveCapacity(512 * (words.count + 1))
        for key in Self.headerKeys {
            out += "  "
            JSONValue.writeString(key, into: &out)
            out += ": "
            header[key]!.writeCompact(into: &out)
            out += ",\n"
        }
        if words.isEmpty {
            out += "  \"words\": []\n}\n"
            return Data(out.utf8)
        }
        out += "  \"words\": [\n"
        // The records as bytes (``BundleRecordWriter``): what the Codable path writes for each.
        var bytes = Array(out.utf8)
        bytes.reserveCapacity(512 * (words.count + 1))
        for (index, word) in words.enumerated() {
            bytes += "    ".utf8
            BundleRecordWriter.write(word, into: &bytes)
            bytes += (index + 1 < words.count ? ",\n" : "\n").utf8
        }
        bytes += "  ]\n}\n".utf8
        return Data(bytes)
    }
}
