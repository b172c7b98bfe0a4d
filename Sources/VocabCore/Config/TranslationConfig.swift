/// `translation.policy`: which sense a word's text comes from when its first sense lacks a
/// translation.
package enum TranslationPolicy: String, Codable, Sendable, Equatable {
    /// Translations only from the first sense; none is fine.
    case none
    /// Move to the first sense with translations in every target language.
    case sense
}

/// The `translation` section.
package struct TranslationConfig: Codable, Sendable, Equatable {
    /// The translation policy; `none` when absent.
    package var policy: TranslationPolicy

    enum CodingKeys: String, CodingKey, CaseIterable { case policy }

    /// A section with `policy`.
    package init(policy: TranslationPolicy = .none) { self.policy = policy }

    /// Decodes the section, rejecting unknown keys.
    package init(from decoder: Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        policy = try c.decodeIfPresent(TranslationPolicy.self, forKey: .policy) ?? .none
    }
}
