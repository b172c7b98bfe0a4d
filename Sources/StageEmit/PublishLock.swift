import Foundation
import VocabCore

/// An exclusive lock on `.<release>.lock` beside the release (a ``FileLock``), held while a
/// build writes and publishes it, so that two builds of one release never clear each other's
/// temporary folders.
struct PublishLock {
    private let lock: FileLock

    init(for release: URL) throws {
        let path = release.deletingLastPathComponent()
            .appendingPathComponent(".\(release.lastPathComponent).lock").path
        do {
            lock = try FileLock(path: path)
        } catch .cannotCreate(let reason) {
            throw EmitError(file: path, .cannotCreateLockFile(reason: reason))
        } catch .held {
            throw EmitError(file: release.path, .anotherBuildIsPublishing)
        }
    }

    func release() {
        lock.release()
    }
}
