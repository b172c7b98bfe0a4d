import Dispatch
import Foundation

/// Writes stage artifacts on a background queue, in order, while the next stage runs (on a
/// two-core machine the lexicon loading leaves one core mostly idle). ``finish()`` waits for
/// every write and rethrows the first error.
final class ArtifactWriter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "vocab.artifacts")
    private let lock = NSLock()
    private var firstError: Error?

    func write(_ work: @escaping @Sendable () throws -> Void) {
        queue.async {
            do {
                try work()
            } catch {
                self.lock.withLock { if self.firstError == nil { self.firstError = error } }
            }
        }
    }

    /// Waits for the pending writes; throws the first error any of them met.
    func finish() throws {
        queue.sync {}
        if let error = lock.withLock({ firstError }) { throw error }
    }
}
