import Foundation
import SQLiteDatabase
import ReleaseFormat
import VocabCore

extension PublishedRelease {
    /// The forms of the release's words and of its dictionary's entries (``ReleaseForms``), their
    /// cards and readings numbered in `names`.
    package func readForms(into names: inout FormNames) throws -> ReleaseForms {
        ReleaseForms(
            words: try FormReader.read(database, cards: ReleaseSchema.cardTable, column: "wordId", into: &names),
            dictionary: try dictionary.map { try FormReader.read($0, cards: DictionarySchema.cardTable, column: "entryId", into: &names) })
    }

    /// The forms of two releases (``readForms(into:)``), OLD's then NEW's, numbered by the same
    /// ``FormNames`` so that they compare; the first error (OLD's) is thrown.
    package static func readForms(old: PublishedRelease, new: PublishedRelease) throws -> (old: ReleaseForms, new: ReleaseForms, names: FormNames) {
        var names = FormNames()
        let oldForms = try old.readForms(into: &names)
        let newForms = try new.readForms(into: &names)
        return (oldForms, newForms, names)
    }
}

/// Reads the forms of one database file of a release into a ``FormSet``, row by row (the file's
/// cards, then its inflections, then its forms, each table once, no join), checked as the rest of
/// a release is read: each table against the format first (``TableCheck``), each value as it is
/// read (``DatabaseRow``), so that a release edited elsewhere gives a ``ReleaseReadError``, never
/// a trap. A form naming no card (which `vocab validate` reports) is left out.
enum FormReader {
    /// The most rows a `forms` table may hold (as `vocab validate` counts them).
    static let maximumForms = 10 * ReleaseSchema.maximumRows

    /// The forms of the database `file`, whose card table `cards` the forms' `column` names.
    static func read(_ file: URL, cards table: String, column: String, into names: inout FormNames) throws -> FormSet {
        do {
            return try ReleaseReader.readOnly(file) { db in
                let layout = try Self.layout(db, column: column, file: file.path)
                guard layout != .missing else { return .missing }
                let cards = try Self.cards(db, table: table, names: &names, file: file.path)
                var set = FormSet(layout: layout, cards: Set(cards.values))
                let readings = layout == .withReadings ? try Self.readings(db, into: &set, names: &names, file: file.path) : [:]
                let forms = ReleaseSchema.formsTableName
                let reading = layout == .withReadings ? "inflectionId" : "NULL AS inflectionId"
                set.forms.reserveCapacity(try Int.fetchOne(db, sql: "SELECT count(*) FROM \(forms)") ?? 0)
                try DatabaseRow.forEach(
                    db, sql: "SELECT form, \(column), \(reading) FROM \(forms)", table: forms, keyColumn: "form", file: file.path
                ) { row in
                    guard let card = cards[try row.int(column)] else { return }
                    let form = try row.text("form")
                    // A table of schema 6 or 7 was searched without case: its forms are made look-up keys.
                    let key = layout == .withReadings ? form : WordForm.key(form)
                    let number = try row.optionalInt("inflectionId").map { readings[$0] ?? FormNames.noReading } ?? FormNames.noReading
                    set.forms.insert(FormSet.Form(form: key, card: card, reading: number))
                }
                return set
            }
        } catch let error as ReleaseReadError {
            throw error
        } catch let error as SQLiteError {
            throw ReleaseReadError(file: file.path, .unreadableDatabase(error.message))
        }
    }

    /// How `db` lists its forms: no `forms` table (nor anything of that name), `forms` without
    /// `inflections` (schema 6 and 7), or both; the tables checked against the format.
    static func layout(_ db: SQLiteConnection, column: String, file: String) throws -> FormSet.Layout {
        func named(_ name: String) throws -> Bool {
            try String.fetchOne(db, sql: "SELECT type FROM sqlite_master WHERE name = ? COLLATE NOCASE AND type != 'index'", arguments: [name]) != nil
        }
        let forms = ReleaseSchema.formsTableName, inflections = ReleaseSchema.inflectionsTable
        guard try named(forms) else { return .missing }
        guard try named(inflections.name) else {
            try TableCheck.check(db, table: forms, columns: [.text("form"), .integer(column)], maximumRows: maximumForms, file: file)
            return .withoutReadings
        }
        try TableCheck.check(
            db, table: forms, columns: [.text("form"), .integer(column), .integer("inflectionId")], maximumRows: maximumForms, file: file)
        try TableCheck.check(db, table: inflections.name, columns: inflections.columns, maximumRows: ReleaseSchema.maximumRows, file: file)
        return .withReadings
    }

    /// The cards of `table` by id, each numbered by its name and part of speech in `names`.
    static func cards(_ db: SQLiteConnection, table: String, names: inout FormNames, file: String) throws -> [Int: Int32] {
        try TableCheck.check(
            db, table: table, columns: [CardField.id, .name, .pos].map(\.column), maximumRows: ReleaseSchema.maximumRows, file: file)
        var cards: [Int: Int32] = [:]
        try DatabaseRow.forEach(db, sql: "SELECT id, name, pos FROM \(table)", table: table, keyColumn: "id", file: file) { row in
            cards[try row.int("id")] = names.number(of: FormNames.Card(name: try row.text("name"), pos: try row.partOfSpeech("pos")))
        }
        return cards
    }

    /// The numbers in `names` of the inflections of `db` by id; their descriptions into `set`.
    static func readings(_ db: SQLiteConnection, into set: inout FormSet, names: inout FormNames, file: String) throws -> [Int: Int32] {
        let table = ReleaseSchema.inflectionsTable.name
        var readings: [Int: Int32] = [:]
        try DatabaseRow.forEach(db, sql: "SELECT id, tags, description FROM \(table)", table: table, keyColumn: "id", file: file) { row in
            let number = names.number(ofReading: try row.text("tags"))
            readings[try row.int("id")] = number
            set.descriptions[number] = try row.text("description")
        }
        return readings
    }
}
