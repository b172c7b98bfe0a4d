import Foundation
import VocabCore

/// The contents of a compiled lttoolbox file (`lt-comp lr x.dix x.automorf.bin`) as Debian 12's
/// lttoolbox 3.7.1 writes it, every count, index and code point checked.
///
/// The layout (integers in lttoolbox's "multibyte" encoding, see ``ByteCursor``):
///
/// - `LTTB` and 8 feature bytes (most significant first: lttoolbox's `write_le` swaps the bytes
///   on a little-endian machine); 3.7.1 knows no feature, so any bit set is refused.
/// - The letters (the dictionary's `<alphabet>`): a count, then each code point.
/// - The tags: a count, then each name (a count and code points), stored without `<>`; tag `i`
///   is symbol `-(i + 1)`. Then the symbol pairs: a count, then each pair's input and output
///   symbol, both biased by the number of tags (so a stored 0 is the last tag's symbol).
/// - The sections: a count, then each one's name (`main@standard`) and transducer: optionally
///   `LTTD` and 8 feature bytes (bit 0: weights follow), the initial state, the finals (a count,
///   then each state as the difference from the previous one, and its weight), the number of
///   states, then for every state its transitions: a count, then each one's label (an index into
///   the pairs, as the difference from the previous label), its target as an offset from the
///   state (`(state + offset) % states`) and its weight.
///
/// Weights are "long multibyte" numbers: a mantissa and an exponent, each one or two multibyte
/// integers (`ByteCursor.weight()`).
///
/// Beyond lt-proc's reading, refused: a file without the `LTTB` header (the pre-2020 format,
/// which lt-proc still reads; no packaged analyzer uses it), a count larger than the remaining
/// bytes could hold, a label or state out of range, a code point that is not a Unicode scalar,
/// a section name of no known type, two sections with one name, no section, bytes after the last
/// section. A transition target offset that is not below the number of states is refused too,
/// although lt-proc would take it modulo that number: lt-comp never writes one.
struct LttoolboxFile {
    /// What a section's final states accept, from the suffix of its name.
    enum SectionKind: UInt8, Sendable {
        /// `@standard`: a word, when the next character is not a word character.
        case standard = 1
        /// `@inconditional`: whatever follows (punctuation).
        case inconditional = 2
        /// `@postblank`: whatever follows; lt-proc prints a blank after it.
        case postblank = 4
        /// `@preblank`: whatever follows; lt-proc prints a blank before it.
        case preblank = 8

        /// The kind a section name ends with; nil for another name.
        init?(sectionName name: String) {
            if name.hasSuffix("@standard") { self = .standard }
            else if name.hasSuffix("@inconditional") { self = .inconditional }
            else if name.hasSuffix("@postblank") { self = .postblank }
            else if name.hasSuffix("@preblank") { self = .preblank }
            else { return nil }
        }
    }

    /// One transducer of the file.
    struct Section {
        /// `main@standard`, `final@inconditional`, …
        var name: String
        /// What its finals accept.
        var kind: SectionKind
        /// The initial state.
        var initial: Int32
        /// The final states, ascending.
        var finals: [Int32]
        /// Each final state's weight; empty when the section carries none.
        var finalWeights: [Double]
        /// The number of states.
        var stateCount: Int
        /// State `s`'s transitions are `transitionStart[s] ..< transitionStart[s + 1]`.
        var transitionStart: [Int32]
        /// Each transition's label: an index into the file's symbol pairs.
        var labels: [Int32]
        /// Each transition's target state.
        var targets: [Int32]
        /// Each transition's weight; empty when the section carries none.
        var weights: [Double]
    }

    /// The file's letters: what lt-proc counts as word characters besides letters and digits.
    var letters: [UInt32]
    /// The tag names without `<>`; tag `i` is symbol `-(i + 1)`.
    var tags: [String]
    /// Each symbol pair's input symbol: a character (its code point), 0 (none) or a tag (< 0).
    var pairInputs: [Int32]
    /// Each symbol pair's output symbol.
    var pairOutputs: [Int32]
    /// The sections, in the file's order.
    var sections: [Section]

    /// The largest analyzer read, from a file or from memory: the one limit of Morphology's files.
    static let maxBytes = MorphologyFileRead.maxBytes
    /// The most sections a file may hold: each is a walk's initial state at every point of
    /// running text, and a few bytes of file each. lt-comp writes one per `<section>` of the
    /// `.dix`: Debian's analyzers hold 2 to 4.
    static let maxSections = 256
    /// The most letters, tags, symbol pairs, final states, states and transitions a file may
    /// hold, each counted over the whole file (all sections together): the memory of a file is
    /// bounded by what it holds, never by what a count declares. Debian's largest analyzer
    /// (`spa-eng.automorf.bin`) holds 105,461 states and 171,847 transitions.
    static let maxItems = 1 << 22

