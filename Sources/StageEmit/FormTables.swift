import Foundation
import SQLiteDatabase
import ReleaseFormat
import VocabCore

/// The `inflections` and `forms` tables of a database whose cards are written (the release's
/// `words`, the dictionary's `entries`): each distinct inflection once, numbered in the order of
/// its tags, and each form of a card with the inflection that leads to it, in key order.
package enum FormTables {
    /// A form of the card of id `card`, read as `tags` (``WordForm/tags``) described as `description`.
    package struct Row: Sendable, Hashable {
        package var form: String
        package var card: Int
        package var tags: String
        package var description: String

        /// A row.
        package init(form: String, card: Int, tags: String, description: String) {
            self.form = form
            self.card = card
            self.tags = tags
            self.description = description
        }
    }

    /// Inserts `rows` into `db`'s `inflections` and `forms` (whose card column is `column`); with
    /// `weight`, each row's `rank` is its card's place among the cards of its form, the card of
    /// most weight first (ties: the lower id). Repeated rows are written once. Returns the rows written.
    @discardableResult
    static func insert(_ rows: [Row], into db: SQLiteConnection, column: String, weight: ((Int) -> Int)? = nil) throws -> Int {
        var descriptions: [String: String] = [:]
        for row in rows where descriptions[row.tags] == nil { descriptions[row.tags] = row.description }
        let tags = descriptions.keys.sorted()
        let inflectionIds = Dictionary(uniqueKeysWithValues: tags.enumerated().map { ($0.element, $0.offset + 1) })
        let addInflection = try db.makeStatement(sql: "INSERT INTO \(ReleaseSchema.inflectionsTable.name)(id, tags, description) VALUES (?, ?, ?)")
        for (index, tag) in tags.enumerated() { try addInflection.execute(arguments: [index + 1, tag, descriptions[tag] ?? ""]) }

        let keyed = Set(rows.map { Keyed(form: $0.form, card: $0.card, inflection: inflectionIds[$0.tags]!) })
            .sorted { ($0.form, $0.card, $0.inflection) < ($1.form, $1.card, $1.inflection) }
        let table = ReleaseSchema.formsTableName
        let addForm = try db.makeStatement(sql: weight == nil
            ? "INSERT INTO \(table)(form, \(column), inflectionId) VALUES (?, ?, ?)"
            : "INSERT INTO \(table)(form, \(column), inflectionId, rank) VALUES (?, ?, ?, ?)")
        var start = keyed.startIndex
        while start < keyed.endIndex {
            // One form's rows at a time: its cards ranked by weight.
            var end = start
            while end < keyed.endIndex, keyed[end].form == keyed[start].form { end += 1 }
            var ranks: [Int: Int] = [:]
            if let weight {
                let cards = Set(keyed[start..<end].map(\.card)).sorted { (-weight($0), $0) < (-weight($1), $1) }
                for (index, card) in cards.enumerated() { ranks[card] = index + 1 }
            }
            for row in keyed[start..<end] {
                if let rank = ranks[row.card] {
                    try addForm.execute(arguments: [row.form, row.card, row.inflection, rank])
                } else {
                    try addForm.execute(arguments: [row.form, row.card, row.inflection])
                }
            }
            start = end
        }
        return keyed.count
    }

    private struct Keyed: Hashable {
        var form: String
        var card: Int
        var inflection: Int
    }
}
