import Foundation

/// Results filled in by concurrent jobs, one slot each.
package final class ResultBox<T>: @unchecked Sendable {
    private var slots: [Result<T, Error>?]
    private let lock = NSLock()

    package init(count: Int) { slots = Array(repeating: nil, count: count) }

    package func set(_ index: Int, _ result: Result<T, Error>) {
        lock.lock()
        slots[index] = result
        lock.unlock()
    }

    /// The values in order; the first error (in job order) is thrown.
    package func values() throws -> [T] {
        try slots.map { try $0!.get() }
    }

    /// The values in order when every job has set one, else nil.
    package func valuesIfAllSucceeded() -> [T]? {
        lock.lock()
        defer { lock.unlock() }
        var values: [T] = []
        for slot in slots {
            guard case .success(let value)? = slot else { return nil }
            values.append(value)
        }
        return values
    }
}
