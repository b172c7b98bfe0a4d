import Foundation
import SourceFetch
import Testing
import VocabCore

/// Downloads over HTTP from the test server on 127.0.0.1: success, resume, tampering, 404,
/// redirects, stalls.
@Suite struct DownloadTests {
    @Test func aMissingFileIsDownloadedVerifiedAndInstalled() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served)
        let data = try scene.serve("a.bin")
        let source = scene.source("lexicons/a.bin", pinning: data, url: server.url("files/a.bin"))

        let fetched = try scene.fetcher().fetch(source)

        #expect(fetched.outcome == .downloaded(url: server.url("files/a.bin"), resumedFrom: nil, replaced: false, failures: []))
        #expect(scene.contents(source.file) == data)
        #expect(scene.contents(scene.cacheEntry(data)) == data)
        #expect(!FileManager.default.fileExists(atPath: scene.partial(data).path))
        #expect(try server.requests() == [.init(path: "/files/a.bin", range: nil)])
    }

    @Test func aDownloadCutHalfwayIsResumedWithARangeRequest() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served)
        let data = try scene.serve("a.bin")
        let source = scene.source("a.bin", pinning: data, url: server.url("cut/a.bin"))

        let fetched = try scene.fetcher().fetch(source)

        let half = data.count / 2
        #expect(fetched.outcome == .downloaded(url: server.url("cut/a.bin"), resumedFrom: Int64(half), replaced: false, failures: []))
        #expect(scene.contents(source.file) == data)
        #expect(try server.requests() == [.init(path: "/cut/a.bin", range: nil), .init(path: "/cut/a.bin", range: "bytes=\(half)-")])
    }

    /// A partial file an earlier run left in the cache (the file's first 100,000 bytes, or as
    /// many other bytes), the server's mode, and what must happen: the byte the download resumed
    /// from (nil: from the start) and the Range headers the server saw.
    static let partialDownloads: [(partial: PartialKind, mode: String, resumedFrom: Int64?, ranges: [String?])] = [
        (.prefix, "files", 100_000, ["bytes=100000-"]),
        (.prefix, "norange", nil, ["bytes=100000-"]),  // the server ignores the range: restarted
        (.otherBytes, "files", nil, ["bytes=100000-", nil]),  // the hash fails: redone from the start
    ]

    enum PartialKind: Sendable { case prefix, otherBytes }

    @Test(arguments: partialDownloads)
    func aPartialDownloadLeftByAnEarlierRunIsResumedOrRedone(
        _ partial: PartialKind, _ mode: String, _ resumedFrom: Int64?, _ ranges: [String?]
    ) throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served)
        let data = try scene.serve("a.bin")
        try FileManager.default.createDirectory(at: scene.partial(data).deletingLastPathComponent(), withIntermediateDirectories: true)
        try (partial == .prefix ? data.prefix(100_000) : Data(repeating: 7, count: 100_000)).write(to: scene.partial(data))
        let source = scene.source("a.bin", pinning: data, url: server.url("\(mode)/a.bin"))

        let fetched = try scene.fetcher().fetch(source)

        #expect(fetched.outcome == .downloaded(url: server.url("\(mode)/a.bin"), resumedFrom: resumedFrom, replaced: false, failures: []))
        #expect(scene.contents(source.file) == data)
        #expect(try server.requests() == ranges.map { .init(path: "/\(mode)/a.bin", range: $0) })
    }

    @Test func aTamperedFileIsRefusedAndTheFileAtThePathKept() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served)
        let data = try scene.serve("a.bin")
        let source = scene.source("a.bin", pinning: data, url: server.url("tamper/a.bin"))
        let old = Data("the file before the fetch".utf8)
        try old.write(to: source.file)

        let error = #expect(throws: FetchError.self) { try scene.fetcher().fetch(source) }

        let url = server.url("tamper/a.bin").absoluteString
        #expect(error?.problem == .checksumMismatch(
            url: url, expected: Checksum.sha256(of: data), actual: Checksum.sha256(of: data.tampered)))
        #expect(error?.location == ErrorLocation(file: source.file.path, item: "lexicon.url"))
        #expect(scene.contents(source.file) == old)
        #expect(!FileManager.default.fileExists(atPath: scene.cacheEntry(data).path))
        #expect(!FileManager.default.fileExists(atPath: scene.partial(data).path))
    }

    @Test func aMissingFileOnTheServerIsAnHTTPError() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served)
        let data = Data("never served".utf8)
        let source = scene.source("a.bin", pinning: data, url: server.url("files/a.bin"))

        let error = #expect(throws: FetchError.self) { try scene.fetcher().fetch(source) }

        #expect(error?.problem == .httpStatus(url: server.url("files/a.bin").absoluteString, status: 404))
        #expect(!FileManager.default.fileExists(atPath: source.file.path))
    }

    @Test func redirectsAreFollowed() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served)
        let data = try scene.serve("a.bin")
        let source = scene.source("a.bin", pinning: data, url: server.url("redirect/redirect/files/a.bin"))

        let fetched = try scene.fetcher().fetch(source)

        #expect(fetched.outcome == .downloaded(
            url: server.url("redirect/redirect/files/a.bin"), resumedFrom: nil, replaced: false, failures: []))
        #expect(scene.contents(source.file) == data)
        #expect(try server.requests().map(\.path) == ["/redirect/redirect/files/a.bin", "/redirect/files/a.bin", "/files/a.bin"])
    }

    @Test(arguments: ["stall", "silent"])
    func aStalledServerTimesOutWithinTheTimeOut(_ mode: String) throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served, stallSeconds: 60)
        let data = try scene.serve("a.bin")
        let source = scene.source("a.bin", pinning: data, url: server.url("\(mode)/a.bin"))
        let start = Date()

        let error = #expect(throws: FetchError.self) { try scene.fetcher(timeout: 1).fetch(source) }

        #expect(error?.problem == .timedOut(url: server.url("\(mode)/a.bin").absoluteString, seconds: 1))
        // One time-out, not the server's 60 s (the margin is for a loaded machine).
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(!FileManager.default.fileExists(atPath: source.file.path))
    }

    @Test func aSlowButSteadyServerIsNotCut() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served)
        let data = try scene.serve("a.bin")
        let source = scene.source("a.bin", pinning: data, url: server.url("trickle/a.bin"))

        // Eight pieces 0.25 s apart: longer than the time-out in all, never idle that long.
        let fetched = try scene.fetcher(timeout: 1).fetch(source)

        #expect(fetched.outcome == .downloaded(url: server.url("trickle/a.bin"), resumedFrom: nil, replaced: false, failures: []))
        #expect(scene.contents(source.file) == data)
    }

    @Test func aWrongSizeIsRefusedBeforeTheBodyIsRead() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served)
        let data = try scene.serve("a.bin")
        var source = scene.source("a.bin", pinning: data, url: server.url("files/a.bin"))
        source.pin?.bytes = 1000

        let error = #expect(throws: FetchError.self) { try scene.fetcher().fetch(source) }

        #expect(error?.problem == .sizeMismatch(url: server.url("files/a.bin").absoluteString, expected: 1000, actual: Int64(data.count)))
        #expect(!FileManager.default.fileExists(atPath: scene.partial(data).path))
    }

    @Test func withoutAPinnedSizeAFileLargerThanThePinIsStillRefusedByItsHash() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let server = try FetchTestServer(root: scene.served)
        let data = try scene.serve("a.bin")
        let pinned = data.prefix(1000)
        let source = scene.source("a.bin", pinning: Data(pinned), url: server.url("files/a.bin"), bytes: false)

        let error = #expect(throws: FetchError.self) { try scene.fetcher().fetch(source) }

        #expect(error?.problem == .checksumMismatch(
            url: server.url("files/a.bin").absoluteString, expected: Checksum.sha256(of: Data(pinned)), actual: Checksum.sha256(of: data)))
    }
}
