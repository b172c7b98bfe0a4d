import Foundation

/// Licence and attribution of a source, carried into the manifest and the SQLite metadata.
package struct SourceLicense: Codable, Sendable, Equatable {
    /// SPDX-style short name when known (`CC-BY-4.0`).
    package var name: String?
    /// URL of the licence text.
    package var path: String?
    /// The licence's title, or its terms in words when it has no name.
    package var title: String?
    /// The attribution line a bundle must show.
    package var attribution: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case name, path, title, attribution }
}

extension SourceLicense {
    /// Decodes `license`, rejecting unknown keys.
    package init(from decoder: Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        path = try c.decodeIfPresent(String.self, forKey: .path)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        attribution = try c.decodeIfPresent(String.self, forKey: .attribution)
    }
}

/// An input file of a build, identified by content.
package struct SourceFile: Codable, Sendable, Equatable {
    /// What a file is to the build: the frequency list, the source lexicon, a translation
    /// lexicon, the stop list, the sense pins.
    package enum Role: String, Codable, Sendable {
        case frequency, lexicon, translation, stoplist, sensepins
        /// The gloss lexicon (`glosses`): definitions of the source's concepts in another language.
        case gloss
        /// A Hunspell dictionary's `.aff` or `.dic`, an analyzer, and a lemma table (the lemmatize
        /// step's inputs; the examples stage's analyzers are `morphology` too).
        case morphology, lemmatable
        /// The sentence pairs of `examples`: example sentences with their translation.
        case examples
    }

    /// What the file is to the build.
    package var role: Role
    /// Path as given in the config (relative to the corpus folder when it was relative); in a
    /// release, as ``Pipeline/releaseSource(_:)`` names it.
    package var path: String
    /// Size in bytes, as stored.
    package var bytes: Int64
    /// Lower-case hex SHA-256 of the file's bytes as stored (compressed, for `.gz`).
    package var sha256: String
    /// `id:version` of the lexicon read from this file, for lexicons.
    package var lexicon: String?
    /// The lexicon's `language` (BCP 47), for lexicons.
    package var language: String?
    /// The lexicon's `label`, or `frequency.title` for the frequency list.
    package var title: String?
    /// The config's `license` for the frequency list; for a lexicon, its `license` URL and its
    /// attribution (the config's, else the lexicon's `citation`).
    package var license: SourceLicense?
    /// The Debian package that installed a file outside the folder its path is relative to
    /// (``SystemFileIdentity``), once the release names it; nil otherwise.
    package var package: DebianPackage?
    /// The archive the file is a member of, once the release names it (``Pipeline/releaseSource(_:)``:
    /// the config unpacks it from one, `archive`); nil otherwise.
    package var archive: SourceArchive?

    /// The file at `url`, named `displayPath`, with the size and SHA-256 `digest` gives
    /// (``Checksum/sha256(of:)``, or a cache of it); the lexicon fields are filled in once the
    /// file has been read.
    package static func describe(
        _ url: URL, role: Role, displayPath: String, digest: (URL) throws -> (bytes: Int64, hex: String)
    ) rethrows -> SourceFile {
        let (bytes, hex) = try digest(url)
        return SourceFile(role: role, path: displayPath, bytes: bytes, sha256: hex)
    }
}

/// Sizes and SHA-256 digests of files and bytes (input identities, stage keys, manifests).
package enum Checksum {
    /// Size and lower-case hex SHA-256 of a file, read in chunks.
    ///
    /// Only a regular file is read, and never past the size `fstat` gives it: a file of `/proc`
    /// is regular by `stat` with a size of 0, yet `/proc/self/pagemap` reads on for hundreds of
    /// gigabytes, which would hang the build that hashes it. It is opened without blocking, so
    /// that a pipe is refused instead of waited on.
    ///
    /// - throws: `FileReadError`: `.cannotOpen`, `.notARegularFile`, `.largerThanItsSize`,
    ///   `.readFailed`.
    package static func sha256(of url: URL) throws(FileReadError) -> (bytes: Int64, hex: String) {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileReadError(file: url.path, .cannotOpen) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw FileReadError(file: url.path, .notARegularFile)
        }
        let size = Int64(status.st_size)
        var hasher = SHA256()
        var total: Int64 = 0
        // One buffer read into again and again: a new megabyte per read was mapped and faulted
        // in each time (a fifth of hashing a release's 52 MB dictionary).
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileReadError(file: url.path, .readFailed(reason: String(cString: strerror(errno))))
            }
            if count == 0 { break }
            total += Int64(count)
            guard total <= size else { throw FileReadError(file: url.path, .largerThanItsSize(size)) }
            buffer.withUnsafeBytes { hasher.update(data: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        return (total, hex(hasher.finalize()))
    }

    /// Lower-case hex SHA-256 of in-memory bytes.
    package static func sha256(of data: Data) -> String {
        hex(SHA256.hash(data: data))
    }

    /// A digest (or any bytes) as lower-case hex, the form every digest of the project is written in.
    package static func hex<D: Sequence>(_ digest: D) -> String where D.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in digest {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
