import Foundation
import ReleaseDiffing
import ReleaseFormat
import Releases
import SQLiteDatabase
import Testing
import VocabCore

/// The forms a learner reads in the diff (schema 8's `forms` and `inflections`), on copies of the
/// sample release edited with SQL. The sample has no analyzer: its forms are its lexicon's `Form`s,
/// read by no inflection (empty tags): the release's `knew` and `known` of know (a release word),
/// the dictionary's those two, `was`, `were` and `been` of be, `sprang` and `sprung` of spring the verb.
@Suite struct FormDiffTests {
    /// A copy of the sample release (the first of ``SampleBuilds``) in a folder of its own, with
    /// `release` run on its database and `dictionary` on its dictionary, in order.
    static func edited(_ label: String, release: [String] = [], dictionary: [String] = []) throws -> URL {
        let original = try SampleBuilds.get().first
        let copy = try DiffProject.buildFolder("forms-\(label)").appendingPathComponent(original.lastPathComponent)
        try FileManager.default.copyItem(at: original, to: copy)
        for (file, statements) in [("sample-en-es.sqlite", release), ("sample-en-es-dictionary.sqlite", dictionary)] where !statements.isEmpty {
            let database = try SQLiteConnection(path: copy.appendingPathComponent(file).path, foreignKeys: false)
            for statement in statements { try database.execute(sql: statement) }
            try database.close()
        }
        return copy
    }

    /// The diff of two release folders with their forms, as `vocab diff` computes it (the
    /// dictionaries' cards aside).
    static func diff(_ old: URL, _ new: URL) throws -> ReleaseDiff {
        let (before, after) = (try PublishedRelease.open(old), try PublishedRelease.open(new))
        let forms = try PublishedRelease.readForms(old: before, new: after)
        return ReleaseDiff(old: before, new: after).withForms(old: forms.old, new: forms.new, names: forms.names)
    }

    /// The SQL that turns a schema 8 file back into one without forms: `forms`, then `inflections`.
    static let dropForms = ["DROP TABLE forms", "DROP TABLE inflections"]

    @Test func theSameReleaseTwiceHasTheSameForms() throws {
        let builds = try SampleBuilds.get()
        let forms = try #require(try Self.diff(builds.first, builds.second).forms)
        #expect(forms.words.oldForms == 2 && forms.words.newForms == 2)
        #expect(forms.words.oldCards == 1 && forms.words.readingsCompared)
        #expect(forms.dictionary?.oldForms == 7 && forms.dictionary?.newCards == 3)
        for change in [forms.words, try #require(forms.dictionary)] {
            #expect(change.added == 0 && change.removed == 0 && change.cardsChanged == 0)
            #expect(change.addedSample.isEmpty && change.removedSample.isEmpty && change.changedSample.isEmpty)
        }
        let text = DiffRenderer().text(try Self.diff(builds.first, builds.second))
        #expect(text.contains("  release forms          2 → 2 forms (+0 added, −0 removed; 0 words' forms changed)"), "\(text)")
        #expect(text.contains("  dictionary forms       7 → 7 forms (+0 added, −0 removed; 0 entries' forms changed)"), "\(text)")
        #expect(!text.contains("Release forms added"))
    }

