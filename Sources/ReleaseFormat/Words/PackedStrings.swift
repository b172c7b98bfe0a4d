import Foundation

/// Strings side by side in one buffer of UTF-8, compared as `String` compares them: byte by
/// byte when both are ASCII (where the two orders are the same), else as strings (Unicode
/// canonical equivalence).
package struct PackedStrings {
    package enum Order { case less, equal, greater }

    private var bytes: [UInt8] = []
    /// Where each string ends in ``bytes``; the sign bit set when it is not all ASCII.
    private var ends: [UInt32] = []
    private static let nonASCII: UInt32 = 1 << 31

    package init(capacity: Int) { ends.reserveCapacity(capacity) }

    package mutating func append(_ string: String) {
        var string = string
        let ascii = string.withUTF8 { utf8 in
            bytes.append(contentsOf: utf8)
            return utf8.allSatisfy { $0 < 0x80 }
        }
        precondition(bytes.count < Int(Self.nonASCII), "more than 2 GB of names")
        ends.append(UInt32(bytes.count) | (ascii ? 0 : Self.nonASCII))
    }

    private func range(_ index: Int) -> Range<Int> {
        let start = index == 0 ? 0 : Int(ends[index - 1] & ~Self.nonASCII)
        return start..<Int(ends[index] & ~Self.nonASCII)
    }

    package func compare(_ left: Int, _ right: Int) -> Order {
        let a = range(left), b = range(right)
        if (ends[left] | ends[right]) & Self.nonASCII != 0 {
            let x = String(decoding: bytes[a], as: UTF8.self), y = String(decoding: bytes[b], as: UTF8.self)
            return x < y ? .less : x == y ? .equal : .greater
        }
        return bytes.withUnsafeBufferPointer { buffer in
            let n = min(a.count, b.count)
            let c = n == 0 ? 0 : memcmp(buffer.baseAddress! + a.lowerBound, buffer.baseAddress! + b.lowerBound, n)
            if c != 0 { return c < 0 ? .less : .greater }
            return a.count < b.count ? .less : a.count == b.count ? .equal : .greater
        }
    }
}
