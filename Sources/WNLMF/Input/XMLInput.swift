import CLibXML2
import Foundation
import VocabCore

/// Parser options for every libxml2 parse of a lexicon: no network, CDATA as text, and the
/// encoding declaration ignored (``PrologGuard`` refuses any but UTF-8 before the parser
/// starts; this is the second wall). Never NOENT, DTDLOAD, DTDATTR, DTDVALID or HUGE: no DTD
/// and no external entity is ever loaded, no entity expanded, and libxml2's limits stay on.
let parserOptions: Int32 = Int32(
    XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_IGNORE_ENC.rawValue)

/// libxml2 set up once. Also fixes glibc's threshold above which `malloc` maps memory of its
/// own (at its default, 128 KiB): otherwise glibc raises it whenever such a block is freed,
/// and the large buffers a load grows and drops (id tables, record arrays) stay in the heap,
/// counted in the process's memory long after they are freed.
let libxmlInitialized: Bool = {
    xmlInitParser()
    #if os(Linux)
    mallopt(M_MMAP_THRESHOLD, 128 * 1024)
    #endif
    return true
}()

/// The input side of one parse, shared with libxml2's C callbacks (as an unretained pointer):
/// the checked bytes, how many were handed over, and the first error of each kind.
final class XMLInputContext {
    let origin: InputOrigin
    let displayPath: String
    let maxBytes: Int64
    private let source: XMLByteSource
    /// Uncompressed bytes handed to the parser.
    @exclusivity(unchecked) private(set) var bytesRead: Int64 = 0
    /// The whole input has been handed to the parser.
    @exclusivity(unchecked) private(set) var reachedEnd = false
    /// The first problem of the input itself (gzip, size limit, I/O, the guards).
    @exclusivity(unchecked) private(set) var inputError: LexiconError?
    /// The first libxml2 error of level error or fatal.
    @exclusivity(unchecked) private(set) var parserError: LexiconError?
    /// Whether `parserError` came before the input failed (else it is a consequence of it).
    @exclusivity(unchecked) private var parserErrorFirst = false
    /// The first bytes of the input, kept to find the DOCTYPE's line.
    @exclusivity(unchecked) private(set) var head: [UInt8] = []
    static let headLimit = 16_384

    /// Inputs at least this large (as stored) are decompressed on a thread of their own (OEWN's
    /// 11 MB; an OMW lexicon's 2 MB are not worth a thread); tests lower it, for their own task
    /// only, to run the threaded path on small inputs.
    @TaskLocal static var threadingThreshold = 4 << 20

    /// Opens the file (or the bytes in memory) with the checks before parsing.
    init(origin: InputOrigin, displayPath: String, maxBytes: Int64) throws(LexiconError) {
        self.origin = origin
        self.displayPath = displayPath
        self.maxBytes = maxBytes
        guard let input = origin.open() else {
            let reason = errno != 0 ? String(cString: strerror(errno)) : "unknown reason"
            throw LexiconError(file: displayPath, .cannotOpen(reason: reason))
        }
        let size: Int
        switch origin {
        case .file(let path): size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        case .memory(let data): size = data.count
        }
        let guarded = GuardedInput(input, maxBytes: maxBytes)
        source = size >= Self.threadingThreshold ? ThreadedInput(guarded) : guarded
    }

    deinit { source.close() }

    /// Stops the input (the parse is over).
    func close() { source.close() }

    /// Reads what the parser left of the input, to its end: a gzip stream's last checks (its
    /// trailer, bytes after it) run even when the document ended before the bytes did.
    func drain() {
        let scratch = UnsafeMutablePointer<CChar>.allocate(capacity: 1 << 16)
        defer { scratch.deallocate() }
        while !reachedEnd && inputError == nil && read(into: scratch, count: 1 << 16) > 0 {}
    }

    /// `problem` in this file, at `line` and `column` and in `element` when known.
    func error(line: Int? = nil, column: Int? = nil, element: String? = nil, _ problem: LexiconProblem) -> LexiconError {
        LexiconError(file: displayPath, line: line, column: column, item: element, problem)
    }

