import Foundation
import SourceFetch
import Testing
import VocabCore

/// Where a file comes from: in place, the cache, the url and its mirrors in order, a file URL,
/// the command line's content-addressed mirrors.
@Suite struct CacheAndLocationTests {
    @Test func aFileThatMatchesItsPinTouchesNeitherNetworkNorCache() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served)
        let data = try scene.serve("a.bin")
        let source = scene.source("a.bin", pinning: data, url: server.url("files/a.bin"))
        try data.write(to: source.file)

        let fetched = try scene.fetcher().fetch(source)

        #expect(fetched.outcome == .inPlace)
        #expect(try server.requests().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: scene.cache.path))
    }

    @Test func aCachedFileIsInstalledWithoutNetworkReplacingADifferentOne() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served)
        let data = try scene.serve("a.bin")
        let source = scene.source("a.bin", pinning: data, url: server.url("files/a.bin"))
        _ = try scene.fetcher().fetch(source)
        try Data("edited by hand".utf8).write(to: source.file)

        let fetched = try scene.fetcher().fetch(source)

        #expect(fetched.outcome == .fromCache(replaced: true))
        #expect(scene.contents(source.file) == data)
        #expect(try server.requests().count == 1)
    }

    @Test func aCorruptCacheEntryIsDownloadedAgain() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served)
        let data = try scene.serve("a.bin")
        let source = scene.source("a.bin", pinning: data, url: server.url("files/a.bin"))
        try FileManager.default.createDirectory(at: scene.cacheEntry(data).deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.tampered.write(to: scene.cacheEntry(data))

        let fetched = try scene.fetcher().fetch(source)

        #expect(fetched.outcome == .downloaded(url: server.url("files/a.bin"), resumedFrom: nil, replaced: false, failures: []))
        #expect(scene.contents(source.file) == data)
        #expect(scene.contents(scene.cacheEntry(data)) == data)
    }

    @Test func mirrorsAreTriedInOrderAfterTheURL() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served)
        let data = try scene.serve("a.bin")
        let (missing, tampered, good) = (server.url("files/gone.bin"), server.url("tamper/a.bin"), server.url("files/a.bin"))
        let source = scene.source("a.bin", pinning: data, url: missing, mirrors: [tampered, good, server.url("files/never.bin")])

        let fetched = try scene.fetcher().fetch(source)

        #expect(fetched.outcome == .downloaded(url: good, resumedFrom: nil, replaced: false, failures: [
            .httpStatus(url: missing.absoluteString, status: 404),
            .checksumMismatch(url: tampered.absoluteString, expected: Checksum.sha256(of: data), actual: Checksum.sha256(of: data.tampered)),
        ]))
        #expect(scene.contents(source.file) == data)
        #expect(try server.requests().map(\.path) == ["/files/gone.bin", "/tamper/a.bin", "/files/a.bin"])
    }

    @Test func whenEveryLocationFailsTheErrorListsEachInOrder() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served)
        let data = try scene.serve("a.bin")
        let (missing, tampered) = (server.url("files/gone.bin"), server.url("tamper/a.bin"))
        let source = scene.source("a.bin", pinning: data, url: missing, mirrors: [tampered])

        let error = #expect(throws: FetchError.self) { try scene.fetcher().fetch(source) }

        #expect(error?.problem == .everyLocationFailed([
            .httpStatus(url: missing.absoluteString, status: 404),
            .checksumMismatch(url: tampered.absoluteString, expected: Checksum.sha256(of: data), actual: Checksum.sha256(of: data.tampered)),
        ]))
        #expect(error?.location.item == "lexicon")
        #expect(!FileManager.default.fileExists(atPath: source.file.path))
    }

    @Test func aFileURLIsCopiedAndVerifiedLikeADownload() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let data = try scene.serve("a.bin")
        let fileURL = scene.served.appendingPathComponent("a.bin")
        let good = scene.source("a.bin", pinning: data, url: fileURL)

        #expect(try scene.fetcher().fetch(good).outcome == .downloaded(url: fileURL, resumedFrom: nil, replaced: false, failures: []))
        #expect(scene.contents(good.file) == data)

        let other = Data("another file".utf8)
        let wrong = scene.source("b.bin", pinning: other, url: fileURL, bytes: false)
        let error = #expect(throws: FetchError.self) { try scene.fetcher().fetch(wrong) }
        #expect(error?.problem == .checksumMismatch(
            url: fileURL.absoluteString, expected: Checksum.sha256(of: other), actual: Checksum.sha256(of: data)))
    }

    @Test func commandLineMirrorsReplaceTheConfigsLocationsAndUseTheCacheLayout() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served)
        let data = try scene.serve("a.bin")
        let hex = Checksum.sha256(of: data)
        try FileManager.default.createDirectory(at: scene.served.appendingPathComponent("sha256"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: scene.served.appendingPathComponent("a.bin"),
                                         to: scene.served.appendingPathComponent("sha256/\(hex)"))
        let source = scene.source("a.bin", pinning: data, url: server.url("files/not-used.bin"))

        let fetched = try scene.fetcher(mirrors: [server.url("files/nothing-here"), server.url("files")]).fetch(source)

        #expect(fetched.outcome == .downloaded(
            url: server.url("files/sha256/\(hex)"), resumedFrom: nil, replaced: false,
            failures: [.httpStatus(url: server.url("files/nothing-here/sha256/\(hex)").absoluteString, status: 404)]))
        #expect(scene.contents(source.file) == data)
        #expect(try server.requests().map(\.path) == ["/files/nothing-here/sha256/\(hex)", "/files/sha256/\(hex)"])
    }

    @Test func aPinWithoutALocationNeedsTheCache() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let data = Data("pinned, nowhere to get it".utf8)
        let source = scene.source("a.bin", pinning: data, url: nil)

        let error = #expect(throws: FetchError.self) { try scene.fetcher().fetch(source) }
        #expect(error?.problem == .noLocation(sha256: Checksum.sha256(of: data)))
        #expect(error?.location.item == "lexicon.url")

        try FileManager.default.createDirectory(at: scene.cacheEntry(data).deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: scene.cacheEntry(data))
        #expect(try scene.fetcher().fetch(source).outcome == .fromCache(replaced: false))
        #expect(scene.contents(source.file) == data)
    }

    @Test func anUnpinnedSourceIsLeftAlone() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let file = scene.corpus.appendingPathComponent("a.bin")
        let source = PipelineSource(keyPath: "frequency", role: .frequency, path: "a.bin", file: file, pin: nil)

        #expect(try scene.fetcher().fetch(source).outcome == .notPinned(present: false))
        try Data("mine".utf8).write(to: file)
        #expect(try scene.fetcher().fetch(source).outcome == .notPinned(present: true))
        #expect(scene.contents(file) == Data("mine".utf8))
    }
}
