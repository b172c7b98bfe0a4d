import CVoikko
import Foundation

extension VoikkoAnalyzer {
    /// The word tokens of `text` as libvoikko's tokenizer cuts it, in order: each word
    /// (`TOKEN_WORD`: `kotiin`, `koira-aitaus`, `EU:n`, `3,5`) with its readings, and each
    /// punctuation mark (`TOKEN_PUNCTUATION`) without any, as lt-proc gives the marks its
    /// dictionary lists, so that tokens in a row are words in a row; whitespace and what libvoikko
    /// calls unknown (`%`, `½`, emoji) are left out. Ranges are into `text`.
    ///
    /// libvoikko counts in characters (its UTF-8 entry point too, whose lengths are not bytes), so
    /// the text is given to it as UCS-4: one unit per scalar, except that a letter with combining
    /// marks is one unit composed (`a` + U+0308 → `ä`) where it composes to one scalar, and
    /// U+0000 (which would end libvoikko's text) is given as a space.
    package func tokens(in text: String) -> [AnalyzedToken] {
        let units = VoikkoUnits(text)
        guard !units.values.isEmpty else { return [] }
        return withHandle { handle in
            var tokens: [AnalyzedToken] = []
            var position = 0
            units.values.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                while position < buffer.count {
                    var length = 0
                    let type = voikkoNextTokenUcs4(handle, base + position, buffer.count - position, &length)
                    guard type != TOKEN_NONE else { break }
                    let end = min(position + max(length, 1), buffer.count)
                    let range = units.starts[position]..<units.ends[end - 1]
                    if type == TOKEN_WORD {
                        let word = String(String.UnicodeScalarView(buffer[position..<end].compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }))
                        let readings = word.unicodeScalars.count <= Self.maxFormCharacters ? analyses(of: word, handle: handle) : []
                        tokens.append(AnalyzedToken(surface: String(text[range]), range: range, readings: readings))
                    } else if type == TOKEN_PUNCTUATION {
                        tokens.append(AnalyzedToken(surface: String(text[range]), range: range, readings: []))
                    }
                    position = end
                }
            }
            return tokens
        }
    }
}

/// A text as the UCS-4 units libvoikko's tokenizer is given, with where each unit's characters
/// begin and end in the text.
struct VoikkoUnits {
    /// The units: scalars, a letter and its combining marks composed where they compose to one.
    var values: [wchar_t] = []
    /// Where each unit's scalars begin in the text.
    var starts: [String.Index] = []
    /// Where each unit's scalars end in the text.
    var ends: [String.Index] = []

    init(_ text: String) {
        let scalars = text.unicodeScalars
        values.reserveCapacity(scalars.count)
        var index = scalars.startIndex
        while index < scalars.endIndex {
            // The scalar and the combining marks after it.
            var end = scalars.index(after: index)
            while end < scalars.endIndex, scalars[end].properties.canonicalCombiningClass != .notReordered {
                end = scalars.index(after: end)
            }
            if scalars.index(after: index) < end,
               let composed = Self.single(String(scalars[index..<end]).precomposedStringWithCanonicalMapping) {
                append(composed, index, end)
            } else {
                var scalar = index
                while scalar < end {
                    let next = scalars.index(after: scalar)
                    append(scalars[scalar], scalar, next)
                    scalar = next
                }
            }
            index = end
        }
    }

    /// The one scalar of `text`, nil when it has more.
    private static func single(_ text: String) -> Unicode.Scalar? {
        var iterator = text.unicodeScalars.makeIterator()
        guard let first = iterator.next(), iterator.next() == nil else { return nil }
        return first
    }

    private mutating func append(_ scalar: Unicode.Scalar, _ start: String.Index, _ end: String.Index) {
        values.append(wchar_t(bitPattern: scalar.value == 0 ? 0x20 : scalar.value))
        starts.append(start)
        ends.append(end)
    }
}
