/// The `dictionary` section: whether the release carries the source lexicon's every entry as
/// a card (`<name>-dictionary.sqlite`), for a dictionary service that answers look-ups of words
/// outside the release.
package struct DictionaryConfig: Codable, Sendable, Equatable {
    /// Build the dictionary; off by default.
    package var enabled: Bool

    enum CodingKeys: String, CodingKey, CaseIterable { case enabled }

    /// A section; the dictionary is off unless `enabled`.
    package init(enabled: Bool = false) { self.enabled = enabled }

    /// Decodes the section, rejecting unknown keys.
    package init(from decoder: Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        enabled = try c.decodeIfPresent(Bool.self, forKey: .enabled) ?? false
    }
}
