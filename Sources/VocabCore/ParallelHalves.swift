import Foundation

/// Work over `0..<count` split in two halves run at once, one per core of the machines this runs
/// on; the results in order, so the same whatever the threads' timing.
package enum ParallelHalves {
    /// `work` over the first and the second half of `0..<count` at once, the two results in that
    /// order (one result, over the whole range, for fewer than two items).
    package static func map<T>(_ count: Int, _ work: @Sendable (Range<Int>) -> T) -> [T] {
        guard count > 1 else { return [work(0 ..< count)] }
        let halves = ResultBox<T>(count: 2)
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            halves.set(half, .success(work(half == 0 ? 0 ..< count / 2 : count / 2 ..< count)))
        }
        return halves.valuesIfAllSucceeded() ?? []
    }
}
