import Collation
import VocabCore

/// The folded search column (`searchFolded`) and the look-up's "typed without accents", folded
/// by each word's own language (issue 46): an accent is dropped only where the language's
/// collation counts the letter without it as the same letter (`Collation`'s ``LanguageFolding``,
/// ICU at primary strength). So a Russian name keeps `й` apart from `и` while `ё` folds to `е`,
/// a Spanish one keeps `ñ` (`año` is never `ano`) while `á` folds to `a`, a Finnish one keeps
/// `ä` and `ö`, a Polish one `ą`, `ę`, `ó`, `ś`, `ż`; an English, French, Portuguese or German
/// one folds every accent, as ``WordSearch/folded(_:)`` did for all of them.
///
/// A card's name is folded by the release's source language, each translation by its own target
/// language (a Spanish translation of an English card keeps its `ñ`): the line is the word as a
/// speaker of its language would type it without accents.
///
/// ```swift
/// let folding = try SearchFolding(sourceLanguage: "ru", targetLanguages: ["en", "es"])
/// folding.foldedName("Ёж")                  // "еж"
/// folding.foldedName("йод")                 // "йод" (not "иод")
/// folding.folded("Año", language: "es")     // "año"
/// folding.folded("Café", language: "en")    // "cafe"
/// ```
///
/// The answers are the machine's ICU's: the manifest records its version and each language's
/// collator (``description``), so that a release's folding can be told apart from another ICU's.
/// ``WordSearch/folded(_:)`` stays as it was for what is not search: the dictionary's order and
/// a bands-only release's order fold locale-independently, and must not move.
package struct SearchFolding: Sendable {
    /// The release's source language, whose folding names are folded by.
    package let sourceLanguage: String
    /// The languages folded, source first, then the target languages in order.
    package let languages: [String]
    private let foldings: [String: LanguageFolding]

    /// The version of the ICU the machine folds with (`72.1`), for the stage keys: another ICU may
    /// fold the same names otherwise; `-` when ICU gives none. No collator is opened for it.
    package static var engineVersion: String {
        let version = PrimaryCollator.libraryVersion
        return version.isEmpty ? "-" : version
    }

    /// The foldings of `sourceLanguage` and `targetLanguages` (BCP 47 tags), each made once.
    ///
    /// - throws: `CollationError` when ICU cannot open a language's collator.
    package init(sourceLanguage: String, targetLanguages: [String]) throws(CollationError) {
        var languages: [String] = []
        for language in [sourceLanguage] + targetLanguages where !languages.contains(language) { languages.append(language) }
        var foldings: [String: LanguageFolding] = [:]
        for language in languages { foldings[language] = try LanguageFolding(locale: language) }
        self.sourceLanguage = sourceLanguage
        self.languages = languages
        self.foldings = foldings
    }

    /// `text` folded by `language`'s collation; by the source language's when `language` is not
    /// one of the release's (a caller's slip, never a release's: every line has its language).
    package func folded(_ text: String, language: String) -> String {
        (foldings[language] ?? foldings[sourceLanguage]!).folded(text)
    }

    /// `input` folded as a name of the release is (by the source language): what the look-up
    /// compares with the first line of `searchFolded` when a word is typed without accents.
    package func foldedName(_ input: String) -> String { folded(input, language: sourceLanguage) }

    /// How a look-up folds what a user typed before comparing it with a release's folded names
    /// (the first line of `searchFolded`): by the release's source language from schema 9 (this
    /// type), every accent dropped before (``WordSearch/folded(_:)``, as those releases were
    /// made). `vocab lookup`'s "typed without accents" calls it with the release's metadata.
    ///
    /// - throws: `CollationError` when ICU cannot open the language's collator.
    package static func nameFolding(schemaVersion: Int, sourceLanguage: String) throws(CollationError) -> @Sendable (String) -> String {
        guard schemaVersion >= 9 else { return { WordSearch.folded($0) } }
        let folding = try SearchFolding(sourceLanguage: sourceLanguage, targetLanguages: [])
        return { folding.foldedName($0) }
    }

    /// `searchFolded`: the name folded by the source language, the reading (when the card has
    /// one: pinyin typed without its tone marks finds its word) by the same, then each
    /// translation by its language, one per line.
    package func foldedText(_ card: WordCard) -> String {
        var lines: [UInt8] = []
        var name = foldedName(card.lemma)
        name.withUTF8 { lines.append(contentsOf: $0) }
        if let reading = card.reading {
            lines.append(UInt8(ascii: "\n"))
            var folded = foldedName(reading)
            folded.withUTF8 { lines.append(contentsOf: $0) }
        }
        for translation in card.translations {
            for lemma in translation.lemmas {
                lines.append(UInt8(ascii: "\n"))
                var folded = folded(lemma, language: translation.language)
                folded.withUTF8 { lines.append(contentsOf: $0) }
            }
        }
        return String(decoding: lines, as: UTF8.self)
    }

    /// What the folding depends on, for the manifest (`searchFolding`): ICU's version and each
    /// language's collator.
    package var description: SearchFoldingDescription {
        let collators = languages.map { foldings[$0]!.collator }
        return SearchFoldingDescription(
            engine: "ICU", version: collators.first?.icuVersion ?? "-",
            collations: collators.map { .init(language: $0.locale, rules: $0.rulesLocale, version: $0.collatorVersion) })
    }
}

/// `searchFolding` in the manifest (and the `metadata` table): the collation the folded search
/// column was made with. The same engine version and collators fold every text alike.
package struct SearchFoldingDescription: Codable, Sendable, Equatable {
    /// `ICU`.
    package var engine: String
    /// The ICU library's version (`72.1`).
    package var version: String
    /// Each language folded, the source language first.
    package var collations: [Collation]

    /// One language's collation.
    package struct Collation: Codable, Sendable, Equatable {
        /// The language as the release names it (`ru`).
        package var language: String
        /// The locale whose rules ICU took (`ru`; `root` for a language with none of its own, `en`).
        package var rules: String
        /// The collator's version (`153.120.42`).
        package var version: String
    }
}
