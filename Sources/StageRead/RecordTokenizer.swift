import VocabCore

/// One field of a record: a byte range of the input (quotes excluded, surrounding
/// spaces and tabs of unquoted fields excluded).
struct FieldSpan: Equatable {
    var start: Int
    var end: Int
    /// The field was quoted and holds `""` pairs that stand for one `"`.
    var hasEscapedQuotes: Bool
}

/// How the tokenizer splits a line.
enum SplitMode {
    /// One delimiter (its UTF-8 bytes) with RFC 4180 quoting.
    case delimiter([UInt8])
    /// Runs of spaces and tabs, no quoting.
    case whitespace
}

/// Splits already-validated UTF-8 bytes into records of fields, skipping blank lines.
/// Works on byte offsets only; fields become strings later, and only when needed.
struct RecordTokenizer {
    let bytes: UnsafeBufferPointer<UInt8>
    let mode: SplitMode
    let file: String
    /// Next byte to read.
    private(set) var position: Int
    /// Physical line (1-based) of `position`.
    private(set) var line = 1

    private let delimiterFirst: UInt8
    private let delimiterLength: Int
    /// Whether spaces / tabs are trimmed around fields (not when one of them is the delimiter).
    private let trimSpace: Bool
    private let trimTab: Bool

    init(bytes: UnsafeBufferPointer<UInt8>, start: Int, mode: SplitMode, file: String) {
        self.bytes = bytes
        self.position = start
        self.mode = mode
        self.file = file
        switch mode {
        case .delimiter(let delimiter):
            delimiterFirst = delimiter.first ?? Byte.quote
            delimiterLength = delimiter.count
            trimSpace = delimiter != [Byte.space]
            trimTab = delimiter != [Byte.tab]
        case .whitespace:
            delimiterFirst = Byte.space
            delimiterLength = 1
            trimSpace = true
            trimTab = true
        }
    }

    @inline(__always)
    private func isTrimmable(_ byte: UInt8) -> Bool {
        (byte == Byte.space && trimSpace) || (byte == Byte.tab && trimTab)
    }

    /// A CR at `index` that ends the line (followed by LF or the end of the input).
    @inline(__always)
    private func isLineEndingCR(_ index: Int) -> Bool {
        bytes[index] == Byte.carriageReturn && (index + 1 == bytes.count || bytes[index + 1] == Byte.lineFeed)
    }

    @inline(__always)
    private func delimiterStarts(at index: Int) -> Bool {
        guard bytes[index] == delimiterFirst else { return false }
        if delimiterLength == 1 { return true }
        guard case .delimiter(let delimiter) = mode, index + delimiterLength <= bytes.count else { return false }
        for offset in 1..<delimiterLength where bytes[index + offset] != delimiter[offset] { return false }
        return true
    }

    /// Skips blank (spaces, tabs, CR only) lines. Returns false at the end of the input.
    private mutating func skipBlankLines() -> Bool {
        let count = bytes.count
        while position < count {
            var index = position
            while index < count {
                let byte = bytes[index]
                if byte == Byte.space || byte == Byte.tab || byte == Byte.carriageReturn {
                    index += 1
                } else {
                    break
                }
            }
            if index == count { position = count; return false }
            if bytes[index] != Byte.lineFeed { return true }
            position = index + 1
            line += 1
        }
        return false
    }

    /// Reads the next non-blank record into `fields` (cleared first) and returns the
    /// physical line it starts on, or nil at the end of the input.
    mutating func next(into fields: inout [FieldSpan]) throws(FrequencyListError) -> Int? {
        fields.removeAll(keepingCapacity: true)
        guard skipBlankLines() else { return nil }
        let startLine = line
        switch mode {
        case .whitespace: splitWhitespace(into: &fields)
        case .delimiter: try splitDelimited(into: &fields)
        }
        return startLine
    }

    /// Ends the current line at `index` (an LF, a line-ending CR, or the end of input).
    private mutating func finishLine(at index: Int) {
        var index = index
        if index < bytes.count && bytes[index] == Byte.carriageReturn { index += 1 }
        if index < bytes.count && bytes[index] == Byte.lineFeed {
            position = index + 1
            line += 1
        } else {
            position = min(index, bytes.count)
        }
    }

