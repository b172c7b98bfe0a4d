/// The `reading` section: each card carries its **reading**, the way its name is read where the
/// script does not say it (kana for a Japanese word written with kanji, pinyin for a Chinese one),
/// and the pronunciation, when the config generates one, is made from the reading, never from the
/// name (docs/policy.md, the join: readings). Without the section cards have no reading and the
/// pronunciation is made from the name, as before the section existed.
///
/// A card's reading is its lemma as the learned language's analyzer reads it (MeCab's reading
/// field, in katakana for IPADIC), or, for an analyzer that reads no word (`icu`), the lemma
/// itself; then ``transform`` turns it into the reading's script (`Katakana-Hiragana`;
/// `Han-Latin`, pinyin with tone marks). A reading that still holds an ideograph is no reading:
/// the card goes without, and without a generated pronunciation.
package struct ReadingConfig: Codable, Sendable, Equatable {
    /// An ICU transform id (`Katakana-Hiragana`, `Han-Latin`, a compound `Katakana-Hiragana;
    /// Han-Latin`), applied to the analyzer's reading (or to the lemma); nil: the reading as the
    /// analyzer writes it. Checked when the join opens it (an id ICU does not know is an error).
    package var transform: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case transform }

    /// A section with `transform`.
    package init(transform: String? = nil) {
        self.transform = transform
    }

    /// Decodes the section, rejecting unknown keys and an empty transform id.
    package init(from decoder: Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        transform = try c.decodeIfPresent(String.self, forKey: .transform)
        if transform?.isEmpty == true { throw DecodingError.config(.emptyText, at: c.codingPath + [CodingKeys.transform]) }
    }
}
