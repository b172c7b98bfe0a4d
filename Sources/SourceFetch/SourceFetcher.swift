import Foundation
import VocabCore

/// `vocab fetch`: makes the file at each pinned source's path the pinned one.
///
/// For each source, in config order: a file at the path that already matches its pin is left
/// alone (no network, no cache); otherwise the file comes from the cache (`<cache>/sha256/<hex>`)
/// or, when the cache lacks it, is downloaded into the cache from the source's `url` and then
/// its `mirrors`, in order (or from the command line's content-addressed mirrors instead). A
/// download is verified by size and SHA-256 as it streams, resumed when it was cut, and enters
/// the cache only when complete; the file at the path is replaced in one rename, and only by a
/// verified file. The first source that cannot be fetched stops the run with a ``FetchError``.
///
/// A source with an `archive` pin is downloaded and cached as its publisher ships it, an archive
/// pinned by the source's `sha256`; the file at its path is the member the pin names, unpacked
/// from the cached archive (``ArchiveMemberReader``) and checked against the member's pin. The
/// build reads that file as it reads any other, never the archive.
package struct SourceFetcher: Sendable {
    /// The cache, time-out, mirrors and attempts.
    package var options: FetchOptions

    /// A fetcher with `options`.
    package init(options: FetchOptions) {
        self.options = options
    }

    /// Fetches every source of `pipeline`, telling `progress` about each as it is done.
    package func fetch(
        _ pipeline: Pipeline, progress: (FetchedSource) -> Void = { _ in }
    ) throws(FetchError) -> [FetchedSource] {
        try checkCacheOutsideOutput(pipeline)
        var fetched: [FetchedSource] = []
        for source in pipeline.sources {
            let result = try fetch(source)
            progress(result)
            fetched.append(result)
        }
        return fetched
    }

    /// Fetches one source.
    package func fetch(_ source: PipelineSource) throws(FetchError) -> FetchedSource {
        func fail(_ key: String?, _ problem: FetchProblem) -> FetchError {
            FetchError(file: source.file.path, item: (key ?? problem.configKey).map { "\(source.keyPath).\($0)" } ?? source.keyPath, problem)
        }
        let present = FileSystem.regularFileSize(source.file)
        guard let pin = source.pin else {
            return FetchedSource(source: source, outcome: .notPinned(present: present != nil))
        }
        if let present, pin.fileBytes == nil || pin.fileBytes == present {
            let digest: (bytes: Int64, hex: String)
            do {
                digest = try Checksum.sha256(of: source.file)
            } catch {
                throw fail(nil, .cannotRead(path: source.file.path, reason: error.message))
            }
            if pin.fileMatches(bytes: digest.bytes, sha256: digest.hex) {
                return FetchedSource(source: source, outcome: .inPlace)
            }
        }
        let replaced = present != nil
        let cache = ContentCache(root: options.cache)
        do throws(FetchProblem) {
            if let entry = cache.existingEntry(pin) {
                if try Self.install(entry, for: source, pin: pin) {
                    return FetchedSource(source: source, outcome: .fromCache(replaced: replaced))
                }
                // A corrupt entry (the cache is outside anyone's control): download it again.
                FileSystem.remove(entry)
            }
        } catch {
            throw fail(nil, error)
        }

        let locations = self.locations(of: pin)
        guard !locations.isEmpty else { throw fail("url", .noLocation(sha256: pin.sha256)) }
        var failures: [(key: String?, problem: FetchProblem)] = []
        var downloaded: (url: URL, resumedFrom: Int64?)?
        do throws(FetchProblem) {
            try cache.prepare()
            try cache.withLock { () throws(FetchProblem) in
                // Another fetch may have completed it while this one waited for the lock.
                if cache.existingEntry(pin) != nil { return }
                for location in locations {
                    do throws(FetchProblem) {
                        let resumedFrom = try download(location.url, pin: pin, cache: cache)
                        downloaded = (location.url, resumedFrom)
                        return
                    } catch {
                        failures.append((location.key, error))
                    }
                }
            }
        } catch {
            throw fail(nil, error)
        }
        guard let entry = cache.existingEntry(pin) else {
            if failures.count == 1 { throw fail(failures[0].key, failures[0].problem) }
            throw fail(nil, .everyLocationFailed(failures.map(\.problem)))
        }
        do throws(FetchProblem) {
            guard try Self.install(entry, for: source, pin: pin) else {
                FileSystem.remove(entry)
                throw FetchProblem.cannotRead(path: entry.path, reason: "the cache entry changed while it was installed")
            }
        } catch {
            throw fail(nil, error)
        }
        guard let downloaded else {
            return FetchedSource(source: source, outcome: .fromCache(replaced: replaced))
        }
        return FetchedSource(source: source, outcome: .downloaded(
            url: downloaded.url, resumedFrom: downloaded.resumedFrom, replaced: replaced,
            failures: failures.map(\.problem)))
    }

    /// Installs the verified cache entry `entry` of `pin` at the source's path: the file itself,
    /// or the member of the archive `pin.archive` names. False (nothing installed) when the entry
    /// is not the pinned file after all: a corrupt cache entry.
    static func install(_ entry: URL, for source: PipelineSource, pin: SourcePin) throws(FetchProblem) -> Bool {
        if let member = pin.archive { return try ArchiveInstaller.install(member, of: entry, pin: pin, at: source.file) }
        return try FileInstaller.install(entry, at: source.file, pin: pin)
    }

    /// The locations to try, each with its config key (`url`, `mirrors[0]`; nil for a mirror
    /// of the command line).
    func locations(of pin: SourcePin) -> [(key: String?, url: URL)] {
        if options.mirrors.isEmpty { return pin.locations.map { ($0.key, $0.url) } }
        return options.mirrors.map { (nil, $0.appendingPathComponent("sha256").appendingPathComponent(pin.sha256)) }
    }

    /// Downloads `url` into the cache entry of `pin`, resuming what a cut attempt left (up to
    /// ``FetchOptions/attemptsPerLocation`` attempts). Returns the byte the successful attempt
    /// resumed from, nil when it fetched the whole file.
    func download(_ url: URL, pin: SourcePin, cache: ContentCache) throws(FetchProblem) -> Int64? {
        let transfer: any Transfer = url.isFileURL ? FileTransfer(url: url) : HTTPTransfer(url: url, timeout: options.timeout)
        let location = url.absoluteString
        for attempt in 1...max(1, options.attemptsPerLocation) {
            let last = attempt == max(1, options.attemptsPerLocation)
            let partial = try PartialFile(cache.partial(pin.sha256), limit: pin.bytes)
            switch transfer.run(into: partial) {
            case .complete:
                let (bytes, sha256) = partial.verifier.finish()
                if pin.matches(bytes: bytes, sha256: sha256) {
                    try partial.synchronize()
                    try FileSystem.move(partial.url, replacing: cache.entry(pin.sha256))
                    FileSystem.syncFolder(cache.folder)
                    return partial.startOffset > 0 ? partial.startOffset : nil
                }
                FileSystem.remove(partial.url)
                // The part kept from before may be what was wrong: once more from the first byte.
                if partial.startOffset > 0 && !last { continue }
                if let pinned = pin.bytes, pinned != bytes {
                    throw .sizeMismatch(url: location, expected: pinned, actual: bytes)
                }
                throw .checksumMismatch(url: location, expected: pin.sha256, actual: sha256)
            case .restart:
                FileSystem.remove(partial.url)
                if last { throw .transferFailed(url: location, reason: "the server does not serve the file whole or by range") }
            case .failed(let problem, let resumable):
                switch problem {
                case .sizeMismatch, .largerThanPinned: FileSystem.remove(partial.url)
                default: break  // what arrived is kept for a later attempt, here or at another location
                }
                if !resumable || last { throw problem }
            }
        }
        throw .transferFailed(url: location, reason: "no attempt")  // not reached: the last attempt returns or throws
    }

    /// The cache must not lie inside the release or work folder: publishing replaces the
    /// release folder whole, and work folders are cleared.
    func checkCacheOutsideOutput(_ pipeline: Pipeline) throws(FetchError) {
        let cache = [options.cache.standardizedFileURL.path, Pipeline.physicalPath(options.cache)]
        let outputs = [
            ("output.directory", pipeline.releaseFolder.deletingLastPathComponent()),
            ("output.work", pipeline.workFolder.deletingLastPathComponent()),
        ]
        for (keyPath, folder) in outputs {
            let folderPaths = [folder.standardizedFileURL.path, Pipeline.physicalPath(folder)]
            let inside = cache.contains { path in folderPaths.contains { path == $0 || path.hasPrefix($0 + "/") } }
            if inside {
                throw FetchError(file: pipeline.configFile.path, item: keyPath,
                                 .cacheInsideOutput(cache: options.cache.path, output: folder.path))
            }
        }
    }
}
