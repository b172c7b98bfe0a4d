import Foundation

/// The dictionary database's last steps, still running on the writer's thread after the stage
/// has returned: its search index (`rebuild`, `optimize`), the commit and its forms. The stage
/// returns once every card is in and counted, so the emit stage writes the release's words while
/// SQLite builds the index on one core; whatever reads the database file waits here first.
package final class DictionaryFinishing: @unchecked Sendable {
    private let done = DispatchGroup()
    private let lock = NSLock()
    /// Guarded by `lock`; set once.
    private var outcome: Result<Double, any Error>?

    init() { done.enter() }

    /// The steps are over: their seconds, or their error.
    func finish(_ outcome: Result<Double, any Error>) {
        lock.withLock { self.outcome = outcome }
        done.leave()
    }

    /// Waits for the database to be finished; returns the seconds its last steps took, or throws
    /// their error (the same to every caller).
    package func wait() throws -> Double {
        done.wait()
        return try lock.withLock { outcome! }.get()
    }
}
