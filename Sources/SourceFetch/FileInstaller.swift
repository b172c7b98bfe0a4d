import Foundation
import VocabCore

/// Puts a verified cache entry at a source's path: copied to a temporary file beside the path
/// (hashed on the way), flushed to disk, then renamed over the path in one step, so the path
/// holds either the old file or the whole pinned one, never a part.
enum FileInstaller {
    /// Installs `entry` at `target` when its bytes match `pin`; false (the target untouched, the
    /// copy removed) when they do not, which means the cache entry is corrupt.
    static func install(_ entry: URL, at target: URL, pin: SourcePin) throws(FetchProblem) -> Bool {
        let folder = target.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: folder.path, reason: FileSystem.reason(error))
        }
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).fetch-\(UUID().uuidString.lowercased())")
        guard let input = FileHandle(forReadingAtPath: entry.path) else {
            throw .cannotRead(path: entry.path, reason: "cannot open the file")
        }
        defer { try? input.close() }
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
              let output = FileHandle(forWritingAtPath: temporary.path) else {
            throw .cannotWrite(path: temporary.path, reason: "cannot create the file")
        }
        var installed = false
        defer {
            try? output.close()
            if !installed { FileSystem.remove(temporary) }
        }
        var verifier = StreamingVerifier(limit: pin.bytes)
        while true {
            let chunk: Data
            do {
                chunk = try input.read(upToCount: 1 << 20) ?? Data()
            } catch {
                throw .cannotRead(path: entry.path, reason: FileSystem.reason(error))
            }
            if chunk.isEmpty { break }
            guard verifier.update(chunk) else { return false }
            do {
                try output.write(contentsOf: chunk)
            } catch {
                throw .cannotWrite(path: temporary.path, reason: FileSystem.reason(error))
            }
        }
        do {
            try output.synchronize()
        } catch {
            throw .cannotWrite(path: temporary.path, reason: FileSystem.reason(error))
        }
        let (bytes, sha256) = verifier.finish()
        guard pin.matches(bytes: bytes, sha256: sha256) else { return false }
        try FileSystem.move(temporary, replacing: target)
        installed = true
        FileSystem.syncFolder(folder)
        return true
    }
}
