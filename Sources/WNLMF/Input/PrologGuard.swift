/// Looks at the bytes before the root element *before* libxml2 parses them, and stops a
/// document with a DOCTYPE internal subset there.
///
/// The check on the parsed DOCTYPE node (in the loader) comes too late for some inputs:
/// libxml2 expands parameter entities of the internal subset while it parses the subset,
/// whatever the options, so a "billion laughs" written with parameter entities runs for minutes
/// before the DOCTYPE node is ever reported. Here the subset's `[` never reaches the parser.
///
/// Markup in the prolog is ASCII in UTF-8 and in the single-byte encodings; a UTF-16 or UTF-32
/// document (NUL bytes or a byte-order mark at the start) is refused, since its bytes could not
/// be checked this way. So is an XML declaration naming any encoding but UTF-8: libxml2 honours
/// it, and in UTF-7 (say) a `[` is written `+AFs-`, which no byte-level look can see (the
/// parser's `XML_PARSE_IGNORE_ENC` is the second wall). Only the prolog is scanned: once the
/// root element starts, every later call returns at once.
struct PrologGuard {
    /// Why the bytes must not be parsed, and where.
    struct Rejection {
        var line: Int
        var element: String?
        var problem: LexiconProblem
    }

    private enum State {
        /// Before the first `<`: an optional UTF-8 byte-order mark and white space.
        case start
        /// Between pieces of markup of the prolog.
        case text
        /// After `<`.
        case open
        /// After `<!`: collecting the keyword (`--` or `DOCTYPE`).
        case bang
        /// After `<!--`: skipping the comment up to `-->`.
        case comment
        /// After `<?`: the processing instruction up to `?>`; the XML declaration's `encoding`
        /// is checked at its end.
        case instruction
        /// After `<!DOCTYPE`: up to its `>`, quoted text skipped; a `[` outside quotes is refused.
        case doctype
        /// The root element has started (or the input is malformed, which libxml2 reports).
        case done
    }

    private var state = State.start
    private var keyword: [UInt8] = []
    private var bomBytes = 0
    /// Bytes seen in state `start` (a byte-order mark only counts at the very beginning).
    private var startBytes = 0
    private var dashes = 0
    private var question = false
    private var quote: UInt8 = 0
    private var line = 1
    private var doctypeLine = 1
    private var instructionLine = 1
    /// The processing instruction's bytes after `<?` (its first `instructionLimit` bytes).
    private var instruction: [UInt8] = []

    /// An XML declaration longer than this is refused (a real one is well under 100 bytes).
    static let instructionLimit = 1024

    private static let doctype = Array("DOCTYPE".utf8)
    private static let commentStart = Array("--".utf8)
    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    var finished: Bool { state == .done }

