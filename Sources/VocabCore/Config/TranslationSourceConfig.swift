/// One item of `translations`: a lexicon that gives translations into `language`.
package struct TranslationSourceConfig: Codable, Sendable, Equatable {
    /// The target language (`es`); several lexicons may serve one language, merged in order.
    package var language: String
    /// The lexicon file and its options, written inline next to `language`.
    package var lexicon: LexiconSourceConfig
    /// `fallback: true`: the lexicon gives a concept its lemmas only where the lexicons before it
    /// (for the same language) give none; false (the default) merges its lemmas with theirs.
    package var fallback: Bool
    /// What the order of the lexicon's synset members says (``MemberOrder``); nil: decided from
    /// the lexicon's id (``memberOrder(lexiconId:)``).
    package var memberOrder: MemberOrder?

    /// ``memberOrder`` when given, else decided from the id (``MemberOrder/resolved(_:lexiconId:)``).
    package func memberOrder(lexiconId: String) -> MemberOrder { MemberOrder.resolved(memberOrder, lexiconId: lexiconId) }

    /// The lexicon file (`path` of the item), relative to the corpus folder.
    package var path: String { lexicon.path }

    enum CodingKeys: String, CodingKey, CaseIterable { case language, path, id, attribution, maxBytes, senseOrder, fallback, memberOrder }

    /// A translation lexicon for `language`.
    package init(language: String, lexicon: LexiconSourceConfig, fallback: Bool = false, memberOrder: MemberOrder? = nil) {
        self.language = language
        self.lexicon = lexicon
        self.fallback = fallback
        self.memberOrder = memberOrder
    }

    /// Decodes `language`, the lexicon's keys and its pin from one flat object, rejecting unknown keys.
    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self, SourcePin.CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        language = try c.decode(String.self, forKey: .language)
        fallback = try c.decodeIfPresent(Bool.self, forKey: .fallback) ?? false
        memberOrder = try c.decodeIfPresent(MemberOrder.self, forKey: .memberOrder)
        lexicon = try LexiconSourceConfig(fields: decoder)
    }

    /// Writes one flat object: `language` beside the lexicon's keys; `fallback` and `memberOrder`
    /// only when set (a config without them embeds and keys as before).
    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(language, forKey: .language)
        if fallback { try c.encode(fallback, forKey: .fallback) }
        try c.encodeIfPresent(memberOrder, forKey: .memberOrder)
        try lexicon.encode(to: encoder)
    }
}
