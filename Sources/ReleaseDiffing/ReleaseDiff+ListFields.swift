import ReleaseFormat
import VocabCore

// The card's list fields in the diff, from ``CardField/diffLists``: a word change carries one
// ``ReleaseDiff/ListChange`` per list field, the summary one count per field, and the JSON names
// each by the field's diff name (`synonyms`, `examples`; `synonymsChanged`, `examplesChanged`).

extension ReleaseDiff.WordChange: Codable {
    /// Synonyms added and removed.
    package var synonyms: ReleaseDiff.ListChange? {
        get { lists[.synonyms] }
        set { lists[.synonyms] = newValue }
    }

    /// Example sentences added and removed.
    package var examples: ReleaseDiff.ListChange? {
        get { lists[.examples] }
        set { lists[.examples] = newValue }
    }

    enum Keys: String, CodingKey { case lemma, pos, sense, definition, translations, rank, provenanceChanged }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(lemma, forKey: .lemma)
        try c.encode(pos, forKey: .pos)
        try c.encodeIfPresent(sense, forKey: .sense)
        try c.encodeIfPresent(definition, forKey: .definition)
        try c.encode(translations, forKey: .translations)
        try c.encodeIfPresent(rank, forKey: .rank)
        try c.encode(provenanceChanged, forKey: .provenanceChanged)
        var named = encoder.container(keyedBy: JSONKey.self)
        for field in CardField.diffLists {
            try named.encodeIfPresent(lists[field], forKey: JSONKey(field.diffName))
        }
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let named = try decoder.container(keyedBy: JSONKey.self)
        var lists: [CardField: ReleaseDiff.ListChange] = [:]
        for field in CardField.diffLists {
            lists[field] = try named.decodeIfPresent(ReleaseDiff.ListChange.self, forKey: JSONKey(field.diffName))
        }
        self.init(
            lemma: try c.decode(String.self, forKey: .lemma), pos: try c.decode(PartOfSpeech.self, forKey: .pos),
            sense: try c.decodeIfPresent(ReleaseDiff.SenseSwitch.self, forKey: .sense),
            definition: try c.decodeIfPresent(ReleaseDiff.TextEdit.self, forKey: .definition), lists: lists,
            translations: try c.decode([ReleaseDiff.LanguageChange].self, forKey: .translations),
            rank: try c.decodeIfPresent(ReleaseDiff.RankMove.self, forKey: .rank),
            provenanceChanged: try c.decode(Bool.self, forKey: .provenanceChanged))
    }
}

extension ReleaseDiff.Summary: Codable {
    /// Changed words with synonyms added or removed.
    package var synonymsChanged: Int {
        get { listsChanged[.synonyms, default: 0] }
        set { listsChanged[.synonyms] = newValue }
    }

    /// Changed words with example sentences added or removed.
    package var examplesChanged: Int {
        get { listsChanged[.examples, default: 0] }
        set { listsChanged[.examples] = newValue }
    }

    /// The counts under their JSON keys, in the order they are written (``schemaChanged`` and
    /// the list fields' counts follow): one table for encoding and decoding.
    private static var counts: [(key: String, count: WritableKeyPath<Self, Int>)] {
        [
            ("added", \.added), ("removed", \.removed), ("changed", \.changed), ("moved", \.moved),
            ("unchanged", \.unchanged), ("senseSwitched", \.senseSwitched), ("definitionEdited", \.definitionEdited),
            ("translationsChanged", \.translationsChanged), ("rankMoved", \.rankMoved),
            ("provenanceChanged", \.provenanceChanged), ("metadataChanged", \.metadataChanged),
        ]
    }

    /// The JSON key of a list field's count.
    static func countKey(_ field: CardField) -> JSONKey { JSONKey(field.diffName + "Changed") }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        for (key, count) in Self.counts { try c.encode(self[keyPath: count], forKey: JSONKey(key)) }
        try c.encode(schemaChanged, forKey: JSONKey("schemaChanged"))
        for field in CardField.diffLists { try c.encode(listsChanged[field, default: 0], forKey: Self.countKey(field)) }
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        self.init()
        for (key, count) in Self.counts {
            // A diff written before band moves were counted apart has no `moved`.
            self[keyPath: count] = try key == "moved"
                ? c.decodeIfPresent(Int.self, forKey: JSONKey(key)) ?? 0
                : c.decode(Int.self, forKey: JSONKey(key))
        }
        schemaChanged = try c.decode(Bool.self, forKey: JSONKey("schemaChanged"))
        for field in CardField.diffLists { listsChanged[field] = try c.decode(Int.self, forKey: Self.countKey(field)) }
    }
}
