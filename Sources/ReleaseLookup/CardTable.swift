import Foundation
import SQLiteDatabase
import ReleaseFormat
import Releases
import VocabCore

/// One card table a look-up reads (the release's `words`, the dictionary's `entries`), on a
/// read-only connection opened once, its tables checked once: the queries of ``WordLookup``.
final class CardTable {
    /// Reads a card (and the release word, for `words`) from a row of the table's fields.
    typealias Reader = (DatabaseRow, [CardField]) throws -> (WordCard, ReleaseWord?)

    let file: URL
    let table: String
    let source: WordLookup.Source
    let fields: [CardField]
    let schemaVersion: Int32
    /// How a name is folded when typed without accents, as the release's `searchFolded` was made
    /// (``SearchFolding/nameFolding(schemaVersion:sourceLanguage:)``).
    let folded: @Sendable (String) -> String
    private let read: Reader
    private let db: SQLiteConnection
    /// The schema of the forms table: `inflected` (schema 8: keyed by form, with inflections),
    /// `legacy` (a dictionary of schema 6 or 7: entryId and form), or none.
    private let forms: FormsLayout

    enum FormsLayout { case none, legacy, inflected }

    init(
        _ file: URL, table: String, source: WordLookup.Source, fields: [CardField], schemaVersion: Int32,
        folded: @escaping @Sendable (String) -> String = WordSearch.folded, read: @escaping Reader
    ) throws {
        self.file = file
        self.folded = folded
        self.table = table
        self.source = source
        self.fields = fields
        self.schemaVersion = schemaVersion
        self.read = read
        do {
            db = try SQLiteConnection(path: file.path, readOnly: true)
        } catch let error as SQLiteError {
            throw ReleaseReadError(file: file.path, .unreadableDatabase(error.message))
        }
        if schemaVersion >= 8 {
            forms = .inflected
        } else if source == .dictionary, schemaVersion >= 6 {
            forms = .legacy
        } else {
            forms = .none
        }
        try query { db in
            _ = try ReleaseReader.cardRows(db, table: table, fields: fields, schemaVersion: schemaVersion, filter: "WHERE 0", file: file.path)
            try TableCheck.check(db, table: "\(table)_fts", columns: [], file: file.path)
            switch forms {
            case .inflected:
                let schema = source == .release ? ReleaseSchema.database : DictionarySchema.database
                for name in [ReleaseSchema.formsTableName, ReleaseSchema.inflectionsTable.name] {
                    try TableCheck.check(db, table: name, columns: schema.tables.first { $0.name == name }?.columns ?? [], file: file.path)
                }
            case .legacy:
                try TableCheck.check(db, table: ReleaseSchema.formsTableName, columns: [.text("form"), .integer("entryId")], file: file.path)
            case .none: break
            }
        }
    }

    deinit { try? db.close() }

    /// The cards of `rows` (card rows of this table).
    func cards(_ rows: [DatabaseRow]) throws -> [(id: Int, card: WordCard, word: ReleaseWord?)] {
        try rows.map { row in
            let (card, word) = try read(row, fields)
            return (try row.int("id"), card, word)
        }
    }

    /// The rows whose name is `input` (any case), then those whose name is `input` without
    /// accents; candidates come from the full-text index.
    func named(_ input: String, _ partOfSpeech: PartOfSpeech?) throws -> [WordLookup.Found] {
        let rows = try query { db in
            // The most relevant candidates (FTS5's rank); the cards in id order: by frequency in the release.
            try cards(ReleaseReader.cardRows(db, table: table, fields: fields, schemaVersion: schemaVersion, filter: """
                WHERE id IN (
                    SELECT rowid FROM \(table)_fts WHERE \(table)_fts MATCH 'name : ' || ? ORDER BY rank LIMIT \(WordLookup.candidates))
                 OR id IN (
                    SELECT rowid FROM \(table)_fts WHERE \(table)_fts MATCH 'searchFolded : ' || ? ORDER BY rank LIMIT \(WordLookup.candidates))
                """, arguments: [WordSearch.phrase(input), WordSearch.phrase(input)], checked: true, file: file.path))
        }
        let lowered = input.lowercased()
        var exact: [WordLookup.Found] = [], unaccented: [WordLookup.Found] = []
        for (_, card, word) in rows where partOfSpeech == nil || card.partOfSpeech == partOfSpeech {
            if card.lemma.lowercased() == lowered {
                exact.append(WordLookup.Found(source: source, match: .exact, card: card, word: word))
            } else if folded(card.lemma) == lowered {
                unaccented.append(WordLookup.Found(source: source, match: .unaccented, card: card, word: word))
            }
        }
        return exact + unaccented
    }

