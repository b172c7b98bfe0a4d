import Foundation
import SQLiteDatabase
import ReleaseFormat
import Releases
import VocabCore

extension ValidationCheck {
    static let sqliteSearch = ofDatabase(
        "sqlite.search", "the search columns are the words' names and translations, and words_fts finds every word by its name"
    ) { file, name in
        guard case .success(let words)? = file.context.sqliteWords else { return .skip(name, "the words cannot be read") }
        return searchResult(file, cards: words.map { ($0.id, $0.card) })
    }

    static let sqliteTranslations = ofDatabase(
        "sqlite.translations", "the translations table holds words.translations, lemma by lemma, in order"
    ) { file, name in
        let context = file.context
        guard case .success(let words)? = context.sqliteWords else { return .skip(name, "the words cannot be read") }
        do {
            let rows = try ReleaseReader.readOnly(context.url(name)) { db in
                try SQLiteRow.fetchAll(db, sql: "SELECT wordId, language, position, lemma FROM translations ORDER BY wordId, language, position")
                    .map { row -> String in
                        let values: [SQLiteValue] = (0..<4).map { row[$0] }
                        return values.map { "\($0)" }.joined(separator: "\t")
                    }
            }
            var expected: [String] = []
            for word in words {
                for language in context.targetLanguages.stablySorted() {
                    for (position, lemma) in word.translations(for: language).enumerated() {
                        expected.append([word.id.sqliteValue, language.sqliteValue, position.sqliteValue, lemma.sqliteValue]
                            .map { "\($0)" }.joined(separator: "\t"))
                    }
                }
            }
            var problems: [String] = []
            if rows.count != expected.count {
                problems.append("the table has \(rows.count) rows, words.translations has \(expected.count) lemmas")
            }
            for (row, wanted) in zip(rows, expected) where row != wanted {
                problems.append("row (\(row.replacingOccurrences(of: "\t", with: ", "))) where words.translations gives (\(wanted.replacingOccurrences(of: "\t", with: ", ")))")
                break
            }
            return .result(name, problems: problems, ok: "\(rows.count) translation rows, as in words.translations")
        } catch {
            return .result(name, problems: [ValidationContext.reason(error)], ok: "")
        }
    }

    /// How the release folded `searchFolded`: by each language's collation (``SearchFolding``)
    /// from schema 9, every accent dropped (``WordSearch/foldedText(_:)``) before.
    static func searchFolding(_ context: ValidationContext) throws -> (WordCard) -> String {
        guard (context.manifest?.schemaVersion ?? Int(ReleaseSchema.version)) >= 9 else { return WordSearch.foldedText }
        let folding = try SearchFolding(sourceLanguage: context.sourceLanguage, targetLanguages: context.targetLanguages)
        return folding.foldedText
    }

    /// The search check of a database file: each card's search columns as ``WordSearch`` derives
    /// them, the full-text table's `rank` setting, every row found by its name.
    static func searchResult(_ file: DatabaseFile, cards: [(id: Int, card: WordCard)]) -> CheckResult {
        let (name, _) = file.subject
        let facts = file.readFacts
        guard let table = file.schema.fullTextTables.first else { return .ok(name, "no full-text table") }
        var problems: [String] = []
        do {
            let stored = try ReleaseReader.readOnly(file.context.url(name)) { db in
                let columns: [CardField] = [.id, .searchTranslations, .searchFolded]
                try TableCheck.check(db, table: table.content, columns: columns.map(\.column), maximumRows: ReleaseSchema.maximumRows, file: name)
                return try DatabaseRow.fetchAll(
                    db, sql: "SELECT id, searchTranslations, searchFolded FROM \(table.content) ORDER BY id", table: table.content,
                    keyColumn: "id", file: name
                ).map { reader in
                    (id: try reader.int("id"), translations: try reader.text("searchTranslations"), folded: try reader.text("searchFolded"))
                }
            }
            let byID = Dictionary(stored.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let fold = try searchFolding(file.context)
            for (id, card) in cards {
                guard let row = byID[id] else { continue }
                if row.translations != WordSearch.translationText(card) {
                    problems.append("\(table.content) \(id) (\(card.lemma)): searchTranslations is not its translations")
                }
                if row.folded != fold(card) {
                    problems.append("\(table.content) \(id) (\(card.lemma)): searchFolded is not its folded name and translations")
                }
            }
        } catch {
            problems.append(ValidationContext.reason(error))
        }
        if facts.searchRank[table.name] != table.rank {
            problems.append("\(table.name) ranks by \(facts.searchRank[table.name].map { "'\($0)'" } ?? "the default"), expected '\(table.rank)'")
        }
        if facts.searchMissCount > 0 {
            problems.append("\(facts.searchMissCount) rows are not found by their name in \(table.name) (the index is stale): "
                + facts.searchMisses.joined(separator: ", "))
        }
        return .result(name, problems: problems,
                       ok: "search columns of \(cards.count) rows derived from their cards; \(table.name) finds each by its name")
    }
}
