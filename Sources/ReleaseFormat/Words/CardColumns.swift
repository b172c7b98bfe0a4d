import VocabCore

/// A value of a database column, without a database library: the emitter binds it, the
/// validator compares with it.
public enum SQLValue: Sendable, Equatable {
    /// An INTEGER.
    case integer(Int64)
    /// A TEXT.
    case text(String)
    /// NULL.
    case null

    /// `.text(value)`, or `.null` for nil.
    static func text(_ value: String?) -> SQLValue { value.map(SQLValue.text) ?? .null }
    /// `.integer(value)`, or `.null` for nil.
    static func integer<I: BinaryInteger>(_ value: I?) -> SQLValue { value.map { .integer(Int64($0)) } ?? .null }
}

/// A card's row in a card table (`words`, `entries`), column by column: the one mapping of
/// card fields to columns, used by the emitter to write and by the validator to check.
public enum CardColumns {
    /// `words.translations`: every target language in order (even with no lemma), compact JSON.
    public static func translationsJSON(_ card: WordCard, targetLanguages: [String]) -> String {
        JSONValue.object(targetLanguages.map { ($0, JSONValue.strings(card.translations(for: $0))) }).compact
    }

    /// The values of `card`'s columns (card text, provenance, search), by column name.
    public static func cardValues(_ card: WordCard, targetLanguages: [String]) -> [String: SQLValue] {
        let p = card.provenance
        return [
            "name": .text(card.lemma), "pos": .text(card.partOfSpeech.rawValue), "definition": .text(card.definition),
            "translations": .text(translationsJSON(card, targetLanguages: targetLanguages)),
            "synonyms": .text(JSONValue.strings(card.synonyms).compact),
            "sentences": .text(JSONValue.strings(card.examples).compact),
            "lexicon": .text(p.lexicon), "entry": .text(p.entryId), "sense": .text(p.senseId), "synset": .text(p.synsetId),
            "ili": .text(p.ili), "senseRank": .integer(p.senseRank),
            "searchTranslations": .text(WordSearch.translationText(card)), "searchFolded": .text(WordSearch.foldedText(card)),
        ]
    }

    /// A release word's `words` row, in the table's column order.
    public static func wordRow(_ word: ReleaseWord, targetLanguages: [String]) -> [SQLValue] {
        var values = cardValues(word.card, targetLanguages: targetLanguages)
        values["id"] = .integer(word.id)
        values["freq"] = .integer(word.frequency)
        values["rank"] = .integer(word.rank)
        values["band"] = .integer(word.band)
        values["sourceLemma"] = .text(word.sourceLemma)
        return ReleaseSchema.database.table(ReleaseSchema.cardTable)!.columns.map { values[$0.name] ?? .null }
    }

    /// A dictionary entry's `entries` row, in the table's column order.
    public static func entryRow(id: Int, _ card: WordCard, targetLanguages: [String]) -> [SQLValue] {
        var values = cardValues(card, targetLanguages: targetLanguages)
        values["id"] = .integer(id)
        return DictionarySchema.database.table(DictionarySchema.cardTable)!.columns.map { values[$0.name] ?? .null }
    }

    /// `INSERT INTO table(columns...) VALUES (?, ...)` for every column of `table`.
    public static func insertStatement(_ table: SQLTable) -> String {
        "INSERT INTO \(table.name)(\(table.columns.map(\.name).joined(separator: ", "))) VALUES ("
            + Array(repeating: "?", count: table.columns.count).joined(separator: ", ") + ")"
    }

    /// The dictionary's cards in their order: folded name, name, part of speech, entry id (a
    /// locale-independent order: a collation would cost seconds over a whole lexicon).
    public static func dictionaryOrder(_ cards: [WordCard]) -> [WordCard] {
        cards.map { (key: WordSearch.folded($0.lemma), card: $0) }
            .sorted { ($0.key, $0.card.lemma, $0.card.partOfSpeech, $0.card.provenance.entryId)
                < ($1.key, $1.card.lemma, $1.card.partOfSpeech, $1.card.provenance.entryId) }
            .map(\.card)
    }
}
