/// The `archive` key of a source: the file its publisher ships is an archive (`.tar`, `.tar.gz`,
/// `.tar.xz`, `.tar.bz2`, `.zip`), and the file at the source's `path` is one member of it.
///
/// The source's own pin (`sha256`, `bytes`, `url`, `mirrors`) is then the archive's: what `vocab
/// fetch` downloads and keeps in its cache. This pins the member: its path inside the archive
/// and the SHA-256 (and size) of its bytes, which `vocab fetch` installs at `path` and `vocab
/// build` checks the file at `path` against. Like the rest of a pin, it is never encoded with the
/// config; unlike `url` and `mirrors`, it says what the file *is* (this member of that archive),
/// so the release's manifest records it (``SourceArchive``) and it enters the emit stage's key.
package struct ArchiveMemberPin: Sendable, Equatable {
    /// The member's path inside the archive, `/`-separated, relative, without `.` or `..`
    /// components (`omw-es/omw-es.xml`, `spa.txt`).
    package var member: String
    /// Lower-case hex SHA-256 of the member's bytes: the file installed at the source's path.
    package var sha256: String
    /// The member's size, when the config gives it (reading stops past it).
    package var bytes: Int64?
    /// The most bytes the archive may expand to (every entry's data, and a tar's headers): past
    /// it, reading stops and nothing is installed (an archive bomb).
    package var maxBytes: Int64

    /// 2 GiB, the default ``maxBytes`` (as a lexicon's `maxBytes`).
    package static let defaultMaxBytes: Int64 = 2 << 30

    /// A member pin.
    package init(member: String, sha256: String, bytes: Int64? = nil, maxBytes: Int64 = Self.defaultMaxBytes) {
        self.member = member
        self.sha256 = sha256
        self.bytes = bytes
        self.maxBytes = maxBytes
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case member, sha256, bytes, maxBytes }

    /// The path `path` of an archive entry names once `.` components, empty components (`a//b`)
    /// and a trailing `/` are dropped (`./omw-es/omw-es.xml` is `omw-es/omw-es.xml`); nil when it
    /// could leave the folder the archive unpacks into: absolute, or with a `..` component (also
    /// between backslashes, as a zip made on Windows may write it), or nothing at all.
    package static func normalized(_ path: String) -> String? {
        if path.hasPrefix("/") || path.hasPrefix("\\") { return nil }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        let escapes = parts.contains { part in part.split(separator: "\\", omittingEmptySubsequences: false).contains("..") }
        guard !escapes, !parts.isEmpty else { return nil }
        return parts.joined(separator: "/")
    }
}

extension ArchiveMemberPin: Decodable {
    /// Decodes `archive`, rejecting unknown keys: `member` (already in its ``normalized(_:)``
    /// form) and `sha256` are required, `bytes` and `maxBytes` must not be negative.
    package init(from decoder: Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        member = try c.decode(String.self, forKey: .member)
        sha256 = try c.decode(String.self, forKey: .sha256)
        bytes = try c.decodeIfPresent(Int64.self, forKey: .bytes)
        maxBytes = try c.decodeIfPresent(Int64.self, forKey: .maxBytes) ?? Self.defaultMaxBytes
        guard Self.normalized(member) == member else {
            throw DecodingError.config(.invalidArchiveMember(member), at: c.codingPath + [CodingKeys.member])
        }
        guard SourcePin.isSHA256(sha256) else {
            throw DecodingError.config(.invalidSHA256(sha256), at: c.codingPath + [CodingKeys.sha256])
        }
        if let bytes, bytes < 0 { throw DecodingError.config(.negative(bytes), at: c.codingPath + [CodingKeys.bytes]) }
        if maxBytes < 0 { throw DecodingError.config(.negative(maxBytes), at: c.codingPath + [CodingKeys.maxBytes]) }
    }
}

/// The archive a source file was unpacked from, as a release records it (the manifest's
/// `sources[].archive`, and the `sources` row of the databases' `metadata`): the member's path
/// inside it and the archive's size and SHA-256: what the file is, never where the archive was
/// downloaded from or cached, so that the same config and files give the same bytes wherever
/// they were built, whether `vocab fetch` unpacked the file or a maintainer did.
package struct SourceArchive: Codable, Sendable, Equatable {
    /// The member's path inside the archive (`omw-es/omw-es.xml`).
    package var member: String
    /// The archive's size in bytes, when the config pins it.
    package var bytes: Int64?
    /// Lower-case hex SHA-256 of the archive.
    package var sha256: String

    /// The record of an archive and its member.
    package init(member: String, bytes: Int64?, sha256: String) {
        self.member = member
        self.bytes = bytes
        self.sha256 = sha256
    }
}