    private mutating func splitWhitespace(into fields: inout [FieldSpan]) {
        let count = bytes.count
        var index = position
        while true {
            while index < count && (bytes[index] == Byte.space || bytes[index] == Byte.tab) { index += 1 }
            if index == count || bytes[index] == Byte.lineFeed || isLineEndingCR(index) {
                finishLine(at: index)
                return
            }
            let start = index
            while index < count {
                let byte = bytes[index]
                if byte == Byte.space || byte == Byte.tab || byte == Byte.lineFeed || isLineEndingCR(index) { break }
                index += 1
            }
            fields.append(FieldSpan(start: start, end: index, hasEscapedQuotes: false))
        }
    }

    private mutating func splitDelimited(into fields: inout [FieldSpan]) throws(FrequencyListError) {
        let count = bytes.count
        let limit = FrequencyListLimits.maxLineBytes
        var index = position
        while true {
            let column = fields.count + 1
            while index < count && isTrimmable(bytes[index]) { index += 1 }
            if index < count && bytes[index] == Byte.quote {
                let fieldLine = line
                let contentStart = index + 1
                var cursor = contentStart
                var escaped = false
                while true {
                    if cursor == count {
                        throw FrequencyListError(file: file, line: fieldLine, column: column, .unterminatedQuote)
                    }
                    let byte = bytes[cursor]
                    if byte == Byte.quote {
                        if cursor + 1 < count && bytes[cursor + 1] == Byte.quote {
                            escaped = true
                            cursor += 2
                            continue
                        }
                        break
                    }
                    if byte == Byte.lineFeed { line += 1 }
                    cursor += 1
                    if cursor - contentStart > limit {
                        throw FrequencyListError(file: file, line: fieldLine, column: column, .quotedFieldTooLong(limit: limit))
                    }
                }
                fields.append(FieldSpan(start: contentStart, end: cursor, hasEscapedQuotes: escaped))
                cursor += 1
                while cursor < count && isTrimmable(bytes[cursor]) { cursor += 1 }
                if cursor == count || bytes[cursor] == Byte.lineFeed || isLineEndingCR(cursor) {
                    finishLine(at: cursor)
                    return
                }
                if delimiterStarts(at: cursor) {
                    index = cursor + delimiterLength
                    continue
                }
                // A quote that runs over line ends before text follows it is most likely a stray
                // quote: the problem is where it opened, not where the next quote happens to be.
                if line > fieldLine {
                    throw FrequencyListError(file: file, line: fieldLine, column: column, .unbalancedQuote(closingLine: line))
                }
                throw FrequencyListError(file: file, line: line, column: column, .textAfterClosingQuote)
            }
            let start = index
            while index < count {
                let byte = bytes[index]
                if byte == Byte.lineFeed || (byte == delimiterFirst && delimiterStarts(at: index)) { break }
                if byte == Byte.quote {
                    throw FrequencyListError(file: file, line: line, column: column, .quoteInUnquotedField)
                }
                index += 1
            }
            var end = index
            let atLineEnd = index == count || bytes[index] == Byte.lineFeed
            if atLineEnd && end > start && bytes[end - 1] == Byte.carriageReturn { end -= 1 }
            while end > start && isTrimmable(bytes[end - 1]) { end -= 1 }
            fields.append(FieldSpan(start: start, end: end, hasEscapedQuotes: false))
            if atLineEnd {
                finishLine(at: index)
                return
            }
            index += delimiterLength
        }
    }

    /// The text of a field, with `""` turned back into `"`.
    func string(_ field: FieldSpan) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[field.start..<field.end])
        guard field.hasEscapedQuotes else { return String(decoding: slice, as: UTF8.self) }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(slice.count)
        var index = 0
        while index < slice.count {
            let byte = slice[index]
            unescaped.append(byte)
            index += (byte == Byte.quote && index + 1 < slice.count && slice[index + 1] == Byte.quote) ? 2 : 1
        }
        return String(decoding: unescaped, as: UTF8.self)
    }
}
