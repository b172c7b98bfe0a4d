import Foundation
import SQLiteDatabase
import ReleaseFormat
import Releases
import VocabCore

extension ValidationCheck {
    static let sqliteForms = ofDatabase(
        "sqlite.forms",
        "every form of the release's forms is a look-up key (lower-cased, NFC) of a word that is not its own name, read by an inflection numbered in the order of its tags"
    ) { file, name in
        formsResult(file, name, cards: ReleaseSchema.cardTable, column: "wordId", ranked: false)
    }

    static let dictionaryForms = ofDictionary(
        "dictionary.forms",
        "every form of the dictionary's forms is a look-up key of an entry that is not its own name, ranked among the form's entries, read by an inflection numbered in the order of its tags"
    ) { file, name in
        formsResult(file, name, cards: DictionarySchema.cardTable, column: "entryId", ranked: true)
    }

    /// The forms check of one database file: the tables as the format has them; every form a key
    /// (``WordForm/key(_:)``) of an existing card, not the card's own name; every inflection
    /// used and numbered 1 to n in the order of its tags; with `ranked`, each form's cards ranked
    /// 1 to k, one rank a card.
    static func formsResult(_ file: DatabaseFile, _ name: String, cards: String, column: String, ranked: Bool) -> CheckResult {
        let forms = ReleaseSchema.formsTableName, inflections = ReleaseSchema.inflectionsTable.name
        var problems: [String] = []
        let counts: (rows: Int, cards: Int)
        do {
            counts = try ReleaseReader.readOnly(file.context.url(name)) { db in
                for table in [forms, inflections] {
                    try TableCheck.check(db, table: table, columns: file.schema.tables.first { $0.name == table }?.columns ?? [],
                                         maximumRows: 10 * ReleaseSchema.maximumRows, file: name)
                }
                func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql) ?? 0 }
                let orphans = try count("SELECT count(*) FROM \(forms) f LEFT JOIN \(cards) c ON c.id = f.\(column) WHERE c.id IS NULL")
                if orphans > 0 { problems.append("\(orphans) forms name no \(cards == "words" ? "word" : "entry")") }
                let unread = try count("SELECT count(*) FROM \(forms) f LEFT JOIN \(inflections) i ON i.id = f.inflectionId WHERE i.id IS NULL")
                if unread > 0 { problems.append("\(unread) forms name no inflection") }
                problems += try keyProblems(db, forms: forms, cards: cards, column: column)
                problems += try inflectionProblems(db, inflections: inflections, forms: forms)
                if ranked {
                    let misranked = try count("""
                        SELECT count(*) FROM (SELECT form FROM \(forms) GROUP BY form
                         HAVING min(rank) != 1 OR max(rank) != count(DISTINCT \(column)) OR count(DISTINCT \(column) || ' ' || rank) != count(DISTINCT \(column)))
                        """)
                    if misranked > 0 { problems.append("\(misranked) forms do not rank their entries 1 to k, one rank an entry") }
                }
                return (try count("SELECT count(*) FROM \(forms)"), try count("SELECT count(DISTINCT \(column)) FROM \(forms)"))
            }
        } catch {
            return .result(name, problems: [ValidationContext.reason(error)], ok: "")
        }
        return .result(name, problems: problems, ok: "\(counts.rows) forms of \(counts.cards) \(cards == "words" ? "words" : "entries")")
    }

    /// Forms that are not look-up keys, empty, or their card's own name.
    private static func keyProblems(_ db: SQLiteConnection, forms: String, cards: String, column: String) throws -> [String] {
        var notKeys: [String] = [], own = 0
        try db.makeStatement(sql: "SELECT f.form, c.name FROM \(forms) f JOIN \(cards) c ON c.id = f.\(column)").forEachRow { row in
            let form = String(sqliteValue: row[0]) ?? "", card = String(sqliteValue: row[1]) ?? ""
            if form.isEmpty || form == WordForm.key(card) { own += 1 }
            if form != WordForm.key(form), notKeys.count < ReleaseValidator.shownProblems { notKeys.append(form) }
        }
        var problems: [String] = []
        if own > 0 { problems.append("\(own) forms are empty or their card's own name") }
        if !notKeys.isEmpty { problems.append("forms not lower-cased and composed (NFC), as a look-up asks: \(notKeys.joined(separator: ", "))") }
        return problems
    }

    /// Inflections not numbered 1 to n in the order of their tags, repeated, or unused.
    private static func inflectionProblems(_ db: SQLiteConnection, inflections: String, forms: String) throws -> [String] {
        var problems: [String] = []
        var previous: String?, expected = 1
        try db.makeStatement(sql: "SELECT id, tags FROM \(inflections) ORDER BY id").forEachRow { row in
            let id = Int(sqliteValue: row[0]) ?? 0, tags = String(sqliteValue: row[1]) ?? ""
            if id != expected || previous.map({ !($0 < tags) }) == true {
                if problems.isEmpty { problems.append("inflections are not numbered 1 to n in the order of their tags, each once (id \(id): \"\(tags)\")") }
            }
            previous = tags
            expected += 1
        }
        let unused = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(inflections) WHERE id NOT IN (SELECT inflectionId FROM \(forms))") ?? 0
        if unused > 0 { problems.append("\(unused) inflections lead to no form") }
        return problems
    }
}
