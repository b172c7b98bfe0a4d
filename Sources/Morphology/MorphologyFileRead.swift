import Foundation
import VocabCore

/// The one way Morphology reads a dictionary or analyzer file before parsing it: a symbolic link
/// is followed (Debian installs `fr_FR.aff` as a link to `fr.aff`, as libhunspell itself opens
/// it), then only a regular file of at most ``maxBytes`` is read, each refusal one
/// `MorphologyError` naming `path`.
enum MorphologyFileRead {
    /// The largest file accepted (64 MiB: the biggest Hunspell dictionaries are about 20 MB,
    /// Debian's Apertium analyzers under 1 MB). A reader's memory is a small multiple of the
    /// file's bytes at most, so this bounds it too.
    static let maxBytes = 64 << 20

    /// The bytes of the file at `path`.
    ///
    /// - throws: `.cannotOpen` (missing, unreadable), `.notAFile` (a folder, a device),
    ///   `.tooLarge` (over ``maxBytes``).
    static func bytes(_ path: String) throws(MorphologyError) -> Data {
        // stat, not lstat: a symbolic link to a file is that file.
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw MorphologyError(file: path, .cannotOpen(reason: String(cString: strerror(errno))))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw MorphologyError(file: path, .notAFile) }
        guard Int(status.st_size) <= maxBytes else { throw MorphologyError(file: path, .tooLarge(limit: maxBytes)) }
        do {
            return try FileContents.read(URL(fileURLWithPath: path))
        } catch {
            throw MorphologyError(file: path, .cannotOpen(reason: SystemReason.describe(error)))
        }
    }
}
