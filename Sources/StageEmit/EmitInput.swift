import Foundation
import ReleaseFormat
import VocabCore

/// Everything the emit stage writes into a release: its description, its words and the
/// frequency-list words it leaves out.
public struct EmitInput: Sendable {
    /// What the release is (name, version, languages, bands, sources, counts), from the config and
    /// the earlier stages.
    public var release: ReleaseDescription
    /// The joined words, in rank order (ranks strictly increasing from 1).
    public var records: [WordRecord]
    /// Frequency-list words left out of the release, with the reason (for diffs between releases).
    public var exclusions: [DroppedWord]

    /// The input of one emit; `exclusions` fill the `exclusions` table.
    public init(release: ReleaseDescription, records: [WordRecord], exclusions: [DroppedWord] = []) {
        self.release = release
        self.records = records
        self.exclusions = exclusions
    }

    /// The words as the release publishes them (bands, and counts only when allowed).
    public var publishedWords: [ReleaseWord] {
        FrequencyBands.publish(records, publishesCounts: release.publishesCounts, bands: release.bands)
    }
}

/// What ``ReleaseEmitter/emit(_:to:)`` published.
public struct EmitResult: Sendable {
    /// The published release folder.
    public var releaseFolder: URL
    /// Its manifest, as written.
    public var manifest: DataPackage

    /// Every file of the release: the resources, then `datapackage.json`.
    public var fileCount: Int { manifest.resources.count + 1 }
}
