import Foundation
import VocabCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on `.<release>.lock` beside the release, held while a build writes and
/// publishes it, so that two builds of one release never clear each other's temporary folders.
/// The kernel drops the lock when the process ends, even when it is killed.
struct PublishLock {
    private let descriptor: Int32

    init(for release: URL) throws {
        let path = release.deletingLastPathComponent()
            .appendingPathComponent(".\(release.lastPathComponent).lock").path
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw EmitError(file: path, .cannotCreateLockFile(reason: String(cString: strerror(errno))))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw EmitError(file: release.path, .anotherBuildIsPublishing)
        }
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
