import Foundation
import VocabCore

/// Content hashes of the corpus files, computed once per run.
package final class FileDigests: @unchecked Sendable {
    private var cache: [String: (bytes: Int64, hex: String)] = [:]
    private let lock = NSLock()

    /// An empty cache.
    package init() {}

    /// Size and lower-case hex SHA-256 of the file at `url`, hashed on first use only (keyed by path).
    package func digest(_ url: URL) throws -> (bytes: Int64, hex: String) {
        lock.lock()
        if let known = cache[url.path] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let computed = try Checksum.sha256(ofFileOrFolder: url)
        lock.lock()
        cache[url.path] = computed
        lock.unlock()
        return computed
    }

    /// ``SourceFile/describe(_:role:displayPath:digest:)`` without hashing a file twice.
    package func describe(_ url: URL, role: SourceFile.Role, displayPath: String) throws -> SourceFile {
        try SourceFile.describe(url, role: role, displayPath: displayPath, digest: digest)
    }
}
