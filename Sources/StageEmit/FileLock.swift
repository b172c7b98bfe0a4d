import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive, non-blocking `flock` on a lock file, held until ``release()`` or the end of
/// the process (the kernel drops it even when the process is killed). Publishing a release and
/// using a work folder each hold one, so that two builds never interleave their files.
package struct FileLock: Sendable {
    /// Why a lock was not taken.
    package enum Failure: Error, Sendable, Equatable {
        /// The lock file cannot be created or opened; `reason` is the system's.
        case cannotCreate(reason: String)
        /// Another process holds the lock.
        case held
    }

    private let descriptor: Int32

    /// Takes the lock on the file at `path` (created when missing), or fails at once.
    package init(path: String) throws(Failure) {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotCreate(reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw .held
        }
    }

    /// Takes the lock on `.<name>.lock` beside `item` (a release or a work folder), or fails at
    /// once with the caller's error: `cannotCreate(lockFilePath, reason)` or `held()`.
    package static func beside<E: Error>(
        _ item: URL, cannotCreate: (_ path: String, _ reason: String) -> E, held: () -> E
    ) throws(E) -> FileLock {
        let path = item.deletingLastPathComponent().appendingPathComponent(".\(item.lastPathComponent).lock").path
        do {
            return try FileLock(path: path)
        } catch {
            switch error {
            case .cannotCreate(let reason): throw cannotCreate(path, reason)
            case .held: throw held()
            }
        }
    }

    /// Releases the lock.
    package func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
