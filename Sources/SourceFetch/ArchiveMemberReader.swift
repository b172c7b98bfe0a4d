import CLibArchive
import Foundation
import VocabCore

/// One member of an archive as its publisher ships it (`.tar`, `.tar.gz`, `.tar.xz`,
/// `.tar.bz2`, `.zip`), read with libarchive and streamed to an ``InstallingFile``: never
/// extracted to disk, never held in memory whole.
///
/// libarchive's `ARCHIVE_EXTRACT_SECURE_*` options guard an extraction to disk, which this never
/// does: it walks the entries (`archive_read_next_header`) and copies the member's data
/// (`archive_read_data`) itself, so every check is its own and fails closed. The whole archive is
/// read, to its end: an entry whose path could leave the archive's folder (absolute, `..`)
/// refuses the archive; the member must be a regular file (not a link, hard or symbolic, a
/// device, a pipe or a folder), present exactly once; everything the archive expands to (each
/// entry's data, and a tar's headers as the decompressor delivers them) counts towards
/// `archive.maxBytes`, and the member stops at its pinned size; libarchive's own errors (not an
/// archive, a corrupt or truncated one) stop it. Only the tar and zip formats are read, through
/// gzip, xz and bzip2 (tar) or the zip's central directory, which a cut zip lacks.
struct ArchiveMemberReader {
    /// The archive: a cache entry already checked against its pin.
    let file: URL
    /// How messages name the archive (its URL, else `sha256:<hex>`).
    let name: String
    /// The member, its pin and the expansion limit.
    let pin: ArchiveMemberPin

    /// Copies the member's bytes to `output`, reading the whole archive.
    func read(into output: InstallingFile) throws(FetchProblem) {
        func fail(_ problem: ArchiveProblem) -> FetchProblem { .archive(name, member: pin.member, problem) }
        guard let archive = archive_read_new() else { throw fail(.unreadable(reason: "libarchive could not start")) }
        defer { archive_read_free(archive) }
        func reason() -> String { archive_error_string(archive).map { String(cString: $0) } ?? "unknown error" }
        archive_read_support_filter_gzip(archive)
        archive_read_support_filter_xz(archive)
        archive_read_support_filter_bzip2(archive)
        archive_read_support_format_tar(archive)
        archive_read_support_format_zip_seekable(archive)
        guard archive_read_open_filename(archive, file.path, 1 << 16) == ARCHIVE_OK else { throw fail(.unreadable(reason: reason())) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var found = false
        var expanded: Int64 = 0
        var files: [String] = []
        var entry: OpaquePointer?
        while true {
            let status = archive_read_next_header(archive, &entry)
            if status == ARCHIVE_EOF { break }
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else { throw fail(.unreadable(reason: reason())) }
            // A tar's headers count too: a flood of empty entries is a bomb of its own.
            guard archive_filter_bytes(archive, 0) <= pin.maxBytes else { throw fail(.tooLarge(limit: pin.maxBytes)) }
            let raw = Self.path(of: entry)
            guard let path = ArchiveMemberPin.normalized(raw) else { throw fail(.entryEscapes(entry: raw)) }
            let kind = Self.kind(of: entry)
            let isMember = path == pin.member
            if isMember {
                guard !found else { throw fail(.twice) }
                found = true
                if let kind { throw fail(.notAFile(kind: kind)) }
            } else if kind == nil, files.count < 5 {
                files.append(path)
            }
            while true {
                let count = buffer.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress, $0.count) }
                if count == 0 { break }
                guard count > 0 else { throw fail(.unreadable(reason: reason())) }
                expanded += Int64(count)
                guard expanded <= pin.maxBytes else { throw fail(.tooLarge(limit: pin.maxBytes)) }
                if isMember, !(try output.append(buffer[..<count])) {
                    throw fail(.largerThanPinned(pinned: pin.bytes ?? 0))
                }
            }
        }
        guard found else { throw fail(.missing(files: files)) }
    }

    /// The entry's path as the archive writes it (UTF-8 when libarchive can convert it).
    static func path(of entry: OpaquePointer) -> String {
        if let text = archive_entry_pathname_utf8(entry) { return String(cString: text) }
        if let text = archive_entry_pathname(entry) { return String(decoding: Data(bytes: text, count: strlen(text)), as: UTF8.self) }
        return ""
    }

    /// What the entry is when it is not a regular file (`a symbolic link`, ...); nil for one.
    static func kind(of entry: OpaquePointer) -> String? {
        // A tar's hard link is an entry of no type (or a regular one) that names another.
        if archive_entry_hardlink(entry) != nil { return "a hard link" }
        switch archive_entry_filetype(entry) & 0o170000 {
        case 0o100000: return nil
        case 0o120000: return "a symbolic link"
        case 0o040000: return "a folder"
        case 0o020000: return "a character device"
        case 0o060000: return "a block device"
        case 0o010000: return "a named pipe"
        case 0o140000: return "a socket"
        default: return "an entry of unknown type"
        }
    }
}

/// Installs an archive's member at a source's path.
enum ArchiveInstaller {
    /// Installs the member `pin.archive` names, from the cache entry `entry` of the archive, at
    /// `target`, once it matches the member's pin; false (nothing installed) when `entry` is not
    /// the pinned archive (a corrupt cache entry, to download again). An archive or member
    /// refused is a ``FetchProblem/archive(_:member:_:)``, the target untouched.
    static func install(_ member: ArchiveMemberPin, of entry: URL, pin: SourcePin, at target: URL) throws(FetchProblem) -> Bool {
        let digest: (bytes: Int64, hex: String)
        do {
            digest = try Checksum.sha256(of: entry)
        } catch {
            throw .cannotRead(path: entry.path, reason: error.message)
        }
        guard pin.matches(bytes: digest.bytes, sha256: digest.hex) else { return false }
        let name = pin.url?.absoluteString ?? "sha256:\(pin.sha256)"
        let output = try InstallingFile(target, limit: member.bytes)
        try ArchiveMemberReader(file: entry, name: name, pin: member).read(into: output)
        if try output.commit(sha256: member.sha256, bytes: member.bytes) { return true }
        let written = output.digest()
        if let pinned = member.bytes, pinned != written.bytes {
            throw .archive(name, member: member.member, .sizeMismatch(expected: pinned, actual: written.bytes))
        }
        throw .archive(name, member: member.member, .checksumMismatch(expected: member.sha256, actual: written.sha256))
    }
}
