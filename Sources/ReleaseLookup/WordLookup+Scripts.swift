import CICUText
import Foundation
import ReleaseFormat
import Releases
import SQLiteDatabase
import VocabCore

/// Look-up for scripts written without spaces (issue 45): what `vocab lookup` asks once the name,
/// the translations and the inflected forms have found nothing. In Japanese and Chinese a
/// full-text token is a whole run of kana or ideographs (`unicode61` cuts at spaces and
/// punctuation only), so 日本 is no token of 日本語, and a learner types a word's reading (たべる)
/// as often as its name. So, on a table of schema 8 (`reading`, `<table>_trigram`):
/// 1. **the reading**: the cards whose reading is the input (たべる → 食べる; pinyin as the card
///    writes it, `zhōng wén`), through `<table>_fts`'s `reading` column, kept when the reading is
///    the input exactly (NFC; ASCII case aside);
/// 2. **a part of the name or reading**, for an input with a character of a script written
///    without spaces (``isWrittenWithoutSpaces(_:)``): the cards whose name or reading contains
///    the input (日本 → 日本語, 日本人), by ``WordSearch/substringQuery(table:)`` (the trigram
///    index for three characters or more, a `LIKE` for one or two), the card that is the input
///    first, then the shorter names, then frequency. A word of a language written with spaces is
///    a token already: a part of a longer word is another word (`nino` is no part of femenino
///    to a learner), and the close matches serve it better.
/// A release of an earlier schema has neither: nothing is found this way.
extension WordLookup {
    /// How a card was found by ``scriptMatches(_:_:database:table:fields:schemaVersion:card:)``.
    package enum ScriptMatch: String, Codable, Sendable {
        /// The card's reading is the input (たべる → 食べる).
        case reading
        /// The card's name or reading contains the input (日本 → 日本語, 日本人).
        case containing
    }

    /// Whether `input` has a character of a script written without spaces between words, by its
    /// line-breaking class (Unicode's UAX #14, through ICU): ideographic (Han, kana), a small kana,
    /// or complex context (Thai, Lao, Khmer, Myanmar). By the Unicode property, not a list of
    /// languages: pinyin and Latin, Cyrillic or Arabic letters are written with spaces.
    package static func isWrittenWithoutSpaces(_ input: String) -> Bool {
        input.unicodeScalars.contains { vocab_icu_breaks_without_spaces(Int32(bitPattern: $0.value)) != 0 }
    }

    /// Cards a substring search returns, at most (the trigram index of a large dictionary
    /// finds many compounds of a common character).
    static let substringCandidates = 50

    /// The cards of `table` (`words` or the dictionary's `entries`, in the database at `database`)
    /// found for `input` by the steps of this extension's comment (``CardTable/scriptMatches(_:_:)``),
    /// each card once, of `partOfSpeech` when given; `card` reads a row. Empty for an empty input
    /// and for a table without a `reading` column (schema 7 and earlier), the file then unread.
    ///
    /// - throws: `ReleaseReadError` for a database that cannot be read, or whose card table is
    ///   not the format's.
    package static func scriptMatches(
        _ input: String, _ partOfSpeech: PartOfSpeech?, database: URL, table: String, fields: [CardField],
        schemaVersion: Int32 = ReleaseSchema.version, card: @escaping (DatabaseRow) throws -> (WordCard, ReleaseWord?)
    ) throws -> [(match: ScriptMatch, card: WordCard, word: ReleaseWord?)] {
        guard !input.isEmpty, fields.contains(.reading) else { return [] }
        let cards = try CardTable(database, table: table, source: table == ReleaseSchema.cardTable ? .release : .dictionary, fields: fields,
                                  schemaVersion: schemaVersion) { row, _ in try card(row) }
        return try cards.scriptMatches(input, partOfSpeech).map { found in
            (match: found.match == .reading ? .reading : .containing, card: found.card, word: found.word)
        }
    }
}

extension CardTable {
    /// The cards found for `input` by ``WordLookup``'s script steps (the reading, then a part of
    /// the name or reading), each card once, of `partOfSpeech` when given; none for an empty
    /// input or a table without a `reading` column or a trigram index (schema 7 and earlier).
    func scriptMatches(_ input: String, _ partOfSpeech: PartOfSpeech?) throws -> [WordLookup.Found] {
        guard !input.isEmpty, fields.contains(.reading) else { return [] }
        let typed = input.precomposedStringWithCanonicalMapping
        let rows = try query { db -> [WordLookup.Found] in
            guard try db.tableExists("\(table)_trigram"), try db.tableExists("\(table)_fts") else { return [] }
            let byReading = try cards(ReleaseReader.cardRows(db, table: table, fields: fields, schemaVersion: schemaVersion, filter: """
                WHERE id IN (
                    SELECT rowid FROM \(table)_fts WHERE \(table)_fts MATCH 'reading : ' || ? ORDER BY rank LIMIT \(WordLookup.candidates))
                """, arguments: [WordSearch.phrase(typed)], checked: true, file: file.path))
                .filter { $0.card.reading.map { $0.lowercased() == typed.lowercased() } ?? false }
                .map { WordLookup.Found(source: source, match: .reading, card: $0.card, word: $0.word) }
            guard WordLookup.isWrittenWithoutSpaces(typed) else { return byReading }
            let ids = try Int64.fetchAll(db, sql: "SELECT id FROM (\(WordSearch.substringQuery(table: table)))",
                                         arguments: ["input": typed, "limit": WordLookup.substringCandidates])
            guard !ids.isEmpty else { return byReading }
            let position = Dictionary(ids.enumerated().map { (Int($0.element), $0.offset) }, uniquingKeysWith: { first, _ in first })
            let containing = try cards(ReleaseReader.cardRows(
                db, table: table, fields: fields, schemaVersion: schemaVersion,
                filter: "WHERE id IN (\(ids.map { _ in "?" }.joined(separator: ", ")))", arguments: SQLiteArguments(ids),
                checked: true, file: file.path))
                .stablySorted { position[$0.id] ?? Int.max < position[$1.id] ?? Int.max }
                .map { WordLookup.Found(source: source, match: .containing, card: $0.card, word: $0.word) }
            return byReading + containing
        }
        var seen = Set<String>()
        return rows.filter { found in
            (partOfSpeech == nil || found.card.partOfSpeech == partOfSpeech)
                && seen.insert("\(found.card.lemma)\u{0}\(found.card.partOfSpeech.rawValue)\u{0}\(found.card.provenance.entryId)").inserted
        }
    }
}