    /// The card named `name` exactly, of `partOfSpeech`; nil when there is none.
    func word(named name: String, _ partOfSpeech: PartOfSpeech) throws -> WordLookup.Found? {
        let rows = try query { db in
            try cards(ReleaseReader.cardRows(
                db, table: table, fields: fields, schemaVersion: schemaVersion, filter: "WHERE name = ? AND pos = ?",
                arguments: [name, partOfSpeech.rawValue], checked: true, file: file.path))
        }
        return rows.first.map { WordLookup.Found(source: source, match: .exact, card: $0.card, word: $0.word) }
    }

    /// The rows one of whose translations is `input` (any case, accents as typed), by relevance,
    /// then frequency (id order); candidates come from the full-text index's `searchTranslations`.
    func translated(_ input: String, _ partOfSpeech: PartOfSpeech?) throws -> [WordLookup.Found] {
        guard fields.contains(.searchTranslations) else { return [] }
        let rows = try query { db in
            try cards(ReleaseReader.cardRows(db, table: table, fields: fields, schemaVersion: schemaVersion, filter: """
                JOIN (
                    SELECT rowid AS hit, rank AS relevance FROM \(table)_fts
                     WHERE \(table)_fts MATCH 'searchTranslations : ' || ? ORDER BY rank LIMIT \(WordLookup.candidates)
                ) ON hit = \(table).id
                """, arguments: [WordSearch.phrase(input)], order: "relevance, \(table).id", checked: true, file: file.path))
        }
        let lowered = input.lowercased()
        return rows.filter { _, card, _ in
            (partOfSpeech == nil || card.partOfSpeech == partOfSpeech)
                && card.translations.contains { $0.lemmas.contains { $0.lowercased() == lowered } }
        }.map { WordLookup.Found(source: source, match: .translation, card: $0.card, word: $0.word) }
    }

    /// The cards `input` is a form of, with the readings that lead to each: the release's words
    /// by frequency (id), the dictionary's entries by their rank among the form's; any case
    /// (``WordForm/key(_:)``; a dictionary before schema 8, SQLite's `NOCASE`).
    func forms(of input: String, _ partOfSpeech: PartOfSpeech?) throws -> [WordLookup.Found] {
        let formsTable = ReleaseSchema.formsTableName
        let sql: String, key: String
        switch forms {
        case .none: return []
        case .legacy:
            (sql, key) = ("SELECT entryId AS card, '' AS tags, '' AS description FROM \(formsTable) WHERE form = ? COLLATE NOCASE ORDER BY entryId", input)
        case .inflected:
            (sql, key) = (FormSearch.readingsQuery(table: table), WordForm.key(input))
        }
        return try query { db in
            var order: [Int] = [], readings: [Int: [WordLookup.Inflection]] = [:]
            try DatabaseRow.forEach(db, sql: sql, arguments: [key], table: formsTable, keyColumn: "card", file: file.path) { row in
                let card = try row.int("card")
                if readings[card] == nil { order.append(card) }
                let inflection = WordLookup.Inflection(tags: try row.text("tags"), description: try row.text("description"))
                // A form whose source says nothing of its reading (a lexicon's `Form`) has none to show.
                var known = readings[card] ?? []
                if !inflection.tags.isEmpty || !inflection.description.isEmpty { known.append(inflection) }
                readings[card] = known
            }
            guard !order.isEmpty else { return [] }
            let found = try cards(ReleaseReader.cardRows(
                db, table: table, fields: fields, schemaVersion: schemaVersion,
                filter: "WHERE id IN (\(order.map { _ in "?" }.joined(separator: ", ")))", arguments: SQLiteArguments(order),
                checked: true, file: file.path))
            let byId = Dictionary(found.map { ($0.id, $0) }) { first, _ in first }
            return order.compactMap { byId[$0] }.filter { partOfSpeech == nil || $0.card.partOfSpeech == partOfSpeech }.map {
                WordLookup.Found(source: source, match: .form, card: $0.card, word: $0.word, inflections: readings[$0.id] ?? [])
            }
        }
    }

    /// Runs `body` in a read transaction; SQLite's errors as ``ReleaseReadError``s naming the file.
    func query<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        do {
            return try db.read(body)
        } catch let error as ReleaseReadError {
            throw error
        } catch let error as SQLiteError {
            throw ReleaseReadError(file: file.path, .unreadableDatabase(error.message))
        }
    }
}
