/// One example sentence of a card: the text in the learned language, its translation into the
/// learner's language when it has one, where it comes from, and whether it is known to show the
/// card's sense.
///
/// The lexicon's own examples (the synset's `Example`s) come first, without a translation, from
/// `lexicon`, and show the sense by construction. A sentence pair (`examples` in the config: a
/// Tatoeba file) adds its translation, the config's `examples.id` as its source (`tatoeba`), and
/// `sameSense` true only when the translation contains one of the card's translations (the
/// sense test of docs/policy.md).
package struct CardExample: Codable, Sendable, Hashable {
    /// The sentence, in the learned language (the source lexicon's).
    package var text: String
    /// The sentence in the learner's language; nil for the lexicon's examples, which have none.
    package var translation: String?
    /// `lexicon` for the source lexicon's example, else the pair file's `examples.id` (`tatoeba`).
    package var source: String
    /// True when the example is known to show the card's sense: the lexicon's own (its synset's),
    /// or a pair whose translation contains one of the card's translations; false for a pair used
    /// without passing that test.
    package var sameSense: Bool

    /// The ``source`` of the source lexicon's examples.
    package static let lexiconSource = "lexicon"

    /// An example.
    package init(text: String, translation: String?, source: String, sameSense: Bool) {
        self.text = text
        self.translation = translation
        self.source = source
        self.sameSense = sameSense
    }

    /// One of the source lexicon's examples of the card's synset: no translation, the same sense.
    package init(lexicon text: String) {
        self.init(text: text, translation: nil, source: Self.lexiconSource, sameSense: true)
    }

    /// True for one of the source lexicon's examples.
    package var isFromLexicon: Bool { source == Self.lexiconSource }

    enum CodingKeys: String, CodingKey { case text, translation, source, sameSense }

    /// Decodes an object, or a plain string as one of the lexicon's examples (a stage artifact
    /// written before examples had translations).
    package init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self.init(lexicon: text)
            return
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            text: try c.decode(String.self, forKey: .text), translation: try c.decodeIfPresent(String.self, forKey: .translation),
            source: try c.decode(String.self, forKey: .source), sameSense: try c.decode(Bool.self, forKey: .sameSense))
    }

    /// Writes a lexicon example as its text alone (the join stage's artifacts stay as they were),
    /// a pair as an object.
    package func encode(to encoder: any Encoder) throws {
        if isFromLexicon && translation == nil && sameSense {
            var c = encoder.singleValueContainer()
            try c.encode(text)
            return
        }
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
        try c.encodeIfPresent(translation, forKey: .translation)
        try c.encode(source, forKey: .source)
        try c.encode(sameSense, forKey: .sameSense)
    }
}

extension CardExample: ExpressibleByStringLiteral {
    /// A lexicon example written as a string literal (tests and fixtures).
    package init(stringLiteral text: String) {
        self.init(lexicon: text)
    }
}
