import Foundation
import VocabCore
import VocabJSON

/// What the emitter needs to know about a release besides its words: a narrow description
/// the pipeline builds from the config and the stages' results, so that the emitter never reads
/// the config itself.
package struct ReleaseDescription: Sendable {
    /// The dataset name (a Frictionless package name: lower-case letters, digits, `-_.`).
    package var name: String
    /// The dataset's semantic version.
    package var version: String
    /// `dataset.title`, when the config sets it.
    package var title: String?
    /// `dataset.description`, when the config sets it.
    package var description: String?
    /// The release's creation time, decided by the caller (the emitter never reads the clock).
    package var created: Date
    /// BCP 47 tag of the words' language (`en`).
    package var sourceLanguage: String
    /// Target languages in configuration order; every word's translations use these.
    package var targetLanguages: [String]
    /// False when the frequency source forbids showing exact counts or ranks: the release then
    /// carries frequency bands only.
    package var publishesCounts: Bool
    /// The number of frequency bands (1 to ``ReleaseSchema/maximumBands``).
    package var bands: Int
    /// Every input with its path, size, SHA-256, lexicon `id:version` and licence.
    package var sources: [SourceFile]
    /// The attribution lines the app must show, in order (blank and repeated lines are dropped).
    package var attribution: [String]
    /// The build's figures, for the manifest.
    package var counts: ReleaseCounts
    /// The pipeline config as the release records it (without where the build's folders were,
    /// its files named as in `sources`), embedded in the manifest as is.
    package var config: JSONValue
    /// The engine that generated pronunciations; nil when none was generated.
    package var pronunciationEngine: PronunciationEngine?
    /// The list's decimal places (`frequency.decimalPlaces`) when a published frequency is in
    /// units of its last place; nil for whole-number frequencies or when none is published.
    package var frequencyDecimalPlaces: Int?
    /// The release's licence, computed from the sources whose data it ships; nil for the
    /// sources' distinct licences (a caller that computes none).
    package var license: ReleaseLicense?
    /// Where the source lexicon comes from (its pin's `http` or `https` `url`), for Datasette's
    /// `metadata.json` (``DatasetteMetadata``); nil when the config names none. Not in the manifest.
    package var sourceURL: String?

    /// A release description; the pipeline fills it in from the config and the stages' results.
    package init(
        name: String, version: String, title: String? = nil, description: String? = nil, created: Date,
        sourceLanguage: String, targetLanguages: [String], publishesCounts: Bool, bands: Int,
        sources: [SourceFile], attribution: [String], counts: ReleaseCounts, config: JSONValue,
        pronunciationEngine: PronunciationEngine? = nil, frequencyDecimalPlaces: Int? = nil, license: ReleaseLicense? = nil,
        sourceURL: String? = nil
    ) {
        self.name = name
        self.version = version
        self.title = title
        self.description = description
        self.created = created
        self.sourceLanguage = sourceLanguage
        self.targetLanguages = targetLanguages
        self.publishesCounts = publishesCounts
        self.bands = bands
        self.sources = sources
        self.attribution = attribution
        self.counts = counts
        self.config = config
        self.pronunciationEngine = pronunciationEngine
        self.frequencyDecimalPlaces = frequencyDecimalPlaces
        self.license = license
        self.sourceURL = sourceURL
    }

    /// `created` as the release files write it: ISO 8601 in UTC to the second.
    package var createdTimestamp: String { ReleaseTimestamp.string(created) }
}

/// The release's timestamps: ISO 8601 in UTC to the second (`2025-01-31T12:00:00Z`).
package enum ReleaseTimestamp {
    /// `date` in UTC, fractions of a second dropped: `2025-01-31T12:00:00Z`.
    package static func string(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year!, parts.month!, parts.day!, parts.hour!,
            parts.minute!, parts.second!)
    }
}
