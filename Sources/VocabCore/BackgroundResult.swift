import Foundation

/// A value, or the error that stopped it, worked out on another thread and waited for where it
/// is needed: started on a global queue (``init(_:)``), or told by the thread that works it out
/// (``init()``, then ``finish(_:)`` once). Every ``wait()`` gives the same outcome.
///
/// ```swift
/// let bundle = BackgroundResult { try render() }   // on another core
/// writeDatabase()
/// try bundle.wait()                                 // its error, if it failed
/// ```
package final class BackgroundResult<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    private let lock = NSLock()
    /// Guarded by `lock`; set once.
    private var outcome: Result<Value, any Error>?

    /// One still to be worked out, told with ``finish(_:)``.
    package init() { done.enter() }

    /// Starts `work` on a global queue.
    package convenience init(_ work: @escaping @Sendable () throws -> Value) {
        self.init()
        DispatchQueue.global().async { self.finish(Result { try work() }) }
    }

    /// The outcome, once: what ``wait()`` gives from now on.
    package func finish(_ outcome: Result<Value, any Error>) {
        lock.withLock { self.outcome = outcome }
        done.leave()
    }

    /// Waits for the outcome; returns the value or throws the error.
    package func wait() throws -> Value {
        done.wait()
        return try lock.withLock { outcome! }.get()
    }
}
