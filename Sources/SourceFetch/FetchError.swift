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
        }
    }

    /// `30` or `0.5`: whole seconds without a fraction.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
