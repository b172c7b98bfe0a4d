/// One item of `translations`: a lexicon that gives translations into `language`.
package struct TranslationSourceConfig: Codable, Sendable, Equatable {
    /// The target language (`es`); several lexicons may serve one language, merged in order.
    package var language: String
    /// The lexicon file and its options, written inline next to `language`.
    package var lexicon: LexiconSourceConfig

    /// The lexicon file (`path` of the item), relative to the corpus folder.
    package var path: String { lexicon.path }

    enum CodingKeys: String, CodingKey, CaseIterable { case language, path, id, attribution, maxBytes }

    /// A translation lexicon for `language`.
    package init(language: String, lexicon: LexiconSourceConfig) {
        self.language = language
        self.lexicon = lexicon
    }

    /// Decodes `language`, the lexicon's keys and its pin from one flat object, rejecting unknown keys.
    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self, SourcePin.CodingKeys.self)
        language = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .language)
        lexicon = try LexiconSourceConfig(fields: decoder)
    }

    /// Writes one flat object: `language` beside the lexicon's keys.
    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(language, forKey: .language)
        try lexicon.encode(to: encoder)
    }
}
