import Foundation
import Testing
import ReleaseFormat
import VocabCore
@testable import StageEmit

/// The dictionary written in two steps (the dictionary stage's database, then the release's
/// metadata added by `VACUUM INTO`) gives the bytes of writing it at once.
@Suite struct DictionaryDatabaseTests {
    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dictionary-db-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The fixture's cards, and enough generated ones to fill many pages (accents, several
    /// translations, empty fields).
    var cards: [WordCard] {
        var cards = Fixture.records.map(\.card)
        for index in 0..<4000 {
            let base = Fixture.records[index % Fixture.records.count].card
            var card = base
            card.lemma = "\(["año", "Zebra", "cañón", "alpha", "Éclair"][index % 5])\(index)"
            card.provenance.entryId = "e\(index)"
            card.definition = index % 7 == 0 ? nil : "definition \(index) " + String(repeating: "x", count: index % 300)
            cards.append(card)
        }
        return cards
    }

    /// The search folding of an English release translated into `languages`.
    static func folding(_ languages: [String]) -> SearchFolding {
        try! SearchFolding(sourceLanguage: "en", targetLanguages: languages)
    }

    /// Metadata as a release has it, long enough to need pages of its own.
    func metadata() throws -> [(key: String, value: String)] {
        var manifest = DataPackage(
            try Fixture.release(), sqliteVersion: try DatabaseWriter.sqliteVersion(), searchFolding: Self.folding(["es", "fr"]).description, resources: [])
        manifest.attribution = String(repeating: "A long attribution line.\n", count: 600)
        return try ReleaseMetadata.rows(for: manifest)
    }

    @Test func finishingTheStagesDatabaseGivesTheBytesOfWritingItAtOnce() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cards = cards, metadata = try metadata(), languages = ["es", "fr"]
        let whole = folder.appendingPathComponent("whole.sqlite")
        try DatabaseWriter.write(DictionarySchema.database, to: whole, metadata: metadata) { db in
            try DatabaseWriter.insertEntries(db, CardColumns.dictionaryOrder(cards), targetLanguages: languages, folding: Self.folding(languages))
        }
        let entries = folder.appendingPathComponent("stage/entries.sqlite")
        try DictionaryDatabase.writeEntries(cards, targetLanguages: languages, folding: Self.folding(languages), to: entries)
        #expect(DictionaryDatabase.entryCount(at: entries) == cards.count)
        let stored = try Data(contentsOf: entries)
        let finished = folder.appendingPathComponent("finished.sqlite")
        try DatabaseWriter.finish(entries, metadata: metadata, into: finished)

