import Foundation
import VocabCore

/// The checks a `.aff`/`.dic` pair passes before libhunspell sees it, because libhunspell
/// reports none of these problems: it returns a dictionary that silently knows less, or nothing,
/// or takes minutes to load.
///
/// Each file is read once into memory and checked a line at a time (``TextLines``): no array of
/// its lines is kept, so that the check's memory is the file's bytes and little more (a `.aff`
/// of 16 MB of blank lines took over 1 GiB as an array of lines and their strings).
enum HunspellFileCheck {
    /// The most lines a `.aff` may have: libhunspell reads it twice, half a microsecond a line
    /// (16 MB of blank lines: 8.5 s), and keeps each rule. Debian's largest, `pl_PL.aff`, has
    /// 7,286.
    static let maxAffixLines = 1_000_000
    /// The most lines a `.dic` may have: libhunspell keeps about 100 bytes a word (2,000,000
    /// words: 208 MB, 0.8 s to load). Debian's largest, `pl_PL.dic`, has 308,306.
    static let maxWordLines = 2_000_000

    /// The `.aff` file's encoding, once its every line is text in it, its tables are whole and no
    /// keyword libhunspell reads once is given twice or without its value.
    static func checkAffixFile(_ path: String) throws(MorphologyError) -> DictionaryEncoding {
        let lines = try TextLines(path, maxLines: maxAffixLines)
        var encoding = DictionaryEncoding.hunspellDefault
        if let (number, set) = lines.first(where: { $0.starts(with: Array("SET".utf8)) && $0.count > 3 && ($0[$0.startIndex + 3] == 0x20 || $0[$0.startIndex + 3] == 0x09) }) {
            let name = String(decoding: set.dropFirst(3), as: UTF8.self).trimmingCharacters(in: .whitespaces)
            guard let named = DictionaryEncoding(setName: name) else {
                throw MorphologyError(file: path, line: number, .unsupportedEncoding(name))
            }
            encoding = named
        }
        let decoder = try LineDecoder(encoding, path: path)
        var tables = AffixTables(path: path)
        var keywords = AffixKeywords(path: path)
        try lines.forEach { (number, bytes) throws(MorphologyError) in
            let line = try decoder.text(bytes, line: number)
            try keywords.check(line, number: number)
            try tables.check(line, number: number)
        }
        try tables.finish()
        return encoding
    }

    /// Checks the `.dic` file: text in `encoding`, a word count first that the file could hold, and
    /// words that libhunspell's table spreads well enough to load in linear time. A count that
    /// differs from the words that follow is a warning, not an error: libhunspell takes it as a
    /// size hint and reads every line (Debian's `it_IT.dic` declares 95,381 words and holds 95,380).
    static func checkWordFile(_ path: String, encoding: DictionaryEncoding) throws(MorphologyError) -> [MorphologyWarning] {
        let lines = try TextLines(path, maxLines: maxWordLines)
        // A UTF-8 dictionary is checked whole at once (a `.dic` has tens of thousands of lines);
        // only a file that fails is decoded line by line, to name its line.
        if encoding.iconvName != nil || !lines.isPlainUTF8 {
            let decoder = try LineDecoder(encoding, path: path)
            try lines.forEach { (number, bytes) throws(MorphologyError) in _ = try decoder.text(bytes, line: number) }
        }
        let first = String(decoding: lines.first(where: { _ in true })?.bytes ?? [], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard !first.isEmpty, first.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let declared = Int(first), declared > 0 else {
            throw MorphologyError(file: path, line: 1, .missingWordCount)
        }
        let limit = HunspellTable.maxDeclaredWords(fileBytes: lines.byteCount)
        guard declared <= limit else { throw MorphologyError(file: path, line: 1, .wordCountTooLarge(declared: declared, limit: limit)) }
        var table = HunspellTable(declaredWords: declared, lines: lines.count)
        var found = 0
        try lines.forEach { (number, bytes) throws(MorphologyError) in
            guard number > 1 else { return }
            if !bytes.isEmpty { found += 1 }
            if let (comparisons, limit) = table.add(bytes) {
                throw MorphologyError(file: path, line: number, .quadraticLoad(comparisons: comparisons, limit: limit))
            }
        }
        return found == declared ? [] : [MorphologyWarning(file: path, line: 1, .wordCountDiffers(declared: declared, found: found))]
    }
}

/// A file's lines as bytes (without the line ends or a UTF-8 byte-order mark), read one at a
/// time from its bytes; at least one line that is not blank.
struct TextLines {
    private let bytes: [UInt8]
    private let start: Int
    /// The number of lines (a file ending in a line end has an empty last one).
    let count: Int

