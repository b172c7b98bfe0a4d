import Foundation
import ReleaseDiffing
import SQLiteDatabase
import ReleaseFormat
import ReleaseLookup
@testable import Releases
import Testing
import VocabCore

/// `vocab lookup` of an inflected form, through the `forms` tables (schema 8; the sample has no
/// analyzer, so its forms are its lexicon's `Form`s): the sample lexicon lists `knew`, `known` of
/// know (a release word), `was`, `were`, `been` of be (stop-listed: the dictionary's) and
/// `sprang`, `sprung` of spring the verb (the release has spring the noun only).
@Suite struct LookupFormTests {
    @Test func theDictionaryListsEachEntrysFormsOnceWithoutItsOwnName() throws {
        let release = try Fixtures.sampleRelease.get()
        let dictionary = release.appendingPathComponent("sample-en-es-dictionary.sqlite")
        let queue = try SQLiteConnection(path: dictionary.path, readOnly: true)
        defer { try? queue.close() }
        let rows = try queue.read { db in
            try SQLiteRow.fetchAll(db, sql: """
                SELECT e.name, e.pos, f.form, i.tags, f.rank FROM forms f JOIN entries e ON e.id = f.entryId
                  JOIN inflections i ON i.id = f.inflectionId ORDER BY e.name, e.pos, f.form
                """)
                .map { "\($0["name"] as String) \($0["pos"] as String) \($0["form"] as String) [\($0["tags"] as String)] \($0["rank"] as Int)" }
        }
        // know's `Form`s are knew, known, knew again and Know (its own name): each other form once,
        // with no reading (a lexicon's `Form` says none), each the one entry of its form.
        #expect(rows == ["be verb been [] 1", "be verb was [] 1", "be verb were [] 1", "know verb knew [] 1", "know verb known [] 1",
                         "spring verb sprang [] 1", "spring verb sprung [] 1"])
        // The release's own forms: know's, a release word (be and spring the verb are not).
        let words = try SQLiteConnection(path: release.appendingPathComponent("sample-en-es.sqlite").path, readOnly: true)
        defer { try? words.close() }
        let wordForms = try words.read { db in
            try SQLiteRow.fetchAll(db, sql: "SELECT w.name, f.form FROM forms f JOIN words w ON w.id = f.wordId ORDER BY f.form")
                .map { "\($0["name"] as String) \($0["form"] as String)" }
        }
        #expect(wordForms == ["know knew", "know known"])
    }

    @Test func anInflectedFormFindsTheReleaseWordOfItsLemmaFirst() throws {
        let release = try Fixtures.sampleRelease.get()
        let knew = try WordLookup.lookup("Knew", partOfSpeech: nil, in: release)
        #expect(knew.map(\.card.lemma) == ["know"])
        #expect(knew.first?.source == .release && knew.first?.match == .form)
        #expect(knew.first?.word?.band != nil)
        // Not in the release's words (be is stop-listed): the dictionary's entry.
        let was = try WordLookup.lookup("was", partOfSpeech: nil, in: release)
        #expect(was.map(\.card.lemma) == ["be"] && was.first?.source == .dictionary && was.first?.match == .form)
        #expect(was.first?.card.partOfSpeech == .verb)
        // sprang is a form of spring the verb: the release's spring is a noun, so the dictionary's verb.
        let sprang = try WordLookup.lookup("sprang", partOfSpeech: nil, in: release)
        #expect(sprang.map(\.card.partOfSpeech) == [.verb] && sprang.first?.source == .dictionary)
        // The part of speech asked for narrows the forms too.
        #expect(throws: LookupError.self) { try WordLookup.lookup("knew", partOfSpeech: .noun, in: release) }
        // A headword is never taken for a form: spring is the release's noun, exactly.
        let spring = try WordLookup.lookup("spring", partOfSpeech: nil, in: release)
        #expect(spring.allSatisfy { $0.match == .exact })
    }

    @Test func theCommandSaysTheWordMatchedByForm() throws {
        let release = try Fixtures.sampleRelease.get()
        let text = try Fixtures.runVocab(["lookup", release.path, "knew"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("know (verb) — release, band "), "\(text.stdout)")
        #expect(text.stdout.components(separatedBy: "\n").first?.hasSuffix("— “knew”: a form of know") == true, "\(text.stdout)")

        let json = try Fixtures.runVocab(["lookup", release.path, "were", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items.first?["match"] as? String == "form" && items.first?["source"] as? String == "dictionary")
        #expect(items.first?["name"] as? String == "be" && items.first?["freqRank"] == nil)
        // A form's readings: none for a lexicon's `Form`.
        #expect((items.first?["inflections"] as? [Any])?.isEmpty == true)
    }

    @Test func aFormComesBeforeATranslation() throws {
        // A word that is both a form (the learned language, as met in a text) and a translation
        // (the learner's) is answered as the form, the order the look-up documents: make `vez`, a
        // translation of time, a form of be too.
        let copy = try Fixtures.sampleCopy()
        defer { Fixtures.discard(copy) }
        let queue = try SQLiteConnection(path: copy.appendingPathComponent("sample-en-es-dictionary.sqlite").path)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO forms(form, entryId, inflectionId, rank) SELECT 'vez', id, 1, 1 FROM entries WHERE name = 'be'")
        }
        try queue.close()
        let vez = try WordLookup.lookup("vez", partOfSpeech: nil, in: copy)
        #expect(vez.map(\.card.lemma) == ["be"] && vez.first?.match == .form)
        // Without the form (the release as built), the translation.
        let translated = try WordLookup.lookup("vez", partOfSpeech: nil, in: try Fixtures.sampleRelease.get())
        #expect(translated.map(\.card.lemma) == ["time"] && translated.first?.match == .translation)
    }
}

