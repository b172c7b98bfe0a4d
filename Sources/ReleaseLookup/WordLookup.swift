import Foundation
import SQLiteDatabase
import ReleaseFormat
import Releases
import VocabCore

/// `vocab lookup`: the card of a word, from the release's words first, then from its dictionary
/// (every entry of the source lexicon). Case-insensitive, with search's accent rules: the word
/// as typed (any case), then typed without accents (`naive` finds `naïve`; `año` never finds `ano`);
/// a word of no card's name is then looked for among the translations, the learner's language
/// (`año` finds year in an English release for Spanish speakers; accents are kept: `ano` does not);
/// then among the inflected forms the dictionary lists (`was` finds be, `criteria` criterion);
/// then close matches are suggested.
///
/// The dictionary service can run the same queries on the SQLite files, in this order, each on
/// `words` (`<name>.sqlite`) first, then on `entries` (`<name>-dictionary.sqlite`):
/// 1. the headword: candidates from the full-text index
///    (`SELECT rowid FROM <table>_fts WHERE <table>_fts MATCH 'name : "<word>"' ORDER BY rank`,
///    then the same with `searchFolded : ...`), kept when the card's name is the word (any case),
///    then when it is the word without accents;
/// 2. the learner's language: `MATCH 'searchTranslations : "<word>"' ORDER BY rank`, kept when one
///    of the card's translations is the word (any case, accents as typed), by relevance, then
///    frequency (`id`);
/// 3. an inflected form: `SELECT DISTINCT e.name, e.pos FROM forms f JOIN entries e ON e.id = f.entryId
///    WHERE f.form = :word COLLATE NOCASE` in the dictionary, then the words of those names and
///    parts of speech (`SELECT * FROM words WHERE name = :name AND pos = :pos`), else those entries.
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
        /// One of the card's translations (the learner's language), any case, accents as typed.
        case translation
        /// An inflected form of the card's name (the dictionary's `forms`: `was` of be), any case.
        case form
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
        var found = try matches(input, partOfSpeech, database: opened.database, table: ReleaseSchema.cardTable, fields: fields,
                                schemaVersion: opened.userVersion) { row in
            let word = try ReleaseReader.word(row, fields: fields, targetLanguages: languages)
            return (word.card, word)
        }.map { Found(source: .release, match: $0.match, card: $0.card, word: $0.word) }
        if found.isEmpty, let dictionary = opened.dictionary {
            let entryFields = DictionarySchema.fields(schemaVersion: max(2, opened.userVersion))
            found = try matches(input, partOfSpeech, database: dictionary, table: DictionarySchema.cardTable, fields: entryFields) { row in
                (try ReleaseReader.entry(row, fields: entryFields, targetLanguages: languages), nil)
            }.map { Found(source: .dictionary, match: $0.match, card: $0.card, word: nil) }
        }
        if found.isEmpty {
            found = try translationMatches(input, partOfSpeech, database: opened.database, table: ReleaseSchema.cardTable, fields: fields,
                                           schemaVersion: opened.userVersion) { row in
                let word = try ReleaseReader.word(row, fields: fields, targetLanguages: languages)
                return (word.card, word)
            }.map { Found(source: .release, match: .translation, card: $0.card, word: $0.word) }
        }
        if found.isEmpty, let dictionary = opened.dictionary {
            let entryFields = DictionarySchema.fields(schemaVersion: max(2, opened.userVersion))
            found = try translationMatches(input, partOfSpeech, database: dictionary, table: DictionarySchema.cardTable, fields: entryFields) { row in
                (try ReleaseReader.entry(row, fields: entryFields, targetLanguages: languages), nil)
            }.map { Found(source: .dictionary, match: .translation, card: $0.card, word: nil) }
        }
        if found.isEmpty, let dictionary = opened.dictionary, opened.userVersion >= 6 {
            found = try formMatches(input, partOfSpeech, release: opened, dictionary: dictionary)
        }
        guard found.isEmpty else { return found }
        var names = try foldedNames(opened.database, table: ReleaseSchema.cardTable, banded: true)
        if let dictionary = opened.dictionary { names += try foldedNames(dictionary, table: DictionarySchema.cardTable, banded: false) }
        throw LookupError(
            file: release.path, item: nil,
            .notFound(word: word, partOfSpeech: partOfSpeech?.rawValue, dictionary: opened.dictionary != nil,
                      suggestions: closeMatches(to: input, among: names)))
    }

    /// The rows of `table` whose name is `input` (any case), then those whose name is `input`
    /// without accents; candidates come from the full-text index.
    static func matches(
        _ input: String, _ partOfSpeech: PartOfSpeech?, database: URL, table: String, fields: [CardField],
        schemaVersion: Int32 = ReleaseSchema.version, card: (DatabaseRow) throws -> (WordCard, ReleaseWord?)
    ) throws -> [(match: Match, card: WordCard, word: ReleaseWord?)] {
        guard !input.isEmpty else { return [] }
        let rows = try read(database) { db in
            try TableCheck.check(db, table: "\(table)_fts", columns: [], file: database.path)
            // The most relevant candidates (FTS5's rank); the cards in id order: by frequency in the release.
            return try ReleaseReader.cardRows(db, table: table, fields: fields, schemaVersion: schemaVersion, filter: """
                WHERE id IN (
                    SELECT rowid FROM \(table)_fts WHERE \(table)_fts MATCH 'name : ' || ? ORDER BY rank LIMIT \(candidates))
                 OR id IN (
                    SELECT rowid FROM \(table)_fts WHERE \(table)_fts MATCH 'searchFolded : ' || ? ORDER BY rank LIMIT \(candidates))
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

    /// The rows of `table` one of whose translations is `input` (any case, accents as typed),
    /// by relevance, then frequency (id order); candidates come from the full-text index's
    /// `searchTranslations`.
    static func translationMatches(
        _ input: String, _ partOfSpeech: PartOfSpeech?, database: URL, table: String, fields: [CardField],
        schemaVersion: Int32 = ReleaseSchema.version, card: (DatabaseRow) throws -> (WordCard, ReleaseWord?)
    ) throws -> [(card: WordCard, word: ReleaseWord?)] {
        guard !input.isEmpty, fields.contains(.searchTranslations) else { return [] }
        let rows = try read(database) { db in
            try TableCheck.check(db, table: "\(table)_fts", columns: [], file: database.path)
            return try ReleaseReader.cardRows(db, table: table, fields: fields, schemaVersion: schemaVersion, filter: """
                JOIN (
                    SELECT rowid AS hit, rank AS relevance FROM \(table)_fts
                     WHERE \(table)_fts MATCH 'searchTranslations : ' || ? ORDER BY rank LIMIT \(candidates)
                ) ON hit = \(table).id
                """, arguments: [WordSearch.phrase(input)], order: "relevance, \(table).id", file: database.path)
                .map(card)
        }
        let lowered = input.lowercased()
        return rows.filter { card, _ in
            (partOfSpeech == nil || card.partOfSpeech == partOfSpeech)
                && card.translations.contains { $0.lemmas.contains { $0.lowercased() == lowered } }
        }.map { (card: $0.0, word: $0.1) }
    }

    /// The cards `input` is an inflected form of (any case, as SQLite's `NOCASE`: ASCII letters),
    /// through the dictionary's `forms`: the release's words of those names and parts of speech,
    /// else the dictionary's entries.
    static func formMatches(_ input: String, _ partOfSpeech: PartOfSpeech?, release: PublishedRelease, dictionary: URL) throws -> [Found] {
        guard !input.isEmpty else { return [] }
        let languages = release.targetLanguages
        let entryFields = DictionarySchema.fields(schemaVersion: release.userVersion)
        let forms = DictionarySchema.formsTable, entries = DictionarySchema.cardTable
        let cards = try read(dictionary) { db in
            try TableCheck.check(db, table: forms, columns: DictionarySchema.database.tables.first { $0.name == forms }?.columns ?? [],
                                 file: dictionary.path)
            return try ReleaseReader.cardRows(db, table: entries, fields: entryFields, schemaVersion: release.userVersion, filter: """
                WHERE id IN (SELECT entryId FROM \(forms) WHERE form = ? COLLATE NOCASE)
                """, arguments: [input], file: dictionary.path)
                .map { try ReleaseReader.entry($0, fields: entryFields, targetLanguages: languages) }
                .filter { partOfSpeech == nil || $0.partOfSpeech == partOfSpeech }
        }
        guard !cards.isEmpty else { return [] }
        // The release's words of those names and parts of speech first.
        let lemmas = Set(cards.map(\.lemma)).stablySorted()
        let wanted = Set(cards.map { "\($0.lemma)\u{0}\($0.partOfSpeech.rawValue)" })
        let fields = ReleaseSchema.fields(schemaVersion: max(2, release.userVersion))
        let words = try read(release.database) { db in
            try ReleaseReader.cardRows(
                db, table: ReleaseSchema.cardTable, fields: fields, schemaVersion: release.userVersion,
                filter: "WHERE name IN (\(lemmas.map { _ in "?" }.joined(separator: ", ")))",
                arguments: SQLiteArguments(lemmas), file: release.database.path)
                .map { try ReleaseReader.word($0, fields: fields, targetLanguages: languages) }
                .filter { wanted.contains("\($0.card.lemma)\u{0}\($0.card.partOfSpeech.rawValue)") }
        }
        if !words.isEmpty { return words.map { Found(source: .release, match: .form, card: $0.card, word: $0) } }
        return cards.map { Found(source: .dictionary, match: .form, card: $0, word: nil) }
    }

    /// A name of the release or its dictionary, folded (the first line of `searchFolded`), with
    /// its best frequency band (nil for a dictionary entry).
    typealias Name = (name: String, folded: String, band: Int?)

    /// Every distinct name of `table`, folded, with its best band when `banded` (the release's words).
    static func foldedNames(_ database: URL, table: String, banded: Bool) throws -> [Name] {
        try read(database) { db in
            let band = CardField.band.key
            try TableCheck.check(db, table: table, columns: [CardField.name.column, CardField.searchFolded.column] + (banded ? [CardField.band.column] : []),
                                 file: database.path)
            return try DatabaseRow.fetchAll(db, sql: """
                SELECT name, substr(searchFolded, 1, instr(searchFolded || char(10), char(10)) - 1) AS folded\(banded ? ", min(\(band)) AS band" : "")
                FROM \(table) GROUP BY name, folded
                """, table: table, keyColumn: "", file: database.path)
                .map { (name: try $0.optionalText("name") ?? "", folded: try $0.optionalText("folded") ?? "",
                        band: banded ? try $0.optionalInteger("band").map(Int.init) : nil) }
        }
    }

    /// The names closest to `input` by edit distance (at most 2, and at most a third of the
    /// word's length; a swap of two letters is one edit), compared folded: nearest first, then
    /// the more frequent (the release's words by band, then the dictionary's), then alphabetically.
    static func closeMatches(to input: String, among names: [Name]) -> [String] {
        let target = Array(WordSearch.folded(input))
        let limit = max(1, min(2, target.count / 3))
        var scored: [String: (distance: Int, band: Int)] = [:]
        for (name, folded, band) in names {
            guard let distance = EditDistance.distance(target, Array(folded), limit: limit) else { continue }
            let score = (distance, band ?? Int.max)
            if let known = scored[name], (known.distance, known.band) <= score { continue }
            scored[name] = score
        }
        return scored.stablySorted { ($0.value.distance, $0.value.band, $0.key) < ($1.value.distance, $1.value.band, $1.key) }
            .prefix(suggestions).map(\.key)
    }

    static func read<T>(_ database: URL, _ body: (SQLiteConnection) throws -> T) throws -> T {
        do {
            return try ReleaseReader.readOnly(database, body)
        } catch let error as ReleaseReadError {
            throw error
        } catch let error as SQLiteError {
            throw ReleaseReadError(file: database.path, .unreadableDatabase(error.message))
        }
    }
}
