/// Stable sorting made once for the whole program.
///
/// The standard library's `sorted(by:)` is generic and inlinable: the optimizer copies its merge
/// sort for every element type and every closure it is called with (about 2,500 lines of
/// optimized code each; 18 % of ReleaseFormat's). These helpers sort positions instead, with one
/// comparison function called through a function value, so the merge sort is compiled once, here;
/// what each call adds is a small wrapper. The order is the standard library's: stable, so equal
/// elements keep the order they came in.
///
/// For the modules above VocabCore, which see ``positions(_:by:)`` only as a declaration. Within
/// VocabCore the optimizer would copy it for each closure passed to it, so VocabCore's own few
/// sorts keep the standard library's. The sorts of whole lists on a build's hot path (the
/// selection's order, the lemmatize step's drops, the lexicon reader's senses, the analyzers)
/// keep it too: there the comparison inlined into the sort is worth its copy.
@usableFromInline
package enum StableSort {
    /// The positions `0..<count` in ascending order of `areInIncreasingOrder` (a strict weak
    /// ordering of positions), equal ones in ascending order of position.
    @usableFromInline @inline(never)
    package static func positions(_ count: Int, by areInIncreasingOrder: (Int, Int) throws -> Bool) rethrows -> [Int] {
        try Array(0..<count).sorted(by: areInIncreasingOrder)
    }
}

extension Sequence {
    /// The elements in ascending order of `areInIncreasingOrder`, equal elements in the order they
    /// came in: what `sorted(by:)` returns, through ``StableSort``.
    @inlinable
    package func stablySorted(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows -> [Element] {
        let elements = Array(self)
        guard elements.count > 1 else { return elements }
        return try StableSort.positions(elements.count) { try areInIncreasingOrder(elements[$0], elements[$1]) }
            .map { elements[$0] }
    }
}

extension Sequence where Element: Comparable {
    /// The elements in ascending order, equal elements in the order they came in: what `sorted()`
    /// returns, through ``StableSort``.
    @inlinable
    package func stablySorted() -> [Element] {
        stablySorted(by: <)
    }
}
