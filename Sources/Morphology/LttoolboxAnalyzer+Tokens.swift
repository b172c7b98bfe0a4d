/// One word token of running text, as `lt-proc -w` cuts it: a form the analyzer knows (with
/// its readings), possibly several words (`a pesar de`) or a punctuation mark the dictionary
/// lists (`,`), or a run of word characters it does not know (no readings).
package struct AnalyzedToken: Hashable, Sendable {
    /// The token's characters as lt-proc prints them (soft hyphens left out): `A pesar de`.
    package var surface: String
    /// Where the token is in the text given to ``LttoolboxAnalyzer/tokens(in:)``.
    package var range: Range<String.Index>
    /// Every reading of the token; `[]` for an unknown word (lt-proc's `*word`).
    package var readings: [AnalyzerReading]

    /// A token of `surface` at `range` with `readings`.
    package init(surface: String, range: Range<String.Index>, readings: [AnalyzerReading]) {
        self.surface = surface
        self.range = range
        self.readings = readings
    }

    /// Whether the analyzer knows the token.
    package var isKnown: Bool { !readings.isEmpty }
}

extension LttoolboxAnalyzer {
    /// The longest token running text is cut into, in characters: a longer match is cut there
    /// (lt-proc has no limit; no dictionary word comes near it).
    package static let maxTokenLength = 1_000

    /// The word tokens of `text`, in order, cut as `lt-proc -w` cuts running text: at each
    /// point the longest match the analyzer accepts there (a multiword such as `a pesar de`
    /// included), else an unknown word (a run of word characters, ``isWordCharacter(_:)``).
    /// Blanks and characters that are neither (punctuation the dictionary does not list, `½`,
    /// emoji) are skipped; punctuation it lists (`,` `.` `¿`) is a token with its readings.
    ///
    /// lt-proc's rules, followed here: a match in a `@standard` section counts only where the next
    /// character is not a word character (`casa` in `casas` does not), one in the other sections
    /// wherever it ends; when the walk dies, the last match is the token, unless the text from
    /// the start is one unknown word (the match ends inside the run of word characters being
    /// read: `e-mailx` → `e`, `-`, `mailx` where the dictionary knows `e`, `-` and `e-mail`).
    ///
    /// Where this differs from lt-proc 3.7.1, on purpose: text is taken whole, whereas lt-proc
    /// stops at a U+0000 and drops what follows a match it backs up to at the very end of its
    /// input without a line end (`a pesar` → only `a`); a token of over `maxTokenLength`
    /// characters is cut; an analyzer whose initial state is final (lt-comp never writes one)
    /// never gives an empty token (lt-proc would loop); a walk that reaches a cap
    /// (`maxWork`, `maxPaths`) ends there.
    package func tokens(in text: String) -> [AnalyzedToken] {
        tokenization(of: text).tokens
    }

    /// ``tokens(in:)`` and the transitions followed to find them, which are at most
    /// ``workBudget(characters:)`` of the text's characters: once the walks have spent the
    /// budget, the rest of the text is cut without the analyzer (a run of word characters is an
    /// unknown word, anything else is skipped). Debian's analyzers never come near it; an
    /// analyzer that loops would otherwise restart a long walk at every character, quadratic in
    /// the text.
    package func tokenization(of text: String) -> (tokens: [AnalyzedToken], work: Int) {
        // The scalars lt-proc reads (soft hyphens skipped), where each begins and ends in
        // `text`, and the UTF-16 length before each (lt-proc measures in UTF-16 units).
        var values: [UInt32] = []
        var starts: [String.Index] = []
        var ends: [String.Index] = []
        var utf16Before: [Int] = [0]
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            if scalar.value != 0xAD {
                values.append(scalar.value)
                starts.append(index)
                ends.append(next)
                utf16Before.append(utf16Before[utf16Before.count - 1] + (scalar.value > 0xFFFF ? 2 : 1))
            }
            index = next
        }

        var tokens: [AnalyzedToken] = []
        var search = PathSearch(self)
        func token(_ first: Int, _ end: Int, _ readings: [AnalyzerReading]) {
            var surface = String.UnicodeScalarView()
            for value in values[first..<end] { surface.append(Unicode.Scalar(value)!) }
            tokens.append(AnalyzedToken(surface: String(surface), range: starts[first]..<ends[end - 1], readings: readings))
        }
        /// The number of word characters `values[first...]` begins with, up to `end`.
        func wordPrefix(_ first: Int, _ end: Int) -> Int {
            var count = 0
            while first + count < end, isWordCharacter(value: values[first + count]) { count += 1 }
            return count
        }

        var first = 0
        let budget = Self.workBudget(characters: values.count)
        var spent = 0
        while first < values.count {
            // The walk from `first`: the last match (its end, its final paths, and whether it
            // came from a section other than @standard) until no path is alive. Once the budget
            // is spent, no walk: as if it died at once.
            var matchEnd = -1
            var matchFinals: [(output: Int32, weight: Double)] = []
            var matchUnconditional = false
            var position = first
            let walking = spent < budget
            if walking { search.start(workLimit: budget - spent) }
            while walking {
                let value = position < values.count ? values[position] : 0
                let kinds = search.finalKinds
                if kinds != 0, position > first {
                    let unconditional = kinds & ~LttoolboxFile.SectionKind.standard.rawValue != 0
                    if unconditional || !isWordCharacter(value: value) {
                        matchEnd = position
                        matchFinals = search.finalPaths()
                        matchUnconditional = unconditional
                    }
                }
                guard value != 0, position - first < Self.maxTokenLength, search.step(value) else { break }
                position += 1
            }
            if walking { spent += search.work }

            // The walk died reading `values[position]` (0 at the end of the text).
            let value = position < values.count ? values[position] : 0
            let valueIsWord = value != 0 && isWordCharacter(value: value)
            if position == first, !valueIsWord {
                // A blank or a character that is no word: skipped.
                first += 1
            } else if matchEnd >= 0, matchUnconditional {
                token(first, matchEnd, search.readings(of: matchFinals))
                first = matchEnd
            } else if valueIsWord, matchEnd < 0 || utf16Length(first, matchEnd, utf16Before) > lastNonLetter(first, position, utf16Before, values) {
                // An unknown word: the run of word characters read so far and on, up to the
                // first character of it that is not a word character.
                var end = position
                while end < values.count, isWordCharacter(value: values[end]) { end += 1 }
                let length = wordPrefix(first, end)
                if length > 0 { token(first, first + length, []) }
                first += max(length, 1)
            } else if matchEnd < 0 {
                let length = wordPrefix(first, position)
                if length > 0 { token(first, first + length, []) }
                first += max(length, 1)
            } else {
                token(first, matchEnd, search.readings(of: matchFinals))
                first = matchEnd
            }
        }
        return (tokens, spent)
    }

    /// The UTF-16 length of `values[first..<end]`.
    private func utf16Length(_ first: Int, _ end: Int, _ utf16Before: [Int]) -> Int {
        utf16Before[end] - utf16Before[first]
    }

    /// lt-proc's `lastBlank` of `values[first..<end]`: the UTF-16 offset of its last code unit
    /// that is not one of the file's letters (a surrogate never is), or 0.
    private func lastNonLetter(_ first: Int, _ end: Int, _ utf16Before: [Int], _ values: [UInt32]) -> Int {
        var index = end - 1
        while index >= first {
            let value = values[index]
            if value > 0xFFFF { return utf16Before[index + 1] - utf16Before[first] - 1 }
            if !isLetter(value) { return utf16Before[index] - utf16Before[first] }
            index -= 1
        }
        return 0
    }
}
