import Foundation
import SQLiteDatabase
import ReleaseFormat
import Releases
import VocabCore

extension ValidationCheck {
    /// What a dictionary check says of a release without a dictionary: nothing to check is no failure.
    static let noDictionary = "the release has no dictionary (dictionary.enabled is off)"

    static let dictionaryFile = ValidationCheck(
        "dictionary.file",
        "the dictionary is a regular SQLite file that opens read-only, with the release's application id, user_version, journal mode and integrity"
    ) { context in
        guard let dictionary = context.dictionary else { return .ok(".", noDictionary) }
        return dictionary.whenOpens(missing: "no dictionary file to check") { name, header in
            let facts = dictionary.readFacts
            var problems: [String] = []
            if facts.applicationID != ReleaseSchema.applicationID {
                problems.append("application_id is \(SQLiteHeader.hex(facts.applicationID)), expected \(SQLiteHeader.hex(ReleaseSchema.applicationID))")
            }
            if facts.userVersion != ReleaseSchema.version {
                problems.append("user_version is \(facts.userVersion), expected \(ReleaseSchema.version)")
            }
            if header[header.startIndex + 18] == 2 || header[header.startIndex + 19] == 2 {
                problems.append("the database is in WAL mode; it must open read-only (journal_mode DELETE)")
            }
            if facts.integrity != ["ok"] { problems += facts.integrity.map { "integrity_check: \($0)" } }
            if facts.foreignKeyViolationCount > 0 { problems.append("\(facts.foreignKeyViolationCount) rows break a foreign key") }
            return .result(name, problems: problems, ok: "SQLite \(SQLiteHeader.version(header)), \"Voca\", user_version \(facts.userVersion), rollback journal, integrity ok")
        }
    }

    static let dictionaryTables = ofDictionary(
        "dictionary.tables", "the dictionary's sqlite_master holds exactly its schema's tables, indexes and full-text table",
        tablesResult)

    static let dictionaryMetadata = ofDictionary("dictionary.metadata", "the dictionary's metadata table mirrors the manifest", metadataResult)

    static let dictionaryEntries = ofDictionary(
        "dictionary.entries",
        "every dictionary entry is a card of the source lexicon, in order, counted in the manifest, with its search columns"
    ) { dictionary, name in
        let context = dictionary.context
        let languages = context.targetLanguages
        let cards: [(id: Int, card: WordCard)]
        do {
            cards = try ReleaseReader.readOnly(context.url(name)) { db in
                // Row by row, as the release's reader reads the dictionary: never all rows beside all cards.
                var cards: [(id: Int, card: WordCard)] = []
                try ReleaseReader.forEachCardRow(db, table: DictionarySchema.cardTable, fields: DictionarySchema.fields, file: name) { row in
                    cards.append((try row.int("id"), try ReleaseReader.entry(row, fields: DictionarySchema.fields, targetLanguages: languages)))
                }
                return cards
            }
        } catch {
            return .result(name, problems: [ValidationContext.reason(error)], ok: "")
        }
        var problems: [String] = []
        if cards.map(\.id) != (0..<cards.count).map({ $0 + 1 }) {
            problems.append("ids are not 1...\(cards.count) in order")
        }
        if CardColumns.dictionaryOrder(cards.map(\.card)) != cards.map(\.card) {
            problems.append("entries are not in the dictionary's order (folded name, name, pos, entry)")
        }
        let lexicon = context.manifest?.sources.first { $0.role == .lexicon }?.lexicon
        if let lexicon, let stray = cards.first(where: { $0.card.provenance.lexicon != lexicon }) {
            problems.append("entry \(stray.id) (\(stray.card.lemma)) comes from \(stray.card.provenance.lexicon), the source lexicon is \(lexicon)")
        }
        if let stray = cards.first(where: { card in card.card.translations.contains { !languages.contains($0.language) && !$0.lemmas.isEmpty } }) {
            problems.append("entry \(stray.id) (\(stray.card.lemma)) has translations into a language that is not a target language")
        }
        if let recorded = context.manifest?.counts.dictionaryEntries, recorded != cards.count {
            problems.append("counts.dictionaryEntries is \(recorded), the dictionary has \(cards.count) entries")
        }
        if case .fail(let found) = searchResult(dictionary, cards: cards).outcome { problems += found }
        return .result(name, problems: problems, ok: "\(cards.count) entries, in order, with their search columns")
    }
}
