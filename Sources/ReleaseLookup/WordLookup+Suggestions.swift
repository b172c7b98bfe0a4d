import Foundation
import ReleaseFormat
import Releases
import VocabCore

extension WordLookup {
    /// A name of the release or its dictionary, folded (the first line of `searchFolded`), with
    /// its best frequency band (nil for a dictionary entry).
    typealias Name = (name: String, folded: String, band: Int?)

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
}

extension CardTable {
    /// Every distinct name of the table, folded, with its best band when `banded` (the release's words).
    func foldedNames(banded: Bool) throws -> [WordLookup.Name] {
        try query { db in
            let band = CardField.band.key
            try TableCheck.check(db, table: table, columns: [CardField.name.column, CardField.searchFolded.column] + (banded ? [CardField.band.column] : []),
                                 file: file.path)
            return try DatabaseRow.fetchAll(db, sql: """
                SELECT name, substr(searchFolded, 1, instr(searchFolded || char(10), char(10)) - 1) AS folded\(banded ? ", min(\(band)) AS band" : "")
                FROM \(table) GROUP BY name, folded
                """, table: table, keyColumn: "", file: file.path)
                .map { (name: try $0.optionalText("name") ?? "", folded: try $0.optionalText("folded") ?? "",
                        band: banded ? try $0.optionalInteger("band").map(Int.init) : nil) }
        }
    }
}
