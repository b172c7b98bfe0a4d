import Foundation
import VocabCore
#if canImport(Glibc)
import Glibc
#endif

/// The content-addressed download cache: every file under `<root>/sha256/<hex>`, named by its
/// SHA-256, so one entry serves every config that pins the same bytes and a cache restored
/// from anywhere (a CI cache, another machine) is trusted only as far as its hashes check out.
///
/// A download is written to `<hex>.partial` beside its entry and renamed to `<hex>` only once
/// its size and SHA-256 are verified; the cache's lock (`sha256/.lock`) keeps two fetches from
/// writing one partial file at the same time.
struct ContentCache {
    /// The cache folder.
    let root: URL

    /// `<root>/sha256`.
    var folder: URL { root.appendingPathComponent("sha256", isDirectory: true) }

    /// The verified file with SHA-256 `sha256`.
    func entry(_ sha256: String) -> URL { folder.appendingPathComponent(sha256) }

    /// The download in progress of `sha256`.
    func partial(_ sha256: String) -> URL { folder.appendingPathComponent(sha256 + ".partial") }

    /// The entry of `pin` when the cache has a file of the pinned size there (its content is
    /// verified as it is copied out).
    func existingEntry(_ pin: SourcePin) -> URL? {
        let url = entry(pin.sha256)
        guard let size = FileSystem.regularFileSize(url), pin.bytes == nil || pin.bytes == size else { return nil }
        return url
    }

    /// Creates the cache folder when missing.
    func prepare() throws(FetchProblem) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: folder.path, reason: FileSystem.reason(error))
        }
    }

    /// Runs `body` holding the cache's lock (waiting for another fetch to release it).
    func withLock<T>(_ body: () throws(FetchProblem) -> T) throws(FetchProblem) -> T {
        let path = folder.appendingPathComponent(".lock").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        }
        return try body()
    }
}
