import VocabCore

/// How a card's lemma is read (the config's `reading`; docs/policy.md, the join: readings): the
/// kana of a Japanese word written with kanji (食べる → たべる), the pinyin of a Chinese one (中文
/// → zhōng wén), so that a learner can read the word and the pronunciation is made from what it
/// says, never from the part of it a voice can read (eSpeak NG's Japanese voice reads kana only:
/// 食べる gave /bˈe̞ɽɯᵝ/).
///
/// ```swift
/// let reading = LemmaReading(analyzer: ipadic, config: mecab, transform: try Transliterator(id: "Katakana-Hiragana"))
/// reading.reading(of: "食べる", partOfSpeech: .verb)  // "たべる" (MeCab's タベル)
/// reading.reading(of: "人", partOfSpeech: .noun)      // "ひと": the noun 人 (名詞 一般), not the suffix じん
/// let pinyin = LemmaReading(analyzer: nil, config: nil, transform: try Transliterator(id: "Han-Latin"))
/// pinyin.reading(of: "中文", partOfSpeech: .noun)     // "zhōng wén"
/// ```
///
/// **The rule.** Where the analyzer reads words (``MorphologicalAnalyzer/givesReadings``: MeCab),
/// the lemma's reading is its own: among the dictionary words that spell the whole lemma (or the
/// one word it inflects, ``MorphologicalAnalyzer/readings(of:)``), the first of the card's part
/// of speech (人 the noun ひと before the suffix じん), else the first, each of its words read;
/// else the words MeCab cuts the lemma into, when every one of them is a word it knows and reads
/// and together they spell the lemma (a phrase of the lexicon's, `呼吸する`). A lemma it does not
/// read whole has no reading: a reading is never made of some of its characters. Where the
/// analyzer reads no word (ICU's segmenter, or none), the reading is the lemma itself, which
/// the transform then writes in the reading's script. Last, a reading that still holds an
/// ideograph (`Ideographic`: the transform left it, or the analyzer read no word of it) is no
/// reading at all.
package struct LemmaReading: Sendable {
    /// The learned language's analyzer; nil for none.
    package var analyzer: (any MorphologicalAnalyzer)?
    /// Its classes, which tell a reading's part of speech.
    package var config: AnalyzerConfig?
    /// The transform to the reading's script; nil for the analyzer's script.
    package var transform: Transliterator?

    /// A reading by `analyzer` (classed by `config`), in `transform`'s script.
    package init(analyzer: (any MorphologicalAnalyzer)?, config: AnalyzerConfig?, transform: Transliterator?) {
        self.analyzer = analyzer
        self.config = config
        self.transform = transform
    }

    /// The reading of `lemma`, a card of `partOfSpeech`, by the type's rule; nil when it has none.
    package func reading(of lemma: String, partOfSpeech: PartOfSpeech) -> String? {
        let read: String?
        if let analyzer, analyzer.givesReadings {
            read = Self.wholeReading(of: lemma, partOfSpeech: partOfSpeech, analyzer: analyzer, config: config)
                ?? Self.tokensReading(of: lemma, analyzer: analyzer)
        } else {
            read = lemma
        }
        guard let read, let written = transform.map({ $0.transliterate(read) }) ?? read else { return nil }
        return Self.isComplete(written) ? written : nil
    }

    /// Whether `reading` can be a reading: not empty, no ideograph left in it.
    package static func isComplete(_ reading: String) -> Bool {
        !reading.isEmpty && !reading.unicodeScalars.contains { $0.properties.isIdeographic }
    }

    /// The reading of the analyzer's reading of the whole lemma: the first of `partOfSpeech`,
    /// else the first; nil when it has none, or when a word of it has no reading.
    package static func wholeReading(
        of lemma: String, partOfSpeech: PartOfSpeech, analyzer: any MorphologicalAnalyzer, config: AnalyzerConfig?
    ) -> String? {
        let readings = analyzer.readings(of: lemma)
        let chosen = readings.first { reading in
            config.flatMap { reading.classified(by: $0) }.map { $0.wordClass.partOfSpeech == partOfSpeech } ?? false
        } ?? readings.first
        return chosen.flatMap { Self.joined($0.parts.map(\.reading)) }
    }

    /// The readings of the words the analyzer cuts `lemma` into, joined, when each is a word it
    /// knows and reads and together they spell the lemma (blanks aside); else nil.
    package static func tokensReading(of lemma: String, analyzer: any MorphologicalAnalyzer) -> String? {
        let tokens = analyzer.tokens(in: lemma)
        let spelt = tokens.map(\.surface).joined()
        guard !tokens.isEmpty, spelt == String(lemma.unicodeScalars.filter { !$0.properties.isWhitespace }) else { return nil }
        return Self.joined(tokens.map { $0.readings.first.map { Self.joined($0.parts.map(\.reading)) } ?? nil })
    }

    /// The parts joined, nil when one is missing.
    private static func joined(_ parts: [String?]) -> String? {
        var text = ""
        for part in parts {
            guard let part else { return nil }
            text += part
        }
        return text.isEmpty ? nil : text
    }
}