    @Test func aFormRemovedAndOneAddedAreReportedExactly() throws {
        let builds = try SampleBuilds.get()
        let copy = try Self.edited("edited", release: [
            "DELETE FROM forms WHERE form = 'known'",
            "INSERT INTO inflections(id, tags, description) SELECT max(id) + 1, 'past', 'past tense' FROM inflections",
            "INSERT INTO forms(form, wordId, inflectionId) SELECT 'knowed', w.id, i.id FROM words w, inflections i WHERE w.name = 'know' AND i.tags = 'past'",
        ], dictionary: ["DELETE FROM forms WHERE form = 'sprung'"])
        let diff = try Self.diff(builds.first, copy)
        let words = try #require(diff.forms?.words)
        #expect(words.oldForms == 2 && words.newForms == 2 && words.added == 1 && words.removed == 1 && words.cardsChanged == 1)
        #expect(words.addedSample == [ReleaseDiff.Form(form: "knowed", lemma: "know", pos: .verb, tags: "past", description: "past tense")])
        #expect(words.removedSample == [ReleaseDiff.Form(form: "known", lemma: "know", pos: .verb, tags: "", description: "")])
        #expect(words.changedSample == [ReleaseDiff.CardForms(lemma: "know", pos: .verb, added: 1, removed: 1)])
        let dictionary = try #require(diff.forms?.dictionary)
        #expect(dictionary.oldForms == 7 && dictionary.newForms == 6 && dictionary.added == 0 && dictionary.removed == 1)
        #expect(dictionary.removedSample.map(\.form) == ["sprung"] && dictionary.removedSample.first?.lemma == "spring")
        #expect(dictionary.changedSample == [ReleaseDiff.CardForms(lemma: "spring", pos: .verb, added: 0, removed: 1)])
        // Like the dictionary's entries, the forms weigh nothing in the bump (FormChange.swift).
        #expect(diff.isEmpty && diff.suggestedBump == .none)

        let text = try DiffProject.vocab(["diff", builds.first.path, copy.path, "--exit-code"])
        #expect(text.status == 0, "forms alone are no difference for --exit-code: \(text.stderr)")
        for fragment in [
            "release forms          2 → 2 forms (+1 added, −1 removed; 1 words' forms changed)",
            "dictionary forms       7 → 6 forms (+0 added, −1 removed; 1 entries' forms changed)",
            "Release forms added (1)\n  + knowed → know/verb (past tense)",
            "Release forms removed (1)\n  - known → know/verb\n",
            "Release words whose forms changed (1)\n  ~ know/verb  +1 −1",
            "Dictionary forms removed (1)\n  - sprung → spring/verb\n",
        ] {
            #expect(text.stdout.contains(fragment), "\(fragment)\n\(text.stdout)")
        }
        #expect(!text.stdout.contains("Dictionary forms added"))

        let json = try DiffProject.vocab(["diff", builds.first.path, copy.path, "--format", "json"])
        let decoded = try JSONDecoder().decode(ReleaseDiff.self, from: Data(json.stdout.utf8))
        #expect(decoded.forms == diff.forms)
        let markdown = try DiffProject.vocab(["diff", builds.first.path, copy.path, "--format", "markdown"])
        #expect(markdown.stdout.contains("<details><summary>Release forms added (1)</summary>\n\n- knowed → **know** (verb), past tense"))
        #expect(markdown.stdout.contains("Dictionary forms: 7 → 6 forms (+0 added, −1 removed; 1 entries' forms changed)."))
    }

