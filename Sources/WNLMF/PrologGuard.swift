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
/// be checked this way. Only the prolog is scanned: once the root element starts, every later
/// call returns at once.
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
        /// After `<?`: skipping the processing instruction (the XML declaration too) up to `?>`.
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

    private static let doctype = Array("DOCTYPE".utf8)
    private static let commentStart = Array("--".utf8)
    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    var finished: Bool { state == .done }

    /// Scans the next bytes of the input; a rejection means they must not be parsed.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Rejection? {
        if state == .done { return nil }
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
                if byte == UInt8(ascii: ">") && question { state = .text }
                question = byte == UInt8(ascii: "?")
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
}
