/// The look-up of a form a learner reads (schema 8): the cards of the words it is a form of, from
/// the `forms` table alone (no analyzer at run time), with the readings that lead to each. What
/// `vocab lookup` runs (in two steps: ``readingsQuery(table:)``, then the cards) and SCHEMA.md
/// documents (``query(table:)``, generated from here).
///
/// The form is bound as the table stores it: lower-cased (Unicode, not SQLite's ASCII `lower()`)
/// and composed (NFC), as `WordForm.key` makes it (`Fue` → `fue`).
package enum FormSearch {
    /// The card table's column in `forms`, and the order of a form's cards: the release's words
    /// by frequency (their id), the dictionary's entries by their rank among the form's.
    private static func layout(_ table: String) -> (column: String, order: String) {
        table == ReleaseSchema.cardTable ? ("wordId", "f.wordId") : ("entryId", "f.rank")
    }

    /// The cards `:form` is a form of in `table` (`words` or `entries`), whole, each row with the
    /// tags and description of one reading that leads to it: most frequent card first, its
    /// readings in the order of their tags.
    package static func query(table: String) -> String {
        let (column, order) = layout(table)
        return """
            SELECT c.*, i.tags, i.description
              FROM forms AS f
              JOIN \(table) AS c ON c.id = f.\(column)
              JOIN inflections AS i ON i.id = f.inflectionId
             WHERE f.form = :form
             ORDER BY \(order), i.id
            """
    }

    /// The ids of the cards the bound form leads to in `table` (column `card`), with each
    /// reading's `tags` and `description`, in ``query(table:)``'s order.
    package static func readingsQuery(table: String) -> String {
        let (column, order) = layout(table)
        return """
            SELECT f.\(column) AS card, i.tags AS tags, i.description AS description
              FROM forms AS f JOIN inflections AS i ON i.id = f.inflectionId
             WHERE f.form = ? ORDER BY \(order), i.id
            """
    }
}