    /// libxml2's read callback: up to `count` bytes into `buffer`, 0 at the end, -1 on an error.
    func read(into buffer: UnsafeMutablePointer<CChar>, count: Int32) -> Int32 {
        guard inputError == nil, count > 0 else { return inputError == nil ? 0 : -1 }
        let target = UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: UInt8.self)
        let n: Int
        do {
            n = try source.read(into: target, count: Int(count))
        } catch {
            inputError = describe(error)
            return -1
        }
        if n == 0 {
            reachedEnd = true
            return 0
        }
        if head.count < Self.headLimit {
            head.append(contentsOf: UnsafeBufferPointer(start: target, count: min(n, Self.headLimit - head.count)))
        }
        bytesRead += Int64(n)
        return Int32(n)
    }

    private func describe(_ stop: InputStop) -> LexiconError {
        switch stop {
        case .source(.unreadable): error(.unreadable)
        case .source(.truncated): error(.gzipTruncated)
        case .source(.corrupt(let reason)): error(.gzipCorrupt(reason: reason))
        case .source(.trailingData): error(.gzipTrailingData)
        case .source(.memory): error(.outOfMemory)
        case .tooLarge: error(.tooLarge(limit: maxBytes))
        case .prolog(let rejection): error(line: rejection.line, element: rejection.element, rejection.problem)
        case .tooManyAttributes(let offset):
            // Only on the error path: the input again, for the tag's line and name.
            error(line: line(at: offset), element: elementName(at: offset), .tooManyAttributes(limit: AttributeGuard.limit))
        }
    }

    /// The input's bytes again from the start, `body` called with each block until it returns false.
    private func replay(_ body: (UnsafeBufferPointer<UInt8>) -> Bool) {
        guard let input = origin.open() else { return }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
        defer { buffer.deallocate() }
        var total: Int64 = 0
        while let n = try? input.read(into: buffer, count: 1 << 16), n > 0, total <= maxBytes {
            total += Int64(n)
            if !body(UnsafeBufferPointer(start: buffer, count: n)) { return }
        }
    }

    /// The 1-based line of the byte at `offset`.
    private func line(at offset: Int64) -> Int {
        var line = 1
        var position: Int64 = 0
        replay { block in
            let take = Int(min(Int64(block.count), offset - position))
            for byte in block[0..<take] where byte == 0x0A { line += 1 }
            position += Int64(take)
            return position < offset
        }
        return line
    }

    /// The name after the `<` at `offset` (at most 100 bytes of it).
    private func elementName(at offset: Int64) -> String {
        var name: [UInt8] = []
        var position: Int64 = 0
        replay { block in
            for byte in block {
                if position > offset {
                    if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "/")
                        || byte == UInt8(ascii: ">") || name.count >= 100 { return false }
                    name.append(byte)
                }
                position += 1
            }
            return true
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// Records a libxml2 error (warnings aside).
    func record(_ e: xmlError) {
        // An undeclared entity (in content or in an attribute value) is an error level
        // "warning": an entity reference all the same, never expanded.
        if e.code == Int32(XML_WAR_UNDECLARED_ENTITY.rawValue) {
            if parserError == nil {
                parserError = error(line: e.line > 0 ? Int(e.line) : nil, .entityReference)
                parserErrorFirst = inputError == nil
            }
            return
        }
        guard parserError == nil, e.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        // Undeclared namespace prefixes on attributes (Dublin Core) do not affect the content;
        // one on an element is stopped by the loader.
        if e.domain == Int32(XML_FROM_NAMESPACE.rawValue) { return }
        parserErrorFirst = inputError == nil
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

    /// The input's error, or libxml2's when it came first: the error that stopped the parse.
    /// (A parser error after the input failed is its consequence.)
    var failure: LexiconError? {
        if let parserError, parserErrorFirst || inputError == nil { return parserError }
        return inputError ?? parserError
    }

    /// libxml2's messages for its built-in limits (without XML_PARSE_HUGE, which stays off).
    static let limitMessages: [(libxml: String, limit: LexiconProblem.ParserLimit)] = [
        ("Excessive depth in document", .depth),
        ("Huge input lookup", .nameOrAttributeLength),
        ("AttValue length too long", .nameOrAttributeLength),
        ("huge text node", .textLength),
    ]

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

    /// Whether an error at `line`:`column` lies in the last, unfinished piece of markup of an
    /// input read to its end (no `>` after it): what a truncated file gives, whatever libxml2's
    /// own message says ("Extra content at the end of the document", ...). Only on the error
    /// path: it reads the input again.
    private func endsAtTheEndOfInput(line errorLine: Int, column errorColumn: Int) -> Bool {
        guard reachedEnd else { return false }
        var line = 1
        var column = 1
        var closed = false
        replay { block in
            for byte in block where byte & 0xC0 != 0x80 {  // one step per character
                if byte == 0x3E && (line > errorLine || (line == errorLine && column >= errorColumn)) {
                    closed = true
                    return false
                }
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            return true
        }
        return !closed
    }
}
