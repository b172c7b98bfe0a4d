import Foundation
import VocabCore

/// Search in the learner's language, written once: the text the emitter puts in the search
/// columns, and the query an app runs for what a user types (documented in `SCHEMA.md`; `vocab
/// lookup` and the tests run the same).
///
/// Exact tokens keep their accents, so `año` (year) is never `ano` (anus); an input typed without
/// accents also finds the accented word through the folded column (`cancion` → canción), ranked
/// after every exact match. Both are case-insensitive (the tokenizer lower-cases).
package enum WordSearch {
    /// `text` lower-cased, decomposed and without combining marks: `Año` → `ano`, `canção` →
    /// `cancao`, `Straße` → `straße`. Locale-independent (the standard library's Unicode tables),
    /// so the same on every machine.
    package static func folded(_ text: String) -> String {
        // ASCII has no marks to drop (most lemmas): lower-casing is all (and far cheaper).
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        // Latin letters without combining marks (most other lemmas: `año`, `über`): no scalar
        // there composes with its neighbours, so each folds alone, from a table made once
        // (Foundation's normalization per string was a tenth of the dictionary's rows).
        if text.unicodeScalars.allSatisfy({ $0.value < latinFolds.count }) {
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars { scalars.append(contentsOf: latinFolds[Int(scalar.value)].unicodeScalars) }
            return String(scalars)
        }
        return foldedByNormalization(text)
    }

    /// The fold of each scalar below U+0250 (Basic Latin to Latin Extended-B), by normalization.
    private static let latinFolds: [String] = (0..<0x250).map { value in
        Unicode.Scalar(UInt32(value)).map { foldedByNormalization(String($0)) } ?? ""
    }

    /// ``folded(_:)`` by its definition: lower-cased, decomposed (NFD), the marks
    /// ``isFoldedAway(_:)`` names dropped, composed again (NFC).
    package static func foldedByNormalization(_ text: String) -> String {
        let decomposed = text.lowercased().decomposedStringWithCanonicalMapping
        var scalars = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars where !isFoldedAway(scalar) {
            scalars.append(scalar)
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// Whether folding drops `scalar`: a nonspacing mark, except those of canonical combining
    /// class 1 to 9, which make another letter rather than adorn one: the kana voicing marks (8:
    /// `ゲ` is `ケ` + U+3099, `パ` is `ハ` + U+309A), the nukta (7), the viramas (9) and the
    /// overlays (1). So ゲーム stays ゲーム (it was searched as ケーム, another word) and `ガ` as
    /// typed is never `カ`: a learner who types kana types its voicing. The same line
    /// `Collation`'s `LanguageFolding` draws; kept apart, in this one function, so that folding
    /// by the language's collation can take the place of the rest unchanged.
    package static func isFoldedAway(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.properties.generalCategory == .nonspacingMark else { return false }
        return !(1...9).contains(scalar.properties.canonicalCombiningClass.rawValue)
    }

    /// `searchTranslations`: every translation lemma, all languages in order, one per line.
    package static func translationText(_ card: WordCard) -> String {
        // Written as UTF-8 once, not joined from a flattened array (once per dictionary row).
        var lines: [UInt8] = [], first = true
        for translation in card.translations {
            for var lemma in translation.lemmas {
                if !first { lines.append(UInt8(ascii: "\n")) }
                first = false
                lemma.withUTF8 { lines.append(contentsOf: $0) }
            }
        }
        return String(decoding: lines, as: UTF8.self)
    }

    /// `searchFolded`: the name, the reading (when the card has one: pinyin typed without its
    /// tone marks finds its word) and the translations, folded, one per line.
    package static func foldedText(_ card: WordCard) -> String {
        var lines: [UInt8] = []
        appendFolded(card.lemma, to: &lines)
        if let reading = card.reading {
            lines.append(UInt8(ascii: "\n"))
            appendFolded(reading, to: &lines)
        }
        for translation in card.translations {
            for lemma in translation.lemmas {
                lines.append(UInt8(ascii: "\n"))
                appendFolded(lemma, to: &lines)
            }
        }
        return String(decoding: lines, as: UTF8.self)
    }

    /// Appends the UTF-8 of ``folded(_:)`` of `text` to `lines`; an ASCII text (most lemmas) is
    /// lower-cased byte by byte, as `lowercased()` lower-cases ASCII.
    private static func appendFolded(_ text: String, to lines: inout [UInt8]) {
        var text = text
        let ascii = text.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
            for byte in bytes { lines.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
            return true
        }
        if !ascii {
            var folded = folded(text)
            folded.withUTF8 { lines.append(contentsOf: $0) }
        }
    }

    /// `input` as one FTS5 phrase: in double quotes, each `"` doubled, so that no character of it
    /// is query syntax (`-`, `*`, `:`, `AND`, ...). Byte by byte: FTS5 reads bytes, and the
    /// validator quotes every card's name (Foundation's `replacingOccurrences` was a tenth of a
    /// validation).
    package static func phrase(_ input: String) -> String {
        let quote = UInt8(ascii: "\"")
        var bytes: [UInt8] = [quote]
        bytes.reserveCapacity(input.utf8.count + 2)
        for byte in input.utf8 {
            bytes.append(byte)
            if byte == quote { bytes.append(quote) }
        }
        bytes.append(quote)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The query for user input on the card table `table` (`words`, or the dictionary's
    /// `entries`), with two parameters: the raw input (`:input`; the SQL quotes it as a phrase)
    /// and the number of rows (`:limit`). Rows are whole cards: exact matches (name, reading or a
    /// translation) first, then matches typed without accents, each by `rank`, then by id.
    package static func query(table: String) -> String {
        """
        WITH input(phrase) AS (SELECT '"' || replace(:input, '"', '""') || '"'),
        hits(id, tier, score) AS (
            SELECT rowid, 0, rank FROM \(table)_fts
             WHERE \(table)_fts MATCH '{name reading searchTranslations} : ' || (SELECT phrase FROM input)
            UNION ALL
            SELECT rowid, 1, rank FROM \(table)_fts
             WHERE \(table)_fts MATCH 'searchFolded : ' || (SELECT phrase FROM input)
        ),
        best(id, tier) AS (SELECT id, min(tier) FROM hits GROUP BY id)
        SELECT c.* FROM best
          JOIN hits ON hits.id = best.id AND hits.tier = best.tier
          JOIN \(table) AS c ON c.id = best.id
         ORDER BY best.tier, hits.score, c.id
         LIMIT :limit
        """
    }
}
