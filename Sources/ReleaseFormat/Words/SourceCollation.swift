import Foundation

/// How the source language sorts its words: case-insensitively by the language's collation
/// (Foundation's locale-aware comparison, ICU underneath), ties broken by Unicode scalar order
/// so that the order is total and the same on every machine. `September` comes after `access`
/// in English; `ñu` after `nube` in Spanish.
///
/// The emitter orders a release without counts with it and `vocab validate` checks that order
/// with it: one comparison for both.
package struct SourceCollation: Sendable {
    /// The locale of the source language (`en`).
    package let locale: Locale

    /// The collation of `language`, a BCP 47 tag.
    package init(language: String) {
        locale = Locale(identifier: language)
    }

    /// Whether `lhs` sorts strictly before `rhs`; nil when they are the same string.
    package func precedes(_ lhs: String, _ rhs: String) -> Bool? {
        if lhs == rhs { return nil }
        switch lhs.compare(rhs, options: [.caseInsensitive], range: nil, locale: locale) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return lhs.unicodeScalars.lexicographicallyPrecedes(rhs.unicodeScalars)
        }
    }

    /// `items` sorted by `areInIncreasingOrder` (which should use ``precedes(_:_:)``). A locale-aware
    /// comparison is slow (microseconds), so the items are first sorted by a cheap key that
    /// nearly agrees with it (`presort`), then put right by an insertion pass that compares
    /// neighbours only: about n comparisons instead of n log n.
    package static func sorted<T>(
        _ items: [T], presort: (T, T) -> Bool, by areInIncreasingOrder: (T, T) -> Bool
    ) -> [T] {
        var result = items.stablySorted(by: presort)
        guard result.count > 1 else { return result }
        for index in 1..<result.count {
            var position = index
            let item = result[index]
            while position > 0, areInIncreasingOrder(item, result[position - 1]) {
                result[position] = result[position - 1]
                position -= 1
            }
            result[position] = item
        }
        return result
    }
}
