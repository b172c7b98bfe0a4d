import CICUConvert
import Foundation
import VocabCore

/// A frequency list in another encoding than UTF-8 (`frequency.encoding`), converted to UTF-8
/// through ICU's converters before it is parsed, so that every later check (line ends, fields,
/// lines and columns in messages) is the one a UTF-8 list gets.
///
/// Foundation's `String.Encoding` knows a dozen encodings by constant, not ICU's converter names
/// and aliases (`windows-1252`, `latin1`, `ibm-850`, `Shift_JIS`); ICU is the library that does
/// (`CICUConvert`). A byte sequence the encoding cannot map stops the conversion (no U+FFFD
/// substitution): the error names its line and its character in the line.
enum ListTranscoder {
    /// Whether `name` means the UTF-8 the reader takes as it is.
    static func isUTF8(_ name: String) -> Bool {
        name.lowercased().filter { $0 != "-" && $0 != "_" } == "utf8"
    }

    /// `bytes` in `encoding`, as UTF-8; `keyPath` names the config key of the encoding (an
    /// unknown one is an error naming it).
    static func utf8(
        _ bytes: UnsafeBufferPointer<UInt8>, encoding: String, file: String, keyPath: String = "frequency.encoding"
    ) throws(FrequencyListError) -> [UInt8] {
        var out: UnsafeMutablePointer<CChar>?
        var outLength = 0
        var bad = [UInt8](repeating: 0, count: 32)
        var badLength: Int32 = 0
        let status = bytes.withMemoryRebound(to: CChar.self) { input in
            vocab_icu_to_utf8(encoding, input.baseAddress, input.count, &out, &outLength, &bad, &badLength)
        }
        defer { free(out) }
        let converted = out.map { Array(UnsafeRawBufferPointer(start: $0, count: outLength)) } ?? []
        switch Int(status) {
        case Int(VOCAB_ICU_OK):
            return converted
        case Int(VOCAB_ICU_UNKNOWN_ENCODING):
            throw FrequencyListError(file: file, item: keyPath, .unknownEncoding(encoding))
        case Int(VOCAB_ICU_UNMAPPABLE):
            // The line and character of the bad sequence, from the text converted before it.
            let before = String(decoding: converted, as: UTF8.self)
            let line = before.utf8.lazy.filter { $0 == 0x0A }.count + 1
            let character = (before.split(separator: "\n", omittingEmptySubsequences: false).last?.count ?? 0) + 1
            throw FrequencyListError(
                file: file, line: line, column: character,
                .unmappableBytes(encoding: encoding, bytes: Array(bad.prefix(Int(badLength))), character: character))
        default:
            throw FrequencyListError(file: file, .unreadable(reason: "ICU could not convert the file from \(encoding)"))
        }
    }
}
