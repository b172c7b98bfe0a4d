/// The `selection` section: which words make the release. The defaults are those of
/// docs/configuration.md: nouns, verbs and adjectives, 3000 words, no stop words, no minimum.
package struct SelectionConfig: Codable, Sendable, Equatable {
    /// The parts of speech kept (`noun`, `verb`, `adjective` when absent); never `other`.
    package var partsOfSpeech: [PartOfSpeech] = [.noun, .verb, .adjective]
    /// How many words the release holds (fewer only when the list runs out).
    package var count = 3000
    /// A stop-list file (one `lemma` or `lemma:partOfSpeech` per line, `#` comments), relative to
    /// the config file (a maintainer's file, like the sense pins).
    package var stopList: String?
    /// Stop words given inline; merged with the file's.
    package var stopWords: [String] = []
    /// Words whose merged frequency is below it are dropped (`below-minimum-frequency`); 0 keeps all.
    package var minimumFrequency: Int64 = 0

    enum CodingKeys: String, CodingKey, CaseIterable {
        case partsOfSpeech, count, stopList, stopWords, minimumFrequency
    }
}

extension SelectionConfig {
    /// Decodes the section, rejecting unknown keys; every key is optional.
    package init(from decoder: Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        partsOfSpeech = try c.decodeIfPresent([PartOfSpeech].self, forKey: .partsOfSpeech) ?? [.noun, .verb, .adjective]
        count = try c.decodeIfPresent(Int.self, forKey: .count) ?? 3000
        stopList = try c.decodeIfPresent(String.self, forKey: .stopList)
        stopWords = try c.decodeIfPresent([String].self, forKey: .stopWords) ?? []
        minimumFrequency = try c.decodeIfPresent(Int64.self, forKey: .minimumFrequency) ?? 0
    }
}
