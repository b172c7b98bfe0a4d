import Foundation
import VocabCore
import VocabJSON

/// `datapackage.json`: the Frictionless Data Package manifest of a release, written last, with
/// the size and SHA-256 of every other file. Encoded (through `JSONValueEncoder`) with its keys
/// in declaration order, absent optional keys left out; `counts` and `config` come with their
/// keys sorted (`ReleaseCounts` declares its figures in that order; the config is sorted here).
package struct DataPackage: Codable, Sendable, Equatable {
    /// The Frictionless profile, always `data-package`.
    package var profile: String
    /// The dataset name (`dataset.name`), a Frictionless package name.
    package var name: String
    /// The dataset's semantic version (`dataset.version`).
    package var version: String
    /// `dataset.title`; left out when the config has none.
    package var title: String?
    /// `dataset.description`; left out when the config has none.
    package var description: String?
    /// ISO 8601 in UTC to the second.
    package var created: String
    /// = `PRAGMA user_version` of the database.
    package var schemaVersion: Int
    /// The tool that built the release, and its version.
    package var tool: Tool
    /// `sqlite_version()` of the writer (the database header depends on it).
    package var sqliteVersion: String
    /// The engine that generated the cards' pronunciations without one in the lexicon (its
    /// version and voice: the same give the same transcriptions); absent when none was generated.
    package var pronunciationEngine: PronunciationEngine?
    /// The collation the folded search column was made with (ICU's version, each language's
    /// collator: ``SearchFolding``); absent in a release made before schema 9.
    package var searchFolding: SearchFoldingDescription?
    /// BCP 47 tag of the words' language: the source lexicon's `language`.
    package var sourceLanguage: String
    /// The translation languages, in configuration order.
    package var targetLanguages: [String]
    /// Whether exact frequencies and ranks are published (`counts`) or bands only (`bands`).
    package var frequencies: FrequencyPolicy
    /// The number of frequency bands (1 to ``ReleaseSchema/maximumBands``).
    package var bands: Int
    /// How many decimal places the list's frequencies had (`frequency.decimalPlaces`, 1 to 9): a
    /// published `freq` is then in units of the last place (wordfreq's 64600.0000 per million,
    /// with 4, is 646000000); absent for whole-number frequencies.
    package var frequencyDecimalPlaces: Int?
    /// The release's licences: those its computed SPDX expression names (``ReleaseLicense``).
    package var licenses: [License]
    /// The release's licence as an SPDX expression (`CC-BY-SA-4.0`); see `ATTRIBUTION.md`.
    package var licenseExpression: String
    /// The attribution lines the app must show, joined by line breaks.
    package var attribution: String
    /// Every input of the build: the frequency list, the lemmatizer's Hunspell files and lemma
    /// table, the stop list, the sense pins, the source lexicon, the translation lexicons, the
    /// gloss lexicon.
    package var sources: [Source]
    /// The release's files (not the manifest itself): one resource per table of each database
    /// file, then the JSON bundle, each with its Table Schema.
    package var resources: [Resource]
    /// The build's figures.
    package var counts: ReleaseCounts
    /// The effective pipeline config, as the release records it: without where the build's
    /// folders were (`corpus`, `output`), its files named as in `sources`.
    package var config: JSONValue

    /// Whether the release publishes exact frequencies and ranks, or bands only.
    package enum FrequencyPolicy: String, Codable, Sendable {
        /// `counts`: frequencies and ranks published; `bands`: bands only, the words in band order.
        case counts, bands
    }

    /// The tool that wrote the release (`ToolInfo`).
    package struct Tool: Codable, Sendable, Equatable {
        /// `vocab-pipeline`.
        package var name: String
        /// The tool's version.
        package var version: String
    }

    /// A licence: SPDX-style name, URL and title, each when known.
    package struct License: Codable, Sendable, Equatable {
        /// SPDX-style short name (`CC-BY-4.0`).
        package var name: String?
        /// URL of the licence text.
        package var path: String?
        /// The licence's title, or its terms in words.
        package var title: String?
    }

    /// One input file of the build (Frictionless `sources`).
    package struct Source: Codable, Sendable, Equatable {
        /// The source's title; the lexicon's `id:version`, or the path, when it has none.
        package var title: String
        /// The path as the config gives it, relative to the corpus folder (a source) or the config
        /// file's folder (a maintainer's file); a file outside it by its identity:
        /// `system:<package>/<file name>`, or `sha256:<hex>` when no Debian package installed it.
        package var path: String
        /// Size in bytes, as stored (compressed, for `.gz`).
        package var bytes: Int64
        /// Lower-case hex SHA-256 of the file as stored.
        package var sha256: String
        /// `sha256:<hex>`.
        package var hash: String
        /// What the file is to the build (`frequency`, `morphology`, `lemmatable`, `stoplist`,
        /// `sensepins`, `lexicon`, `translation`, `gloss`).
        package var role: SourceFile.Role
        /// The Debian package that installed a file outside the corpus and config folders (its
        /// name, and its version when known); left out otherwise.
        package var package: DebianPackage?
        /// `id:version` of the lexicon read from the file, for lexicons.
        package var lexicon: String?
        /// The lexicon's language, for lexicons.
        package var language: String?
        /// The source's licence; left out when nothing is known of it.
        package var license: License?
        /// The attribution line the source asks for.
        package var attribution: String?
        /// The archive the file was unpacked from, when the config names one (its `archive`): the
        /// member's path inside it, the archive's size and SHA-256; left out otherwise.
        package var archive: SourceArchive?
    }

    /// One resource of the release: a table of a database file, or the JSON bundle.
    package struct Resource: Codable, Sendable, Equatable {
        /// The resource name: `<name>-<table>` for a table of the release database,
        /// `<name>-dictionary-<table>` for one of the dictionary, `<name>-bundle` for the JSON.
        package var name: String
        /// File name, relative to the release folder (the tables of one database share it).
        package var path: String
        /// `sqlite` or `json`.
        package var format: String
        /// `application/vnd.sqlite3` or `application/json`.
        package var mediatype: String
        /// `utf-8` for text resources.
        package var encoding: String?
        /// Where in the file the table is: the SQLite table, or the JSON property holding the records.
        package var dialect: Dialect?
        /// Size in bytes.
        package var bytes: Int64
        /// Lower-case hex SHA-256 of the file.
        package var sha256: String
        /// `sha256:<hex>`.
        package var hash: String
        /// The Frictionless Table Schema of the table (or of the bundle's records).
        package var schema: TableSchema?

        /// The resource entry of a file with this content.
        package init(
            name: String, path: String, format: String, mediatype: String, encoding: String?, dialect: Dialect? = nil,
            bytes: Int64, sha256: String, schema: TableSchema? = nil
        ) {
            self.name = name
            self.path = path
            self.format = format
            self.mediatype = mediatype
            self.encoding = encoding
            self.dialect = dialect
            self.bytes = bytes
            self.sha256 = sha256
            self.hash = "sha256:\(sha256)"
            self.schema = schema
        }
    }

    /// A Table Dialect (Data Package v2): the SQLite table of a resource, or the JSON property
    /// holding its records as objects.
    package struct Dialect: Codable, Sendable, Equatable {
        /// The SQLite table.
        package var table: String?
        /// The JSON property holding the records (`words`).
        package var property: String?
        /// `object`: each record is a JSON object.
        package var itemType: String?

        /// The dialect of a SQLite table.
        package static func table(_ name: String) -> Dialect { Dialect(table: name) }
    }

    /// The manifest of a release described by `release`, whose files are `resources`.
    package init(_ release: ReleaseDescription, sqliteVersion: String, searchFolding: SearchFoldingDescription?, resources: [Resource]) {
        profile = "data-package"
        name = release.name
        version = release.version
        title = release.title
        description = release.description
        created = release.createdTimestamp
        schemaVersion = Int(ReleaseSchema.version)
        tool = Tool(name: ToolInfo.name, version: ToolInfo.version)
        self.sqliteVersion = sqliteVersion
        pronunciationEngine = release.pronunciationEngine
        self.searchFolding = searchFolding
        sourceLanguage = release.sourceLanguage
        targetLanguages = release.targetLanguages
        frequencies = release.publishesCounts ? .counts : .bands
        bands = release.bands
        frequencyDecimalPlaces = release.frequencyDecimalPlaces
        licenses = release.license?.licenses ?? Self.distinctLicenses(release.sources)
        licenseExpression = release.license?.expression
            ?? (licenses.compactMap(\.name).isEmpty ? "NOASSERTION" : licenses.compactMap(\.name).joined(separator: " AND "))
        attribution = Self.attributionLines(release.attribution).joined(separator: "\n")
        sources = release.sources.map(Source.init)
        self.resources = resources
        counts = release.counts
        config = release.config.sortingKeys()
    }

    /// The manifest as written: pretty-printed, keys in order, a final line break.
    package func rendered() throws -> String {
        try JSONValueEncoder().encode(self).pretty() + "\n"
    }

    /// The distinct licences of the sources (by name, path and title), in source order.
    static func distinctLicenses(_ sources: [SourceFile]) -> [License] {
        var seen: [License] = []
        for source in sources {
            guard let license = License(source.license), !seen.contains(license) else { continue }
            seen.append(license)
        }
        return seen
    }

    /// Trimmed, non-empty lines without repeats.
    static func attributionLines(_ candidates: [String]) -> [String] {
        var lines: [String] = []
        for line in candidates {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty, !lines.contains(trimmed) { lines.append(trimmed) }
        }
        return lines
    }
}

