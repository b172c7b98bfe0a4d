import CLibXML2
import Foundation
import VocabCore

/// Reader options shared by ``LexiconReader`` and ``BareXMLPass``: no network, CDATA as text,
/// compact text nodes, blank-only text between elements dropped. Never NOENT, DTDLOAD,
/// DTDATTR or DTDVALID: no DTD and no external entity is ever loaded.
let readerOptions: Int32 = Int32(
    XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue
        | XML_PARSE_NOBLANKS.rawValue)

private let libxmlInitialized: Bool = {
    xmlInitParser()
    return true
}()

/// State shared with libxml2's C callbacks (passed as an unretained `Unmanaged` pointer):
/// the zlib stream, the byte count and the first error seen.
final class XMLInputContext {
    /// The file as opened (used again only on the error path, to tell truncation apart).
    let path: String
    let displayPath: String
    let maxBytes: Int64
    var file: gzFile?
    /// Input held in memory (instead of `file`), and its bytes (read again on the error path).
    var memory: MemoryInput?
    var memoryData: Data?
    var bytesRead: Int64 = 0
    /// Stops a DOCTYPE internal subset before libxml2 parses it.
    private var prolog = PrologGuard()
    /// The whole input has been handed to the parser.
    var reachedEnd = false
    /// An error of the input itself (gzip, size limit, I/O); it wins over parser errors.
    var inputError: LexiconError?
    /// The first libxml2 error of level error or fatal.
    var parserError: LexiconError?
    /// The first bytes of the uncompressed input, kept to find the DOCTYPE's line
    /// (libxml2 keeps no line for it).
    private(set) var head: [UInt8] = []
    static let headLimit = 16_384

    init(path: String, displayPath: String, maxBytes: Int64) {
        self.path = path
        self.displayPath = displayPath
        self.maxBytes = maxBytes
    }

    /// `problem` in this file, at `line` and `column` and in `element` when known.
    func error(line: Int? = nil, column: Int? = nil, element: String? = nil, _ problem: LexiconProblem) -> LexiconError {
        LexiconError(file: displayPath, line: line, column: column, item: element, problem)
    }

    func read(into buffer: UnsafeMutablePointer<CChar>, count: Int32) -> Int32 {
        guard inputError == nil, count > 0 else { return inputError == nil ? 0 : -1 }
        let n: Int32
        if let memory {
            switch buffer.withMemoryRebound(to: UInt8.self, capacity: Int(count), { memory.read(into: $0, count: Int(count)) }) {
            case .success(let got):
                n = Int32(got)
                if n == 0 {
                    reachedEnd = true
                    return 0
                }
            case .failure(let failure):
                switch failure {
                case .truncated: inputError = error(.gzipTruncated)
                case .corrupt(let reason): inputError = error(.gzipCorrupt(reason: reason))
                case .memory: inputError = error(.outOfMemory)
                }
                return -1
            }
        } else {
            guard let file else { return 0 }
            n = gzread(file, buffer, UInt32(count))
            if n < 0 {
                inputError = zlibError(file) ?? error(.compressedDataUnreadable)
                return -1
            }
            if n == 0 {
                if let failure = zlibError(file) {
                    inputError = failure
                    return -1
                }
                reachedEnd = true
                return 0
            }
        }
        if !prolog.finished {
            let rejection = buffer.withMemoryRebound(to: UInt8.self, capacity: Int(n)) {
                prolog.scan(UnsafeBufferPointer(start: $0, count: Int(n)))
            }
            if let rejection {
                inputError = error(line: rejection.line, element: rejection.element, rejection.problem)
                return -1
            }
        }
        if head.count < Self.headLimit {
            let take = min(Int(n), Self.headLimit - head.count)
            buffer.withMemoryRebound(to: UInt8.self, capacity: take) {
                head.append(contentsOf: UnsafeBufferPointer(start: $0, count: take))
            }
        }
        bytesRead += Int64(n)
        if bytesRead > maxBytes {
            inputError = error(.tooLarge(limit: maxBytes))
            return -1
        }
        return n
    }

    private func zlibError(_ file: gzFile) -> LexiconError? {
        var code: Int32 = Z_OK
        let message = gzerror(file, &code).map { String(cString: $0) } ?? ""
        switch code {
        case Z_OK, Z_STREAM_END:
            return nil
        case Z_BUF_ERROR:
            return error(.gzipTruncated)
        case Z_ERRNO:
            return error(.unreadable)
        case Z_MEM_ERROR:
            return error(.outOfMemory)
        default:
            // zlib prefixes its message with the path it was opened with; keep only the reason.
            var reason = message
            if let range = reason.range(of: ": ", options: .backwards) {
                reason = String(reason[range.upperBound...])
            }
            return error(.gzipCorrupt(reason: reason))
        }
    }

