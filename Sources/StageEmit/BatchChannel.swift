import Foundation

/// Batches handed from one producing thread to one consuming thread, at most `capacity` waiting:
/// the dictionary's cards are made on other threads while SQLite writes the previous ones (one
/// channel per producing thread).
final class BatchChannel<Batch>: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [Batch] = []
    private var finished = false
    private var cancelled = false
    private var failure: (any Error)?
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// Hands over `batch`, waiting while `capacity` batches wait; false once the consumer has
    /// stopped (the producer should then stop too).
    func put(_ batch: Batch) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while waiting.count >= capacity && !cancelled { condition.wait() }
        if cancelled { return false }
        waiting.append(batch)
        condition.broadcast()
        return true
    }

    /// No more batches; `error` when the producer failed (thrown to the consumer after the
    /// batches already handed over).
    func finish(_ error: (any Error)?) {
        condition.lock()
        finished = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch; nil when the producer has finished; the producer's error.
    func take() throws -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !finished { condition.wait() }
        if !waiting.isEmpty {
            let batch = waiting.removeFirst()
            condition.broadcast()
            return batch
        }
        if let failure { throw failure }
        return nil
    }

    /// The consumer stops: a waiting or later ``put(_:)`` returns false.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