extension DataPackage.License {
    /// The manifest licence of a source licence; nil when it has neither name, path nor title.
    /// A licence known by its URL alone gets its SPDX identifier as `name`.
    init?(_ license: SourceLicense?) {
        guard let license, license.name != nil || license.path != nil || license.title != nil else { return nil }
        self.init(name: license.name ?? license.path.flatMap(Self.spdxIdentifier), path: license.path, title: license.title)
    }

    /// SPDX identifiers of the licences wordnets are published under, by the URL of their text
    /// (`http` or `https`, with or without `www.`, trailing `/` and `legalcode`).
    static let spdxByURL: [String: String] = [
        "creativecommons.org/licenses/by/4.0": "CC-BY-4.0",
        "creativecommons.org/licenses/by/3.0": "CC-BY-3.0",
        "creativecommons.org/licenses/by-sa/4.0": "CC-BY-SA-4.0",
        "creativecommons.org/licenses/by-sa/3.0": "CC-BY-SA-3.0",
        "creativecommons.org/publicdomain/zero/1.0": "CC0-1.0",
    ]

    /// The SPDX identifier of the licence at `url`, when it is one of ``spdxByURL``.
    static func spdxIdentifier(_ url: String) -> String? {
        var key = url.trimmingCharacters(in: .whitespaces)
        for prefix in ["https://", "http://"] where key.hasPrefix(prefix) { key.removeFirst(prefix.count) }
        if key.hasPrefix("www.") { key.removeFirst(4) }
        while key.hasSuffix("/") { key.removeLast() }
        if key.hasSuffix("/legalcode") { key.removeLast("/legalcode".count) }
        return spdxByURL[key]
    }
}

extension DataPackage.Source {
    init(_ source: SourceFile) {
        self.init(
            title: source.title ?? source.lexicon ?? source.path, path: source.path, bytes: source.bytes,
            sha256: source.sha256, hash: "sha256:\(source.sha256)", role: source.role, package: source.package, lexicon: source.lexicon,
            language: source.language, license: DataPackage.License(source.license),
            attribution: source.license?.attribution, archive: source.archive)
    }
}