    @Test func aReleaseWithoutTheTablesHasNoneAndASchemaSevenDictionaryIsComparedWithoutReadings() throws {
        let builds = try SampleBuilds.get()
        // The release database before the forms; the dictionary's forms as schema 6 and 7 had
        // them (entry and form, searched without case: `Knew` is `knew`), `sprung` left out.
        let old = try Self.edited("schema-7", release: Self.dropForms + ["PRAGMA user_version = 7"], dictionary: [
            "CREATE TABLE legacy(entryId INTEGER NOT NULL, form TEXT NOT NULL, PRIMARY KEY(entryId, form)) WITHOUT ROWID",
            "INSERT INTO legacy SELECT DISTINCT entryId, CASE form WHEN 'knew' THEN 'Knew' ELSE form END FROM forms WHERE form != 'sprung'",
        ] + Self.dropForms + ["ALTER TABLE legacy RENAME TO forms", "PRAGMA user_version = 7"])
        let diff = try Self.diff(old, builds.first)
        #expect(diff.schema?.oldUserVersion == 7 && diff.suggestedBump == .major)
        let words = try #require(diff.forms?.words)
        #expect(words.oldForms == nil && words.newForms == 2 && words.newCards == 1 && words.added == 2 && !words.compared)
        #expect(words.addedSample.isEmpty && words.cardsChanged == 0, "new forms are counted, not listed")
        let dictionary = try #require(diff.forms?.dictionary)
        #expect(!dictionary.readingsCompared && dictionary.oldForms == 6 && dictionary.newForms == 7)
        #expect(dictionary.added == 1 && dictionary.removed == 0 && dictionary.addedSample.map(\.form) == ["sprung"])

        let run = try DiffProject.vocab(["diff", old.path, builds.first.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("release forms          none → 2 forms of 1 words (new: OLD has no forms table)"), "\(run.stdout)")
        #expect(run.stdout.contains("6 → 7 forms (+1 added, −0 removed; 1 entries' forms changed; readings not compared"), "\(run.stdout)")
        #expect(!run.stdout.contains("Release forms added"))
    }

    @Test func aSchemaFiveReleaseIsDiffedBothWays() throws {
        let builds = try SampleBuilds.get()
        let old = try Self.edited(
            "schema-5", release: Self.dropForms + ["ALTER TABLE words RENAME COLUMN freqRank TO rank", "PRAGMA user_version = 5"],
            dictionary: Self.dropForms + ["PRAGMA user_version = 5"])
        let forward = try DiffProject.vocab(["diff", old.path, builds.first.path])
        #expect(forward.status == 0, "\(forward.stderr)")
        #expect(forward.stdout.contains("dictionary forms       none → 7 forms of 3 entries (new: OLD has no forms table)"), "\(forward.stdout)")
        let back = try DiffProject.vocab(["diff", builds.first.path, old.path, "--format", "markdown"])
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stdout.contains("Release forms: 2 forms of 1 words → none (NEW has no forms table)."), "\(back.stdout)")
        // Two releases without forms say nothing of them.
        let neither = try DiffProject.vocab(["diff", old.path, old.path])
        #expect(neither.status == 0 && !neither.stdout.contains("release forms") && !neither.stdout.contains("dictionary forms"), "\(neither.stdout)")
    }

    @Test func aSampleIsTheFirstFormsByFormWithTheRestCounted() throws {
        var names = FormNames()
        let run = names.number(of: .init(name: "run", pos: .verb)), walk = names.number(of: .init(name: "walk", pos: .verb))
        let past = names.number(ofReading: "past")
        let forms = (0..<25).shuffled().map { FormSet.Form(form: "f\(String(format: "%02d", $0))", card: $0 % 2 == 0 ? run : walk, reading: past) }
        // One form in both: the others are compared, not all new.
        let kept = FormSet.Form(form: "ran", card: run, reading: past)
        let old = FormSet(layout: .withReadings, forms: [kept], cards: [run, walk])
        let new = FormSet(layout: .withReadings, forms: Set(forms + [kept]), cards: [run, walk], descriptions: [past: "past tense"])
        let diff = ReleaseDiff(old: Bundles.release([]), new: Bundles.release([]))
            .withForms(old: ReleaseForms(words: old, dictionary: nil), new: ReleaseForms(words: new, dictionary: nil), names: names)
        let change = try #require(diff.forms?.words)
        #expect(change.added == 25 && change.cardsChanged == 2 && diff.forms?.dictionary == nil)
        #expect(change.addedSample.map(\.form) == (0..<10).map { "f\(String(format: "%02d", $0))" })
        #expect(change.addedSample.first == ReleaseDiff.Form(form: "f00", lemma: "run", pos: .verb, tags: "past", description: "past tense"))
        #expect(change.changedSample.map(\.lemma) == ["run", "walk"] && change.changedSample.map(\.added) == [13, 12])
        let text = DiffRenderer(limit: 3).text(diff)
        #expect(text.contains("Release forms added (25)\n  + f00 → run/verb (past tense)\n  + f01 → walk/verb (past tense)\n  + f02 → run/verb (past tense)\n  … and 22 more"), "\(text)")
        #expect(DiffRenderer(limit: 3).markdown(diff).contains("- … and 22 more"))
    }
}
