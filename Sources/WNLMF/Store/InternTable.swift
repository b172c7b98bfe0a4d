import Foundation

/// Interns byte strings: each distinct string gets a dense handle (0, 1, 2, ...) in the order
/// first seen, its bytes kept once in a ``ByteArena``.
///
/// Open addressing with linear probing; a slot (8 bytes) holds the string's hash fragment (32
/// bits, which also place it) and its handle, so a probe touches one cache line and a hit two
/// more (the span, the bytes), and growing the table moves slots without reading keys. The
/// hash mixes 8 bytes at a time with 128-bit multiplies (much faster than the standard
/// library's SipHash on short ids); its seed is drawn per process, so a hostile lexicon cannot
/// choose ids that collide.
final class InternTable {
    private struct Slot {
        /// The low 32 bits of the hash; 0 marks an empty slot (a real 0 is stored as 1).
        var hash: UInt32
        var handle: Int32
    }

    let arena: ByteArena
    /// The string of each handle.
    @exclusivity(unchecked) private var keys: UnsafeMutablePointer<Span>
    @exclusivity(unchecked) private var keyCapacity: Int
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Slot>
    @exclusivity(unchecked) private var mask: Int
    /// The slots were given back (``releaseIndex()``): handles still give their keys, but no
    /// string can be looked up or interned.
    @exclusivity(unchecked) private(set) var indexReleased = false

    init(arena: ByteArena, capacity: Int = 1024) {
        self.arena = arena
        var size = 16
        while size * 3 < capacity * 4 { size *= 2 }
        mask = size - 1
        slots = .allocate(capacity: size)
        slots.initialize(repeating: Slot(hash: 0, handle: -1), count: size)
        keyCapacity = max(capacity, 16)
        keys = .allocate(capacity: keyCapacity)
    }

    deinit {
        slots.deallocate()
        keys.deallocate()
    }

    private static let seed = UInt64.random(in: 1...UInt64.max)