        let expected = try Data(contentsOf: whole)
        #expect(expected.count > 1_000_000)
        #expect(try Data(contentsOf: finished) == expected)
        #expect(try Data(contentsOf: entries) == stored, "the stage's database is left as it was")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["finished.sqlite", "stage", "whole.sqlite"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: entries.deletingLastPathComponent().path) == ["entries.sqlite"])
    }

    @Test func rewritingTheStagesDatabaseReplacesIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let entries = folder.appendingPathComponent("entries.sqlite")
        try DictionaryDatabase.writeEntries(cards, targetLanguages: ["es", "fr"], folding: Self.folding(["es", "fr"]), to: entries)
        try DictionaryDatabase.writeEntries(Array(cards.prefix(3)), targetLanguages: ["es", "fr"], folding: Self.folding(["es", "fr"]), to: entries)
        #expect(DictionaryDatabase.entryCount(at: entries) == 3)
        #expect(DictionaryDatabase.entryCount(at: folder.appendingPathComponent("missing.sqlite")) == nil)
    }

    /// `row` as a batch of its own.
    func packed(_ row: [SQLValue]) -> PackedRows {
        var rows = PackedRows(columns: row.count)
        rows.append(row)
        return rows
    }

    struct CardFailure: Error, Equatable { let index: Int }

    @Test func cardsMadeOnAnotherThreadGiveTheSameFileAndTheirErrorsAsTheyAre() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ordered = CardColumns.dictionaryOrder(cards)
        let serial = folder.appendingPathComponent("serial.sqlite")
        try DictionaryDatabase.writeEntries(ordered, targetLanguages: ["es", "fr"], folding: Self.folding(["es", "fr"]), to: serial)
        let threaded = folder.appendingPathComponent("threaded.sqlite")
        var written: [String] = []
        try DictionaryDatabase.writeEntries(
            count: ordered.count, targetLanguages: ["es", "fr"], folding: Self.folding(["es", "fr"]), to: threaded, tally: [String](), card: { ordered[$0] },
            counting: { $0.append($1.provenance.entryId) }, written: { written += $0 })
        #expect(written == ordered.map(\.provenance.entryId))
        let metadata = try metadata()
        try DatabaseWriter.finish(serial, metadata: metadata, into: folder.appendingPathComponent("a.sqlite"))
        try DatabaseWriter.finish(threaded, metadata: metadata, into: folder.appendingPathComponent("b.sqlite"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("a.sqlite")) == Data(contentsOf: folder.appendingPathComponent("b.sqlite")))

        // A card that cannot be made: its error, as it is; no database under the name.
        let failing = folder.appendingPathComponent("failing.sqlite")
        let error = try #require(throws: CardFailure.self) {
            try DictionaryDatabase.writeEntries(
                count: ordered.count, targetLanguages: ["es", "fr"], folding: Self.folding(["es", "fr"]), to: failing, tally: (),
                card: { index in
                    if index == 2_000 { throw CardFailure(index: index) }
                    return ordered[index]
                },
                counting: { _, _ in }, written: { _ in })
        }
        #expect(error == CardFailure(index: 2_000))
        #expect(!FileManager.default.fileExists(atPath: failing.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            == ["a.sqlite", "b.sqlite", "serial.sqlite", "threaded.sqlite"])
    }

    /// The cards are made in batches of 512 on two threads, each batch by one of them in turn:
    /// when cards of both fail, the error is the first failing card's in order, whichever
    /// thread got there first, as one thread making every card would report it.
    @Test(arguments: [[700, 1_100], [1_100, 700], [600, 1_200], [1_200, 1_700], [3, 4], [4_000, 513]])
    func theFirstFailingCardInOrderIsTheOneReported(failing indexes: [Int]) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ordered = CardColumns.dictionaryOrder(cards)
        let url = folder.appendingPathComponent("failing.sqlite")
        var written = 0
        let error = try #require(throws: CardFailure.self) {
            try DictionaryDatabase.writeEntries(
                count: ordered.count, targetLanguages: ["es"], folding: Self.folding(["es"]), to: url, tally: 0,
                card: { index in
                    if indexes.contains(index) { throw CardFailure(index: index) }
                    return ordered[index]
                },
                counting: { count, _ in count += 1 }, written: { written += $0 })
        }
        #expect(error == CardFailure(index: indexes.min()!))
        #expect(written <= indexes.min()!, "no card after the failing one is reported written")
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func aMissingStageDatabaseIsAnErrorNamingIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("entries.sqlite")
        let target = folder.appendingPathComponent("out.sqlite")
        let error = try #require(throws: EmitError.self) { try DatabaseWriter.finish(missing, metadata: [], into: target) }
        guard case .cannotCopyDictionary(let path, _) = error.problem else {
            Issue.record("unexpected problem \(error.problem)")
            return
        }
        #expect(path == missing.path)
        #expect(error.location.file == target.path)
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    /// The inserts do not evaluate the `CHECK` constraints (SQLite would build the `IN` list's
    /// table for every row); they are checked once the rows are in, so a bad row still fails
    /// the write, naming the table and the column, and leaves no file.
    @Test func aRowBreakingACheckConstraintFailsTheWrite() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var card = cards[0]
        card.partOfSpeech = .noun
        var row = CardColumns.entryRow(id: 1, card, targetLanguages: ["es"], folding: Self.folding(["es"]))
        let posIndex = try #require(DictionarySchema.database.table("entries")?.columns.firstIndex { $0.name == "pos" })
        row[posIndex] = .text("pronoun")
        let url = folder.appendingPathComponent("entries.sqlite")
        #expect {
            try DictionaryDatabase.writeRows(to: url) { insert in try insert(packed(row)) }
        } throws: { error in
            guard let error = error as? EmitError, case .checkViolations("entries", "pos", 1) = error.problem else { return false }
            return error.location.file == url.path
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

        // The same row with an allowed value is written.
        row[posIndex] = .text("other")
        try DictionaryDatabase.writeRows(to: url) { insert in try insert(packed(row)) }
        #expect(DictionaryDatabase.entryCount(at: url) == 1)
    }
}
