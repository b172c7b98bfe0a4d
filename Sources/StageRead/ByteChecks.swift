import VocabCore

/// Byte values the scanners look at.
enum Byte {
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let quote: UInt8 = 0x22
    static let nul: UInt8 = 0x00
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let minus: UInt8 = 0x2D
    static let plus: UInt8 = 0x2B
    static let period: UInt8 = 0x2E
    static let comma: UInt8 = 0x2C
    static let underscore: UInt8 = 0x5F
    static let apostrophe: UInt8 = 0x27
}

/// Limits on the input's shape.
package enum FrequencyListLimits {
    /// Longest physical line, and longest quoted field, in bytes (line ends not counted).
    package static let maxLineBytes = 1 << 20
}

/// Whole-file checks done before any field is looked at: byte-order marks, NUL bytes,
/// UTF-8 validity and line length. Each error names the physical line it was found on.
enum EncodingCheck {
    /// Returns the offset where the text starts (after a UTF-8 byte-order mark), or throws
    /// when the bytes are not UTF-8 text.
    static func textStart(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(FrequencyListError) -> Int {
        let count = bytes.count
        func has(_ prefix: [UInt8]) -> Bool {
            guard count >= prefix.count else { return false }
            for (offset, value) in prefix.enumerated() where bytes[offset] != value { return false }
            return true
        }
        if has([0x00, 0x00, 0xFE, 0xFF]) || has([0xFF, 0xFE, 0x00, 0x00]) {
            throw FrequencyListError(file: file, line: 1, .byteOrderMark(.utf32))
        }
        if has([0xFE, 0xFF]) || has([0xFF, 0xFE]) {
            throw FrequencyListError(file: file, line: 1, .byteOrderMark(.utf16))
        }
        return has([0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// Checks `bytes[start...]`: no NUL byte, no CR outside a CRLF pair (a CR ending the input is
    /// a line end), valid UTF-8, no line longer than
    /// ``FrequencyListLimits/maxLineBytes``. Stops at the first problem, so a huge
    /// single-line file fails after the first MiB.
    ///
    /// `release`, when given, is told every 32 MiB or so how far the check has gone (the bytes
    /// before are not read again): a mapped list of millions of rows need not be resident whole.
    /// Returns the number of lines (line feeds + 1).
    @discardableResult
    static func validate(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, file: String, release: ((Int) -> Void)? = nil
    ) throws(FrequencyListError) -> Int {
        let count = bytes.count
        var released = 0
        let limit = FrequencyListLimits.maxLineBytes
        var line = 1
        var lineStart = start
        var index = start
        func tooLong() -> FrequencyListError {
            FrequencyListError(file: file, line: line, .lineTooLong(limit: limit))
        }
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == Byte.lineFeed {
                    line += 1
                    index += 1
                    lineStart = index
                    if let release, index - released >= 32 << 20 {
                        released = index
                        release(index)
                    }
                    continue
                }
                if byte == Byte.nul {
                    throw FrequencyListError(file: file, line: line, .nulByte)
                }
                if byte == Byte.carriageReturn && index + 1 < count && bytes[index + 1] != Byte.lineFeed {
                    throw FrequencyListError(file: file, line: line, .bareCarriageReturn(byteInLine: index - lineStart + 1))
                }
                if index - lineStart >= limit {
                    // Byte number limit + 1 of the line: only a line-ending CR may stand there.
                    let endsLine = byte == Byte.carriageReturn
                        && (index + 1 == count || bytes[index + 1] == Byte.lineFeed)
                    if !endsLine { throw tooLong() }
                }
                index += 1
                continue
            }
            guard let length = sequenceLength(bytes, at: index) else {
                throw FrequencyListError(file: file, line: line, .invalidUTF8(byte: byte, byteInLine: index - lineStart + 1))
            }
            index += length
            if index - lineStart > limit { throw tooLong() }
        }
        return line
    }

    /// Length of the well-formed UTF-8 sequence starting at `index` (lead byte >= 0x80), or nil.
    private static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { return nil }
        var offset = 2
        while offset < length {
            let next = bytes[index + offset]
            guard next >= 0x80 && next <= 0xBF else { return nil }
            offset += 1
        }
        return length
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}
