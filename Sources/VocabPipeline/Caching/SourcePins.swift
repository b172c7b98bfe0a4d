import Foundation
import VocabCore

/// A source file that does not match its pin (`sha256`, `bytes` in the config): where (the
/// file, and the pin's key path such as `lexicon.sha256`) and both identities.
package typealias SourcePinError = Located<SourcePinProblem>

/// What differs between a source file and its pin.
package enum SourcePinProblem: ErrorProblem {
    /// The file's SHA-256 (and size) are not the pinned ones.
    case mismatch(expectedSHA256: String, actualSHA256: String, expectedBytes: Int64?, actualBytes: Int64)

    /// The problem in plain words, with both hashes.
    package var message: String {
        switch self {
        case .mismatch(let expected, let actual, let expectedBytes, let actualBytes):
            var text = "the file does not match its pin: SHA-256 \(actual), pinned \(expected)"
            if let expectedBytes, expectedBytes != actualBytes {
                text += " (\(actualBytes) bytes, pinned \(expectedBytes))"
            }
            return text + "; run `vocab fetch` to restore the pinned file"
        }
    }
}

/// The build's check of every pinned source against its pin, before any stage runs. The
/// hashes come from the run's ``FileDigests``, so a checked file is not hashed again for the
/// stage keys.
package enum SourcePins {
    /// Throws a ``SourcePinError`` for the first source (of `roles`, all when nil) whose file
    /// does not match its pin (the member's, `archive.sha256`, for a file unpacked from an
    /// archive: the build reads the file, never the archive); sources without a pin are not checked.
    package static func verify(_ pipeline: Pipeline, roles: Set<SourceFile.Role>? = nil, digests: FileDigests) throws {
        for source in pipeline.sources where roles?.contains(source.role) ?? true {
            guard let pin = source.pin else { continue }
            let (bytes, sha256) = try digests.digest(source.file)
            if !pin.fileMatches(bytes: bytes, sha256: sha256) {
                throw SourcePinError(
                    file: source.file.path, item: "\(source.keyPath).\(pin.fileKey)",
                    .mismatch(expectedSHA256: pin.fileSHA256, actualSHA256: sha256, expectedBytes: pin.fileBytes, actualBytes: bytes))
            }
        }
    }
}
