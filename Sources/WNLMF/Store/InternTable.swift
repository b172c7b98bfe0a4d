import Foundation

/// Interns byte strings: each distinct string gets a dense handle (0, 1, 2, ...) in the order
/// first seen, its bytes kept once in a ``ByteArena``. Open addressing with linear probing over
/// `Int32` slots. The hash mixes 8 bytes at a time with a multiply (much faster than the
/// standard library's SipHash on short ids); its seed is drawn per process, so a hostile
/// lexicon cannot choose ids that collide.
final class InternTable {
    let arena: ByteArena
    /// The string of each handle.
    @exclusivity(unchecked) private(set) var keys: UnsafeMutablePointer<Span>
    @exclusivity(unchecked) private var keyCapacity: Int
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Int32>
    /// The low 32 bits of each slot's hash, compared before the bytes.
    @exclusivity(unchecked) private var slotHashes: UnsafeMutablePointer<UInt32>
    @exclusivity(unchecked) private var mask: Int

    init(arena: ByteArena, capacity: Int = 1024) {
        self.arena = arena
        var size = 16
        while size * 3 < capacity * 4 { size *= 2 }
        mask = size - 1
        slots = .allocate(capacity: size)
        slots.initialize(repeating: -1, count: size)
        slotHashes = .allocate(capacity: size)
        slotHashes.initialize(repeating: 0, count: size)
        keyCapacity = max(capacity, 16)
        keys = .allocate(capacity: keyCapacity)
    }

    deinit {
        slots.deallocate()
        slotHashes.deallocate()
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
    private static func hash(_ bytes: UnsafePointer<UInt8>, _ n: Int) -> Int {
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
        return Int(truncatingIfNeeded: mix(h, 0x8EBC_6AF0_9C88_C6E3))
    }

    /// The handle of these bytes, if interned.
    @inline(__always)
    func find(_ bytes: UnsafePointer<UInt8>, _ n: Int) -> Int32? {
        let h = Self.hash(bytes, n)
        var i = h & mask
        while true {
            let handle = slots[i]
            if handle < 0 { return nil }
            if slotHashes[i] == UInt32(truncatingIfNeeded: h) && arena.equals(keys[Int(handle)], bytes, n) { return handle }
            i = (i + 1) & mask
        }
    }

    /// The handle of these bytes, interning them when new (`inserted` then true); nil when
    /// the arena is full.
    @inline(__always)
    func intern(_ bytes: UnsafePointer<UInt8>, _ n: Int) -> (handle: Int32, inserted: Bool)? {
        let h = Self.hash(bytes, n)
        var i = h & mask
        while true {
            let handle = slots[i]
            if handle < 0 { break }
            if slotHashes[i] == UInt32(truncatingIfNeeded: h) && arena.equals(keys[Int(handle)], bytes, n) { return (handle, false) }
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
        slots[i] = handle
        slotHashes[i] = UInt32(truncatingIfNeeded: h)
        if count * 4 > mask * 3 { rehash() }
        return (handle, true)
    }

    /// The bytes of a handle.
    @inline(__always)
    func key(_ handle: Int32) -> Span { keys[Int(handle)] }

    func string(_ handle: Int32) -> String { arena.string(keys[Int(handle)]) }

    private func rehash() {
        let size = (mask + 1) * 2
        let newSlots = UnsafeMutablePointer<Int32>.allocate(capacity: size)
        newSlots.initialize(repeating: -1, count: size)
        let newHashes = UnsafeMutablePointer<UInt32>.allocate(capacity: size)
        newHashes.initialize(repeating: 0, count: size)
        let newMask = size - 1
        for handle in 0..<count {
            let span = keys[handle]
            let h = Self.hash(arena.pointer(span), Int(span.count))
            var i = h & newMask
            while newSlots[i] >= 0 { i = (i + 1) & newMask }
            newSlots[i] = Int32(handle)
            newHashes[i] = UInt32(truncatingIfNeeded: h)
        }
        slots.deallocate()
        slotHashes.deallocate()
        slots = newSlots
        slotHashes = newHashes
        mask = newMask
    }
}
