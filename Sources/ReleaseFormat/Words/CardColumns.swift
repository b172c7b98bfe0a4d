import VocabCore
import VocabJSON

/// A value of a database column, without a database library: the emitter binds it, the
/// validator compares with it.
package enum SQLValue: Sendable, Equatable {
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

/// A card's row in a card table (`words`, `entries`), column by column from the card fields
/// (``CardField``), used by the emitter to write and by the validator to check.
package enum CardColumns {
    /// `words.translations`: every target language in order (even with no lemma), compact JSON.
    package static func translationsJSON(_ card: WordCard, targetLanguages: [String]) -> String {
        translationsJSON(card.translations, targetLanguages: targetLanguages)
    }

    /// `translations` as the column writes them: an object of every target language, in order,
    /// to its lemmas (or sources: any list per language).
    package static func translationsJSON(_ translations: [Translation], targetLanguages: [String]) -> String {
        // The compact rendering of an object of string lists, written directly as UTF-8 (twice
        // per row of the dictionary's 136,000).
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (index, language) in targetLanguages.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.writeString(language, into: &out)
            out.append(UInt8(ascii: ":"))
            JSONValue.writeCompactStrings(translations.first { $0.language == language }?.lemmas ?? [], into: &out)
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    /// A release word's `words` row, in the table's column order; `folding` folds its search column.
    package static func wordRow(_ word: ReleaseWord, targetLanguages: [String], folding: SearchFolding) -> [SQLValue] {
        ReleaseSchema.fields.map { $0.sqlValue(id: word.id, card: word.card, word: word, languages: targetLanguages, folding: folding) }
    }

    /// A dictionary entry's `entries` row, in the table's column order; `folding` folds its search column.
    package static func entryRow(id: Int, _ card: WordCard, targetLanguages: [String], folding: SearchFolding) -> [SQLValue] {
        DictionarySchema.fields.map { $0.sqlValue(id: id, card: card, word: nil, languages: targetLanguages, folding: folding) }
    }

    /// `INSERT INTO table(columns...) VALUES (?, ...)` for every column of `table`.
    package static func insertStatement(_ table: SQLTable) -> String {
        "INSERT INTO \(table.name)(\(table.columns.map(\.name).joined(separator: ", "))) VALUES ("
            + Array(repeating: "?", count: table.columns.count).joined(separator: ", ") + ")"
    }

    /// The dictionary's cards in their order (see ``dictionaryOrder(_:lemma:partOfSpeech:entryId:)``).
    package static func dictionaryOrder(_ cards: [WordCard]) -> [WordCard] {
        dictionaryOrder(cards, lemma: \.lemma, partOfSpeech: \.partOfSpeech, entryId: \.provenance.entryId)
    }

    /// `items` (cards, or the entries they are made of) in the dictionary's order: folded name,
    /// name, part of speech, entry id (a locale-independent order: a collation would cost
    /// seconds over a whole lexicon).
    package static func dictionaryOrder<Item>(
        _ items: [Item], lemma: (Item) -> String, partOfSpeech: (Item) -> PartOfSpeech, entryId: (Item) -> String
    ) -> [Item] {
        // The keys are read once and the positions sorted, not the items: over a whole lexicon,
        // reading the keys in every comparison and moving the entries cost more than the sort.
        // The names and their folds are packed side by side, not held as two Swift strings each
        // (a whole lexicon's were 7 MB at the dictionary's start, the build's peak). The entry
        // id is read only when all the rest is equal (rarely).
        var names = PackedStrings(capacity: items.count), keys = PackedStrings(capacity: items.count)
        for item in items {
            let name = lemma(item)
            names.append(name)
            keys.append(WordSearch.folded(name))
        }
        let parts = items.map { UInt8(PartOfSpeech.allCases.firstIndex(of: partOfSpeech($0))!) }
        let order = StableSort.positions(items.count) { left, right in
            switch keys.compare(left, right) {
            case .less: return true
            case .greater: return false
            case .equal: break
            }
            switch names.compare(left, right) {
            case .less: return true
            case .greater: return false
            case .equal: break
            }
            if parts[left] != parts[right] { return parts[left] < parts[right] }
            return entryId(items[left]) < entryId(items[right])
        }
        return order.map { items[$0] }
    }
}
