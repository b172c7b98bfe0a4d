import Foundation
import VocabCore

/// The checks a `.aff`/`.dic` pair passes before libhunspell sees it, because libhunspell
/// reports none of these problems: it returns a dictionary that silently knows less, or nothing.
enum HunspellFileCheck {
    /// Hunspell's table keywords whose first line gives the number of lines that follow.
    private static let countedTables: Set<String> = [
        "REP", "MAP", "BREAK", "ICONV", "OCONV", "PHONE", "AF", "AM", "COMPOUNDRULE", "CHECKCOMPOUNDPATTERN",
    ]

    /// The `.aff` file's encoding, once its every line is text in it and its tables are whole.
    static func checkAffixFile(_ path: String) throws(MorphologyError) -> DictionaryEncoding {
        let lines = try textLines(path)
        var encoding = DictionaryEncoding.hunspellDefault
        if let set = lines.first(where: { $0.starts(with: Array("SET".utf8)) && $0.count > 3 && ($0[$0.startIndex + 3] == 0x20 || $0[$0.startIndex + 3] == 0x09) }) {
            let name = String(decoding: set.dropFirst(3), as: UTF8.self).trimmingCharacters(in: .whitespaces)
            guard let named = DictionaryEncoding(setName: name) else {
                throw MorphologyError(file: path, line: lineNumber(of: set, in: lines), .unsupportedEncoding(name))
            }
            encoding = named
        }
        let text = try decode(lines, encoding: encoding, path: path)
        try checkTables(text, path: path)
        return encoding
    }

    /// Checks the `.dic` file: text in `encoding`, a word count first. A count that differs from
    /// the words that follow is a warning, not an error: libhunspell takes it as a size hint and
    /// reads every line (Debian's `it_IT.dic` declares 95,381 words and holds 95,380).
    static func checkWordFile(_ path: String, encoding: DictionaryEncoding) throws(MorphologyError) -> [MorphologyWarning] {
        let lines = try textLines(path)
        // A UTF-8 dictionary is checked whole at once (a `.dic` has tens of thousands of lines);
        // only a file that fails is decoded line by line, to name its line.
        if encoding.iconvName != nil || !lines.allSatisfy(isPlainUTF8) {
            _ = try decode(lines, encoding: encoding, path: path)
        }
        let first = String(decoding: lines[0], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard !first.isEmpty, first.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let declared = Int(first), declared > 0 else {
            throw MorphologyError(file: path, line: 1, .missingWordCount)
        }
        let found = lines.dropFirst().lazy.filter { !$0.isEmpty }.count
        return found == declared ? [] : [MorphologyWarning(file: path, line: 1, .wordCountDiffers(declared: declared, found: found))]
    }

    /// Whether `bytes` are valid UTF-8 without a NUL, checked without making a string.
    private static func isPlainUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if scalar.value == 0 { return false }
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    // MARK: Lines

    /// The file's lines as bytes (without the line ends or a UTF-8 byte-order mark); at least
    /// one line that is not blank.
    private static func textLines(_ path: String) throws(MorphologyError) -> [ArraySlice<UInt8>] {
        let data = try MorphologyFileRead.bytes(path)
        var bytes = ArraySlice(data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
        guard lines.contains(where: { $0.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D } }) else {
            throw MorphologyError(file: path, .empty)
        }
        return lines
    }

    private static func lineNumber(of line: ArraySlice<UInt8>, in lines: [ArraySlice<UInt8>]) -> Int? {
        lines.firstIndex { $0.startIndex == line.startIndex }.map { $0 + 1 }
    }

    /// Every line as text, or the first line that is not text in `encoding`.
    private static func decode(_ lines: [ArraySlice<UInt8>], encoding: DictionaryEncoding, path: String) throws(MorphologyError) -> [String] {
        let converter = encoding.iconvName.flatMap { IconvConverter(from: $0, to: "UTF-8") }
        if encoding.iconvName != nil, converter == nil {
            throw MorphologyError(file: path, .unsupportedEncoding(encoding.name))
        }
        var text: [String] = []
        text.reserveCapacity(lines.count)
        for (index, line) in lines.enumerated() {
            let decoded: String?
            if let converter {
                decoded = converter.convert(line).map { String(decoding: $0, as: UTF8.self) }
            } else {
                decoded = String(validating: line, as: UTF8.self)
            }
            guard let decoded, !decoded.utf8.contains(0) else {
                throw MorphologyError(file: path, line: index + 1, .invalidText(encoding: encoding.name))
            }
            text.append(decoded)
        }
        return text
    }

    // MARK: Tables

    /// Each affix group (`SFX S Y 2` and its two lines) and counted table (`REP 19` and its 19
    /// lines) is whole: libhunspell stops reading the `.aff` at the first one that is not.
    private static func checkTables(_ lines: [String], path: String) throws(MorphologyError) {
        var index = 0
        while index < lines.count {
            let fields = lines[index].split(whereSeparator: { $0 == " " || $0 == "\t" })
            index += 1
            guard let keyword = fields.first.map(String.init) else { continue }
            let count: Substring
            let entryPrefix: [Substring]
            if keyword == "PFX" || keyword == "SFX", fields.count >= 4 {
                count = fields[3]
                entryPrefix = [fields[0], fields[1]]
            } else if countedTables.contains(keyword), fields.count == 2 {
                count = fields[1]
                entryPrefix = [fields[0]]
            } else {
                continue
            }
            guard count.allSatisfy(\.isASCII), count.allSatisfy(\.isNumber), let declared = Int(count) else {
                throw MorphologyError(file: path, line: index, .badTableHeader(keyword: keyword))
            }
            let header = index
            var found = 0
            while found < declared, index < lines.count {
                let entry = lines[index].split(whereSeparator: { $0 == " " || $0 == "\t" })
                let minimum = entryPrefix.count == 2 ? 4 : 2
                guard entry.count >= minimum, Array(entry.prefix(entryPrefix.count)) == entryPrefix else { break }
                found += 1
                index += 1
            }
            guard found == declared else {
                throw MorphologyError(file: path, line: header, .tableCut(keyword: entryPrefix.joined(separator: " "), declared: declared, found: found))
            }
        }
    }
}
