import Foundation
import VocabCore

/// The size and SHA-256 of a file as it streams in, so that a download is judged by the bytes
/// written, never by what the server announced.
struct StreamingVerifier {
    /// The pinned size, when known: going past it stops the download at once.
    let limit: Int64?
    private var hasher = SHA256()
    /// Bytes seen so far.
    private(set) var count: Int64 = 0

    /// A verifier for a file of at most `limit` bytes (any size when nil).
    init(limit: Int64?) { self.limit = limit }

    /// Adds `data`; false when the file has gone past ``limit``.
    mutating func update<Bytes: ContiguousBytes>(_ data: Bytes) -> Bool {
        count += Int64(data.withUnsafeBytes(\.count))
        hasher.update(data: data)
        return limit.map { count <= $0 } ?? true
    }

    /// The size and lower-case hex SHA-256 of everything added.
    func finish() -> (bytes: Int64, sha256: String) {
        (count, Checksum.hex(hasher.finalize()))
    }
}
