import VocabCore

/// A source that could not be fetched: where (the file at the source's `path`, and the config
/// key of the source or of the location that failed, such as `lexicon.url`) and why. The file
/// at `path` is never replaced by anything that failed.
package typealias FetchError = Located<FetchProblem>

/// Why a fetch failed, with the values that show it. (An `Error` too: the steps of a fetch throw
/// it bare, and ``SourceFetcher`` adds the source's location.)
package enum FetchProblem: ErrorProblem, Error {
    // MARK: A download

    /// The downloaded file is not the pinned one: its SHA-256 is `actual`, the pin `expected`.
    case checksumMismatch(url: String, expected: String, actual: String)
    /// The server announced (or delivered) `actual` bytes where the pin says `expected`.
    case sizeMismatch(url: String, expected: Int64, actual: Int64)
    /// The download went past the pinned size and was stopped there.
    case largerThanPinned(url: String, pinned: Int64)
    /// The server answered with an HTTP status other than 200 or 206 (after redirects).
    case httpStatus(url: String, status: Int)
    /// No data arrived for `seconds` seconds.
    case timedOut(url: String, seconds: Double)
    /// The transfer failed: the connection was refused or cut, the name did not resolve, the
    /// file of a `file` URL could not be read; `reason` is the system's.
    case transferFailed(url: String, reason: String)

    // MARK: A source

    /// The source is pinned but names no `url`, no mirror was given and the cache lacks it.
    case noLocation(sha256: String)
    /// Every location was tried and failed, each for its reason, in the order tried.
    case everyLocationFailed([FetchProblem])

    // MARK: An archive's member

    /// The member `member` of the archive `archive` (named by its URL, else `sha256:<hex>`)
    /// cannot be installed at the source's path, for `problem`; nothing was installed.
    case archive(String, member: String, ArchiveProblem)

    // MARK: Files

    /// The cache folder is inside the release or work folder, which builds replace and clear.
    case cacheInsideOutput(cache: String, output: String)
    /// A file or folder of the cache, or the file at the source's path, cannot be written;
    /// `reason` is the system's.
    case cannotWrite(path: String, reason: String)
    /// A file that should be there cannot be read; `reason` is the system's.
    case cannotRead(path: String, reason: String)

    /// The problem in plain words; download problems name their URL.
    package var message: String {
        switch self {
        case .checksumMismatch(let url, let expected, let actual):
            "the file from \(url) has SHA-256 \(actual), the pin is \(expected); not installed"
        case .sizeMismatch(let url, let expected, let actual):
            "the file from \(url) has \(actual) bytes, the pin says \(expected); not installed"
        case .largerThanPinned(let url, let pinned):
            "the file from \(url) is larger than the pinned \(pinned) bytes; stopped there, not installed"
        case .httpStatus(let url, let status):
            "HTTP \(status) from \(url)"
        case .timedOut(let url, let seconds):
            "no data from \(url) for \(Self.seconds(seconds)) s; gave up"
        case .transferFailed(let url, let reason):
            "download from \(url) failed: \(reason)"
        case .noLocation(let sha256):
            "no file with SHA-256 \(sha256) in the cache, and the source names no url to download it from"
        case .everyLocationFailed(let problems):
            "every location failed: " + problems.map(\.message).joined(separator: "; ")
        case .cacheInsideOutput(let cache, let output):
            "the cache \(cache) is inside the output folder \(output), which builds replace; choose another --cache"
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason)"
        case .cannotRead(let path, let reason):
            "cannot read \(path): \(reason)"
        case .archive(let archive, let member, let problem):
            problem.message(archive: archive, member: member)
        }
    }

    /// The config key, under the source's, of what the problem is about (`archive.member` for a
    /// member the archive lacks, `archive.sha256` for one that does not match its pin); nil when
    /// the source's own key says it.
    var configKey: String? {
        guard case .archive(_, _, let problem) = self else { return nil }
        return problem.configKey
    }

    /// `30` or `0.5`: whole seconds without a fraction.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// Why an archive's member was not installed: every way an archive may be hostile or broken is
/// refused, never skipped (fail closed).
package enum ArchiveProblem: Sendable, Equatable {
    /// libarchive cannot read the file as a tar (plain, gzip, xz or bzip2) or zip archive, or
    /// stopped inside it: not such an archive, or a corrupt or truncated one; `reason` is libarchive's.
    case unreadable(reason: String)
    /// An entry's path (`entry`, as the archive writes it) could leave the folder the archive
    /// unpacks into: absolute, or with a `..` component. The whole archive is refused.
    case entryEscapes(entry: String)
    /// The member is not a regular file but `kind` (`a symbolic link`, `a hard link`, `a
    /// character device`, `a folder`, ...).
    case notAFile(kind: String)
    /// No entry has the member's path; `files` are the first regular files the archive has.
    case missing(files: [String])
    /// Two entries have the member's path: which one is meant cannot be told.
    case twice
    /// The archive expands past `limit` bytes (`archive.maxBytes`): reading stopped there.
    case tooLarge(limit: Int64)
    /// The member is larger than its pinned size: reading stopped there.
    case largerThanPinned(pinned: Int64)
    /// The member has `actual` bytes where its pin says `expected`.
    case sizeMismatch(expected: Int64, actual: Int64)
    /// The member's SHA-256 is `actual`, its pin's `expected`.
    case checksumMismatch(expected: String, actual: String)

    /// The problem in plain words, naming the archive and the member.
    func message(archive: String, member: String) -> String {
        switch self {
        case .unreadable(let reason):
            "the archive \(archive) cannot be read as a tar or zip archive (corrupt, truncated, or another format): \(reason); \(member) not installed"
        case .entryEscapes(let entry):
            "the archive \(archive) holds \"\(entry)\", a path that leaves the archive's folder (absolute or with ..); \(member) not installed"
        case .notAFile(let kind):
            "\(member) in the archive \(archive) is \(kind), not a regular file; not installed"
        case .missing(let files):
            "the archive \(archive) has no \(member)" + (files.isEmpty ? "" : " (its files include \(files.joined(separator: ", ")))")
                + "; not installed"
        case .twice:
            "the archive \(archive) holds \(member) twice; not installed"
        case .tooLarge(let limit):
            "the archive \(archive) expands past \(limit) bytes (archive.maxBytes); stopped there, \(member) not installed"
        case .largerThanPinned(let pinned):
            "\(member) in the archive \(archive) is larger than the pinned \(pinned) bytes; stopped there, not installed"
        case .sizeMismatch(let expected, let actual):
            "\(member) in the archive \(archive) has \(actual) bytes, the pin says \(expected); not installed"
        case .checksumMismatch(let expected, let actual):
            "\(member) in the archive \(archive) has SHA-256 \(actual), the pin is \(expected); not installed"
        }
    }

    /// The config key (under the source's) the problem is about.
    var configKey: String {
        switch self {
        case .unreadable, .entryEscapes: "archive"
        case .notAFile, .missing, .twice: "archive.member"
        case .tooLarge: "archive.maxBytes"
        case .largerThanPinned, .sizeMismatch: "archive.bytes"
        case .checksumMismatch: "archive.sha256"
        }
    }
}