/// A release of schema 5 (before `words.rank` became `freqRank` and the dictionary had `forms`)
/// is still read: its ranks under their old name, its words looked up, compared by `vocab diff`.
@Suite struct SchemaFiveReleaseTests {
    /// The sample turned back into schema 5: `freqRank` renamed `rank`, no `forms`, version 5.
    static func schemaFive() throws -> URL {
        let copy = try Fixtures.sampleCopy()
        let database = try SQLiteConnection(path: copy.appendingPathComponent("sample-en-es.sqlite").path)
        try database.execute(sql: "ALTER TABLE words RENAME COLUMN freqRank TO rank")
        try database.execute(sql: "PRAGMA user_version = 5")
        try database.close()
        let dictionary = try SQLiteConnection(path: copy.appendingPathComponent("sample-en-es-dictionary.sqlite").path)
        try dictionary.execute(sql: "DROP TABLE forms")
        try dictionary.execute(sql: "PRAGMA user_version = 5")
        try dictionary.close()
        let bundle = copy.appendingPathComponent("sample-en-es.json")
        let text = try String(contentsOf: bundle, encoding: .utf8)
        try text.replacingOccurrences(of: "\"freqRank\":", with: "\"rank\":").replacingOccurrences(of: "\"schemaVersion\": \(ReleaseSchema.version)", with: "\"schemaVersion\": 5")
            .write(to: bundle, atomically: false, encoding: .utf8)
        return copy
    }

    @Test func itsRanksAreReadUnderTheirOldName() throws {
        let old = try Self.schemaFive()
        defer { Fixtures.discard(old) }
        let release = try PublishedRelease.open(old)
        #expect(release.userVersion == 5)
        let current = try PublishedRelease.open(try Fixtures.sampleRelease.get())
        #expect(release.words.map(\.rank) == current.words.map(\.rank))
        #expect(release.words.first?.rank == 1)

        let diff = ReleaseDiff(old: release, new: current)
        #expect(diff.schema?.oldUserVersion == 5 && diff.schema?.newUserVersion == ReleaseSchema.version)
        #expect(diff.changed.isEmpty && diff.moved.isEmpty && diff.added.isEmpty && diff.removed.isEmpty)
        // Its release database kept the forms, its dictionary has none: the current one's are new.
        let forms = try #require(try ReleaseDiff.reading(old: release, new: current).forms)
        #expect(forms.words.compared && forms.words.added == 0 && forms.words.removed == 0)
        #expect(forms.dictionary?.oldForms == nil && forms.dictionary?.added == forms.dictionary?.newForms)
        let compared = try Fixtures.runVocab(["diff", old.path, try Fixtures.sampleRelease.get().path])
        #expect(compared.status == 0, "\(compared.stderr)")
        #expect(compared.stdout.contains("(new: OLD has no forms table)"), "\(compared.stdout)")

        // Looked up as before (no inflected forms: its dictionary has none).
        let time = try Fixtures.runVocab(["lookup", old.path, "time"])
        #expect(time.status == 0, "\(time.stderr)")
        #expect(time.stdout.hasPrefix("time (noun) — release, band 1, rank 1\n"), "\(time.stdout)")
        #expect(try Fixtures.runVocab(["lookup", old.path, "knew"]).status == 1)
    }

    @Test func anOldBundleRecordsRankIsDecoded() throws {
        let record = #"{"name":"time","pos":"noun","freq":10,"rank":3,"band":1,"definition":null,"definitionLanguage":null,"translations":{},"synonyms":[],"sentences":[],"sourceLemma":"time","provenance":{"lexicon":"l:1","entry":"e","sense":"s","synset":"y","ili":null,"senseRank":1}}"#
        let word = try JSONDecoder().decode(ReleaseWord.self, from: Data(record.utf8))
        #expect(word.rank == 3)
        let current = record.replacingOccurrences(of: "\"rank\":3", with: "\"freqRank\":4")
        #expect(try JSONDecoder().decode(ReleaseWord.self, from: Data(current.utf8)).rank == 4)
    }
}
