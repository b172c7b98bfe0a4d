import CICUText
import Foundation
import VocabCore

/// An ICU transform (`utrans_openU`) by its id: the reading a learner needs, where no lexicon
/// gives one (`Han-Latin`: 中文 → `zhōng wén`, pinyin with tone marks), and script conversions
/// (`Katakana-Hiragana`: MeCab's タベル → たべる; `Any-Latin; Latin-ASCII`).
///
/// ```swift
/// let pinyin = try Transliterator(id: "Han-Latin")
/// pinyin.transliterate("中文")                                      // "zhōng wén"
/// try Transliterator(id: "Katakana-Hiragana").transliterate("カタカナ") // "かたかな"
/// ```
///
/// What ICU 72's transforms give (Debian 12's libicu72, measured): `Han-Latin` writes a
/// syllable per character, each followed by a space but the last (`我喜欢学习中文` → `wǒ xǐ huān
/// xué xí zhōng wén`), in its most frequent reading, not the word's (`喜欢` is xǐhuan in
/// dictionaries, its second syllable toneless); `Katakana-Hiragana` turns the long-vowel mark
/// into the vowel (`ベンキョー` → `べんきょお`), so it is given MeCab's reading field (ベンキョウ),
/// never its pronunciation field. A transliterator is used by one call at a time; each call
/// takes one of its own (made on first need, kept for the next), so it is safe from any thread.
package final class Transliterator: Sendable {
    /// The transform id, as given.
    package let id: String
    private let handles: HandlePool<OpaquePointer>

    /// The transform `id`.
    ///
    /// - throws: `MorphologyError` (`.unknownTransform`, with ICU's error name) naming the id
    ///   when ICU knows no such transform.
    package init(id: String) throws(MorphologyError) {
        var status: Int32 = 0
        var error = [CChar](repeating: 0, count: 64)
        let capacity = error.count
        guard !id.utf8.contains(0), let first = vocab_icu_transform_open(id, &status, &error, capacity) else {
            let reason = error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw MorphologyError(item: id, .unknownTransform(id: id, reason: reason.isEmpty ? "not a transform id" : reason))
        }
        self.id = id
        handles = HandlePool(make: {
            var status: Int32 = 0
            return vocab_icu_transform_open(id, &status, nil, 0)
        }, destroy: { vocab_icu_transform_close($0) })
        handles.give(first)
    }

    /// `text` transliterated; nil when ICU fails (out of memory).
    package func transliterate(_ text: String) -> String? {
        guard !text.isEmpty else { return "" }
        var utf8 = text
        return utf8.withUTF8 { bytes -> String? in
            guard bytes.count <= Int(Int32.max) / 16 else { return nil }
            return handles.withHandle { handle -> String? in
                var out: UnsafeMutablePointer<CChar>?
                var length = 0
                let status = bytes.withMemoryRebound(to: CChar.self) {
                    vocab_icu_transform_run(handle, $0.baseAddress, Int32(bytes.count), &out, &length)
                }
                defer { free(out) }
                guard status == Int32(VOCAB_ICU_TEXT_OK), let out else { return nil }
                return String(decoding: UnsafeRawBufferPointer(start: out, count: length), as: UTF8.self)
            } ?? nil
        }
    }
}
