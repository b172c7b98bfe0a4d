import Foundation

/// Where a string's bytes sit in a ``ByteArena``: the chunk in the high 12 bits of `offset`,
/// the position in the chunk in the low 20.
struct Span: Equatable {
    var offset: UInt32
    var count: UInt32

    static let empty = Span(offset: 0, count: 0)
    /// A span that stands for an absent value (an optional attribute not given).
    static let absent = Span(offset: UInt32.max, count: 0)
    var isAbsent: Bool { offset == UInt32.max }
}

/// Many strings' bytes in chunks of 1 MiB: no allocation per string while parsing, and no
/// copy of everything when it grows (a doubling buffer would briefly hold it all twice). A
/// string never straddles two chunks; one longer than a chunk gets a chunk of its own.
final class ByteArena {
    private static let chunkBits: UInt32 = 20
    private static let chunkSize = 1 << 20
    private static let maxChunks = 4095
    @exclusivity(unchecked) private var chunks: [UnsafeMutablePointer<UInt8>] = []
    /// Bytes used in the last chunk, and its size.
    @exclusivity(unchecked) private var used = 0
    @exclusivity(unchecked) private var size = 0
    /// Bytes held, all chunks together.
    @exclusivity(unchecked) private(set) var byteCount = 0

    init() {}

    deinit { for chunk in chunks { chunk.deallocate() } }

    /// Copies `count` bytes in; nil when the arena is full (4095 chunks).
    @inline(__always)
    func append(_ bytes: UnsafePointer<UInt8>, count n: Int) -> Span? {
        if used + n > size || chunks.isEmpty {
            guard newChunk(for: n) else { return nil }
        }
        let chunk = chunks.count - 1
        (chunks[chunk] + used).update(from: bytes, count: n)
        let span = Span(offset: UInt32(chunk) << Self.chunkBits | UInt32(used), count: UInt32(n))
        used += n
        byteCount += n
        return span
    }

    private func newChunk(for n: Int) -> Bool {
        guard chunks.count < Self.maxChunks, n <= Int(UInt32.max) else { return false }
        size = max(Self.chunkSize, n)
        chunks.append(.allocate(capacity: size))
        used = 0
        return true
    }

    @inline(__always)
    func pointer(_ span: Span) -> UnsafePointer<UInt8> {
        UnsafePointer(chunks[Int(span.offset >> Self.chunkBits)] + Int(span.offset & (1 << Self.chunkBits - 1)))
    }

    @inline(__always)
    func buffer(_ span: Span) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: span.count == 0 ? nil : pointer(span), count: Int(span.count))
    }

    /// The span's bytes as a string (they are UTF-8: libxml2 checked them); "" when absent.
    func string(_ span: Span) -> String {
        span.isAbsent || span.count == 0 ? "" : String(decoding: buffer(span), as: UTF8.self)
    }

    /// Whether the span holds exactly these bytes.
    @inline(__always)
    func equals(_ span: Span, _ bytes: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        Int(span.count) == n && (n == 0 || memcmp(pointer(span), bytes, n) == 0)
    }
}
