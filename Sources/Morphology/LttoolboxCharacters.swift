/// The character classes lt-proc takes from ICU, from Swift's own Unicode tables: a word
/// character (`u_isalnum`: general category L* or Nd), an uppercase letter (`u_isupper`:
/// category Lu, not the wider Uppercase property) and its simple lowercase mapping
/// (`u_tolower`: one scalar; `İ` → `i`, where the full mapping gives two).
///
/// Scalars below `tableLimit` (Latin, Greek, Cyrillic, the scripts of South Asia, …) are looked
/// up in tables made once; the others are asked of Swift's Unicode properties each time. Swift's
/// tables may differ from the machine's ICU (lt-proc's) for characters their Unicode versions
/// classify differently; Swift 6.3's and Debian 12's ICU 72 gave the same tokens for every
/// sentence of the agreement tests (`LttoolboxAgreementTests`).
enum LttoolboxCharacters {
    /// Scalars below this are in the tables.
    static let tableLimit: UInt32 = 0x3000

    /// Bit 0: letter or decimal digit; bit 1: uppercase letter (Lu).
    private static let classes: [UInt8] = (0..<tableLimit).map { value in
        Unicode.Scalar(value).map(computeClass) ?? 0
    }

    /// The simple lowercase of every scalar below `tableLimit` (itself when it has none).
    private static let lowercases: [UInt32] = (0..<tableLimit).map { value in
        Unicode.Scalar(value).map(computeLowercase) ?? value
    }

    /// Whether `value` is a letter or a decimal digit (ICU's `u_isalnum`).
    @inline(__always)
    static func isAlphanumeric(_ value: UInt32) -> Bool {
        if value < tableLimit { return classes[Int(value)] & 1 != 0 }
        return Unicode.Scalar(value).map { computeClass($0) & 1 != 0 } ?? false
    }

    /// The scalar an uppercase letter (category Lu) may also match, lowercased as ICU's
    /// `u_tolower` does; `value` itself for any other scalar.
    @inline(__always)
    static func lowercaseAlternative(_ value: UInt32) -> UInt32 {
        if value < tableLimit { return classes[Int(value)] & 2 != 0 ? lowercases[Int(value)] : value }
        guard let scalar = Unicode.Scalar(value), computeClass(scalar) & 2 != 0 else { return value }
        return computeLowercase(scalar)
    }

    private static func computeClass(_ scalar: Unicode.Scalar) -> UInt8 {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter: return 3
        case .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber: return 1
        default: return 0
        }
    }

    private static func computeLowercase(_ scalar: Unicode.Scalar) -> UInt32 {
        // The one uppercase letter whose full lowercase mapping (SpecialCasing) is longer than
        // its simple one.
        if scalar.value == 0x130 { return 0x69 }
        let mapped = scalar.properties.lowercaseMapping.unicodeScalars
        return mapped.count == 1 ? mapped.first!.value : scalar.value
    }
}
