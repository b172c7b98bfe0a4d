import VocabCore

/// The JSON record of a word (see ``ReleaseWord``). Decoding leaves ``ReleaseWord/id`` at 0:
/// a record's id is its position, which ``BundleDocument`` sets; a record without `pinned`
/// (schema 2) is not pinned.
extension ReleaseWord: Codable {
    enum CodingKeys: String, CodingKey {
        case name, pos, freq, rank, band, definition, translations, synonyms, sentences, sourceLemma, provenance
    }

    enum ProvenanceKeys: String, CodingKey {
        case lexicon, entry, sense, synset, ili, senseRank, pinned
    }

    struct LanguageKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ language: String) { stringValue = language }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Writes the record's keys in the documented order, `null` for absent values, translations
    /// as an object keyed by language.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(card.lemma, forKey: .name)
        try c.encode(card.partOfSpeech, forKey: .pos)
        try c.encode(frequency, forKey: .freq)
        try c.encode(rank, forKey: .rank)
        try c.encode(band, forKey: .band)
        try c.encode(card.definition, forKey: .definition)
        var languages = c.nestedContainer(keyedBy: LanguageKey.self, forKey: .translations)
        for translation in card.translations { try languages.encode(translation.lemmas, forKey: LanguageKey(translation.language)) }
        try c.encode(card.synonyms, forKey: .synonyms)
        try c.encode(card.examples, forKey: .sentences)
        try c.encode(card.sourceLemma, forKey: .sourceLemma)
        var p = c.nestedContainer(keyedBy: ProvenanceKeys.self, forKey: .provenance)
        try p.encode(card.provenance.lexicon, forKey: .lexicon)
        try p.encode(card.provenance.entryId, forKey: .entry)
        try p.encode(card.provenance.senseId, forKey: .sense)
        try p.encode(card.provenance.synsetId, forKey: .synset)
        try p.encode(card.provenance.ili, forKey: .ili)
        try p.encode(card.provenance.senseRank, forKey: .senseRank)
        try p.encode(card.provenance.pinned, forKey: .pinned)
    }

    /// Decodes a record; translation languages come sorted (JSON objects have no order): the
    /// reader puts them in the release's target-language order.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let languages = try c.nestedContainer(keyedBy: LanguageKey.self, forKey: .translations)
        let p = try c.nestedContainer(keyedBy: ProvenanceKeys.self, forKey: .provenance)
        self.init(
            id: 0, band: try c.decode(Int.self, forKey: .band), frequency: try c.decodeIfPresent(Int64.self, forKey: .freq),
            rank: try c.decodeIfPresent(Int.self, forKey: .rank),
            card: WordCard(
            lemma: try c.decode(String.self, forKey: .name),
            sourceLemma: try c.decode(String.self, forKey: .sourceLemma),
            partOfSpeech: try c.decode(PartOfSpeech.self, forKey: .pos),
            definition: try c.decodeIfPresent(String.self, forKey: .definition),
            synonyms: try c.decode([String].self, forKey: .synonyms),
            examples: try c.decode([String].self, forKey: .sentences),
            translations: try languages.allKeys.map(\.stringValue).sorted().map {
                Translation(language: $0, lemmas: try languages.decode([String].self, forKey: LanguageKey($0)))
            },
            provenance: Provenance(
                lexicon: try p.decode(String.self, forKey: .lexicon),
                entryId: try p.decode(String.self, forKey: .entry),
                senseId: try p.decode(String.self, forKey: .sense),
                synsetId: try p.decode(String.self, forKey: .synset),
                ili: try p.decodeIfPresent(String.self, forKey: .ili),
                senseRank: try p.decode(Int.self, forKey: .senseRank),
                pinned: try p.decodeIfPresent(Bool.self, forKey: .pinned) ?? false)))
    }
}
