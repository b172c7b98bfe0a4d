/// A ``FormSet`` ready for look-ups of written forms as the parser hands them over (bytes),
/// without an allocation for ASCII forms.
final class FormMatcher {
    /// The ASCII forms, interned.
    private let asciiForms: InternTable
    private let otherForms: Set<String>
    /// ``FormSet/matchesInflectedForms``.
    let inflected: Bool
    /// Room for one lower-cased written form.
    @exclusivity(unchecked) private var lowered: [UInt8] = []

    init(_ forms: FormSet) {
        let table = InternTable(arena: ByteArena(), capacity: forms.asciiEnds.count)
        forms.asciiBytes.withUnsafeBufferPointer { bytes in
            var start = 0
            for end in forms.asciiEnds {
                _ = table.intern((bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!) + start, Int(end) - start)
                start = Int(end)
            }
        }
        asciiForms = table
        otherForms = forms.other
        inflected = forms.matchesInflectedForms
    }

    /// Whether a written form, lower-cased as `String.lowercased()` does, is one of the forms:
    /// ASCII forms are lower-cased byte by byte and looked up as bytes, the others as strings.
    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var isASCII = true
        for b in bytes where b >= 0x80 {
            isASCII = false
            break
        }
        if isASCII {
            lowered.removeAll(keepingCapacity: true)
            for b in bytes { lowered.append(b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b) }
            return lowered.withUnsafeBufferPointer { asciiForms.find($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) != nil }
        }
        let lower = String(decoding: bytes, as: UTF8.self).lowercased()
        if lower.utf8.allSatisfy({ $0 < 0x80 }) {
            var copy = lower
            return copy.withUTF8 { asciiForms.find($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) != nil }
        }
        return otherForms.contains(lower)
    }
}