    /// Scans the next bytes of the input; a rejection means they must not be parsed.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Rejection? {
        if state == .done { return nil }
        // EBCDIC's "<?xm", which libxml2 would decode.
        if startBytes == 0 && bytes.count >= 4 && bytes[0] == 0x4C && bytes[1] == 0x6F && bytes[2] == 0xA7 && bytes[3] == 0x94 {
            return Rejection(line: 1, element: nil, problem: .ebcdic)
        }
        for byte in bytes {
            if byte == 0x0A { line += 1 }
            switch state {
            case .start:
                startBytes += 1
                if bomBytes < 3 && startBytes == bomBytes + 1 && byte == Self.bom[bomBytes] {
                    bomBytes += 1
                    continue
                }
                if bomBytes > 0 && bomBytes < 3 {
                    return Rejection(line: 1, element: nil, problem: .incompleteByteOrderMark)
                }
                if byte == 0x00 || byte == 0xFE || byte == 0xFF {
                    return Rejection(line: 1, element: nil, problem: .utf16OrUTF32(.atStart))
                }
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
                if byte == UInt8(ascii: "<") {
                    state = .open
                    continue
                }
                return Rejection(line: line, element: nil, problem: .notXML)
            case .text:
                if byte == UInt8(ascii: "<") { state = .open }
            case .open:
                if byte == 0x00 {
                    return Rejection(line: 1, element: nil, problem: .utf16OrUTF32(.nulBytesInMarkup))
                }
                if byte == UInt8(ascii: "?") {
                    state = .instruction
                    question = false
                    instruction.removeAll(keepingCapacity: true)
                    instructionLine = line
                } else if byte == UInt8(ascii: "!") {
                    state = .bang
                    keyword.removeAll(keepingCapacity: true)
                } else {
                    state = .done
                    return nil
                }
            case .bang:
                keyword.append(byte)
                if keyword == Self.commentStart {
                    state = .comment
                    dashes = 0
                } else if keyword == Self.doctype {
                    state = .doctype
                    doctypeLine = line
                    quote = 0
                } else if !(Self.commentStart.starts(with: keyword) || Self.doctype.starts(with: keyword)) {
                    // Not markup a prolog may hold: libxml2 reports the error.
                    state = .done
                    return nil
                }
            case .comment:
                if byte == UInt8(ascii: ">") && dashes >= 2 { state = .text }
                dashes = byte == UInt8(ascii: "-") ? dashes + 1 : 0
            case .instruction:
                if byte == UInt8(ascii: ">") && question {
                    state = .text
                    instruction.removeLast()  // the "?"
                    if let rejection = Self.checkDeclaration(instruction, line: instructionLine) { return rejection }
                    continue
                }
                question = byte == UInt8(ascii: "?")
                if instruction.count < Self.instructionLimit {
                    instruction.append(byte)
                } else if Self.isXMLDeclaration(instruction) {
                    return Rejection(line: instructionLine, element: "?xml", problem: .xmlDeclarationTooLong(limit: Self.instructionLimit))
                }
            case .doctype:
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "[") {
                    return Rejection(line: doctypeLine, element: "DOCTYPE", problem: .internalSubset(.seenBeforeParsing))
                } else if byte == UInt8(ascii: ">") {
                    state = .text
                }
            case .done:
                return nil
            }
        }
        return nil
    }

    /// An ASCII capital letter made small; any other byte as it is.
    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether a processing instruction's bytes (after `<?`) are an XML declaration: its target
    /// is `xml` in any case (libxml2 refuses other cases, but only after a look at them).
    static func isXMLDeclaration(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 3, bytes[0] | 0x20 == UInt8(ascii: "x"), bytes[1] | 0x20 == UInt8(ascii: "m"),
              bytes[2] | 0x20 == UInt8(ascii: "l")
        else { return false }
        return bytes.count == 3 || isSpace(bytes[3])
    }

    /// Refuses an XML declaration whose `encoding` is not UTF-8 (in any case), or cannot be
    /// read; a declaration without `encoding` means UTF-8. Every `encoding` word is checked,
    /// however the declaration is laid out.
    static func checkDeclaration(_ bytes: [UInt8], line: Int) -> Rejection? {
        guard isXMLDeclaration(bytes) else { return nil }
        let word = Array("encoding".utf8)
        var i = 3
        while i + word.count <= bytes.count {
            guard zip(bytes[i..<(i + word.count)], word).allSatisfy({ $0 | 0x20 == $1 }) else {
                i += 1
                continue
            }
            var j = i + word.count
            func skipSpace() { while j < bytes.count && isSpace(bytes[j]) { j += 1 } }
            func refuse(_ name: String?) -> Rejection {
                Rejection(line: line, element: "?xml", problem: .declaredEncoding(name))
            }
            skipSpace()
            guard j < bytes.count, bytes[j] == UInt8(ascii: "=") else { return refuse(nil) }
            j += 1
            skipSpace()
            guard j < bytes.count, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { return refuse(nil) }
            let quote = bytes[j]
            guard let end = bytes[(j + 1)...].firstIndex(of: quote) else { return refuse(nil) }
            let name = bytes[(j + 1)..<end]
            let utf8 = Array("utf-8".utf8)
            if !(name.count == utf8.count && zip(name, utf8).allSatisfy({ lower($0) == $1 })) {
                return refuse(printable(name))
            }
            i = end + 1
        }
        return nil
    }

    /// A declared name as it may be shown: at most 40 characters, controls and non-ASCII escaped.
    private static func printable(_ bytes: ArraySlice<UInt8>) -> String {
        var out = ""
        for byte in bytes.prefix(40) {
            if byte >= 0x20 && byte < 0x7F { out.append(Character(UnicodeScalar(byte))) } else { out += String(format: "\\x%02X", byte) }
        }
        return bytes.count > 40 ? out + "..." : out
    }
}
