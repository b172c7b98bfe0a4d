import CICUText
import Foundation
import VocabCore

/// Text cut into words by ICU's word-break rules for a locale (`lemmatization.analyzer.format:
/// "icu"`, with `locale`): the analyzer of a language without one, which reads no word. For
/// Chinese, Japanese, Thai, Khmer, Lao and Burmese ICU's break engine looks words up in its own
/// dictionaries (chosen by the script of the text, whatever the locale); for other scripts it
/// follows UAX #29 and CLDR.
///
/// ```swift
/// let chinese = try ICUWordSegmenter(locale: "zh")
/// chinese.tokens(in: "我喜欢学习中文。").map(\.surface)  // 我, 喜欢, 学习, 中文
/// chinese.readings(of: "中文")                          // []: ICU reads no word
/// ```
///
/// A token is a segment ICU gives a word status (a number, letters, kana or ideographs); blanks,
/// punctuation and symbols (status none) are left out, as the analyzers leave out what belongs
/// to no word. It knows no lemma or part of speech: `readings(of:)` is always empty, and
/// `enumerateForms` enumerates nothing. Safe from any thread: each call opens its own iterator.
package final class ICUWordSegmenter: MorphologicalAnalyzer {
    /// The locale, as given: this engine's ``MorphologicalAnalyzer/path``.
    package let path: String
    /// The locale whose rules cut the text (`zh`, `ja`, `th`).
    package var locale: String { path }

    /// ICU's version (`72.1`), whose dictionaries decide the segmentation, for a stage key.
    package static var libraryVersion: String { String(cString: vocab_icu_version()) }

    /// The word-break rules of `locale`.
    ///
    /// - throws: `MorphologyError` (`.icuLocale`) naming the locale when it is no locale
    ///   (``AnalyzerConfig/isLocale(_:)``) or ICU opens no word-break iterator for it. A
    ///   locale ICU has no rules of its own for gets its root rules, as ICU gives them.
    package init(locale: String) throws(MorphologyError) {
        guard AnalyzerConfig.isLocale(locale), (try? Self.segments(of: "a", locale: locale)) != nil else {
            throw MorphologyError(item: locale, .icuLocale(locale))
        }
        path = locale
    }

    /// A kind of segment, by the rule status ICU's word-break rules give it.
    package enum SegmentKind: Sendable, Equatable {
        /// Blanks, punctuation, symbols, emoji (`UBRK_WORD_NONE`).
        case none
        /// A number (`3`, `3.5`).
        case number
        /// Letters (`Hello`, `don't`, Thai).
        case letter
        /// Kana (ICU gives it to kana it cuts by rule, not by dictionary).
        case kana
        /// Ideographs, and the Japanese its dictionary cuts (`中文`, `日本語`, `は`).
        case ideographic

        init(status: Int32) {
            switch status {
            case 100..<200: self = .number
            case 200..<300: self = .letter
            case 300..<400: self = .kana
            case 400..<500: self = .ideographic
            default: self = .none
            }
        }
    }

    /// One segment between two word boundaries of a text.
    package struct Segment: Hashable, Sendable {
        /// Its characters.
        package var text: String
        /// Where it is in the text.
        package var range: Range<String.Index>
        /// Its kind, by ICU's rule status.
        package var kind: SegmentKind
    }

    /// Every segment between ICU's word boundaries of `text`, covering it whole, in order.
    package func segments(in text: String) -> [Segment] {
        (try? Self.segments(of: text, locale: path)) ?? []
    }

    /// The word segments of `text` (``SegmentKind`` other than `none`), each a token without
    /// readings.
    package func tokens(in text: String) -> [AnalyzedToken] {
        segments(in: text).filter { $0.kind != .none }.map { AnalyzedToken(surface: $0.text, range: $0.range, readings: []) }
    }

    /// ICU reads no word: always empty.
    package func readings(of form: String) -> [AnalyzerReading] { [] }

    /// ICU cannot enumerate forms: false, calling nothing.
    @discardableResult
    package func enumerateForms(of lemmas: Set<String>, _ body: (GeneratedForm) -> Void) -> Bool { false }

    /// ICU's segments of `text` for `locale`; throws when ICU fails (an iterator it cannot open,
    /// memory).
    private static func segments(of text: String, locale: String) throws(MorphologyError) -> [Segment] {
        var utf8 = text
        let found = utf8.withUTF8 { bytes -> (Int32, [vocab_icu_segment]) in
            guard !bytes.isEmpty else { return (Int32(VOCAB_ICU_TEXT_OK), []) }
            guard bytes.count <= Int(Int32.max) else { return (Int32(VOCAB_ICU_TEXT_FAILED), []) }
            var list: UnsafeMutablePointer<vocab_icu_segment>?
            var count: Int32 = 0
            let status = bytes.withMemoryRebound(to: CChar.self) {
                vocab_icu_word_segments(locale, $0.baseAddress, Int32(bytes.count), &list, &count)
            }
            defer { free(list) }
            return (status, list.map { Array(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? [])
        }
        guard found.0 == Int32(VOCAB_ICU_TEXT_OK) else { throw MorphologyError(item: locale, .icuLocale(locale)) }
        var segments: [Segment] = []
        segments.reserveCapacity(found.1.count)
        let scalars = text.unicodeScalars
        var index = text.utf8.startIndex
        var offset = 0
        for segment in found.1 {
            let lower = text.utf8.index(index, offsetBy: Int(segment.start) - offset)
            let upper = text.utf8.index(lower, offsetBy: Int(segment.end - segment.start))
            (index, offset) = (upper, Int(segment.end))
            segments.append(Segment(text: String(scalars[lower..<upper]), range: lower..<upper, kind: SegmentKind(status: segment.status)))
        }
        return segments
    }
}