    /// The 1-based line of the first `<!DOCTYPE` in the head of the input.
    func doctypeLine() -> Int? {
        let pattern = Array("<!DOCTYPE".utf8)
        guard head.count >= pattern.count else { return nil }
        var line = 1
        for i in 0...(head.count - pattern.count) {
            if head[i] == 0x0A { line += 1; continue }
            if head[i] == 0x3C && head[i..<(i + pattern.count)].elementsEqual(pattern) { return line }
        }
        return nil
    }

    func record(_ e: xmlError) {
        guard parserError == nil, e.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        // Undeclared namespace prefixes (on Dublin Core attributes) do not affect the content.
        if e.domain == Int32(XML_FROM_NAMESPACE.rawValue) { return }
        let line = e.line > 0 ? Int(e.line) : nil
        let column = e.int2 > 0 ? Int(e.int2) : nil
        // One line: libxml2 puts details (such as the bad bytes) on lines of their own.
        let message = (e.message.map { String(cString: $0) } ?? "error \(e.code)")
            .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let first = message.first ?? "error \(e.code)"
        if first.hasPrefix("Input is not proper UTF-8") {
            let bytes = message.dropFirst().first { $0.hasPrefix("Bytes:") }
                .map { $0.dropFirst("Bytes:".count).trimmingCharacters(in: .whitespaces) }
            parserError = error(line: line, column: column, .invalidUTF8(bytes: bytes))
            return
        }
        if reachedEnd && bytesRead == 0 {
            parserError = error(.empty)
            return
        }
        if first.hasPrefix("Document is empty") {
            parserError = error(line: line, column: column, .notXML)
            return
        }
        if let limit = Self.limitMessages.first(where: { first.contains($0.libxml) })?.limit {
            parserError = error(line: line, column: column, .parserLimit(limit))
            return
        }
        if let line, endsAtTheEndOfInput(line: line, column: column ?? 1) {
            parserError = error(line: line, column: column, .truncated)
            return
        }
        parserError = error(line: line, column: column, .malformed(details: message.joined(separator: " ")))
    }

    /// libxml2's messages for its built-in limits (without XML_PARSE_HUGE, which stays off).
    static let limitMessages: [(libxml: String, limit: LexiconProblem.ParserLimit)] = [
        ("Excessive depth in document", .depth),
        ("Huge input lookup", .nameOrAttributeLength),
        ("huge text node", .textLength),
    ]

    /// Whether an error at `line`:`column` lies in the last, unfinished piece of markup of an
    /// input read to its end (no `>` after it): what a truncated file gives, whatever libxml2's
    /// own message says ("Extra content at the end of the document", ...). Only on the error
    /// path: it reads the input again.
    private func endsAtTheEndOfInput(line errorLine: Int, column errorColumn: Int) -> Bool {
        guard reachedEnd else { return false }
        // The input again, from the start: the bytes in memory, or the file through zlib.
        var file: gzFile?
        let again = memoryData.map(MemoryInput.init)
        if again == nil {
            file = gzopen(path, "rb")
            if file == nil { return false }
        }
        defer { if let file { gzclose(file) } }
        func next(_ buffer: UnsafeMutableRawBufferPointer) -> Int32 {
            if let again {
                guard case .success(let n) = again.read(
                    into: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: buffer.count)
                else { return -1 }
                return Int32(n)
            }
            return gzread(file, buffer.baseAddress, UInt32(buffer.count))
        }
        var line = 1
        var column = 1
        var total: Int64 = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes(next)
            if n < 0 { return false }
            if n == 0 { return true }
            total += Int64(n)
            if total > maxBytes { return false }
            for byte in buffer[0..<Int(n)] where byte & 0xC0 != 0x80 {  // one step per character
                if byte == 0x3E && (line > errorLine || (line == errorLine && column >= errorColumn)) { return false }
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
        }
    }
}

/// A file opened through zlib (plain or gzip, detected by content) and an `xmlTextReader`
/// reading from it through `xmlReaderForIO`.
final class XMLStream {
    let context: XMLInputContext
    let reader: xmlTextReaderPtr

    convenience init(path: String, displayPath: String, maxBytes: Int64) throws(LexiconError) {
        let context = XMLInputContext(path: path, displayPath: displayPath, maxBytes: maxBytes)
        guard let file = gzopen(path, "rb") else {
            let reason = errno != 0 ? String(cString: strerror(errno)) : "unknown reason"
            throw context.error(.cannotOpen(reason: reason))
        }
        gzbuffer(file, 1 << 17)
        context.file = file
        try self.init(context: context)
    }

