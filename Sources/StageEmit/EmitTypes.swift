import Foundation
import VocabCore

/// Everything the emit stage writes into a release.
public struct EmitInput: Sendable {
    /// The words, in rank order (ranks strictly increasing; a rank is the word's id).
    public var records: [WordRecord]
    /// The effective config, embedded in the manifest.
    public var config: PipelineConfig
    /// BCP 47 tag of the words' language (`en`).
    public var sourceLanguage: String
    /// Target languages in configuration order; every record's translations must use these.
    public var targetLanguages: [String]
    /// Every input with path, bytes, sha256, lexicon `id:version` and licence.
    public var sources: [SourceFile]
    public var counts: ReleaseCounts
    /// The release's creation time, decided by the caller (the emitter never reads the clock).
    public var created: Date
    /// Frequency-list words left out of the release, with the reason (for diffs between releases).
    public var exclusions: [DroppedWord]

    public init(
        records: [WordRecord], config: PipelineConfig, sourceLanguage: String, targetLanguages: [String],
        sources: [SourceFile], counts: ReleaseCounts, created: Date, exclusions: [DroppedWord] = []
    ) {
        self.records = records
        self.config = config
        self.sourceLanguage = sourceLanguage
        self.targetLanguages = targetLanguages
        self.sources = sources
        self.counts = counts
        self.created = created
        self.exclusions = exclusions
    }
}

/// One file of a published release.
public struct EmittedResource: Codable, Sendable, Equatable {
    /// Frictionless resource name (`<dataset>-sqlite`, `<dataset>-json`, `datapackage`).
    public var name: String
    /// File name, relative to the release folder.
    public var path: String
    public var bytes: Int64
    /// Lower-case hex SHA-256 of the file.
    public var sha256: String

    public init(name: String, path: String, bytes: Int64, sha256: String) {
        self.name = name
        self.path = path
        self.bytes = bytes
        self.sha256 = sha256
    }
}

/// What ``BundleEmitter/emit(_:to:)`` published.
public struct EmitResult: Sendable {
    /// The published release folder.
    public var releaseFolder: URL
    /// The SQLite database, the JSON bundle and `datapackage.json`, in that order.
    public var resources: [EmittedResource]

    public init(releaseFolder: URL, resources: [EmittedResource]) {
        self.releaseFolder = releaseFolder
        self.resources = resources
    }
}

/// Identity of the bundle format, stored in the SQLite header and the manifests.
public enum BundleSchema {
    /// `PRAGMA user_version`, `schemaVersion` in the JSON files. Bump on any schema change.
    public static let version: Int32 = 1
    /// `PRAGMA application_id`: "Voca" in ASCII.
    public static let applicationID: Int32 = 0x566F6361
}
