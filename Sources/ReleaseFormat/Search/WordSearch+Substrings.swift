extension WordSearch {
    /// The fewest characters a phrase of the trigram index (`<table>_trigram`) finds anything with.
    package static let trigramLength = 3

    /// The query for user input that is part of a word, for scripts written without spaces
    /// (Japanese, Chinese), on the card table `table` (`words`, or the dictionary's `entries`), with
    /// the same two parameters as ``query(table:)``, `:input` and `:limit`. Rows are whole cards
    /// whose name or reading contains the input (日本 → 日本, 日本語, 日本人; たべる → 食べる):
    /// from `<table>_trigram` (FTS5's `trigram` tokenizer) for an input of three characters or
    /// more, by a `LIKE` on it for a shorter one (the trigram index finds no phrase of one or
    /// two characters; `%`, `_` and `\` of the input are matched as themselves). The card whose
    /// name or reading is the input comes first, then the shorter names (the word itself before
    /// its compounds), then by id (frequency). Case-insensitive for ASCII, as both SQLite's
    /// `LIKE` and the tokenizer are.
    ///
    /// `unicode61` cuts `<table>_fts`'s tokens at spaces and punctuation only: a run of kana and
    /// ideographs is one token, so ``query(table:)`` finds 日本語 by its whole name alone. An app
    /// runs that query first, and this one for what it does not find.
    package static func substringQuery(table: String) -> String {
        """
        WITH input(text, phrase, pattern) AS (
            SELECT :input, '"' || replace(:input, '"', '""') || '"',
                   '%' || replace(replace(replace(:input, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
        ),
        hits(id) AS (
            SELECT rowid FROM \(table)_trigram
             WHERE \(table)_trigram MATCH '{name reading} : ' || (SELECT phrase FROM input)
            UNION
            SELECT rowid FROM \(table)_trigram
             WHERE length((SELECT text FROM input)) < \(trigramLength)
               AND (name LIKE (SELECT pattern FROM input) ESCAPE '\\' OR reading LIKE (SELECT pattern FROM input) ESCAPE '\\')
        )
        SELECT c.* FROM hits JOIN \(table) AS c ON c.id = hits.id
         ORDER BY coalesce(c.name = (SELECT text FROM input) OR c.reading = (SELECT text FROM input), 0) DESC, length(c.name), c.id
         LIMIT :limit
        """
    }
}