    /// Reads and checks `bytes`.
    ///
    /// - throws: `MorphologyError` naming `displayPath`, with the byte offset as its item:
    ///   `.empty`, `.tooLarge`, or `.analyzer(…)` with the first problem found.
    init(bytes: UnsafeRawBufferPointer, displayPath: String) throws(MorphologyError) {
        guard !bytes.isEmpty else { throw MorphologyError(file: displayPath, .empty) }
        guard bytes.count <= Self.maxBytes else { throw MorphologyError(file: displayPath, .tooLarge(limit: Self.maxBytes)) }
        var cursor = ByteCursor(bytes: bytes, path: displayPath)

        guard cursor.take(tag: "LTTB") else { throw cursor.error(.notLttoolbox, at: 0) }
        guard let features = cursor.u64() else { throw cursor.cut("the header's feature bytes") }
        guard features == 0 else { throw cursor.error(.unknownFeatures(features), at: 4) }

        // Letters.
        let letterCount = try cursor.count("the number of letters", bytesEach: 1, limit: Self.maxItems)
        letters = []
        letters.reserveCapacity(letterCount)
        for _ in 0..<letterCount {
            letters.append(try cursor.scalar("a letter"))
        }

        // Tags, then symbol pairs.
        let tagCount = try cursor.count("the number of tags", bytesEach: 1, limit: Self.maxItems)
        tags = []
        tags.reserveCapacity(tagCount)
        for index in 0..<tagCount {
            tags.append(try cursor.string("tag \(index + 1)"))
        }
        let pairCount = try cursor.count("the number of symbol pairs", bytesEach: 2, limit: Self.maxItems)
        pairInputs = []
        pairOutputs = []
        pairInputs.reserveCapacity(pairCount)
        pairOutputs.reserveCapacity(pairCount)
        for index in 0..<pairCount {
            pairInputs.append(try cursor.symbol(pair: index, side: "input", tagCount: tagCount))
            pairOutputs.append(try cursor.symbol(pair: index, side: "output", tagCount: tagCount))
        }

        // Sections.
        let sectionCount = try cursor.count("the number of sections", bytesEach: 4, limit: Self.maxSections)
        guard sectionCount > 0 else { throw cursor.error(.noSection, at: cursor.offset) }
        sections = []
        sections.reserveCapacity(sectionCount)
        var names = Set<String>()
        var totals = Totals()
        for index in 0..<sectionCount {
            let nameOffset = cursor.offset
            let name = try cursor.string("the name of section \(index + 1)")
            guard let kind = SectionKind(sectionName: name) else { throw cursor.error(.unknownSectionType(name), at: nameOffset) }
            guard names.insert(name).inserted else { throw cursor.error(.duplicateSection(name), at: nameOffset) }
            sections.append(try Self.readSection(&cursor, name: name, kind: kind, pairCount: pairCount, totals: &totals))
        }
        guard cursor.remaining == 0 else { throw cursor.error(.trailingBytes(cursor.remaining), at: cursor.offset) }
    }

    /// The final states, states and transitions of the sections read so far, each bounded by
    /// ``maxItems``.
    private struct Totals {
        var finals = 0
        var states = 0
        var transitions = 0
    }

