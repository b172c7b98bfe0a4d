/// How many of a release's words have at least one translation into a language, out of all its
/// words (`percent` with one decimal, written in JSON too).
package struct TranslationShare: Codable, Sendable, Equatable {
    /// Words with at least one lemma in the language.
    package var translated: Int
    /// All the release's words.
    package var words: Int

    /// A share of `translated` out of `words`.
    package init(translated: Int, words: Int) {
        self.translated = translated
        self.words = words
    }

    /// `translated` as a percentage of `words`, one decimal (0 for no words).
    package var percent: Double {
        words == 0 ? 0 : (Double(translated) * 1000 / Double(words)).rounded() / 10
    }

    enum CodingKeys: String, CodingKey { case translated, words, percent }

    /// Reads `translated` and `words`; a written `percent` is ignored and recomputed.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(translated: try container.decode(Int.self, forKey: .translated),
                  words: try container.decode(Int.self, forKey: .words))
    }

    /// Writes `translated`, `words` and the computed `percent`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(translated, forKey: .translated)
        try container.encode(words, forKey: .words)
        try container.encode(percent, forKey: .percent)
    }
}
