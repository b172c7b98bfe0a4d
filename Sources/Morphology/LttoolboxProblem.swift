/// What is wrong with a compiled lttoolbox analyzer's bytes (`MorphologyProblem.analyzer`), with
/// the values that show it; the error's `item` gives the byte offset (`byte 1234`) where one
/// helps.
///
/// lt-proc itself checks almost nothing: it reads zeros past the end of a cut file, indexes its
/// symbol table with whatever label a transition holds, and stops the whole process with
/// `exit()` or an exception on an unknown section type or feature. `LttoolboxFile` refuses each
/// of these before an analyzer is built.
package enum LttoolboxProblem: Sendable, Equatable {
    /// The file does not begin with `LTTB`: a text file, a Hunspell `.aff`, a `.dix` source, the
    /// pre-2020 format without a header, or random bytes.
    case notLttoolbox
    /// The header sets feature bits this reader does not know (lttoolbox 3.7.1 knows none; a
    /// newer `lt-comp` writing its memory-mapped format sets bit 0).
    case unknownFeatures(UInt64)
    /// A section's `LTTD` header sets feature bits other than bit 0 (weights).
    case unknownSectionFeatures(section: String, features: UInt64)
    /// The bytes end in the middle of `reading` (the letters, the tags, a section's states, …).
    case cutShort(reading: String)
    /// A count announces more items than the bytes left could hold, even at their smallest: the
    /// file is cut short, or the count is damaged.
    case countTooLarge(what: String, count: Int, bytesLeft: Int)
    /// A count over what the reader takes (`LttoolboxFile.maxSections`, `maxItems`: sections;
    /// letters, tags, symbol pairs, final states, states, transitions, counted over the whole
    /// file), whatever the bytes could hold: `limit` is what is left of it.
    case overLimit(what: String, count: Int, limit: Int)
    /// A code point (of a letter, a tag, a symbol pair, a section name) is not a Unicode scalar
    /// value (a surrogate, or above U+10FFFF).
    case notAScalar(what: String, value: UInt32)
    /// A transition's label (an index into the symbol pairs) is not below the number of pairs.
    case labelOutOfRange(section: String, state: Int, label: Int, pairs: Int)
    /// A state number (`what`: the initial state, a final state, a transition's target offset)
    /// is not below the section's number of states.
    case stateOutOfRange(section: String, what: String, value: Int, states: Int)
    /// A section whose name does not end in `@standard`, `@inconditional`, `@postblank` or
    /// `@preblank`: lt-proc would stop with "Unsupported transducer type".
    case unknownSectionType(String)
    /// Two sections with the same name (lt-proc would read the second over the first).
    case duplicateSection(String)
    /// The file holds no section: every word would be unknown.
    case noSection
    /// Bytes follow the last section; `lt-comp` writes none, and a damaged section count would
    /// otherwise drop whole sections silently.
    case trailingBytes(Int)

    /// The problem in plain words.
    package var message: String {
        switch self {
        case .notLttoolbox:
            return "not a compiled lttoolbox analyzer: it does not begin with LTTB, as lt-comp's .automorf.bin files do"
        case .unknownFeatures(let features):
            return "the header sets feature bits 0x\(String(features, radix: 16)) this reader does not know (lttoolbox 3.7.1's format sets none; a newer lt-comp's may)"
        case .unknownSectionFeatures(let section, let features):
            return "section '\(section)' sets feature bits 0x\(String(features, radix: 16)) this reader does not know (only 0x1, weights)"
        case .cutShort(let reading):
            return "the file is cut short while reading \(reading)"
        case .countTooLarge(let what, let count, let bytesLeft):
            return "\(what): \(count) announced but only \(bytesLeft) bytes remain (the file is cut short, or the count damaged)"
        case .overLimit(let what, let count, let limit):
            return "\(what): \(count) is over the reader's limit of \(limit) (Debian's largest analyzer holds about 105,000 states and 172,000 transitions in at most 4 sections)"
        case .notAScalar(let what, let value):
            return "\(what): 0x\(String(value, radix: 16, uppercase: true)) is not a Unicode scalar value"
        case .labelOutOfRange(let section, let state, let label, let pairs):
            return "section '\(section)', state \(state): transition label \(label) is not below the alphabet's \(pairs) symbol pairs"
        case .stateOutOfRange(let section, let what, let value, let states):
            return "section '\(section)': \(what) \(value) is not below its \(states) states"
        case .unknownSectionType(let name):
            return "section '\(name)': lt-proc knows no such section type (the name must end in @standard, @inconditional, @postblank or @preblank)"
        case .duplicateSection(let name):
            return "two sections are named '\(name)'"
        case .noSection:
            return "the file holds no transducer section"
        case .trailingBytes(let count):
            return "\(count) bytes follow the last section (lt-comp writes none: a damaged section count?)"
        }
    }
}
