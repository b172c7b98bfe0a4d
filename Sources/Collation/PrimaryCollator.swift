import CICUCollate
import Foundation
import VocabCore

/// ICU's collation of a language at primary strength: which texts the language counts as the same
/// letters, whatever their accents, case or width, as its dictionaries sort them (`CICUCollate`,
/// the system's libicu: Swift never imports ICU's headers on Linux).
///
/// ```swift
/// let russian = try PrimaryCollator(locale: "ru")
/// russian.primaryEqual("ё", "е")   // true: ё is е with a secondary difference
/// russian.primaryEqual("й", "и")   // false: й is a letter of its own
/// russian.primaryKey("ёж") == russian.primaryKey("еж")  // true
/// ```
///
/// The answers are the machine's ICU's and its CLDR data's (Debian 12: ICU 72.1, collator
/// version 153.120.42, UCA 15.0; ``icuVersion``, ``collatorVersion``): the same on every machine
/// with that ICU, and possibly not with another, so a release that folds by them should record
/// them. A language ICU has no rules of its own for (`en`, `de`) or does not know (`xx`) is
/// collated by the root's rules (``rulesLocale`` says `root`; ``knowsLanguage`` tells the two
/// apart).
///
/// ICU's documentation leaves sharing one collator between threads to the caller, so each call
/// takes a lock (``LanguageFolding`` asks it once per distinct letter and keeps the answer).
package final class PrimaryCollator: @unchecked Sendable {
    /// The locale as given (`fi`, `pt-BR`).
    package let locale: String
    /// The locale whose rules ICU took: `ru`, `fi`; `root` for `en`, `de` and unknown languages.
    package let rulesLocale: String
    /// Whether ICU lists the locale's language among those it has collation data for (`en` is
    /// listed though its rules are the root's; `xx` is not).
    package let knowsLanguage: Bool
    /// The ICU library's version (`72.1`).
    package let icuVersion: String
    /// The collator's version, its rules' and the Unicode Collation Algorithm's (`153.120.42`).
    package let collatorVersion: String

    private let collator: OpaquePointer
    private let lock = NSLock()

    /// ICU's collator of `locale` (a BCP 47 tag, `fi`, `pt-BR`, or an ICU locale ID).
    ///
    /// - throws: `CollationError` with `locale` as its item when ICU cannot open one (a malformed
    ///   locale, no memory); a locale ICU has no data for is collated by the root's rules.
    package init(locale: String) throws(CollationError) {
        var status: UnsafePointer<CChar>?
        guard !locale.utf8.contains(0), let collator = vocab_collator_open(locale, &status) else {
            throw CollationError(item: locale, .notOpened(status: status.map { String(cString: $0) } ?? "U_ILLEGAL_ARGUMENT_ERROR"))
        }
        self.locale = locale
        self.collator = collator
        var rules = [CChar](repeating: 0, count: 160)
        vocab_collator_rules_locale(collator, &rules, rules.count)
        rulesLocale = Self.text(rules)
        var icu = [CChar](repeating: 0, count: 32)
        var version = [CChar](repeating: 0, count: 32)
        vocab_collator_versions(collator, &icu, &version, 32)
        icuVersion = Self.text(icu)
        collatorVersion = Self.text(version)
        knowsLanguage = vocab_collator_knows_language(locale) != 0
    }

    deinit { vocab_collator_close(collator) }

    /// The version of the ICU library the machine collates with (`72.1`), without opening a
    /// collator: a build's stage keys ask it before any text is folded, and opening one maps
    /// about 2 MB of ICU's collation data, which counted in the build's peak memory.
    package static var libraryVersion: String {
        var icu = [CChar](repeating: 0, count: 32)
        vocab_collator_icu_version(&icu, icu.count)
        return text(icu)
    }

    /// The NUL-terminated text the C functions wrote into `buffer`.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// -1, 0 or 1 as `a` sorts before `b`, is primary-equal to it, or sorts after it, by the
    /// locale's rules.
    package func compare(_ a: String, _ b: String) -> Int {
        var a = a
        var b = b
        return a.withUTF8 { first in
            b.withUTF8 { second in
                lock.withLock {
                    Int(vocab_collator_compare(collator, first.baseAddress, first.count, second.baseAddress, second.count))
                }
            }
        }
    }

    /// Whether the locale counts `a` and `b` as the same letters (`ё` and `е` in Russian; not `й`
    /// and `и`).
    package func primaryEqual(_ a: String, _ b: String) -> Bool {
        compare(a, b) == 0
    }

    /// The primary sort key of `text`: two texts have the same key exactly when they are
    /// primary-equal, and keys compare (as bytes) as the texts sort; its final 0 left out.
    package func primaryKey(_ text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { bytes in
            lock.withLock {
                var key = [UInt8](repeating: 0, count: 64)
                var needed = vocab_collator_key(collator, bytes.baseAddress, bytes.count, &key, Int32(key.count))
                if needed > key.count {
                    key = [UInt8](repeating: 0, count: Int(needed))
                    needed = vocab_collator_key(collator, bytes.baseAddress, bytes.count, &key, Int32(key.count))
                }
                return needed > 0 ? Array(key.prefix(Int(needed) - 1)) : []
            }
        }
    }
}
