import Foundation

/// Counts the attributes of every start tag in the bytes before libxml2 sees them, and stops an
/// element with more than ``limit``.
///
/// libxml2 2.9 checks a start tag's attributes for duplicates with a loop inside a loop, after
/// the whole tag is read: one element with 100,000 attributes takes 20 seconds, with a million
/// (a 9 MB file) the parse never ends. WN-LMF needs a handful of attributes per element (a
/// `Lexicon` with every Dublin Core attribute has about 30), so the bound costs nothing real.
/// Each attribute has exactly one quoted value, so the guard counts quoted values in start
/// tags; comments, CDATA sections, processing instructions and declarations are skipped whole
/// (their quotes count for nothing). The scan is a byte-level state machine that carries its
/// state from one block of input to the next; text and attribute values are skipped with
/// `memchr`.
struct AttributeGuard {
    /// The most attributes (namespace declarations included) one element may have.
    static let limit = 64

    private enum State {
        /// Character data: up to the next `<`.
        case text
        /// After `<`.
        case open
        /// In a start tag, outside attribute values.
        case startTag
        /// In an attribute value, up to the closing `quote`.
        case value
        /// In an end tag, up to `>`.
        case endTag
        /// After `<!`, with `keyword` bytes of `--` seen.
        case bang
        /// In a comment, up to `-->`.
        case comment
        /// In a CDATA section, up to `]]>`.
        case cdata
        /// In a processing instruction, up to `?>`.
        case instruction
        /// In a declaration (`<!DOCTYPE ...>`), up to `>` outside quotes.
        case declaration
    }

    private var state = State.text
    private var quote: UInt8 = 0
    /// Attributes of the current start tag so far.
    private var count = 0
    /// `-` (in `<!` and comments), `]` (in CDATA) or `?` (in instructions) just seen, in a row.
    private var run = 0
    /// Offset of the input's first byte not yet scanned.
    private var offset: Int64 = 0
    /// Offset of the current tag's `<`.
    private var tagStart: Int64 = 0

    /// Scans the next `count` bytes of the input. Returns the offset (from the start of the
    /// input) of the `<` of the first start tag with more than ``limit`` attributes; the scan
    /// must not be called again then.
    mutating func scan(_ base: UnsafePointer<UInt8>, count n: Int) -> Int64? {
        var i = 0
        let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), dq = UInt8(ascii: "\""), sq = UInt8(ascii: "'")
        /// Moves past the next `byte` (true), or to the end of the block (false).
        func skip(past byte: UInt8) -> Bool {
            guard let p = memchr(base + i, Int32(byte), n - i) else {
                i = n
                return false
            }
            i = base.distance(to: p.assumingMemoryBound(to: UInt8.self)) + 1
            return true
        }
        while i < n {
            switch state {
            case .text:
                if skip(past: lt) {
                    tagStart = offset + Int64(i - 1)
                    state = .open
                }
            case .open:
                let b = base[i]
                if b == UInt8(ascii: "/") {
                    state = .endTag
                    i += 1
                } else if b == UInt8(ascii: "?") {
                    state = .instruction
                    run = 0
                    i += 1
                } else if b == UInt8(ascii: "!") {
                    state = .bang
                    run = 0
                    i += 1
                } else {
                    // The element's name (or malformed markup, which the parser reports).
                    state = .startTag
                    count = 0
                }
            case .startTag:
                while i < n {
                    let b = base[i]
                    i += 1
                    if b == dq || b == sq {
                        count += 1
                        if count > Self.limit { return tagStart }
                        quote = b
                        state = .value
                        break
                    } else if b == gt {
                        state = .text
                        break
                    } else if b == lt {
                        tagStart = offset + Int64(i - 1)
                        state = .open
                        break
                    }
                }
            case .value:
                if skip(past: quote) { state = .startTag }
            case .endTag:
                if skip(past: gt) { state = .text }
            case .bang, .comment, .cdata, .instruction, .declaration:
                if markup(base[i]) { i += 1 }
            }
        }
        offset += Int64(n)
        return nil
    }

    /// One byte of a comment, CDATA section, processing instruction or declaration, or of `<!`
    /// before it tells which; false when the byte is left for the next state (a declaration's first).
    private mutating func markup(_ b: UInt8) -> Bool {
        let gt = UInt8(ascii: ">"), dq = UInt8(ascii: "\""), sq = UInt8(ascii: "'")
        switch state {
        case .bang:
            if b == UInt8(ascii: "-") {
                run += 1
                if run == 2 {
                    state = .comment
                    run = 0
                }
            } else if b == UInt8(ascii: "[") && run == 0 {
                state = .cdata
            } else {
                state = .declaration
                quote = 0
                return false
            }
        case .comment:
            if b == gt && run >= 2 { state = .text }
            run = b == UInt8(ascii: "-") ? run + 1 : 0
        case .cdata:
            if b == gt && run >= 2 { state = .text }
            run = b == UInt8(ascii: "]") ? run + 1 : 0
        case .instruction:
            if b == gt && run > 0 { state = .text }
            run = b == UInt8(ascii: "?") ? 1 : 0
        case .declaration:
            if quote != 0 {
                if b == quote { quote = 0 }
            } else if b == dq || b == sq {
                quote = b
            } else if b == gt {
                state = .text
            }
        case .text, .open, .startTag, .value, .endTag:
            break
        }
        return true
    }
}
