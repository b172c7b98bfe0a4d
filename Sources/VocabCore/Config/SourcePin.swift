import Foundation

/// What a source file must be and where it can be downloaded: the `sha256`, `bytes`, `url`,
/// `mirrors` and `archive` keys of `frequency`, `lexicon`, each `translations` item, `glosses` and
/// `examples`.
///
/// With `archive` (``ArchiveMemberPin``), the file the publisher ships is an archive: `sha256`,
/// `bytes`, `url` and `mirrors` are the archive's, and the file at the source's `path` is the
/// member `archive` names and pins (``fileSHA256``, ``fileBytes``).
///
/// `vocab fetch` downloads the file when the one at the source's `path` is missing or differs;
/// `vocab build` refuses a file that does not match. A pin is never encoded with the config (so
/// neither the stage keys nor the manifest's embedded config see it): where a file comes from
/// does not change what is built from it, whose content is already hashed into the stage keys
/// and recorded in the manifest's `sources`. Adding a mirror therefore reruns no stage and
/// leaves a release byte-identical. The one exception is `archive`: which member of which archive
/// (by its SHA-256 and size) the file is says what the file is, not where it comes from, so the
/// manifest's `sources` record it (``Pipeline/releaseSource(_:)``) and the emit key includes it.
package struct SourcePin: Sendable, Equatable {
    /// Lower-case hex SHA-256 of the file's bytes, as stored (compressed, for `.gz`).
    package var sha256: String
    /// The file's size in bytes, when the config gives it (checked before a download completes).
    package var bytes: Int64?
    /// Where to download the file (`https`, `http` or `file`); nil when only the cache or a
    /// mirror given on the command line can provide it.
    package var url: URL?
    /// Further locations of the same file, tried in order after `url`.
    package var mirrors: [URL]
    /// The member of the downloaded archive that is the file at the source's path; nil when the
    /// downloaded file is that file.
    package var archive: ArchiveMemberPin?

    /// A pin; `url` and `mirrors` are the locations to try, in order.
    package init(sha256: String, bytes: Int64? = nil, url: URL? = nil, mirrors: [URL] = [], archive: ArchiveMemberPin? = nil) {
        self.sha256 = sha256
        self.bytes = bytes
        self.url = url
        self.mirrors = mirrors
        self.archive = archive
    }

    /// The SHA-256 the file at the source's path must have: the archive member's, else the pin's.
    package var fileSHA256: String { archive?.sha256 ?? sha256 }
    /// The size the file at the source's path must have, when pinned: the archive member's, else the pin's.
    package var fileBytes: Int64? { archive == nil ? bytes : archive?.bytes }
    /// The key (under the source's) of the SHA-256 the file at its path is checked against:
    /// `sha256`, or `archive.sha256`.
    package var fileKey: String { archive == nil ? "sha256" : "archive.sha256" }

    /// Whether a file of `bytes` bytes and SHA-256 `sha256` is the one the source's path must hold.
    package func fileMatches(bytes: Int64, sha256: String) -> Bool {
        sha256 == fileSHA256 && (fileBytes ?? bytes) == bytes
    }

    /// The locations to try, in order, each with its config key (`url`, `mirrors[0]`, ...).
    package var locations: [(key: String, url: URL)] {
        (url.map { [("url", $0)] } ?? []) + mirrors.enumerated().map { ("mirrors[\($0.offset)]", $0.element) }
    }

    /// Whether a file of `bytes` bytes and SHA-256 `sha256` is the pinned one (the downloaded
    /// file: the archive, for an archive's member).
    package func matches(bytes: Int64, sha256: String) -> Bool {
        sha256 == self.sha256 && (self.bytes ?? bytes) == bytes
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case url, sha256, bytes, mirrors, archive }

    /// The URL schemes a pin may name.
    package static let schemes: Set<String> = ["https", "http", "file"]

    /// Decodes the pin keys from a source object that holds other keys too; nil when it has
    /// none of them. A `url`, `bytes`, `mirrors` or `archive` needs a `sha256`, `mirrors` need a
    /// `url`; a `sha256` must be 64 lower-case hex digits and every URL https, http or file.
    static func decode(from decoder: Decoder) throws -> SourcePin? {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func path(_ key: CodingKeys) -> [CodingKey] { c.codingPath + [key] }
        func location(_ text: String, at codingPath: [CodingKey]) throws -> URL {
            guard let url = Self.location(text) else {
                throw DecodingError.config(.unsupportedURL(text), at: codingPath)
            }
            return url
        }

        let urlText = try c.decodeIfPresent(String.self, forKey: .url)
        let sha256 = try c.decodeIfPresent(String.self, forKey: .sha256)
        let bytes = try c.decodeIfPresent(Int64.self, forKey: .bytes)
        let mirrorTexts = try c.decodeIfPresent([String].self, forKey: .mirrors)
        let archive = try c.decodeIfPresent(ArchiveMemberPin.self, forKey: .archive)

        if let sha256, !Self.isSHA256(sha256) {
            throw DecodingError.config(.invalidSHA256(sha256), at: path(.sha256))
        }
        if let bytes, bytes < 0 { throw DecodingError.config(.negative(bytes), at: path(.bytes)) }
        let url = try urlText.map { try location($0, at: path(.url)) }
        var mirrors: [URL] = []
        for (index, text) in (mirrorTexts ?? []).enumerated() {
            mirrors.append(try location(text, at: path(.mirrors) + [AnyKey(index: index)]))
        }
        if !(mirrorTexts ?? []).isEmpty && url == nil {
            throw DecodingError.config(.requiredWith(key: "mirrors"), at: path(.url))
        }
        guard let sha256 else {
            if let other = [(urlText != nil, "url"), (bytes != nil, "bytes"), (archive != nil, "archive")].first(where: \.0) {
                throw DecodingError.config(.requiredWith(key: other.1), at: path(.sha256))
            }
            return nil
        }
        return SourcePin(sha256: sha256, bytes: bytes, url: url, mirrors: mirrors, archive: archive)
    }

    /// Whether `text` is 64 lower-case hex digits.
    package static func isSHA256(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// `text` as a download location: an absolute `https` or `http` URL with a host, or a
    /// `file` URL with an absolute path; nil otherwise.
    package static func location(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), schemes.contains(scheme) else {
            return nil
        }
        if scheme == "file" {
            return url.path.hasPrefix("/") && [nil, "", "localhost"].contains(url.host) ? url : nil
        }
        return (url.host ?? "").isEmpty ? nil : url
    }
}
