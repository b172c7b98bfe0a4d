import Collation
import Foundation
import Testing

/// Folding by the language against Debian 12's ICU (libicu72, CLDR 42): the letters each
/// language keeps apart stay, the accents it counts as the same letter go.
@Suite struct LanguageFoldingTests {
    private func folding(_ locale: String) throws -> LanguageFolding {
        try LanguageFolding(locale: locale)
    }

    @Test func russianKeepsShortIAndFoldsYo() throws {
        let russian = try folding("ru")
        #expect(russian.folded("й") == "й")
        #expect(russian.folded("Ёжик") == "ежик")
        #expect(russian.folded("Йошкар-Ола ёлка") == "йошкар-ола елка")
        #expect(russian.collator.primaryEqual("ё", "е"))
        #expect(!russian.collator.primaryEqual("й", "и"))
        // Written decomposed (и + U+0306, е + U+0308), the same.
        #expect(russian.folded("и\u{306}е\u{308}") == "йе")
        #expect(try folding("bg").folded("Йо ѝ") == "йо и")
    }

    @Test func spanishKeepsEnyeAndFoldsAcutes() throws {
        let spanish = try folding("es")
        #expect(spanish.folded("Año") == "año")
        #expect(spanish.folded("canción pingüino ÁRBOL") == "cancion pinguino arbol")
        #expect(!spanish.collator.primaryEqual("ñ", "n"))
    }

    @Test func finnishKeepsItsVowelsAndPolishItsLetters() throws {
        let finnish = try folding("fi")
        #expect(finnish.folded("Äiti söi Åbossa") == "äiti söi åbossa")
        // é is e in Finnish too; ü is y, not u, so it stays.
        #expect(finnish.folded("café müsli") == "cafe müsli")
        let polish = try folding("pl")
        #expect(polish.folded("Łódź żółć ąę ść ń") == "łódź żółć ąę ść ń")
    }

    @Test func englishUsesTheRootsRulesAndFoldsEveryAccent() throws {
        let english = try folding("en")
        #expect(english.folded("Café NAÏVE Señor") == "cafe naive senor")
        // No accent to drop: ł, ø, ß stay (as WordSearch.folded keeps them).
        #expect(english.folded("Łódź Ørsted Straße") == "łodz ørsted straße")
        #expect(english.collator.rulesLocale == "root")
        #expect(english.collator.knowsLanguage)
        #expect(try PrimaryCollator(locale: "xx").rulesLocale == "root")
        #expect(try !PrimaryCollator(locale: "xx").knowsLanguage)
    }

    /// Japanese collation counts voiced kana as the unvoiced (a secondary difference), and Hindi
    /// the nukta's letters as the plain ones: the marks below class 10 are never dropped.
    @Test func voicingMarksAndTheNuktaStay() throws {
        let japanese = try folding("ja")
        #expect(japanese.collator.primaryEqual("ゲ", "ケ"))
        #expect(japanese.collator.primaryEqual("が", "か"))
        #expect(japanese.folded("ゲーム がっこう パン") == "ゲーム がっこう パン")
        let hindi = try folding("hi")
        #expect(hindi.collator.primaryEqual("क़", "क"))
        #expect(hindi.folded("क़") == "क़")
        // Vowel points are accents: Arabic's harakat and Hebrew's niqqud go where equal.
        #expect(try folding("ar").folded("كَتَبَ") == "كتب")
        #expect(try folding("he").folded("שָׁלוֹם") == "שלום")
    }

    @Test func keysAreEqualExactlyForPrimaryEqualTexts() throws {
        let russian = try PrimaryCollator(locale: "ru")
        #expect(russian.primaryKey("ёж") == russian.primaryKey("ЕЖ"))
        #expect(russian.primaryKey("йод") != russian.primaryKey("иод"))
        #expect(!russian.primaryKey("ёж").isEmpty)
        #expect(russian.compare("а", "б") == -1)
        #expect(russian.compare("", "") == 0)
        #expect(russian.primaryKey(String(repeating: "ёж", count: 500)).count > 64)
        #expect(russian.icuVersion.hasPrefix("72."), "Debian 12's ICU: \(russian.icuVersion)")
        #expect(!russian.collatorVersion.isEmpty)
        #expect(throws: CollationError.self) { try PrimaryCollator(locale: "r\u{0}u") }
        // A BCP 47 tag with a region takes its language's rules.
        #expect(try PrimaryCollator(locale: "fi-FI").rulesLocale == "fi")
        #expect(try !LanguageFolding(locale: "sv-SE").collator.primaryEqual("å", "a"))
    }

    /// The table's fast path and the clusters' agree (a text written decomposed takes the
    /// clusters' path), in any order and from two threads.
    @Test func theFastPathAgreesWithTheDefinitionFromTwoThreads() throws {
        let russian = try folding("ru")
        let words = ["Ёлка", "йогурт", "Съёмка", "naïve", "Ελλάδα", "Straße", "İstanbul", "Ǆemal"]
        let expected = words.map { russian.folded($0.decomposedStringWithCanonicalMapping) }
        #expect(expected == ["елка", "йогурт", "съемка", "naive", "ελλαδα", "straße", "istanbul", "ǆemal"])
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            var same = true
            for _ in 0..<100 { same = same && words.map(russian.folded) == expected }
            results.set(thread, same)
        }
        #expect(results.values == [true, true])
    }
}

/// Results written by concurrent iterations, each to its own slot.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values = [true, true]
    func set(_ index: Int, _ value: Bool) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }
}
