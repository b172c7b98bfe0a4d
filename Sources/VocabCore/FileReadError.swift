/// A file that could not be read whole (by `Checksum.sha256(of:)`): which file, and why.
package typealias FileReadError = Located<FileReadProblem>

/// Why the file could not be read.
package enum FileReadProblem: ErrorProblem {
    /// The file could not be opened (missing, a folder, no permission).
    case cannotOpen
    /// Reading stopped part way; `reason` is the system's description.
    case readFailed(reason: String)
    /// The path is not a regular file (a pipe, a device, a folder).
    case notARegularFile
    /// The file holds more bytes than the size `stat` gives it (`size`): a special file such as
    /// `/proc/self/pagemap` (size 0, hundreds of gigabytes to read), or one still being written.
    case largerThanItsSize(Int64)
    /// A folder input holds more files than `limit` (``Checksum/maxFolderFiles``).
    case tooManyFiles(limit: Int)

    /// The problem in plain words.
    package var message: String {
        switch self {
        case .cannotOpen: "cannot open the file for reading"
        case .readFailed(let reason): "read failed: \(reason)"
        case .notARegularFile: "not a regular file"
        case .largerThanItsSize(let size):
            "the file holds more bytes than the \(size) its size gives (a special file, as in /proc, or one still being written): not read further"
        case .tooManyFiles(let limit): "the folder holds more than \(limit) files: not an analyzer's dictionary"
        }
    }
}
