import Foundation
import ReleaseFormat
import VocabCore

/// The cache key of each stage: a SHA-256 over the tool version, the config sections the stage
/// reads, the content of its input files and the key of the stage before it. A stage whose key
/// is unchanged is reused (its artifacts are read back) instead of run.
package struct StageKeys: Sendable, Equatable {
    /// Over `frequency` and the frequency list.
    package var read: String
    /// Over the read key, `selection`, `lexicon`, the source lexicon, the stop list and the sense pins.
    package var select: String
    /// Over the select key, `translation`, `translations` and the translation lexicons.
    package var join: String
    /// Over `dictionary`, `translation`, `lexicon`, `translations` and the lexicons; nil when
    /// the config does not enable the dictionary. The frequency list does not enter it.
    package var dictionary: String?
    /// Over the join key, the dictionary key, the whole config, the release folder, `SOURCE_DATE_EPOCH`
    /// and the release schema's version.
    package var emit: String

    /// The keys of `pipeline`, hashing each input file once through `digests`. A pinned source
    /// whose file does not match its pin is a ``SourcePinError``: nothing is built from it.
    package init(_ pipeline: Pipeline, digests: FileDigests, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        try SourcePins.verify(pipeline, digests: digests)
        let config = pipeline.config
        func file(_ url: URL) throws -> String { try digests.digest(url).hex }
        read = try Self.hash(["read", Self.json(config.frequency), file(pipeline.frequencyFile)])
        select = try Self.hash(
            ["select", read, Self.json(config.selection), Self.json(config.lexicon), file(pipeline.lexiconFile)]
                + (pipeline.stopListFile.map { [try file($0)] } ?? [])
                + (pipeline.sensePinsFile.map { ["sensePins", try file($0)] } ?? []))
        join = try Self.hash(
            ["join", select, Self.json(config.translation), Self.json(config.translations)]
                + config.translations.map { try file(pipeline.translationFile($0)) })
        dictionary = config.dictionary.enabled ? try Self.hash(
            ["dictionary", Self.json(config.dictionary), Self.json(config.translation), Self.json(config.lexicon),
             file(pipeline.lexiconFile), Self.json(config.translations)]
                + config.translations.map { try file(pipeline.translationFile($0)) }) : nil
        // The manifest embeds the whole config and the creation time; a new schema rewrites the release.
        emit = try Self.hash(
            ["emit", join, dictionary ?? "-", Self.json(config), pipeline.releaseFolder.path,
             environment["SOURCE_DATE_EPOCH"] ?? "-", "schema \(ReleaseSchema.version)"])
    }

    static func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONLines.encoder().encode(value), as: UTF8.self)
    }

    static func hash(_ parts: [String]) -> String {
        var hasher = SHA256()
        hasher.update(data: Data(ToolInfo.version.utf8))
        for part in parts {
            // Length-prefixed, so that parts cannot run into each other.
            hasher.update(data: Data("\(part.utf8.count):".utf8))
            hasher.update(data: Data(part.utf8))
        }
        return Checksum.hex(hasher.finalize())
    }
}