    /// Reads `data` (plain or gzip, detected by content) as ``init(path:displayPath:maxBytes:)`` reads a file.
    convenience init(data: Data, displayPath: String, maxBytes: Int64) throws(LexiconError) {
        // No file to read again on the error path: truncation is then told by libxml2 alone.
        let context = XMLInputContext(path: "", displayPath: displayPath, maxBytes: maxBytes)
        context.memory = MemoryInput(data)
        context.memoryData = data
        try self.init(context: context)
    }

    private init(context: XMLInputContext) throws(LexiconError) {
        _ = libxmlInitialized
        let opaque = Unmanaged.passUnretained(context).toOpaque()
        let reader = xmlReaderForIO(
            { ctx, buffer, len in
                guard let ctx, let buffer else { return -1 }
                return Unmanaged<XMLInputContext>.fromOpaque(ctx).takeUnretainedValue().read(into: buffer, count: len)
            }, nil, opaque, nil, nil, readerOptions)
        guard let reader else {
            if let file = context.file { gzclose(file) }
            context.file = nil
            throw context.inputError ?? context.error(.readerNotCreated)
        }
        xmlTextReaderSetStructuredErrorHandler(
            reader,
            { ctx, err in
                guard let ctx, let err else { return }
                Unmanaged<XMLInputContext>.fromOpaque(ctx).takeUnretainedValue().record(err.pointee)
            }, opaque)
        self.context = context
        self.reader = reader
    }

    deinit {
        xmlFreeTextReader(reader)
        if let file = context.file { gzclose(file) }
    }

    /// The error that stopped the reader: an input error first, then libxml2's.
    func failure(line: Int? = nil) -> LexiconError {
        if let e = context.inputError { return e }
        if let e = context.parserError { return e }
        return context.error(line: line, .unparseable)
    }
}

/// Bytes held in memory, read the way `gzread` reads a file: data starting with the gzip magic
/// bytes is inflated by zlib (one member after another; bytes after a member that do not start
/// another member are ignored, as `gzread` does), anything else is passed through unchanged.
final class MemoryInput {
    enum Failure: Error { case truncated, corrupt(String), memory }

    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let length: Int
    private let gzip: Bool
    /// Next byte of `bytes` not yet given to zlib (or copied, for plain data).
    private var offset = 0
    private var stream = z_stream()
    private var inflating = false
    private var finished = false
    /// An error found after some output was already returned: reported by the next read.
    private var pending: Failure?

    init(_ data: Data) {
        // At least one byte allocated, but only `length` of them are input.
        length = data.count
        bytes = .allocate(capacity: max(data.count, 1))
        _ = bytes.initialize(from: data)
        gzip = data.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    deinit {
        if inflating { inflateEnd(&stream) }
        bytes.deallocate()
    }

    func read(into out: UnsafeMutablePointer<UInt8>, count: Int) -> Result<Int, Failure> {
        if let pending { return .failure(pending) }
        guard count > 0, !finished else { return .success(0) }
        if !gzip {
            let n = min(count, length - offset)
            if n > 0 { out.update(from: bytes.baseAddress! + offset, count: n) }
            offset += n
            return .success(n)
        }
        var produced = 0
        while produced < count && !finished {
            if !inflating {
                // A member starts at `offset`.
                stream = z_stream()
                stream.next_in = bytes.baseAddress! + offset
                stream.avail_in = UInt32(clamping: length - offset)
                let status = inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
                guard status == Z_OK else { return fail(.memory, produced) }
                inflating = true
            }
            stream.next_out = out + produced
            stream.avail_out = UInt32(clamping: count - produced)
            let before = stream.avail_out
            let status = inflate(&stream, Z_NO_FLUSH)
            produced += Int(before - stream.avail_out)
            switch status {
            case Z_OK:
                continue
            case Z_STREAM_END:
                offset = length - Int(stream.avail_in)
                inflateEnd(&stream)
                inflating = false
                let rest = length - offset
                if rest < 2 || bytes[offset] != 0x1F || bytes[offset + 1] != 0x8B { finished = true }
            case Z_BUF_ERROR:
                // No progress with room for output: all the input was given, so the stream is cut short.
                return fail(.truncated, produced)
            case Z_MEM_ERROR:
                return fail(.memory, produced)
            case Z_NEED_DICT:
                return fail(.corrupt("need dictionary"), produced)
            default:
                let message = stream.msg.map { String(cString: $0) } ?? "compressed data error"
                return fail(.corrupt(message), produced)
            }
        }
        return .success(produced)
    }

    private func fail(_ failure: Failure, _ produced: Int) -> Result<Int, Failure> {
        pending = failure
        return produced > 0 ? .success(produced) : .failure(failure)
    }
}
