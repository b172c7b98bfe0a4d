import Foundation
import VocabCore

/// An exclusive lock on `.<release>.lock` beside the release (a ``FileLock``), held while a
/// build writes and publishes it, so that two builds of one release never clear each other's
/// temporary folders.
struct PublishLock {
    private let lock: FileLock

    init(for release: URL) throws {
        lock = try FileLock.beside(
            release, cannotCreate: { EmitError(file: $0, .cannotCreateLockFile(reason: $1)) },
            held: { EmitError(file: release.path, .anotherBuildIsPublishing) })
    }

    func release() {
        lock.release()
    }
}
