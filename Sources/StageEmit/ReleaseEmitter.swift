import Foundation
import ReleaseFormat
import VocabCore

/// The emit stage: writes a release (SQLite database, JSON bundle, `datapackage.json`) and
/// publishes it atomically.
package enum ReleaseEmitter {
    /// Writes `<name>.sqlite`, `<name>-dictionary.sqlite` (when the input has a dictionary),
    /// `<name>.json` and `datapackage.json` into a temporary sibling
    /// folder of `releaseFolder` (`.<release>.tmp-<uuid>`), then publishes it under
    /// `releaseFolder` in one step (see ``ReleasePublisher``). A failure anywhere leaves the
    /// previous release untouched and removes the temporary folder.
    ///
    /// Throws ``EmitError`` naming the release (and the file being written) and the reason.
    ///
    /// `approve`, when given, is called with the complete temporary folder before it is published
    /// (the build's quality gates); whatever it throws is rethrown as is, and nothing is published.
    package static func emit(
        _ input: EmitInput, to releaseFolder: URL, beforePublishing approve: ((URL) throws -> Void)? = nil
    ) throws -> EmitResult {
        try emit(input, to: releaseFolder, exchange: ReleasePublisher.exchange, beforePublishing: approve)
    }

    /// ``emit(_:to:beforePublishing:)`` with the folder exchange replaceable (tests simulate
    /// filesystems without it).
    static func emit(
        _ input: EmitInput, to releaseFolder: URL, exchange: @escaping (String, String) -> Int32,
        beforePublishing approve: ((URL) throws -> Void)? = nil
    ) throws -> EmitResult {
        let release = releaseFolder.standardizedFileURL
        try check(input, release: release)
        let publisher = try ReleasePublisher(release: release, exchange: exchange)
        defer { publisher.finish() }
        let temporary = try publisher.makeTemporaryFolder()
        defer { InterruptCleanup.forget(temporary) }
        do {
            let manifest = try writeRelease(input, into: temporary)
            if let approve {
                do { try approve(temporary) } catch { throw PublicationRefused(reason: error) }
            }
            try publisher.publish(temporary)
            return EmitResult(releaseFolder: release, manifest: manifest)
        } catch {
            InterruptCleanup.waitIfInterrupted()
            try? FileManager.default.removeItem(at: temporary)
            if let refused = error as? PublicationRefused { throw refused.reason }
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

    /// Writes the files into `folder` (the database, the dictionary when there is one, the
    /// bundle, `ATTRIBUTION.md` when the release's licence is computed, Datasette's
    /// `metadata.json`, then the manifest);
    /// returns the manifest written.
    static func writeRelease(_ input: EmitInput, into folder: URL) throws -> DataPackage {
        let name = input.release.name
        let languages = input.release.targetLanguages
        let sqliteURL = folder.appendingPathComponent(ReleaseFiles.database(name))
        let dictionaryURL = folder.appendingPathComponent(ReleaseFiles.dictionary(name))
        let jsonURL = folder.appendingPathComponent(ReleaseFiles.bundle(name))
        let packageURL = folder.appendingPathComponent(ReleaseFiles.manifest)

        let words = input.publishedWords
        var manifest: DataPackage
        let folding: SearchFolding
        do {
            folding = try SearchFolding(sourceLanguage: input.release.sourceLanguage, targetLanguages: languages)
        } catch {
            throw EmitError(file: sqliteURL.path, .other("searchFolded: \(error.message)"))
        }
        do {
            manifest = DataPackage(
                input.release, sqliteVersion: try DatabaseWriter.sqliteVersion(), searchFolding: folding.description, resources: [])
        } catch {
            throw EmitError(file: sqliteURL.path, .sqlite("\(error)"))
        }
        let metadata = try ReleaseMetadata.rows(for: manifest)
        // The dictionary (a copy and a VACUUM of tens of megabytes, once the dictionary stage's
        // database is written) is finished on another core, and the bundle rendered and written
        // on another, while SQLite writes the database.
        let dictionary = input.dictionary.map { [written = input.dictionaryWritten] entries in
            BackgroundResult {
                try written?()
                try DatabaseWriter.finish(entries, metadata: metadata, into: dictionaryURL)
            }
        }
        let bundle = BackgroundResult { [manifest] in
            try ReleasePublisher.writeFile(try BundleDocument(manifest: manifest, words: words).rendered(), to: jsonURL)
        }
        do {
            try DatabaseWriter.write(ReleaseSchema.database, to: sqliteURL, metadata: metadata) { db in
                try DatabaseWriter.insertWords(db, words, targetLanguages: languages, folding: folding)
                try DatabaseWriter.insertForms(db, input.forms, of: words)
            }
            try bundle.wait()
            if let license = input.release.license {
                let text = license.attributionDocument(release: "\(name) \(input.release.version)")
                try ReleasePublisher.writeFile(Data(text.utf8), to: folder.appendingPathComponent(ReleaseFiles.attribution))
            }
        } catch {
            // Nothing may still be writing into the folder once the error is thrown.
            try? bundle.wait()
            try? dictionary?.wait()
            throw error
        }
        try dictionary?.wait()

        manifest.resources = ReleaseResources.resources(
            dataset: name, bands: input.release.bands, database: try .init(describing: sqliteURL),
            bundle: try .init(describing: jsonURL), dictionary: input.dictionary == nil ? nil : try .init(describing: dictionaryURL))
        // Datasette's metadata says what the manifest says: written from it, just before it.
        try ReleasePublisher.writeFile(
            Data(DatasetteMetadata.rendered(manifest, dictionary: input.dictionary != nil, sourceURL: input.release.sourceURL).utf8),
            to: folder.appendingPathComponent(ReleaseFiles.datasetteMetadata))
        try ReleasePublisher.writeFile(Data(try manifest.rendered().utf8), to: packageURL)
        try ReleasePublisher.sync(sqliteURL)
        if input.dictionary != nil { try ReleasePublisher.sync(dictionaryURL) }
        return manifest
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

/// The approval's own error, carried through the emitter's clean-up unchanged.
private struct PublicationRefused: Error {
    var reason: any Error
}
