#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The character encoding a Hunspell dictionary's `.aff` names with `SET`, and the conversions
/// between it and UTF-8 (glibc's iconv).
///
/// libhunspell takes and returns words in the dictionary's encoding, so a form goes in converted
/// and the stems come back converted. Foundation's `String.Encoding` names ISO-8859-1, -2 and
/// the Windows code pages; the others Hunspell dictionaries use (ISO-8859-5, -7, -13, -15,
/// KOI8-R, TIS-620) it reaches only through CFStringEncoding raw values (`0x8000_0000 | code`),
/// which work on Linux but are documented for Apple platforms only. glibc's iconv names them
/// all, as Hunspell does, with no further dependency.
struct DictionaryEncoding: Sendable, Equatable {
    /// The name as `SET` gives it (`ISO8859-1`), for messages.
    let name: String
    /// iconv's name for it (`ISO-8859-1`); nil for UTF-8, which needs no conversion.
    let iconvName: String?

    static let utf8 = DictionaryEncoding(name: "UTF-8", iconvName: nil)
    /// Hunspell's encoding when the `.aff` has no `SET`.
    static let hunspellDefault = DictionaryEncoding(name: "ISO8859-1", iconvName: "ISO-8859-1")

    /// The encoding `SET` names, matched as libhunspell matches it (letters and digits only, any
    /// case: `ISO8859-1`, `iso-8859-1`); nil for one libhunspell does not know (it would quietly
    /// read the file as ISO8859-1).
    init?(setName: String) {
        let key = String(setName.lowercased().unicodeScalars.filter { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) })
        self.name = setName
        switch key {
        case "utf8": iconvName = nil
        case "iso88591", "iso88592", "iso88593", "iso88594", "iso88595", "iso88596", "iso88597", "iso88598",
             "iso88599", "iso885910", "iso885913", "iso885914", "iso885915":
            iconvName = "ISO-8859-" + key.dropFirst("iso8859".count)
        case "koi8r": iconvName = "KOI8-R"
        case "koi8u": iconvName = "KOI8-U"
        case "microsoftcp1251": iconvName = "CP1251"
        case "tis6202533": iconvName = "TIS-620"
        default: return nil
        }
    }

    private init(name: String, iconvName: String?) {
        self.name = name
        self.iconvName = iconvName
    }
}

/// One iconv conversion, reset before each use. Not thread-safe: its owner serialises it.
final class IconvConverter {
    private let descriptor: UnsafeMutableRawPointer

    /// nil when iconv cannot convert between the two.
    init?(from source: String, to target: String) {
        guard let descriptor = iconv_open(target, source), descriptor != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        self.descriptor = descriptor
    }

    deinit { iconv_close(descriptor) }

    /// `bytes` converted; nil when they hold a sequence that is invalid in the source encoding
    /// or has no equivalent in the target.
    func convert(_ bytes: some Collection<UInt8>) -> [UInt8]? {
        var input = Array(bytes)
        if input.isEmpty { return [] }
        var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
        _ = iconv(descriptor, nil, nil, nil, nil)
        let written: Int? = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                var inPointer = UnsafeMutableRawPointer(inputBuffer.baseAddress!).assumingMemoryBound(to: CChar.self) as UnsafeMutablePointer<CChar>?
                var outPointer = UnsafeMutableRawPointer(outputBuffer.baseAddress!).assumingMemoryBound(to: CChar.self) as UnsafeMutablePointer<CChar>?
                var inLeft = inputBuffer.count
                var outLeft = outputBuffer.count
                // Single-byte encodings to UTF-8 need at most 4 bytes per byte: one call converts all.
                guard iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft) != -1, inLeft == 0 else { return nil }
                guard iconv(descriptor, nil, nil, &outPointer, &outLeft) != -1 else { return nil }
                return outputBuffer.count - outLeft
            }
        }
        guard let written else { return nil }
        return Array(output.prefix(written))
    }
}
