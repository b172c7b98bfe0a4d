import Foundation

/// Handles of a C library that one thread at a time may use (a MeCab tagger with its lattice, an
/// ICU transliterator), made when a call finds none free and kept for the next: each call takes
/// one for itself, so that an engine the steps call from two threads at once never shares one,
/// and never waits for another call's (the lock is held only to take or give back a handle).
final class HandlePool<Handle>: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [Handle] = []
    private let make: () -> Handle?
    private let destroy: (Handle) -> Void

    /// A pool that makes its handles with `make` (nil: the library could not) and ends them with
    /// `destroy`.
    init(make: @escaping () -> Handle?, destroy: @escaping (Handle) -> Void) {
        self.make = make
        self.destroy = destroy
    }

    /// `body`'s result with a handle no other call is using; nil when none could be made.
    func withHandle<Result>(_ body: (Handle) -> Result) -> Result? {
        lock.lock()
        let free = idle.popLast()
        lock.unlock()
        guard let handle = free ?? make() else { return nil }
        defer { give(handle) }
        return body(handle)
    }

    /// Keeps `handle` for the next call (one made before the pool, to check that one can be).
    func give(_ handle: Handle) {
        lock.lock()
        idle.append(handle)
        lock.unlock()
    }

    /// Ends every handle kept; the owner calls it before it ends what the handles were made from
    /// (a MeCab model outlives its taggers).
    func removeAll() {
        lock.lock()
        let handles = idle
        idle = []
        lock.unlock()
        handles.forEach(destroy)
    }

    deinit { idle.forEach(destroy) }
}