    /// One section's transducer, from its optional `LTTD` header to its last state.
    private static func readSection(
        _ cursor: inout ByteCursor, name: String, kind: SectionKind, pairCount: Int, totals: inout Totals
    ) throws(MorphologyError) -> Section {
        var weighted = false
        let headerOffset = cursor.offset
        if cursor.take(tag: "LTTD") {
            guard let features = cursor.u64() else { throw cursor.cut("section '\(name)''s feature bytes") }
            guard features & ~1 == 0 else { throw cursor.error(.unknownSectionFeatures(section: name, features: features), at: headerOffset + 4) }
            weighted = features & 1 != 0
        }
        let initialOffset = cursor.offset
        guard let initial = cursor.multibyte() else { throw cursor.cut("section '\(name)''s initial state") }

        // Finals: ascending, each the difference from the previous one.
        let finalCount = try cursor.count(
            "section '\(name)''s number of final states", bytesEach: weighted ? 3 : 1, limit: maxItems - totals.finals)
        totals.finals += finalCount
        var finals: [Int32] = []
        var finalWeights: [Double] = []
        finals.reserveCapacity(finalCount)
        if weighted { finalWeights.reserveCapacity(finalCount) }
        // Where the finals begin, to find the offset of one out of range once the states are counted.
        let finalsCursor = cursor
        var finalState = 0
        for _ in 0..<finalCount {
            guard let delta = cursor.multibyte() else { throw cursor.cut("section '\(name)''s final states") }
            finalState += Int(delta)
            if weighted {
                guard let read = cursor.weight() else { throw cursor.cut("section '\(name)''s final weights") }
                finalWeights.append(read)
            }
            // Capped so that the sum cannot overflow; checked against the state count below.
            finalState = min(finalState, Int(Int32.max))
            finals.append(Int32(finalState))
        }

        let stateCount = try cursor.count("section '\(name)''s number of states", bytesEach: 1, limit: maxItems - totals.states)
        totals.states += stateCount
        guard Int(initial) < stateCount else {
            throw cursor.error(.stateOutOfRange(section: name, what: "the initial state", value: Int(initial), states: stateCount), at: initialOffset)
        }
        // Ascending: the last is the largest, the first out of range is the one to name.
        if let last = finals.last, Int(last) >= stateCount, let index = finals.firstIndex(where: { Int($0) >= stateCount }) {
            var replay = finalsCursor
            for _ in 0..<index {
                _ = replay.multibyte()
                if weighted { _ = replay.weight() }
            }
            throw cursor.error(.stateOutOfRange(section: name, what: "final state", value: Int(finals[index]), states: stateCount), at: replay.offset)
        }

        // Transitions, state by state.
        var transitionStart: [Int32] = []
        transitionStart.reserveCapacity(stateCount + 1)
        // No capacity reserved from the bytes left: a file of many small sections reserved that
        // much for each (10,000 empty sections of 273 KB took gigabytes). The arrays grow with
        // what the section holds.
        var labels: [Int32] = []
        var targets: [Int32] = []
        var weights: [Double] = []
        let minimumTransition = weighted ? 4 : 2
        for state in 0..<stateCount {
            transitionStart.append(Int32(labels.count))
            let countOffset = cursor.offset
            guard let count = cursor.multibyte() else { throw cursor.cut("the transitions of state \(state) of section '\(name)'") }
            guard Int(count) <= cursor.remaining / minimumTransition else {
                throw cursor.error(.countTooLarge(what: "section '\(name)', state \(state)'s number of transitions", count: Int(count), bytesLeft: cursor.remaining), at: countOffset)
            }
            guard totals.transitions + Int(count) <= maxItems else {
                throw cursor.error(.overLimit(what: "the number of transitions (all sections)", count: totals.transitions + Int(count), limit: maxItems), at: countOffset)
            }
            totals.transitions += Int(count)
            var label = 0
            for _ in 0..<count {
                let labelOffset = cursor.offset
                guard let labelDelta = cursor.multibyte(), let offset = cursor.multibyte() else {
                    throw cursor.cut("the transitions of state \(state) of section '\(name)'")
                }
                label += Int(labelDelta)
                guard label < pairCount else {
                    throw cursor.error(.labelOutOfRange(section: name, state: state, label: label, pairs: pairCount), at: labelOffset)
                }
                guard Int(offset) < stateCount else {
                    throw cursor.error(.stateOutOfRange(section: name, what: "state \(state)'s transition target offset", value: Int(offset), states: stateCount), at: labelOffset)
                }
                if weighted {
                    guard let weight = cursor.weight() else { throw cursor.cut("the transitions of state \(state) of section '\(name)'") }
                    weights.append(weight)
                }
                labels.append(Int32(label))
                targets.append(Int32((state + Int(offset)) % stateCount))
            }
        }
        transitionStart.append(Int32(labels.count))
        return Section(name: name, kind: kind, initial: Int32(initial), finals: finals, finalWeights: finalWeights, stateCount: stateCount,
                       transitionStart: transitionStart, labels: labels, targets: targets, weights: weights)
    }
}

/// Reads lttoolbox's encodings from bytes, keeping the offset for messages.
///
/// A "multibyte" integer is 1 to 4 bytes, big-endian, the first byte's two high bits giving the
/// length: below 0x40, the byte is the value; below 0x80, two bytes; below 0xC0, three; else
/// four; the two length bits are masked off, so the largest value is 2^30 - 1.
struct ByteCursor {
    /// The file's bytes.
    let bytes: UnsafeRawBufferPointer
    /// The file, for messages.
    let path: String
    /// The next byte to read.
    private(set) var offset = 0

