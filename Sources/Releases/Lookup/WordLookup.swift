import Foundation
import GRDB
import ReleaseFormat
import VocabCore

/// `vocab lookup`: the card of a word, from the release's words first, then from its dictionary
/// (every entry of the source lexicon). Case-insensitive, with search's accent rules: the word
/// as typed (any case), then typed without accents (`naive` finds `naïve`; `año` never finds `ano`).
package enum WordLookup {
    /// Where a card was found.
    package enum Source: String, Codable, Sendable {
        /// The release's `words`.
        case release
        /// The dictionary's `entries`.
        case dictionary
    }

    /// How the word matched the name.
    package enum Match: String, Codable, Sendable {
        /// The same letters, any case.
        case exact
        /// Typed without the name's accents.
        case unaccented
    }

    /// A card found.
    package struct Found: Sendable, Equatable {
        /// Where it was found.
        package var source: Source
        /// How it matched.
        package var match: Match
        /// The card.
        package var card: WordCard
        /// The release word (band, rank, frequency), when found in the release.
        package var word: ReleaseWord?
    }

    /// Close matches offered when nothing is found, at most.
    static let suggestions = 5
    /// Rows a phrase query returns as candidates, at most.
    static let candidates = 200

    /// The cards of `word` (with `partOfSpeech` when given) in the release folder `release`:
    /// those of the release's words when any matches, else those of the dictionary; exact
    /// matches before unaccented ones. Throws ``LookupError`` when there is none.
    package static func lookup(_ word: String, partOfSpeech: PartOfSpeech?, in release: URL) throws -> [Found] {
        let opened = try PublishedRelease.open(release)
        let languages = opened.targetLanguages
        let input = word.trimmingCharacters(in: .whitespacesAndNewlines)
        let fields = ReleaseSchema.fields(schemaVersion: max(2, opened.userVersion))
        var found = try matches(input, partOfSpeech, database: opened.database, table: ReleaseSchema.cardTable, fields: fields) { row in
            let word = try ReleaseReader.word(row, fields: fields, targetLanguages: languages)
            return (word.card, word)
        }.map { Found(source: .release, match: $0.match, card: $0.card, word: $0.word) }
        if found.isEmpty, let dictionary = opened.dictionary {
            let entryFields = DictionarySchema.fields(schemaVersion: max(2, opened.userVersion))
            found = try matches(input, partOfSpeech, database: dictionary, table: DictionarySchema.cardTable, fields: entryFields) { row in
                (try ReleaseReader.entry(row, fields: entryFields, targetLanguages: languages), nil)
            }.map { Found(source: .dictionary, match: $0.match, card: $0.card, word: nil) }
        }
        guard found.isEmpty else { return found }
        var names = try foldedNames(opened.database, table: ReleaseSchema.cardTable)
        if let dictionary = opened.dictionary { names += try foldedNames(dictionary, table: DictionarySchema.cardTable) }
        throw LookupError(
            file: release.path, item: nil,
            .notFound(word: word, partOfSpeech: partOfSpeech?.rawValue, dictionary: opened.dictionary != nil,
                      suggestions: closeMatches(to: input, among: names)))
    }

    /// The rows of `table` whose name is `input` (any case), then those whose name is `input`
    /// without accents; candidates come from the full-text index.
    static func matches(
        _ input: String, _ partOfSpeech: PartOfSpeech?, database: URL, table: String, fields: [CardField],
        card: (DatabaseRow) throws -> (WordCard, ReleaseWord?)
    ) throws -> [(match: Match, card: WordCard, word: ReleaseWord?)] {
        guard !input.isEmpty else { return [] }
        let rows = try read(database) { db in
            try TableCheck.check(db, table: "\(table)_fts", columns: [], file: database.path)
            return try ReleaseReader.cardRows(db, table: table, fields: fields, filter: """
                WHERE id IN (
                    SELECT rowid FROM \(table)_fts WHERE \(table)_fts MATCH 'name : ' || ? LIMIT \(candidates))
                 OR id IN (
                    SELECT rowid FROM \(table)_fts WHERE \(table)_fts MATCH 'searchFolded : ' || ? LIMIT \(candidates))
                """, arguments: [WordSearch.phrase(input), WordSearch.phrase(input)], file: database.path)
                .map(card)
        }
        let lowered = input.lowercased()
        var exact: [(Match, WordCard, ReleaseWord?)] = [], unaccented: [(Match, WordCard, ReleaseWord?)] = []
        for (card, word) in rows where partOfSpeech == nil || card.partOfSpeech == partOfSpeech {
            if card.lemma.lowercased() == lowered {
                exact.append((.exact, card, word))
            } else if WordSearch.folded(card.lemma) == lowered {
                unaccented.append((.unaccented, card, word))
            }
        }
        return (exact + unaccented).map { (match: $0.0, card: $0.1, word: $0.2) }
    }

    /// Every distinct name of `table`, folded (the first line of `searchFolded`).
    static func foldedNames(_ database: URL, table: String) throws -> [(name: String, folded: String)] {
        try read(database) { db in
            try TableCheck.check(db, table: table, columns: [CardField.name.column, CardField.searchFolded.column], file: database.path)
            return try DatabaseRow.fetchAll(db, sql: """
                SELECT DISTINCT name, substr(searchFolded, 1, instr(searchFolded || char(10), char(10)) - 1) AS folded FROM \(table)
                """, table: table, keyColumn: "", file: database.path)
                .map { (name: try $0.optionalText("name") ?? "", folded: try $0.optionalText("folded") ?? "") }
        }
    }

    /// The names closest to `input` by edit distance (at most 2, and at most a third of the
    /// word's length), compared folded: nearest first, then alphabetically.
    static func closeMatches(to input: String, among names: [(name: String, folded: String)]) -> [String] {
        let target = Array(WordSearch.folded(input))
        let limit = max(1, min(2, target.count / 3))
        var scored: [(distance: Int, name: String)] = []
        var seen = Set<String>()
        for (name, folded) in names where seen.insert(name).inserted {
            if let distance = EditDistance.distance(target, Array(folded), limit: limit) { scored.append((distance, name)) }
        }
        return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(suggestions).map(\.name)
    }

    static func read<T>(_ database: URL, _ body: (Database) throws -> T) throws -> T {
        do {
            return try ReleaseReader.readOnly(database, body)
        } catch let error as ReleaseReadError {
            throw error
        } catch let error as DatabaseError {
            throw ReleaseReadError(file: database.path, .unreadableDatabase(error.message ?? "\(error.resultCode)"))
        }
    }
}
