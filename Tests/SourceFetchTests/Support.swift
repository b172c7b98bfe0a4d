import Foundation
import SourceFetch
import TestSupport
import VocabCore

#if canImport(Glibc)
import Glibc
#endif

/// The test HTTP server (`Server/fetch_test_server.py`) on 127.0.0.1, serving `root`, started
/// for one test and stopped when it ends. See the script for the paths that misbehave.
///
/// Spawned with `posix_spawn`, not Foundation's `Process`: on Linux, `Process` watches each
/// child through a socket the child inherits and reaps it with a blocking `waitpid` on one
/// shared thread when that socket closes; a server that closes its inherited descriptors (as
/// this one must, see the script) would stall that thread for every test. The server closes
/// what it inherited from concurrent spawns, and this helper kills and reaps it itself.
final class FetchTestServer: @unchecked Sendable {
    /// The served folder.
    let root: URL
    let port: Int
    private let pid: pid_t
    private let log: URL
    private let stopped = NSLock()
    private var running = true

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Server/fetch_test_server.py")

    /// Starts the server on a free port and waits until it listens; a stalling path stalls
    /// for `stallSeconds`.
    init(root: URL, stallSeconds: Double = 30) throws {
        self.root = root
        log = root.deletingLastPathComponent().appendingPathComponent("server-\(UUID().uuidString).log")
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw TestSetupError("pipe: \(errno)") }
        _ = fcntl(descriptors[0], F_SETFD, FD_CLOEXEC)
        let arguments = ["/usr/bin/env", "python3", Self.script.path, "--root", root.path, "--log", log.path,
                         "--stall-seconds", String(stallSeconds)]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, descriptors[1], STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, descriptors[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, environ)
        close(descriptors[1])
        guard status == 0 else {
            close(descriptors[0])
            throw TestSetupError("cannot start the test server: \(String(cString: strerror(status)))")
        }
        self.pid = pid
        // The first line is the port.
        let output = FileHandle(fileDescriptor: descriptors[0], closeOnDealloc: true)
        var line = Data()
        while let byte = try output.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            kill(pid, SIGKILL)
            waitpid(pid, nil, 0)
            throw TestSetupError("the test server did not start (\(Self.script.path))")
        }
        self.port = port
    }

    deinit { stop() }

    /// Stops the server (this test's own child; SIGKILL, as it has nothing to save) and reaps it.
    func stop() {
        stopped.withLock {
            guard running else { return }
            running = false
            kill(pid, SIGKILL)
            while waitpid(pid, nil, 0) == -1 && errno == EINTR {}
        }
    }

    /// `http://127.0.0.1:<port>/<path>`.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(path)")!
    }

    /// The requests served so far, in order: the path and the Range header.
    func requests() throws -> [Request] {
        guard let data = FileManager.default.contents(atPath: log.path) else { return [] }
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map {
            try JSONDecoder().decode(Request.self, from: Data($0.utf8))
        }
    }

    struct Request: Decodable, Equatable {
        var path: String
        var range: String?
    }
}

/// A folder for one test: the served files, the corpus the sources land in, the cache.
struct FetchScene {
    let folder: URL
    var served: URL { folder.appendingPathComponent("served") }
    var corpus: URL { folder.appendingPathComponent("corpus") }
    var cache: URL { folder.appendingPathComponent("cache") }

    init() throws {
        folder = try TestProject.temporaryFolder("fetch")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    }

    /// Writes `bytes` random bytes as `name` in the served folder and returns them.
    @discardableResult
    func serve(_ name: String, bytes: Int = 300_000) throws -> Data {
        var generator = SystemRandomNumberGenerator()
        let data = Data((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try data.write(to: served.appendingPathComponent(name))
        return data
    }

    /// A source named `lexicon` at `corpus/<name>` pinned to `data`, to be fetched from `url`
    /// and `mirrors`.
    func source(_ name: String, pinning data: Data, url: URL?, mirrors: [URL] = [], bytes: Bool = true) -> PipelineSource {
        PipelineSource(
            keyPath: "lexicon", role: .lexicon, path: name, file: corpus.appendingPathComponent(name),
            pin: SourcePin(sha256: Checksum.sha256(of: data), bytes: bytes ? Int64(data.count) : nil, url: url, mirrors: mirrors))
    }

    /// A fetcher using this scene's cache.
    func fetcher(timeout: Double = 10, mirrors: [URL] = []) -> SourceFetcher {
        SourceFetcher(options: FetchOptions(cache: cache, timeout: timeout, mirrors: mirrors))
    }

    /// The cache's entry for `data`.
    func cacheEntry(_ data: Data) -> URL {
        cache.appendingPathComponent("sha256").appendingPathComponent(Checksum.sha256(of: data))
    }

    /// The cache's partial download of `data`.
    func partial(_ data: Data) -> URL {
        cache.appendingPathComponent("sha256").appendingPathComponent(Checksum.sha256(of: data) + ".partial")
    }

    /// What is at `url`, nil when nothing.
    func contents(_ url: URL) -> Data? {
        FileManager.default.contents(atPath: url.path)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

extension Data {
    /// The bytes with the one in the middle changed, as the server's `/tamper/` sends them.
    var tampered: Data {
        var copy = self
        copy[count / 2] ^= 0xFF
        return copy
    }
}
