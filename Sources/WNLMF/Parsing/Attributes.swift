import CLibXML2
import Foundation

/// A start tag's attributes as libxml2's SAX2 hands them over: five pointers each (local
/// name, prefix, namespace, value start, value end); values are not NUL-terminated.
///
/// Without entity substitution libxml2 writes each `&` of a value (from `&amp;` or `&#38;`)
/// as `&#38;`, for a tree builder to decode later; ``withValue(_:_:)`` decodes it (a raw `&`
/// cannot occur in a value, so every `&#38;` stands for one).
struct Attributes {
    let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    @inline(__always) func name(_ i: Int) -> XMLName? { base![5 * i] }
    @inline(__always) func prefix(_ i: Int) -> XMLName? { base![5 * i + 1] }
    @inline(__always) private func raw(_ i: Int) -> UnsafePointer<UInt8> { base![5 * i + 3]! }
    @inline(__always) private func rawLength(_ i: Int) -> Int { base![5 * i + 3]!.distance(to: base![5 * i + 4]!) }

    /// The value's bytes, decoded.
    @inline(__always)
    func withValue<R>(_ i: Int, _ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
        let p = raw(i), n = rawLength(i)
        guard n > 0, memchr(p, Int32(UInt8(ascii: "&")), n) != nil else { return body(p, n) }
        var out: [UInt8] = []
        out.reserveCapacity(n)
        let escape = Array("&#38;".utf8)
        var k = 0
        while k < n {
            if p[k] == UInt8(ascii: "&") && k + escape.count <= n && memcmp(p + k, escape, escape.count) == 0 {
                out.append(UInt8(ascii: "&"))
                k += escape.count
            } else {
                out.append(p[k])
                k += 1
            }
        }
        return out.withUnsafeBufferPointer { body($0.baseAddress!, $0.count) }
    }

    func string(_ i: Int) -> String {
        withValue(i) { String(decoding: UnsafeBufferPointer(start: $0, count: $1), as: UTF8.self) }
    }

    func equals(_ i: Int, _ text: StaticString) -> Bool {
        rawLength(i) == text.utf8CodeUnitCount && memcmp(raw(i), text.utf8Start, rawLength(i)) == 0
    }
}
