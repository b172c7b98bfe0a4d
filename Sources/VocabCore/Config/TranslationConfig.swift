/// `translation.policy`: which sense a word's text comes from when its first sense lacks a
/// translation.
package enum TranslationPolicy: String, Codable, Sendable, Equatable {
    /// Translations only from the first sense; none is fine.
    case none
    /// Move to the first sense with translations in every target language, no further down the
    /// entry than `translation.maxSenseRank`.
    case sense
}

/// The `translation` section.
package struct TranslationConfig: Codable, Sendable, Equatable {
    /// The translation policy; `none` when absent.
    package var policy: TranslationPolicy
    /// Policy `sense`: the deepest sense (1-based rank in its entry) a card may move to;
    /// ``defaultMaxSenseRank`` when absent. Later senses are rarer and more specialised: a
    /// learner shown one of them for a common word learns the wrong meaning.
    package var maxSenseRank: Int?

    /// The bound of policy `sense` when the config sets none: the entry's first three senses.
    package static let defaultMaxSenseRank = 3

    /// The deepest sense rank policy `sense` may move to.
    package var senseRankLimit: Int { maxSenseRank ?? Self.defaultMaxSenseRank }

    enum CodingKeys: String, CodingKey, CaseIterable { case policy, maxSenseRank }

    /// A section with `policy`.
    package init(policy: TranslationPolicy = .none, maxSenseRank: Int? = nil) {
        self.policy = policy
        self.maxSenseRank = maxSenseRank
    }

    /// Decodes the section, rejecting unknown keys.
    package init(from decoder: Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        policy = try c.decodeIfPresent(TranslationPolicy.self, forKey: .policy) ?? .none
        maxSenseRank = try c.decodeIfPresent(Int.self, forKey: .maxSenseRank)
    }

    /// Writes `policy`, and under policy `sense` the effective `maxSenseRank` (the manifest embeds
    /// the bound the build used; the join key changes with it).
    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(policy, forKey: .policy)
        try c.encodeIfPresent(policy == .sense ? senseRankLimit : maxSenseRank, forKey: .maxSenseRank)
    }
}
