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
        get { lists[.sentences] }
        set { lists[.sentences] = newValue }
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
        get { listsChanged[.sentences, default: 0] }
        set { listsChanged[.sentences] = newValue }
    }

    enum Keys: String, CodingKey {
        case added, removed, changed, unchanged, senseSwitched, definitionEdited, translationsChanged, rankMoved
        case provenanceChanged, metadataChanged, schemaChanged, moved
    }

    /// The JSON key of a list field's count.
    static func countKey(_ field: CardField) -> JSONKey { JSONKey(field.diffName + "Changed") }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(added, forKey: .added)
        try c.encode(removed, forKey: .removed)
        try c.encode(changed, forKey: .changed)
        try c.encode(moved, forKey: .moved)
        try c.encode(unchanged, forKey: .unchanged)
        try c.encode(senseSwitched, forKey: .senseSwitched)
        try c.encode(definitionEdited, forKey: .definitionEdited)
        try c.encode(translationsChanged, forKey: .translationsChanged)
        try c.encode(rankMoved, forKey: .rankMoved)
        try c.encode(provenanceChanged, forKey: .provenanceChanged)
        try c.encode(metadataChanged, forKey: .metadataChanged)
        try c.encode(schemaChanged, forKey: .schemaChanged)
        var named = encoder.container(keyedBy: JSONKey.self)
        for field in CardField.diffLists { try named.encode(listsChanged[field, default: 0], forKey: Self.countKey(field)) }
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let named = try decoder.container(keyedBy: JSONKey.self)
        self.init()
        added = try c.decode(Int.self, forKey: .added)
        removed = try c.decode(Int.self, forKey: .removed)
        changed = try c.decode(Int.self, forKey: .changed)
        moved = try c.decodeIfPresent(Int.self, forKey: .moved) ?? 0
        unchanged = try c.decode(Int.self, forKey: .unchanged)
        senseSwitched = try c.decode(Int.self, forKey: .senseSwitched)
        definitionEdited = try c.decode(Int.self, forKey: .definitionEdited)
        translationsChanged = try c.decode(Int.self, forKey: .translationsChanged)
        rankMoved = try c.decode(Int.self, forKey: .rankMoved)
        provenanceChanged = try c.decode(Int.self, forKey: .provenanceChanged)
        metadataChanged = try c.decode(Int.self, forKey: .metadataChanged)
        schemaChanged = try c.decode(Bool.self, forKey: .schemaChanged)
        for field in CardField.diffLists { listsChanged[field] = try named.decode(Int.self, forKey: Self.countKey(field)) }
    }
}
