import Foundation
import VocabCore
#if canImport(Glibc)
import Glibc
#endif

/// Puts a verified cache entry at a source's path: copied to a temporary file beside the path
/// (hashed on the way), flushed to disk, then renamed over the path in one step, so the path
/// holds either the old file or the whole pinned one, never a part.
enum FileInstaller {
    /// Installs `entry` at `target` when its bytes match `pin`; false (the target untouched, the
    /// copy removed) when they do not, which means the cache entry is corrupt.
    static func install(_ entry: URL, at target: URL, pin: SourcePin) throws(FetchProblem) -> Bool {
        guard let input = FileHandle(forReadingAtPath: entry.path) else {
            throw .cannotRead(path: entry.path, reason: "cannot open the file")
        }
        defer { try? input.close() }
        let output = try InstallingFile(target, limit: pin.bytes)
        while true {
            let chunk: Data
            do {
                chunk = try input.read(upToCount: 1 << 20) ?? Data()
            } catch {
                throw .cannotRead(path: entry.path, reason: FileSystem.reason(error))
            }
            if chunk.isEmpty { break }
            guard try output.append(chunk) else { return false }
        }
        return try output.commit(sha256: pin.sha256, bytes: pin.bytes)
    }
}

/// A file on its way to a source's path: written to a temporary file beside the path (its folder
/// created), its size and SHA-256 computed as it is written, then flushed and renamed over the
/// path in one step once it matches its pin. Until then the path keeps whatever it held; a file
/// never committed is removed when this is released.
final class InstallingFile {
    /// Where the file goes.
    let target: URL
    /// The temporary file beside it.
    let temporary: URL
    private let descriptor: Int32
    private var verifier: StreamingVerifier
    private var committed = false

    /// Creates the temporary file (and the target's folder); `limit` is the pinned size, past
    /// which ``append(_:)`` refuses more.
    init(_ target: URL, limit: Int64?) throws(FetchProblem) {
        self.target = target
        let folder = target.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: folder.path, reason: FileSystem.reason(error))
        }
        temporary = folder.appendingPathComponent(".\(target.lastPathComponent).fetch-\(UUID().uuidString.lowercased())")
        descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: temporary.path, reason: String(cString: strerror(errno))) }
        verifier = StreamingVerifier(limit: limit)
    }

    deinit {
        close(descriptor)
        if !committed { FileSystem.remove(temporary) }
    }

    /// The bytes written so far.
    var count: Int64 { verifier.count }

    /// Appends `bytes`; false (nothing written) when they take the file past the pinned size.
    func append<Bytes: ContiguousBytes>(_ bytes: Bytes) throws(FetchProblem) -> Bool {
        guard verifier.update(bytes) else { return false }
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure { throw .cannotWrite(path: temporary.path, reason: String(cString: strerror(failure))) }
        return true
    }

    /// What was written: its size and lower-case hex SHA-256.
    func digest() -> (bytes: Int64, sha256: String) { verifier.finish() }

    /// Flushes the file and renames it over the target when it has SHA-256 `sha256` (and `bytes`
    /// bytes, when given); false, the target untouched, when it does not.
    func commit(sha256: String, bytes: Int64?) throws(FetchProblem) -> Bool {
        let written = digest()
        guard written.sha256 == sha256, (bytes ?? written.bytes) == written.bytes else { return false }
        guard fsync(descriptor) == 0 else { throw .cannotWrite(path: temporary.path, reason: String(cString: strerror(errno))) }
        try FileSystem.move(temporary, replacing: target)
        committed = true
        FileSystem.syncFolder(target.deletingLastPathComponent())
        return true
    }
}