    @inline(__always)
    private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// A wyhash-style hash: 8-byte words folded in with 128-bit multiplies.
    @inline(__always)
    private static func hash(_ bytes: UnsafePointer<UInt8>, _ n: Int) -> UInt64 {
        let raw = UnsafeRawPointer(bytes)
        var h = seed ^ UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15
        var i = 0
        while i + 8 <= n {
            h = mix(h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self), 0xA076_1D64_78BD_642F)
            i += 8
        }
        if i < n {
            var tail: UInt64 = 0
            withUnsafeMutableBytes(of: &tail) { $0.copyMemory(from: UnsafeRawBufferPointer(start: raw + i, count: n - i)) }
            h = mix(h ^ tail, 0xE703_7ED1_A0B4_28DB)
        }
        return mix(h, 0x8EBC_6AF0_9C88_C6E3)
    }

    @inline(__always)
    private static func fragment(_ h: UInt64) -> UInt32 {
        let low = UInt32(truncatingIfNeeded: h)
        return low == 0 ? 1 : low
    }

    /// The handle of these bytes, if interned.
    @inline(__always)
    func find(_ bytes: UnsafePointer<UInt8>, _ n: Int) -> Int32? {
        precondition(!indexReleased, "look-up in an intern table whose index was released")
        let f = Self.fragment(Self.hash(bytes, n))
        var i = Int(f) & mask
        while true {
            let slot = slots[i]
            if slot.hash == 0 { return nil }
            if slot.hash == f && arena.equals(keys[Int(slot.handle)], bytes, n) { return slot.handle }
            i = (i + 1) & mask
        }
    }

    /// The handle of these bytes, interning them when new (`inserted` then true); nil when
    /// the arena is full.
    @inline(__always)
    func intern(_ bytes: UnsafePointer<UInt8>, _ n: Int) -> (handle: Int32, inserted: Bool)? {
        precondition(!indexReleased, "intern in a table whose index was released")
        let f = Self.fragment(Self.hash(bytes, n))
        var i = Int(f) & mask
        while true {
            let slot = slots[i]
            if slot.hash == 0 { break }
            if slot.hash == f && arena.equals(keys[Int(slot.handle)], bytes, n) { return (slot.handle, false) }
            i = (i + 1) & mask
        }
        guard let span = arena.append(bytes, count: n) else { return nil }
        if count == keyCapacity {
            let bigger = UnsafeMutablePointer<Span>.allocate(capacity: keyCapacity * 2)
            bigger.moveInitialize(from: keys, count: count)
            keys.deallocate()
            keys = bigger
            keyCapacity *= 2
        }
        let handle = Int32(count)
        keys[count] = span
        count += 1
        slots[i] = Slot(hash: f, handle: handle)
        if count * 4 > mask * 3 { rehash() }
        return (handle, true)
    }

    /// Gives back the slots (8 bytes each, two to four per key), keeping every handle's key:
    /// for a store whose last use maps handles to strings. ``find(_:_:)`` and
    /// ``intern(_:_:)`` may not be called after it.
    func releaseIndex() {
        guard !indexReleased else { return }
        slots.deallocate()
        slots = .allocate(capacity: 1)
        slots.initialize(to: Slot(hash: 0, handle: -1))
        mask = 0
        indexReleased = true
    }

    /// Drops the spare capacity of the keys (grown by doubling) when it is more than an
    /// eighth of the count (a key interned afterwards grows them again).
    func trimKeys() {
        guard keyCapacity - count > count / 8 else { return }
        let exact = UnsafeMutablePointer<Span>.allocate(capacity: max(count, 1))
        exact.moveInitialize(from: keys, count: count)
        keys.deallocate()
        keys = exact
        keyCapacity = max(count, 1)
    }

    /// Adds this table's keys to `filter`, by their hash (without hashing them again).
    func insertKeys(into filter: inout HashFilter) {
        precondition(!indexReleased, "scan of an intern table whose index was released")
        for i in 0...mask where slots[i].hash != 0 { filter.insert(slots[i].hash) }
    }

    /// Calls `body` with each handle whose key may be in `filter` (every key that is in it, and a
    /// few that are not): a scan of the table, not a look-up per key.
    func forEachHandle(possiblyIn filter: HashFilter, _ body: (Int32) -> Void) {
        precondition(!indexReleased, "scan of an intern table whose index was released")
        for i in 0...mask where slots[i].hash != 0 && filter.mayContain(slots[i].hash) { body(slots[i].handle) }
    }

    /// The bytes of a handle.
    @inline(__always)
    func key(_ handle: Int32) -> Span { keys[Int(handle)] }

    func string(_ handle: Int32) -> String { arena.string(keys[Int(handle)]) }

    private func rehash() {
        let size = (mask + 1) * 2
        let bigger = UnsafeMutablePointer<Slot>.allocate(capacity: size)
        bigger.initialize(repeating: Slot(hash: 0, handle: -1), count: size)
        let newMask = size - 1
        // A slot's place comes from its hash fragment, so the keys' bytes are not read again.
        for old in 0...mask where slots[old].hash != 0 {
            var i = Int(slots[old].hash) & newMask
            while bigger[i].hash != 0 { i = (i + 1) & newMask }
            bigger[i] = slots[old]
        }
        slots.deallocate()
        slots = bigger
        mask = newMask
    }
}

/// A set of hash fragments of ``InternTable`` keys, one bit each (a Bloom filter with one hash):
/// a key whose bit is clear is in none of the tables inserted. The tables share one hash seed,
/// so one key has one fragment in all of them.
struct HashFilter {
    private var words: [UInt64]
    private let mask: UInt32

    /// A filter sized for `count` keys: about 16 bits per key (one in 16 keys that are not in it
    /// passes), at most 8 Mi bits.
    init(count: Int) {
        var bits = 1 << 12
        while bits < count * 16 && bits < 1 << 23 { bits <<= 1 }
        words = Array(repeating: 0, count: bits / 64)
        mask = UInt32(bits - 1)
    }

    @inline(__always)
    mutating func insert(_ fragment: UInt32) {
        let bit = fragment & mask
        words[Int(bit >> 6)] |= 1 << UInt64(bit & 63)
    }

    @inline(__always)
    func mayContain(_ fragment: UInt32) -> Bool {
        let bit = fragment & mask
        return words[Int(bit >> 6)] & (1 << UInt64(bit & 63)) != 0
    }
}
