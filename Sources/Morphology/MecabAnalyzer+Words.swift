extension MecabAnalyzer {
    /// The inflected words of running text as a reader meets them: each known word MeCab's best
    /// path gives, with the endings that follow it (``MecabFeatureLayout/isEnding(_:)``: an
    /// auxiliary, a conjunctive particle, a non-independent verb), as one form with its reading
    /// (`食べたい。` → 食べたい, 食べる + たい). A word followed by no ending is its own form
    /// (日本語). For a look-up of a word as a text writes it (`食べた` → 食べる): MeCab cannot
    /// enumerate a lemma's forms (``enumerateForms(of:_:)``), so a release's forms of a
    /// Japanese lemma are those its texts (the sentence pairs) show, each read back by the
    /// same rule ``readings(of:)`` reads a form of several words with.
    ///
    /// ```swift
    /// ipadic.words(in: "私は寿司を食べています。").map(\.form)  // 私, は, 寿司, を, 食べています, 。
    /// ```
    ///
    /// Unknown words and blanks end a word; an ending that follows no known word (at the text's
    /// start) is a word of its own.
    package func textWords(in text: String) -> [GeneratedForm] { words(in: text) }

    /// The inflected words of `text` (``textWords(in:)``).
    package func words(in text: String) -> [GeneratedForm] {
        var words: [GeneratedForm] = []
        var current: (surface: String, parts: [AnalyzerReading.Part], end: String.Index)?
        func close() {
            if let word = current { words.append(GeneratedForm(form: word.surface, reading: AnalyzerReading(parts: word.parts))) }
            current = nil
        }
        for token in tokens(in: text) {
            guard let part = token.readings.first?.parts.first else {
                close()
                continue
            }
            if var word = current, word.end == token.range.lowerBound, MecabFeatureLayout.isEnding(part) {
                word.surface += token.surface
                word.parts.append(part)
                word.end = token.range.upperBound
                current = word
            } else {
                close()
                current = (token.surface, [part], token.range.upperBound)
            }
        }
        close()
        return words
    }
}
