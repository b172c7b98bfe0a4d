import Foundation
import Testing
@testable import VocabPipeline

/// The lexicon loads' scans run once each, whether a queue's worker or the thread that needs
/// them all finished starts them.
@Suite struct ClaimedJobsTests {
    final class Counts: @unchecked Sendable {
        private var counts: [Int]
        private let lock = NSLock()
        init(_ n: Int) { counts = Array(repeating: 0, count: n) }
        func add(_ i: Int) { lock.withLock { counts[i] += 1 } }
        var values: [Int] { lock.withLock { counts } }
    }

    @Test func finishAllRunsTheJobsNobodyStartedItself() {
        let counts = Counts(3)
        let jobs = ClaimedJobs((0..<3).map { i in { counts.add(i) } })
        // No worker ever starts them: the caller must, or it would wait for ever.
        jobs.finishAll()
        #expect(counts.values == [1, 1, 1])
        // A worker that comes late finds them done and runs nothing again.
        for i in 0..<3 { jobs.run(i) }
        #expect(counts.values == [1, 1, 1])
    }

    @Test func finishAllWaitsForAJobAnotherThreadIsRunning() {
        let counts = Counts(2)
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = Counts(1)
        let jobs = ClaimedJobs([
            {
                started.signal()
                release.wait()
                finished.add(0)
                counts.add(0)
            },
            { counts.add(1) },
        ])
        let worker = Thread { jobs.run(0) }
        worker.start()
        started.wait()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { release.signal() }
        jobs.finishAll()
        // Job 0 was finished by its worker before finishAll returned; job 1 ran on this thread.
        #expect(finished.values == [1])
        #expect(counts.values == [1, 1])
    }
}