    /// The lines of the file at `path`, at most `maxLines` of them.
    ///
    /// - throws: `MorphologyFileRead`'s errors; `.empty` when no line holds anything but blanks;
    ///   `.tooManyLines` naming the first line past `maxLines`.
    init(_ path: String, maxLines: Int) throws(MorphologyError) {
        bytes = [UInt8](try MorphologyFileRead.bytes(path))
        start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard bytes[start...].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }) else {
            throw MorphologyError(file: path, .empty)
        }
        count = bytes[start...].lazy.filter { $0 == 0x0A }.count + 1
        // A file ending in its last line's end has no further line to count.
        let lines = bytes.last == 0x0A ? count - 1 : count
        guard lines <= maxLines else { throw MorphologyError(file: path, line: maxLines + 1, .tooManyLines(limit: maxLines)) }
    }

    /// The file's size in bytes.
    var byteCount: Int { bytes.count }

    /// Whether the bytes are valid UTF-8 without a NUL, checked without making a string.
    var isPlainUTF8: Bool {
        var iterator = bytes[start...].makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if scalar.value == 0 { return false }
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// Calls `body` with each line's 1-based number and bytes, in order, while it returns true.
    private func walk(_ body: (Int, ArraySlice<UInt8>) throws(MorphologyError) -> Bool) throws(MorphologyError) {
        var number = 0
        var lineStart = start
        while lineStart <= bytes.count {
            number += 1
            var end = lineStart
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let lineEnd = end > lineStart && bytes[end - 1] == 0x0D ? end - 1 : end
            guard try body(number, bytes[lineStart..<lineEnd]) else { return }
            lineStart = end + 1
        }
    }

    /// Calls `body` with each line's 1-based number and bytes, in order.
    func forEach(_ body: (Int, ArraySlice<UInt8>) throws(MorphologyError) -> Void) throws(MorphologyError) {
        try walk { (number, line) throws(MorphologyError) in
            try body(number, line)
            return true
        }
    }

    /// The first line that satisfies `predicate`, with its number; the lines after it unread.
    func first(where predicate: (ArraySlice<UInt8>) -> Bool) -> (number: Int, bytes: ArraySlice<UInt8>)? {
        var found: (Int, ArraySlice<UInt8>)?
        try? walk { number, line in
            if predicate(line) { found = (number, line) }
            return found == nil
        }
        return found
    }
}

/// A line's bytes as text in the dictionary's encoding, or the error naming the line.
struct LineDecoder {
    private let encoding: DictionaryEncoding
    private let converter: IconvConverter?
    private let path: String

    init(_ encoding: DictionaryEncoding, path: String) throws(MorphologyError) {
        self.encoding = encoding
        self.path = path
        converter = encoding.iconvName.flatMap { IconvConverter(from: $0, to: "UTF-8") }
        if encoding.iconvName != nil, converter == nil {
            throw MorphologyError(file: path, .unsupportedEncoding(encoding.name))
        }
    }

    func text(_ bytes: ArraySlice<UInt8>, line: Int) throws(MorphologyError) -> String {
        let decoded: String?
        if let converter {
            decoded = converter.convert(bytes).map { String(decoding: $0, as: UTF8.self) }
        } else {
            decoded = String(validating: bytes, as: UTF8.self)
        }
        guard let decoded, !decoded.utf8.contains(0) else {
            throw MorphologyError(file: path, line: line, .invalidText(encoding: encoding.name))
        }
        return decoded
    }
}

/// Each affix group (`SFX S Y 2` and its two lines) and counted table (`REP 19` and its 19
/// lines) is whole: libhunspell stops reading the `.aff` at the first one that is not. Fed one
/// line at a time.
struct AffixTables {
    /// Hunspell's table keywords whose first line gives the number of lines that follow.
    private static let countedTables: Set<String> = [
        "REP", "MAP", "BREAK", "ICONV", "OCONV", "PHONE", "AF", "AM", "COMPOUNDRULE", "CHECKCOMPOUNDPATTERN",
    ]

    /// The table being read: its header's line, entries' first fields, lines announced and found.
    private var open: (header: Int, prefix: [Substring], declared: Int, found: Int)?
    private let path: String

    init(path: String) { self.path = path }

    mutating func check(_ line: String, number: Int) throws(MorphologyError) {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        if let table = open {
            let minimum = table.prefix.count == 2 ? 4 : 2
            if fields.count >= minimum, Array(fields.prefix(table.prefix.count)) == table.prefix {
                open?.found += 1
                if table.found + 1 == table.declared { open = nil }
                return
            }
            try finish()
        }
        guard let keyword = fields.first.map(String.init) else { return }
        let count: Substring
        let prefix: [Substring]
        if keyword == "PFX" || keyword == "SFX", fields.count >= 4 {
            count = fields[3]
            prefix = [fields[0], fields[1]]
        } else if Self.countedTables.contains(keyword), fields.count == 2 {
            count = fields[1]
            prefix = [fields[0]]
        } else {
            return
        }
        guard count.allSatisfy(\.isASCII), count.allSatisfy(\.isNumber), let declared = Int(count) else {
            throw MorphologyError(file: path, line: number, .badTableHeader(keyword: keyword))
        }
        if declared > 0 { open = (number, prefix, declared, 0) }
    }

    /// The file ended (or a line that is not the open table's came): the table must be whole.
    mutating func finish() throws(MorphologyError) {
        guard let table = open else { return }
        open = nil
        throw MorphologyError(
            file: path, line: table.header,
            .tableCut(keyword: table.prefix.joined(separator: " "), declared: table.declared, found: table.found))
    }
}
