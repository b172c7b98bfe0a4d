import Testing
import VocabCore

/// `StableSort` and `stablySorted`: the standard library's order, equal elements in the order
/// they came in, errors passed on.
@Suite struct StableSortTests {
    /// Pairs whose keys repeat, in a fixed pseudo-random order (a linear congruential generator:
    /// the same list on every run).
    static func pairs(_ count: Int, keys: Int) -> [(key: Int, position: Int)] {
        var state: UInt64 = 12345
        return (0..<count).map { position in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return (key: Int(state >> 33) % keys, position: position)
        }
    }

    @Test(arguments: [0, 1, 2, 7, 40, 1000])
    func theOrderIsTheStandardLibrarysAndStable(count: Int) {
        let items = Self.pairs(count, keys: max(1, count / 5))
        let sorted = items.stablySorted { $0.key < $1.key }
        #expect(sorted.map(\.position) == items.sorted { $0.key < $1.key }.map(\.position))
        // Stable: among equal keys, the positions they came in ascend.
        for (left, right) in zip(sorted, sorted.dropFirst()) {
            #expect(left.key < right.key || (left.key == right.key && left.position < right.position))
        }
        #expect(sorted.count == count)
    }

    @Test func positionsAreSortedByTheirItems() {
        let names = ["pear", "apple", "fig", "apple", "date"]
        #expect(StableSort.positions(names.count) { names[$0] < names[$1] } == [1, 3, 4, 2, 0])
        #expect(StableSort.positions(0) { _, _ in Issue.record("no comparison of nothing"); return false } == [])
    }

    @Test func comparableElementsAndOtherSequences() {
        #expect(["b", "c", "a"].stablySorted() == ["a", "b", "c"])
        #expect(Set([3, 1, 2]).stablySorted() == [1, 2, 3])
        #expect(["b": 2, "a": 1, "c": 3].stablySorted { $0.key < $1.key }.map(\.value) == [1, 2, 3])
    }

    struct Incomparable: Error {}

    @Test func anErrorOfTheComparisonIsThrown() {
        #expect(throws: Incomparable.self) {
            _ = try [3, 1, 2].stablySorted { left, right in
                if left == 2 || right == 2 { throw Incomparable() }
                return left < right
            }
        }
    }
}
