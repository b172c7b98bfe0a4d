import Foundation

/// Runs an input on a thread of its own and hands its bytes over in blocks, so that zlib and
/// the byte-level guards work on one core while libxml2 parses on another.
///
/// A ring of ``blockCount`` blocks: the producer fills a free block and signals it; the
/// consumer (libxml2's read callback) copies out of the oldest filled block and frees it when
/// empty. An error (or the end) travels in the ring after the bytes before it, so the consumer
/// sees everything in input order. ``close()`` stops the producer and waits for it.
final class ThreadedInput: XMLByteSource, @unchecked Sendable {
    static let blockSize = 1 << 18
    static let blockCount = 4

    private let inner: XMLByteSource
    private let storage: UnsafeMutablePointer<UInt8>
    // Per block, written by the producer before it signals the block (raw memory: the two
    // threads touch different blocks, which Swift's exclusivity checks on an array would not allow).
    private let lengths: UnsafeMutablePointer<Int>
    private let stops: UnsafeMutablePointer<InputStop?>
    private let filled = DispatchSemaphore(value: 0)
    private let free = DispatchSemaphore(value: ThreadedInput.blockCount)
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    @exclusivity(unchecked) private var stopRequested = false
    @exclusivity(unchecked) private var closed = false
    // Blocks the producer took from ``free`` and blocks given back to it (by the consumer and
    // by ``close()``): libdispatch traps when a semaphore is freed below its starting value, so
    // ``close()`` gives back, once the producer has stopped, every block still out (a parse
    // stopped early leaves some filled and one held).
    @exclusivity(unchecked) private var blocksTaken = 0
    @exclusivity(unchecked) private var blocksGiven = 0

    // The consumer's position.
    @exclusivity(unchecked) private var block = 0
    @exclusivity(unchecked) private var offset = 0
    @exclusivity(unchecked) private var holding = false
    @exclusivity(unchecked) private var ended = false

    init(_ inner: XMLByteSource) {
        self.inner = inner
        storage = .allocate(capacity: Self.blockSize * Self.blockCount)
        lengths = .allocate(capacity: Self.blockCount)
        lengths.initialize(repeating: 0, count: Self.blockCount)
        stops = .allocate(capacity: Self.blockCount)
        stops.initialize(repeating: nil, count: Self.blockCount)
        let thread = Thread { [self] in produce() }
        thread.name = "wnlmf-input"
        thread.stackSize = 1 << 20
        thread.start()
    }

    deinit {
        close()
        storage.deallocate()
        lengths.deallocate()
        stops.deinitialize(count: Self.blockCount)
        stops.deallocate()
    }

    private var shouldStop: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopRequested
    }

    private func produce() {
        var slot = 0
        while true {
            free.wait()
            blocksTaken += 1
            if shouldStop { break }
            let base = storage + slot * Self.blockSize
            var length = 0
            var stop: InputStop?
            var atEnd = false
            // Fill the block (fewer hand-overs), up to the end or a problem.
            while length < Self.blockSize {
                do {
                    let n = try inner.read(into: base + length, count: Self.blockSize - length)
                    if n == 0 {
                        atEnd = true
                        break
                    }
                    length += n
                } catch {
                    stop = error
                    break
                }
            }
            lengths[slot] = length
            stops[slot] = stop
            filled.signal()
            if atEnd || stop != nil {
                if atEnd && length > 0 {
                    // The end travels in a block of its own.
                    slot = (slot + 1) % Self.blockCount
                    free.wait()
                    blocksTaken += 1
                    if shouldStop { break }
                    lengths[slot] = 0
                    stops[slot] = nil
                    filled.signal()
                }
                break
            }
            slot = (slot + 1) % Self.blockCount
        }
        inner.close()
        done.signal()
    }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(InputStop) -> Int {
        guard !ended, count > 0 else { return 0 }
        while true {
            if !holding {
                filled.wait()
                holding = true
                offset = 0
            }
            let length = lengths[block]
            if offset < length {
                let n = min(count, length - offset)
                buffer.update(from: storage + block * Self.blockSize + offset, count: n)
                offset += n
                return n
            }
            if let stop = stops[block] {
                ended = true
                throw stop
            }
            if length == 0 {
                ended = true
                return 0
            }
            // The block is used up: give it back.
            holding = false
            block = (block + 1) % Self.blockCount
            blocksGiven += 1
            free.signal()
        }
    }

    func close() {
        lock.lock()
        if closed {
            lock.unlock()
            return
        }
        closed = true
        stopRequested = true
        lock.unlock()
        // Wake the producer if it waits for a free block; then wait for it to finish.
        blocksGiven += 1
        free.signal()
        done.wait()
        // The producer has stopped (its last count is seen after `done`): give back what is out.
        while blocksGiven < blocksTaken {
            blocksGiven += 1
            free.signal()
        }
    }
}
