import Foundation

/// What every measurement of the benchmark shares: wall time of a body, and the median of runs.
protocol Measuring {}

extension Measuring {
    /// The median of `values` (the upper one of an even count).
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// Seconds `body` took, by the monotonic clock.
    func time(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
