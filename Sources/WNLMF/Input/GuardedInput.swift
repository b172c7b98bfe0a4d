import Foundation

/// Why the input stops before libxml2 sees more of it.
enum InputStop: Error {
    /// The bytes cannot be had (I/O, gzip).
    case source(UncompressedInput.Failure)
    /// More uncompressed bytes than the limit.
    case tooLarge
    /// The prolog holds something that must not be parsed.
    case prolog(PrologGuard.Rejection)
    /// The start tag whose `<` is at this offset has too many attributes.
    case tooManyAttributes(tagOffset: Int64)
}

/// Where a lexicon's bytes come from, kept to read them again on an error path.
enum InputOrigin {
    case file(path: String)
    case memory(Data)

    /// A fresh decoder at the start of the bytes; nil when the file cannot be opened.
    func open() -> UncompressedInput? {
        switch self {
        case .file(let path): UncompressedInput(path: path)
        case .memory(let data): UncompressedInput(data: data)
        }
    }
}

/// A source of the uncompressed, checked bytes that libxml2 parses.
protocol XMLByteSource: AnyObject {
    /// Fills `buffer` with up to `count` bytes; 0 at the end.
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(InputStop) -> Int
    /// Stops reading (the parse is over); no read follows.
    func close()
}

/// The uncompressed bytes with the checks made before libxml2 sees them: the size limit, the
/// prolog (``PrologGuard``) and the attributes per element (``AttributeGuard``). A problem
/// found inside a block stops the input there: the bytes before it are handed over first, so
/// that anything wrong earlier in the document is reported first.
final class GuardedInput: XMLByteSource {
    private let source: UncompressedInput
    private let maxBytes: Int64
    @exclusivity(unchecked) private var bytesRead: Int64 = 0
    @exclusivity(unchecked) private var prolog = PrologGuard()
    @exclusivity(unchecked) private var attributes = AttributeGuard()
    @exclusivity(unchecked) private var pending: InputStop?

    init(_ source: UncompressedInput, maxBytes: Int64) {
        self.source = source
        self.maxBytes = maxBytes
    }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(InputStop) -> Int {
        if let pending { throw pending }
        var n: Int
        do {
            n = try source.read(into: buffer, count: count)
        } catch {
            pending = .source(error)
            throw .source(error)
        }
        if n == 0 { return 0 }
        if Int64(n) > maxBytes - bytesRead {
            pending = .tooLarge
            n = Int(maxBytes - bytesRead)
        }
        if !prolog.finished, let rejection = prolog.scan(UnsafeBufferPointer(start: buffer, count: n)) {
            pending = .prolog(rejection)
            throw .prolog(rejection)
        }
        if let tag = attributes.scan(buffer, count: n) {
            pending = .tooManyAttributes(tagOffset: tag)
            n = Int(max(0, tag - bytesRead))
        }
        bytesRead += Int64(n)
        if n == 0, let pending { throw pending }
        return n
    }

    func close() {}
}
