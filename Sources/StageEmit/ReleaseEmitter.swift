import Foundation
import ReleaseFormat
import VocabCore

/// The emit stage: writes a release (SQLite database, JSON bundle, `datapackage.json`) and
/// publishes it atomically.
public enum ReleaseEmitter {
    /// Writes `<name>.sqlite`, `<name>.json` and `datapackage.json` into a temporary sibling
    /// folder of `releaseFolder` (`.<release>.tmp-<uuid>`), then publishes it under
    /// `releaseFolder` in one step (see ``ReleasePublisher``). A failure anywhere leaves the
    /// previous release untouched and removes the temporary folder.
    ///
    /// Throws ``EmitError`` naming the release (and the file being written) and the reason.
    public static func emit(_ input: EmitInput, to releaseFolder: URL) throws -> EmitResult {
        try emit(input, to: releaseFolder, exchange: ReleasePublisher.exchange)
    }

    /// ``emit(_:to:)`` with the folder exchange replaceable (tests simulate filesystems without it).
    static func emit(
        _ input: EmitInput, to releaseFolder: URL, exchange: @escaping (String, String) -> Int32
    ) throws -> EmitResult {
        let release = releaseFolder.standardizedFileURL
        try check(input, release: release)
        let publisher = try ReleasePublisher(release: release, exchange: exchange)
        defer { publisher.finish() }
        let temporary = try publisher.makeTemporaryFolder()
        defer { InterruptCleanup.forget(temporary) }
        do {
            let manifest = try writeRelease(input, into: temporary)
            try publisher.publish(temporary)
            return EmitResult(releaseFolder: release, manifest: manifest)
        } catch {
            InterruptCleanup.waitIfInterrupted()
            try? FileManager.default.removeItem(at: temporary)
            if var error = error as? EmitError {
                // The temporary folder is gone: name the release, and the file being written.
                if let file = error.location.file, file.hasPrefix(temporary.path) {
                    error.location.file = release.path
                    error.location.item = error.location.item ?? URL(fileURLWithPath: file).lastPathComponent
                }
                throw error
            }
            throw EmitError(file: temporary.path, .other(ReleasePublisher.reason(error)))
        }
    }

    /// Writes the three files into `folder`; returns the manifest written.
    static func writeRelease(_ input: EmitInput, into folder: URL) throws -> DataPackage {
        let name = input.release.name
        let sqliteURL = folder.appendingPathComponent(ReleaseFiles.database(name))
        let jsonURL = folder.appendingPathComponent(ReleaseFiles.bundle(name))
        let packageURL = folder.appendingPathComponent(ReleaseFiles.manifest)

        let words = input.publishedWords
        var manifest = try DatabaseWriter.write(input, words: words, to: sqliteURL) { sqliteVersion in
            DataPackage(input.release, sqliteVersion: sqliteVersion, resources: [])
        }
        try ReleasePublisher.writeFile(try BundleDocument(manifest: manifest, words: words).rendered(), to: jsonURL)

        manifest.resources = [
            try describe(sqliteURL, name: "\(name)-sqlite", format: "sqlite", mediatype: "application/vnd.sqlite3", encoding: nil),
            try describe(jsonURL, name: "\(name)-json", format: "json", mediatype: "application/json", encoding: "utf-8"),
        ]
        try ReleasePublisher.writeFile(Data(try manifest.rendered().utf8), to: packageURL)
        try ReleasePublisher.sync(sqliteURL)
        return manifest
    }

    static func describe(
        _ url: URL, name: String, format: String, mediatype: String, encoding: String?
    ) throws -> DataPackage.Resource {
        let (bytes, hex) = try Checksum.sha256(of: url)
        return DataPackage.Resource(
            name: name, path: url.lastPathComponent, format: format, mediatype: mediatype, encoding: encoding,
            bytes: bytes, sha256: hex)
    }

    /// What the emitter requires of its input: a usable name, distinct target languages,
    /// ranks strictly increasing, translations into target languages only.
    static func check(_ input: EmitInput, release: URL) throws {
        let name = input.release.name
        if name.isEmpty || name.hasPrefix(".") || name.contains("/") {
            throw EmitError(file: release.path, item: "dataset.name", .unusableName(name))
        }
        var languages = Set<String>()
        for language in input.release.targetLanguages where !languages.insert(language).inserted {
            throw EmitError(file: release.path, item: "targetLanguages", .repeatedTargetLanguage(language))
        }
        var previous = 0
        for record in input.records {
            if record.rank <= previous {
                throw EmitError(file: release.path, item: "rank \(record.rank)",
                                .rankOutOfOrder(rank: record.rank, lemma: record.lemma, previous: previous))
            }
            previous = record.rank
            for translation in record.translations where !languages.contains(translation.language) {
                throw EmitError(
                    file: release.path, item: "rank \(record.rank)",
                    .unknownTranslationLanguage(rank: record.rank, lemma: record.lemma, language: translation.language))
            }
        }
    }
}
