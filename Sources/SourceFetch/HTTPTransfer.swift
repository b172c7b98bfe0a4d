import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An `https` or `http` location, fetched with Foundation's `URLSession` (libcurl on Linux):
/// the body streams into the partial file through a delegate; a partial file that already
/// holds data is resumed with a `Range` request (and emptied when the server sends the whole
/// file instead); redirects are followed; `timeout` bounds the time without data.
struct HTTPTransfer: Transfer {
    let url: URL
    /// Seconds without data before giving up.
    let timeout: Double

    func run(into partial: PartialFile) -> TransferResult {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        let delegate = HTTPTransferDelegate(url: url, partial: partial, timeout: timeout)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }

        var request = URLRequest(url: url, timeoutInterval: timeout)
        // The bytes as stored: a transparently decoded body would not be the pinned file.
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        request.setValue("vocab-pipeline", forHTTPHeaderField: "User-Agent")
        if partial.startOffset > 0 {
            request.setValue("bytes=\(partial.startOffset)-", forHTTPHeaderField: "Range")
        }
        session.dataTask(with: request).resume()
        return delegate.wait()
    }
}

/// The delegate of one transfer: judges the answer's status and range, streams the body into
/// the partial file and records how the transfer ended. Its callbacks run one at a time on the
/// session's queue; ``wait()`` reads the result only after the last of them.
private final class HTTPTransferDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let url: URL
    private let partial: PartialFile
    private let timeout: Double
    private let finished = DispatchSemaphore(value: 0)
    /// Set by a callback that stopped the transfer; wins over the cancellation it causes.
    private var stopped: TransferResult?
    private var result: TransferResult = .complete
    /// Body bytes received by this attempt: a transfer cut after some is worth resuming.
    private var received = 0

    init(url: URL, partial: PartialFile, timeout: Double) {
        self.url = url
        self.partial = partial
        self.timeout = timeout
    }

    /// Blocks until the transfer has ended and tells how.
    func wait() -> TransferResult {
        finished.wait()
        return result
    }

    private var location: String { url.absoluteString }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        stopped = judge(response)
        completionHandler(stopped == nil ? .allow : .cancel)
    }

    /// Nil to go on with the body; otherwise why to stop.
    private func judge(_ response: URLResponse) -> TransferResult? {
        guard let http = response as? HTTPURLResponse else {
            return .failed(.transferFailed(url: location, reason: "not an HTTP response"), resumable: false)
        }
        let offset = partial.startOffset
        var total: Int64? = http.expectedContentLength >= 0 ? http.expectedContentLength : nil
        switch http.statusCode {
        case 200:
            // The whole file: the server ignores ranges, or none was asked for.
            if offset > 0 {
                do throws(FetchProblem) { try partial.restart() } catch { return .failed(error, resumable: false) }
            }
        case 206 where offset > 0:
            guard let range = ContentRange(http.value(forHTTPHeaderField: "Content-Range")), range.start == offset else {
                return .restart
            }
            total = range.total
        case 416 where offset > 0:
            return .restart
        default:
            return .failed(.httpStatus(url: location, status: http.statusCode), resumable: false)
        }
        if let pinned = partial.verifier.limit, let total, total != pinned {
            return .failed(.sizeMismatch(url: location, expected: pinned, actual: total), resumable: false)
        }
        return nil
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard stopped == nil else { return }
        received += data.count
        do throws(FetchProblem) {
            if try !partial.append(data) {
                stopped = .failed(.largerThanPinned(url: location, pinned: partial.verifier.limit ?? 0), resumable: false)
            }
        } catch {
            stopped = .failed(error, resumable: false)
        }
        if stopped != nil { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let stopped {
            result = stopped
        } else if let error = error as? URLError {
            result = error.code == .timedOut
                ? .failed(.timedOut(url: location, seconds: timeout), resumable: false)
                : .failed(.transferFailed(url: location, reason: error.localizedDescription), resumable: received > 0)
        } else if let error {
            result = .failed(.transferFailed(url: location, reason: error.localizedDescription), resumable: false)
        } else {
            result = .complete
        }
        finished.signal()
    }
}

/// A `Content-Range: bytes <start>-<end>/<total>` header.
struct ContentRange: Equatable {
    /// The first byte sent.
    var start: Int64
    /// The last byte sent.
    var end: Int64
    /// The whole file's size; nil when the server gives `*`.
    var total: Int64?

    /// Parses the header; nil when absent or malformed.
    init?(_ header: String?) {
        guard let header, header.hasPrefix("bytes ") else { return nil }
        let parts = header.dropFirst("bytes ".count).split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let bounds = parts[0].split(separator: "-", maxSplits: 1)
        guard bounds.count == 2, let start = Int64(bounds[0]), let end = Int64(bounds[1]), start <= end else { return nil }
        self.start = start
        self.end = end
        if parts[1] == "*" {
            total = nil
        } else if let total = Int64(parts[1]), total > end {
            self.total = total
        } else {
            return nil
        }
    }
}
