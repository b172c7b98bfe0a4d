import Foundation
import VocabCore

/// A compiled Apertium lttoolbox analyzer (`*.automorf.bin`, Debian's `apertium-*` packages),
/// read natively: every reading of a word form, each a lemma and its tags, as `lt-proc -w`
/// gives them.
///
/// ```swift
/// let spanish = try LttoolboxAnalyzer(path: "/usr/share/apertium/apertium-eng-spa/spa-eng.automorf.bin")
/// spanish.readings(of: "fue")     // ir<vblex><ifi><p3><sg>, ser<vbser><ifi><p3><sg>
/// spanish.readings(of: "Casa")    // casa<n><f><sg>, casar<vblex><pri><p3><sg>, … (the dictionary's case)
/// spanish.readings(of: "del")     // de<pr>+el<det><def><m><sg>: two parts
/// spanish.readings(of: "xyzzy")   // []: unknown (lt-proc's `*xyzzy`)
/// spanish.tokens(in: "A pesar de todo, vino.")  // "A pesar de", "todo", ",", "vino", "."
/// ```
///
/// **Why native.** liblttoolbox (GPL-2.0+, C++) calls `exit()` or throws inside the process on
/// a bad file and reads past the end of a cut one; `lt-proc` would be a tool to run and a text
/// protocol to parse. The format is small (`LttoolboxFile` describes it) and analysis is a walk
/// over the transducers' states, so this reads the file itself, checks all of it first
/// (`LttoolboxProblem`: one clear reason, never a crash or a hang) and keeps the transducers in
/// flat arrays: per state, its transitions sorted by input character.
///
/// **Analysis** follows lt-proc 3.7.1's: the initial states of every section together, their
/// epsilon closure; each character of the form matches itself or, for an uppercase letter, its
/// lowercase too; at the end, every path in a final state of any section gives a reading, in
/// the dictionary's case (lt-proc's `-w`). The soft hyphen (U+00AD) is skipped, as lt-proc
/// skips it. Readings come in lt-proc's order: by weight (Debian's analyzers carry none), then
/// in the order the walk reaches them (transitions in file order, lowercase alternatives after
/// the character itself), each once.
///
/// **Caps**, so that a hostile file (an epsilon loop that writes, thousands of equal
/// transitions) cannot make one form cost more than a few milliseconds nor much memory (lt-proc
/// would loop until memory runs out): at most `maxPaths` paths alive at once, `maxOutputSymbols`
/// output symbols per path (longer paths are dropped), and `maxWork` transitions followed for
/// one form (and no more than `workBudget(characters:)` of its length); a form that reaches the
/// first or the last has no reading. Running text gets that budget for the whole text, shared by
/// its walks (`tokenization(of:)`), so that its cost is linear in its length. Measured: 0.7 ms for a
/// form that reaches `maxWork`, 2 ms for one that reaches `maxPaths`; Debian's analyzers stay
/// far below both (at most 61 paths and 184 transitions for any form or sentence of the tests).
///
/// Measured (2026-11-27, release build, 2 cores shared with other builds, five rounds): building
/// the analyzer from Debian's `spa-eng.automorf.bin` (752 KB, 105,461 states, 171,847
/// transitions) takes 22 to 25 ms, and analysing the 20,000 forms of wordfreq's Spanish list 102
/// to 116 ms more: 0.126 to 0.138 s in all, against 0.17 to 0.20 s for `lt-proc -w` on the same
/// forms (its own load included, 0.06 s). Cutting the 118,964 Spanish sentences of the corpus's
/// pairs into tokens: 3.2 to 3.5 s, against 4.2 s for lt-proc. (`vocab-bench` makes no such
/// claim yet; these are single timings, not ratios measured in one run.)
package final class LttoolboxAnalyzer: Sendable {
    /// The most paths kept alive at once for one form (Debian's analyzers: at most 61 over the
    /// tests' forms and sentences).
    package static let maxPaths = 10_000
    /// The longest output (characters and tags) of one path; longer paths are dropped.
    package static let maxOutputSymbols = 1_000
    /// The most transitions followed for one form, or for one walk through running text
    /// (Debian's analyzers: at most 184 over the tests' forms and sentences).
    package static let maxWork = 100_000
    /// What one form, or one text cut into tokens, may cost besides ``workPerCharacter`` for each
    /// of its characters, in transitions followed: the work is linear in the input whatever the
    /// analyzer (an analyzer that loops restarted a walk of `maxWork` at every character of a
    /// long sentence: 20,000 characters took 94 s). Debian's `apertium-eng-spa` over the
    /// corpus's 118,964 English–Spanish pairs: at most 1,160 transitions for a text, 18 per
    /// character for a short one (`Vete.`, 92), 4.2 for a long one.
    package static let baseWork = 2_000
    /// What each character of a form or a text adds to its work budget (see ``baseWork``).
    package static let workPerCharacter = 50

    /// The transitions a form or a text of `characters` characters may cost in all.
    package static func workBudget(characters: Int) -> Int {
        baseWork + workPerCharacter * characters
    }

    /// The file's path as given (or the display path of bytes read from memory).
    package let path: String

    /// The tag names without `<>`; tag `i` is output symbol `-(i + 1)`.
    let tags: [String]
    /// The file's letters (word characters besides letters and digits), sorted.
    let letters: [UInt32]
    /// For scalars below `LttoolboxCharacters.tableLimit`: whether each is a word character.
    private let wordTable: [Bool]

    /// State `s`'s transitions are `transitionStart[s] ..< transitionStart[s + 1]`, sorted by
    /// input (epsilon, 0, first); transitions whose input is a tag are left out (text never
    /// matches them).
    let transitionStart: [Int32]
    /// Each transition's input character (0: epsilon).
    let transitionInput: [Int32]
    /// Each transition's output symbol (0: nothing; < 0: a tag).
    let transitionOutput: [Int32]
    /// Each transition's target state.
    let transitionTarget: [Int32]
    /// Each transition's weight; empty when no section carries weights.
    let transitionWeight: [Double]
    /// Each state's section kind if it is final (a `LttoolboxFile.SectionKind` raw value), else 0.
    let finalKind: [UInt8]
    /// Each final state's weight; empty when no section carries weights.
    let finalWeight: [Double]
    /// The sections' initial states, in lt-proc's order (by section name).
    let initialStates: [Int32]

    /// Whether any section carries weights.
    var isWeighted: Bool { !transitionWeight.isEmpty || !finalWeight.isEmpty }

    /// Reads and checks the analyzer at `path` (a symlink is followed: Debian installs many).
    ///
    /// - throws: `MorphologyError` naming `path`: `.cannotOpen` (missing, unreadable),
    ///   `.notAFile` (a folder, a device), `.tooLarge` (over `MorphologyFileRead.maxBytes`), `.empty`,
    ///   or `.analyzer(…)` (see ``init(data:displayPath:)``).
    package convenience init(path: String) throws(MorphologyError) {
        let data = try MorphologyFileRead.bytes(path)
        try self.init(data: data, displayPath: path)
    }

    /// Reads and checks an analyzer's bytes from memory (tests, fuzzing).
    ///
    /// - throws: `MorphologyError` naming `displayPath`, with the byte offset as its item where
    ///   one helps: `.empty`, `.tooLarge`, or `.analyzer(…)`: not lttoolbox (no `LTTB`), unknown
    ///   feature bits, cut short, a count larger than the bytes left, a code point that is not a
    ///   Unicode scalar, a label or state out of range, a section of no known type or named twice,
    ///   no section, bytes after the last section (`LttoolboxProblem`).
    package init(data: Data, displayPath: String) throws(MorphologyError) {
        let file = try Self.read(data, displayPath: displayPath)
        path = displayPath
        tags = file.tags
        letters = Array(Set(file.letters)).stablySorted()
        var table = (0..<LttoolboxCharacters.tableLimit).map { LttoolboxCharacters.isAlphanumeric($0) }
        for letter in letters where letter < LttoolboxCharacters.tableLimit { table[Int(letter)] = true }
        wordTable = table

        // lt-proc keeps its sections in a map ordered by name (UTF-16 code units).
        let sections = file.sections.stablySorted { $0.name.utf16.lexicographicallyPrecedes($1.name.utf16) }
        let stateCount = sections.reduce(0) { $0 + $1.stateCount }
        let transitionCount = sections.reduce(0) { $0 + $1.labels.count }
        let weighted = sections.contains { !$0.weights.isEmpty || $0.finalWeights.contains { $0 != 0 } }

        var start: [Int32] = []
        var input: [Int32] = []
        var output: [Int32] = []
        var target: [Int32] = []
        var weight: [Double] = []
        var kinds = [UInt8](repeating: 0, count: stateCount)
        var finalWeights = weighted ? [Double](repeating: 0, count: stateCount) : []
        start.reserveCapacity(stateCount + 1)
        input.reserveCapacity(transitionCount)
        output.reserveCapacity(transitionCount)
        target.reserveCapacity(transitionCount)
        if weighted { weight.reserveCapacity(transitionCount) }
        var initials: [Int32] = []
        var base = 0
        var order: [Int] = []
        for section in sections {
            initials.append(Int32(base) + section.initial)
            for (index, final) in section.finals.enumerated() {
                kinds[base + Int(final)] = section.kind.rawValue
                if weighted, !section.finalWeights.isEmpty { finalWeights[base + Int(final)] = section.finalWeights[index] }
            }
            for state in 0..<section.stateCount {
                start.append(Int32(input.count))
                // This state's transitions that text can take, stably sorted by input.
                order.removeAll(keepingCapacity: true)
                for index in Int(section.transitionStart[state])..<Int(section.transitionStart[state + 1])
                where file.pairInputs[Int(section.labels[index])] >= 0 {
                    order.append(index)
                }
                let symbolOf = { (index: Int) in file.pairInputs[Int(section.labels[index])] }
                if !zip(order, order.dropFirst()).allSatisfy({ symbolOf($0) <= symbolOf($1) }) {
                    order.sort { (symbolOf($0), $0) < (symbolOf($1), $1) }
                }
                for index in order {
                    let label = Int(section.labels[index])
                    input.append(file.pairInputs[label])
                    output.append(file.pairOutputs[label])
                    target.append(Int32(base) + section.targets[index])
                    if weighted { weight.append(section.weights.isEmpty ? 0 : section.weights[index]) }
                }
            }
            base += section.stateCount
        }
        start.append(Int32(input.count))
        transitionStart = start
        transitionInput = input
        transitionOutput = output
        transitionTarget = target
        transitionWeight = weight
        finalKind = kinds
        finalWeight = finalWeights
        initialStates = initials
    }

    private static func read(_ data: Data, displayPath: String) throws(MorphologyError) -> LttoolboxFile {
        let result: Result<LttoolboxFile, MorphologyError> = data.withUnsafeBytes { bytes in
            do throws(MorphologyError) {
                return .success(try LttoolboxFile(bytes: bytes, displayPath: displayPath))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Whether lt-proc counts `scalar` as part of a word (its `isAlphabetic`): a letter or a
    /// decimal digit (ICU's `u_isalnum`), or one of the file's letters (`'`, `·`, `-` in some
    /// dictionaries).
    package func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isWordCharacter(value: scalar.value)
    }

    @inline(__always)
    func isWordCharacter(value: UInt32) -> Bool {
        if value < LttoolboxCharacters.tableLimit { return wordTable[Int(value)] }
        return LttoolboxCharacters.isAlphanumeric(value) || isLetter(value)
    }

    /// Whether `value` is one of the file's letters (lt-proc's `alphabetic_chars`).
    @inline(__always)
    func isLetter(_ value: UInt32) -> Bool {
        var low = 0
        var high = letters.count
        while low < high {
            let middle = (low + high) / 2
            if letters[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < letters.count && letters[low] == value
    }

    /// Every reading of `form` as one token, as `lt-proc -w` gives them for a line holding only
    /// `form`; `[]` when the analyzer does not know it (lt-proc's `*form`), for the empty form,
    /// and for a form that reaches a cap. A form lt-proc would split into several tokens
    /// (`e-mailx`) has none either: ``tokens(in:)`` splits running text.
    package func readings(of form: String) -> [AnalyzerReading] {
        var search = PathSearch(self)
        search.start(workLimit: Self.workBudget(characters: form.unicodeScalars.count))
        var any = false
        for scalar in form.unicodeScalars where scalar.value != 0xAD {
            any = true
            guard search.step(scalar.value) else { return [] }
        }
        guard any else { return [] }
        return search.readings(of: search.finalPaths())
    }
}
