import Foundation

/// How one attempt at a location ended.
enum TransferResult {
    /// The whole file is in the partial file (its size and SHA-256 are not judged yet).
    case complete
    /// What the partial file holds is of no use (the server refused or misplaced the range):
    /// start again from the first byte.
    case restart
    /// The attempt failed; `resumable` when it was cut after some data arrived, so that another
    /// attempt can resume where it stopped.
    case failed(FetchProblem, resumable: Bool)
}

/// One way of getting a location's bytes into a ``PartialFile``: HTTP(S) or a local file.
protocol Transfer {
    /// The location, for messages.
    var url: URL { get }
    /// Appends the rest of the file to `partial` (all of it when the partial file is empty).
    func run(into partial: PartialFile) -> TransferResult
}

/// A `file` URL: the file is copied, streamed through the verifier like a download (no network,
/// no resume: a local copy is cheap to restart).
struct FileTransfer: Transfer {
    let url: URL

    func run(into partial: PartialFile) -> TransferResult {
        guard let input = FileHandle(forReadingAtPath: url.path), FileSystem.regularFileSize(url) != nil else {
            return .failed(.transferFailed(url: url.absoluteString, reason: "no such file"), resumable: false)
        }
        defer { try? input.close() }
        do throws(FetchProblem) {
            if partial.verifier.count > 0 { try partial.restart() }
            while true {
                let chunk: Data
                do {
                    chunk = try input.read(upToCount: 1 << 20) ?? Data()
                } catch {
                    return .failed(.transferFailed(url: url.absoluteString, reason: FileSystem.reason(error)), resumable: false)
                }
                if chunk.isEmpty { return .complete }
                guard try partial.append(chunk) else {
                    return .failed(.largerThanPinned(url: url.absoluteString, pinned: partial.verifier.limit ?? 0), resumable: false)
                }
            }
        } catch {
            return .failed(error, resumable: false)
        }
    }
}