    init(bytes: UnsafeRawBufferPointer, path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// The bytes not read yet.
    var remaining: Int { bytes.count - offset }

    /// Reads the ASCII bytes of `tag` if they come next; leaves the cursor where it was if not.
    mutating func take(tag: String) -> Bool {
        let expected = Array(tag.utf8)
        guard remaining >= expected.count else { return false }
        for (index, byte) in expected.enumerated() where bytes[offset + index] != byte { return false }
        offset += expected.count
        return true
    }

    /// Eight bytes, most significant first; nil when fewer remain.
    mutating func u64() -> UInt64? {
        guard remaining >= 8 else { return nil }
        var value: UInt64 = 0
        for index in 0..<8 { value = value << 8 | UInt64(bytes[offset + index]) }
        offset += 8
        return value
    }

    /// A multibyte integer; nil when the bytes end inside it.
    @inline(__always)
    mutating func multibyte() -> UInt32? {
        guard offset < bytes.count else { return nil }
        let first = bytes[offset]
        let length = first < 0x40 ? 1 : first < 0x80 ? 2 : first < 0xC0 ? 3 : 4
        guard offset + length <= bytes.count else { return nil }
        var value = UInt32(first & 0x3F)
        for index in 1..<length { value = value << 8 | UInt32(bytes[offset + index]) }
        offset += length
        return value
    }

    /// A "long multibyte" number: the mantissa, then the exponent, each one multibyte integer, or
    /// two when the first is at least 2^26 (its low 26 bits then give the high bits, shifted by
    /// 26, of a 32-bit two's-complement value); the value is `mantissa / 2^30 * 2^exponent`.
    mutating func weight() -> Double? {
        guard let mantissa = longPart(), let exponent = longPart() else { return nil }
        let fraction = Double(Int32(bitPattern: mantissa)) / Double(1 << 30)
        return scalbn(fraction, Int(Int32(bitPattern: exponent)))
    }

    private mutating func longPart() -> UInt32? {
        guard let high = multibyte() else { return nil }
        guard high >= 0x0400_0000 else { return high }
        guard let low = multibyte() else { return nil }
        return (high & 0x03FF_FFFF) << 26 | low
    }

    /// A count of items of at least `bytesEach` bytes each, refused when the bytes left cannot
    /// hold that many, or when it is over `limit` (what the reader takes of them, when it has a
    /// limit: the file's memory never follows a count it declares).
    mutating func count(_ what: String, bytesEach: Int, limit: Int = .max) throws(MorphologyError) -> Int {
        let start = offset
        guard let value = multibyte() else { throw cut(what) }
        guard Int(value) <= remaining / bytesEach else {
            throw error(.countTooLarge(what: what, count: Int(value), bytesLeft: remaining), at: start)
        }
        guard Int(value) <= limit else { throw error(.overLimit(what: what, count: Int(value), limit: limit), at: start) }
        return Int(value)
    }

    /// A code point that must be a Unicode scalar.
    mutating func scalar(_ what: String) throws(MorphologyError) -> UInt32 {
        let start = offset
        guard let value = multibyte() else { throw cut(what) }
        guard Unicode.Scalar(value) != nil else { throw error(.notAScalar(what: what, value: value), at: start) }
        return value
    }

    /// A string: a count, then that many code points.
    mutating func string(_ what: String) throws(MorphologyError) -> String {
        let length = try count("the length of \(what)", bytesEach: 1)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            let start = offset
            guard let value = multibyte() else { throw cut(what) }
            guard let scalar = Unicode.Scalar(value) else { throw error(.notAScalar(what: what, value: value), at: start) }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// The `side` ("input" or "output") symbol of symbol pair `pair`: stored biased by
    /// `tagCount`; a character must be a Unicode scalar.
    mutating func symbol(pair: Int, side: String, tagCount: Int) throws(MorphologyError) -> Int32 {
        let start = offset
        guard let stored = multibyte() else { throw cut("the symbol pairs") }
        let symbol = Int(stored) - tagCount
        if symbol > 0, Unicode.Scalar(UInt32(symbol)) == nil {
            throw error(.notAScalar(what: "symbol pair \(pair)'s \(side)", value: UInt32(symbol)), at: start)
        }
        return Int32(symbol)
    }

    /// `problem` at byte `offset` of the file.
    func error(_ problem: LttoolboxProblem, at offset: Int) -> MorphologyError {
        MorphologyError(file: path, item: "byte \(offset)", .analyzer(problem))
    }

    /// The file ends while reading `what`.
    func cut(_ what: String) -> MorphologyError {
        MorphologyError(file: path, item: "byte \(bytes.count)", .analyzer(.cutShort(reading: what)))
    }
}
