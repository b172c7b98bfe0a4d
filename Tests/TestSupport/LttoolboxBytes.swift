import Foundation

/// Writes lttoolbox's compiled format from a description, for analyzers no `.dix` can make
/// (damaged counts, out-of-range labels, epsilon loops), written from the format's description
/// in `LttoolboxFile` (`LttoolboxBadFileTests.aFileWrittenByHandAnalysesAsItSays` checks it).
package struct LttoolboxBytes {
    /// A transition: `label` indexes `pairs`; `target` is a state number.
    package struct Transition {
        package var label: Int
        package var target: Int
        package var weight: Double = 0

        package init(label: Int, target: Int, weight: Double = 0) {
            self.label = label
            self.target = target
            self.weight = weight
        }
    }

    /// A section: its name, initial state, finals and each state's transitions.
    package struct Section {
        package var name: String
        package var initial: Int = 0
        package var finals: [Int]
        package var states: [[Transition]]
        package var weighted = false
        package var header = true

        package init(name: String, initial: Int = 0, finals: [Int], states: [[Transition]], weighted: Bool = false, header: Bool = true) {
            self.name = name
            self.initial = initial
            self.finals = finals
            self.states = states
            self.weighted = weighted
            self.header = header
        }
    }

    package var letters: [UInt32] = []
    package var tags: [String] = []
    /// Symbol pairs (input, output): characters as code points, tags as `-(i + 1)`, 0 for none.
    package var pairs: [(Int, Int)] = [(0, 0)]
    package var sections: [Section] = []
    package var features: UInt64 = 0

    /// An empty file: no letter, tag or section, the one pair (0, 0).
    package init() {}

    /// The file's bytes.
    package var bytes: [UInt8] {
        var out = Array("LTTB".utf8) + Self.u64(features)
        out += Self.multibyte(letters.count)
        for letter in letters { out += Self.multibyte(Int(letter)) }
        out += Self.multibyte(tags.count)
        for tag in tags { out += Self.string(tag) }
        out += Self.multibyte(pairs.count)
        for (input, output) in pairs { out += Self.multibyte(input + tags.count) + Self.multibyte(output + tags.count) }
        out += Self.multibyte(sections.count)
        for section in sections {
            out += Self.string(section.name)
            if section.header { out += Array("LTTD".utf8) + Self.u64(section.weighted ? 1 : 0) }
            out += Self.multibyte(section.initial)
            out += Self.multibyte(section.finals.count)
            var previous = 0
            for final in section.finals.sorted() {
                out += Self.multibyte(final - previous)
                previous = final
                if section.weighted { out += Self.weight(0) }
            }
            out += Self.multibyte(section.states.count)
            for (state, transitions) in section.states.enumerated() {
                out += Self.multibyte(transitions.count)
                var label = 0
                for transition in transitions.sorted(by: { $0.label < $1.label }) {
                    out += Self.multibyte(transition.label - label)
                    label = transition.label
                    let offset = transition.target >= state ? transition.target - state : transition.target + section.states.count - state
                    out += Self.multibyte(offset)
                    if section.weighted { out += Self.weight(transition.weight) }
                }
            }
        }
        return out
    }

    package static func u64(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }

    package static func multibyte(_ value: Int) -> [UInt8] {
        precondition(value >= 0 && value < 1 << 30)
        if value < 0x40 { return [UInt8(value)] }
        if value < 0x4000 { return [UInt8(0x40 | value >> 8), UInt8(value & 0xFF)] }
        if value < 0x40_0000 { return [UInt8(0x80 | value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        return [UInt8(0xC0 | value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    package static func string(_ text: String) -> [UInt8] {
        let scalars = text.unicodeScalars.map { Int($0.value) }
        return multibyte(scalars.count) + scalars.flatMap(multibyte)
    }

    /// A weight as lt-comp writes it: `frexp`'s mantissa times 2^30, then its exponent, each
    /// split in two when it does not fit 26 bits.
    package static func weight(_ value: Double) -> [UInt8] {
        let exponent = value == 0 ? 0 : Int(value.exponent) + 1
        let mantissa = UInt32(bitPattern: Int32(value == 0 ? 0 : (value / pow(2, Double(exponent)) * Double(1 << 30))))
        return longPart(mantissa) + longPart(UInt32(bitPattern: Int32(exponent)))
    }

    private static func longPart(_ value: UInt32) -> [UInt8] {
        if value < 0x0400_0000 { return multibyte(Int(value)) }
        return multibyte(Int(value >> 26 | 0x0400_0000)) + multibyte(Int(value & 0x03FF_FFFF))
    }
}

extension LttoolboxBytes {
    /// An analyzer that loops (issue 47): from `a`, a final state (`a`, in an `@inconditional`
    /// section, so a match wherever it ends) and a state that reads `a` on two outputs for ever,
    /// so that every walk multiplies its paths up to the caps while every token is one letter.
    package static var looping: LttoolboxBytes {
        var file = LttoolboxBytes()
        file.letters = [0x61]
        file.pairs = [(0, 0), (0x61, 0x61), (0x61, 0x62)]
        file.sections = [Section(
            name: "main@inconditional", finals: [1],
            states: [[Transition(label: 1, target: 1), Transition(label: 1, target: 2)], [],
                     [Transition(label: 1, target: 2), Transition(label: 2, target: 2)]])]
        return file
    }
}
