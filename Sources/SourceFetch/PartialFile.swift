import Foundation
import VocabCore

/// A download in progress (`<hex>.partial` in the cache), open for appending, with the size
/// and SHA-256 of what it already holds: what an interrupted download left is resumed, not
/// fetched again.
final class PartialFile {
    /// The file.
    let url: URL
    /// Where the download continues: the bytes the file held when opened, 0 after ``restart()``.
    private(set) var startOffset: Int64
    private let handle: FileHandle
    private(set) var verifier: StreamingVerifier

    /// Opens (or creates) the partial file and hashes what it holds; a file already longer than
    /// `limit` is of no use and is emptied.
    init(_ url: URL, limit: Int64?) throws(FetchProblem) {
        self.url = url
        if FileSystem.regularFileSize(url) == nil {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw .cannotWrite(path: url.path, reason: "cannot create the file")
            }
        }
        guard let handle = FileHandle(forUpdatingAtPath: url.path) else {
            throw .cannotWrite(path: url.path, reason: "cannot open the file")
        }
        self.handle = handle
        var verifier = StreamingVerifier(limit: limit)
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                if !verifier.update(chunk) {
                    try handle.truncate(atOffset: 0)
                    verifier = StreamingVerifier(limit: limit)
                    break
                }
            }
        } catch {
            throw .cannotRead(path: url.path, reason: FileSystem.reason(error))
        }
        self.verifier = verifier
        self.startOffset = verifier.count
    }

    deinit { try? handle.close() }

    /// Empties the file: the server sends the whole file after all.
    func restart() throws(FetchProblem) {
        do {
            try handle.truncate(atOffset: 0)
        } catch {
            throw .cannotWrite(path: url.path, reason: FileSystem.reason(error))
        }
        verifier = StreamingVerifier(limit: verifier.limit)
        startOffset = 0
    }

    /// Appends `data`; false (nothing written) when it would take the file past the pinned size.
    func append(_ data: Data) throws(FetchProblem) -> Bool {
        guard verifier.update(data) else { return false }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: data)
        } catch {
            throw .cannotWrite(path: url.path, reason: FileSystem.reason(error))
        }
        return true
    }

    /// Flushes the file to disk before it is renamed into the cache.
    func synchronize() throws(FetchProblem) {
        do {
            try handle.synchronize()
        } catch {
            throw .cannotWrite(path: url.path, reason: FileSystem.reason(error))
        }
    }
}
