import Foundation
import StageEmit
import VocabCore

/// The work folder's lock (`.<name>-<version>.lock` beside it), held by a build, or a stage run
/// on its own, from its first artifact to its last: two builds of one dataset name and version
/// never write into one work folder at the same time (the second fails at once), so stage
/// artifacts always come from one build.
struct WorkFolderLock {
    private let lock: FileLock

    /// Takes the lock for `pipeline`'s work folder, creating the folder's parent when missing.
    init(_ pipeline: Pipeline) throws {
        let folder = pipeline.workFolder
        do {
            try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw ArtifactError(file: folder.deletingLastPathComponent().path, .cannotLockWorkFolder(reason: SystemReason.describe(error)))
        }
        lock = try FileLock.beside(
            folder, cannotCreate: { ArtifactError(file: $0, .cannotLockWorkFolder(reason: $1)) },
            held: { ArtifactError(file: folder.path, .workFolderInUse) })
    }

    /// Releases the lock.
    func release() {
        lock.release()
    }
}

/// The work folder of a pipeline, for the stage commands that use it outside ``PipelineBuild``.
package enum WorkFolder {
    /// Runs `body` holding the work folder's lock (another build using it is an error, at once).
    package static func whileLocked<T>(_ pipeline: Pipeline, _ body: () throws -> T) throws -> T {
        let lock = try WorkFolderLock(pipeline)
        defer { lock.release() }
        return try body()
    }
}
