import Foundation

/// Jobs that whichever thread comes first runs, each once: a queue's worker, or a thread that
/// needs them all finished and runs the ones not yet started itself (``finishAll()``) instead
/// of waiting for a worker that may never be free to start them.
final class ClaimedJobs: @unchecked Sendable {
    private enum State { case waiting, running, done }
    private let jobs: [() -> Void]
    private var states: [State]
    private let condition = NSCondition()

    init(_ jobs: [() -> Void]) {
        self.jobs = jobs
        states = Array(repeating: .waiting, count: jobs.count)
    }

    /// Runs job `index` unless another thread has started it.
    func run(_ index: Int) {
        condition.lock()
        guard states[index] == .waiting else { return condition.unlock() }
        states[index] = .running
        condition.unlock()
        jobs[index]()
        condition.lock()
        states[index] = .done
        condition.broadcast()
        condition.unlock()
    }

    /// Runs every job not yet started, then waits for those other threads are running.
    func finishAll() {
        for index in jobs.indices { run(index) }
        condition.lock()
        while states.contains(where: { $0 != .done }) { condition.wait() }
        condition.unlock()
    }
}
