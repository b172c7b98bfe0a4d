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

    /// Seconds `body` took, by the monotonic clock, and seconds of CPU the calling thread spent
    /// in it (`CLOCK_THREAD_CPUTIME_ID`): for serial work, what other processes on a shared
    /// machine move least.
    func times(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
        func cpuNow() -> Double {
            var spec = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
            return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
        }
        let cpu = cpuNow()
        let wall = try time(body)
        return (wall, cpuNow() - cpu)
    }
}
