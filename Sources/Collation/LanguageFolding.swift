import Foundation

/// What a learner's search typed without accents may merge in a language: text lower-cased, and
/// each accent dropped only where the language's collation counts the letter without it as the
/// same letter (ICU at primary strength, ``PrimaryCollator``). So Russian folds `ё` to `е` but
/// keeps `й`; Spanish folds `á` to `a` but keeps `ñ`; Finnish keeps `ä`, `ö`, `å`; Polish keeps
/// `ą`, `ę`, `ó`, `ś`, `ż` (and `ł`, which has no accent to drop); English (the root's rules)
/// folds `é` to `e`.
///
/// ```swift
/// let russian = try LanguageFolding(locale: "ru")
/// russian.folded("Ёжик Йошкар-Олы")   // "ежик йошкар-олы"
/// try LanguageFolding(locale: "es").folded("Año Canción")  // "año cancion"
/// ```
///
/// **The rule.** The text is lower-cased (Swift's `lowercased()`, as `WordSearch.folded` does) and
/// decomposed (NFD); each letter with its combining marks is one cluster (`е` + U+0308). A mark is
/// dropped when it is a nonspacing mark of canonical combining class 10 or above (the accents and
/// vowel points placed above, below or beside a letter) and the cluster without it is
/// primary-equal to the cluster with all its marks, by the locale's rules; marks are tried in
/// order, each against the whole cluster. The result is composed again (NFC).
///
/// **Why class 10 and above.** Classes 1 to 9 are the marks that make another letter or sound
/// rather than adorn one: overlays (1: `≠` is `=` + U+0338), the nukta (7: Hindi `क़` is `क` +
/// U+093C), the kana voicing marks (8: `ゲ` is `ケ` + U+3099, `パ` is `ハ` + U+309A) and the
/// viramas (9). Japanese collation counts `ゲ` and `ケ` as primary-equal (voicing is a secondary
/// difference, as in Japanese dictionaries' order), and Hindi's `क़` and `क`; folding by
/// collation alone would merge them, where a learner typing kana always types the voicing. By the
/// Unicode property, not a table of languages.
///
/// **Speed and determinism.** A text of ASCII is only lower-cased; one whose every scalar is
/// below U+0530 (Latin, IPA, Greek, Cyrillic) with no combining mark is folded scalar by scalar
/// from a table made when the folding is; any other folds cluster by cluster, each distinct
/// cluster asked of ICU once and kept. The answers are the machine's ICU's (``collator``'s
/// versions): the same for a given ICU, whatever the order or threads of the calls. Measured
/// (debug build, the module compiled with -O, 2 busy cores): making a folding, 2 to 8 ms;
/// folding 150,000 distinct names (OEWN 2025's and wikt-es's, mostly ASCII) with `es`, 15 to
/// 24 ms; wikt-ru's 25,276 with `ru`, 6 to 24 ms; wikt-ja's 16,792 with `ja` (Foundation's
/// normalization, name by name), 57 to 62 ms.
package final class LanguageFolding: @unchecked Sendable {
    /// The collation whose primary equality decides.
    package let collator: PrimaryCollator

    /// Scalars below this are folded from ``table``.
    static let tableLimit: UInt32 = 0x530

    /// The UTF-8 of the fold of each scalar below ``tableLimit`` alone (lower-cased, then
    /// folded), empty for a combining mark (which sends the text to the clusters' path); made
    /// once, in `init`, and only read after. Bytes, not strings: appending each scalar's string, and
    /// asking each scalar's combining class, took about ten times as long over Russian names.
    private var table: [[UInt8]] = []
    /// The folds of the clusters seen so far, by cluster (NFD, lower-cased).
    private var clusters: [String: String] = [:]
    private let lock = NSLock()

    /// The folding of `locale` (`ru`, `es`, `fi`, `pl`, `en`, `ja`).
    ///
    /// - throws: `CollationError` when ICU cannot open the locale's collator.
    package init(locale: String) throws(CollationError) {
        collator = try PrimaryCollator(locale: locale)
        table = (0..<Self.tableLimit).map { value in
            guard let scalar = Unicode.Scalar(value), scalar.properties.canonicalCombiningClass == .notReordered else { return [] }
            return Array(foldByClusters(String(scalar).lowercased()).utf8)
        }
    }

    /// `text` lower-cased, without the accents the locale lets a search drop (see the type's notes).
    package func folded(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            guard scalar.value < Self.tableLimit, case let folded = table[Int(scalar.value)], !folded.isEmpty else {
                return foldByClusters(text.lowercased())
            }
            bytes.append(contentsOf: folded)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether a search may drop `mark` where the collation allows: a nonspacing mark of
    /// canonical combining class 10 or above.
    package static func isAccent(_ mark: Unicode.Scalar) -> Bool {
        mark.properties.generalCategory == .nonspacingMark && mark.properties.canonicalCombiningClass.rawValue >= 10
    }

    /// ``folded(_:)`` of lower-cased `text` by its definition: cluster by cluster, composed again.
    private func foldByClusters(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var cluster = String.UnicodeScalarView()
        func flush() {
            guard !cluster.isEmpty else { return }
            if cluster.count == 1 {
                scalars.append(contentsOf: cluster)
            } else {
                scalars.append(contentsOf: fold(String(cluster)).unicodeScalars)
            }
            cluster = String.UnicodeScalarView()
        }
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.canonicalCombiningClass == .notReordered { flush() }
            cluster.append(scalar)
        }
        flush()
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// The fold of one cluster (a letter and its marks, NFD), from the cache or asked of ICU.
    private func fold(_ cluster: String) -> String {
        if let known = lock.withLock({ clusters[cluster] }) { return known }
        var kept = Array(cluster.unicodeScalars)
        for mark in cluster.unicodeScalars.dropFirst() where Self.isAccent(mark) {
            guard let index = kept.firstIndex(of: mark) else { continue }
            var without = kept
            without.remove(at: index)
            if collator.primaryEqual(String(String.UnicodeScalarView(without)), cluster) { kept = without }
        }
        let folded = String(String.UnicodeScalarView(kept))
        lock.withLock { clusters[cluster] = folded }
        return folded
    }
}
