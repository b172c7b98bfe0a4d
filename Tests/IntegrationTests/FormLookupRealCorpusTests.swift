import Foundation
import ReleaseFormat
import SQLiteDatabase
import TestSupport
import Testing
import VocabCore

/// Look-up by the form a learner reads (issue 44), on the releases as shipped: every inflected
/// form of a release's words finds its card, by `vocab lookup` and by the SQL recipe SCHEMA.md
/// documents (FormSearch's query, on the database alone); and the share of the forms of
/// Universal Dependencies' Spanish-GSD (dev and test: a test reference, never a build input)
/// whose gold lemma is a word of the release or its dictionary that `vocab lookup --batch` finds.
@Suite(.serialized, .needsRealCorpus, .needsSpanishMorphology) struct FormLookupRealCorpusTests {
    /// The names `vocab lookup RELEASE FORM --json` answers, with how each was reached.
    static func answers(_ release: URL, _ form: String) throws -> [(name: String, match: String, readings: [String])] {
        let run = try Project.vocab(["lookup", release.path, form, "--json"])
        guard run.status == 0 else { return [] }
        let items = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        return items.map { item in
            ((item["name"] as? String) ?? "", (item["match"] as? String) ?? "",
             ((item["inflections"] as? [[String: Any]]) ?? []).compactMap { $0["description"] as? String })
        }
    }

    /// The names FormSearch's documented query returns for `form` in the database `file`'s `table`.
    static func recipe(_ file: URL, table: String, _ form: String) throws -> [String] {
        let db = try SQLiteConnection(path: file.path, readOnly: true)
        defer { try? db.close() }
        return try db.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM (\(FormSearch.query(table: table)))", arguments: ["form": WordForm.key(form)])
        }
    }

    @Test func theSpanishFormsALearnerReadsFindTheirCards() throws {
        let release = try SpanishReleaseTests.built.get().pipeline.releaseFolder
        let database = release.appendingPathComponent("wordfreq-es-en.sqlite")
        let expected: [(form: String, lemmas: [String])] = [
            ("casas", ["casa"]), ("fue", ["ser", "ir"]), ("tengo", ["tener"]), ("niños", ["niño"]), ("hablamos", ["hablar"]), ("Fue", ["ser", "ir"]),
        ]
        for (form, lemmas) in expected {
            let found = try Self.answers(release, form)
            #expect(Array(found.map(\.name).prefix(lemmas.count)) == lemmas, "\(form): \(found.map(\.name))")
            #expect(found.prefix(lemmas.count).allSatisfy { $0.match == "form" && !$0.readings.isEmpty }, "\(form): \(found)")
            let rows = try Self.recipe(database, table: ReleaseSchema.cardTable, form)
            #expect(lemmas.allSatisfy(rows.contains), "\(form) by SQL: \(rows)")
        }
        // The card says how it was reached; ser (rank 1) before ir.
        let fue = try Project.vocab(["lookup", release.path, "fue"])
        #expect(fue.stdout.contains("“fue”: a form of ser (3rd person singular, preterite)"), "\(fue.stdout)")
        #expect(fue.stdout.components(separatedBy: "\n").first?.hasPrefix("ser (verb)") == true, "\(fue.stdout)")
        // A word that is a headword and a form: the word first, then the lemma of the form.
        #expect(try Self.answers(release, "era").map(\.name).prefix(2) == ["era", "ser"])
    }

    @Test func theEnglishFormsALearnerReadsFindTheirCards() throws {
        let release = try ShippedReleases.coca2025().release
        let database = release.appendingPathComponent("coca-oewn2025-es.sqlite")
        for (form, lemma) in [("went", "go"), ("children", "child"), ("better", "good"), ("was", "be")] {
            let found = try Self.answers(release, form)
            #expect(found.contains { $0.name == lemma && $0.match == "form" }, "\(form): \(found.map(\.name))")
            #expect(try Self.recipe(database, table: ReleaseSchema.cardTable, form).contains(lemma), "\(form) by SQL")
        }
        let went = try Project.vocab(["lookup", release.path, "went"])
        #expect(went.stdout.contains("“went”: a form of go (past)"), "\(went.stdout)")
    }

    @Test func udSpanishFormsFindTheirGoldLemmaByBatchLookUp() throws {
        let release = try SpanishReleaseTests.built.get().pipeline.releaseFolder
        var names = Set<String>()
        for (file, table) in [("wordfreq-es-en.sqlite", "words"), ("wordfreq-es-en-dictionary.sqlite", "entries")] {
            let db = try SQLiteConnection(path: release.appendingPathComponent(file).path, readOnly: true)
            defer { try? db.close() }
            names.formUnion(try db.read { try String.fetchAll($0, sql: "SELECT lower(name) FROM \(table)") })
        }
        // Every noun, verb and adjective token whose gold lemma is a card's name.
        var tokens: [(form: String, lemma: String)] = []
        for split in ["dev", "test"] {
            let text = try String(contentsOf: TestProject.sharedCorpus.appendingPathComponent("reference/es_gsd-ud-\(split).conllu"), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard columns.count >= 4, !columns[0].contains("-"), !columns[0].contains("."),
                      ["NOUN", "VERB", "ADJ"].contains(columns[3]), names.contains(columns[2].lowercased()) else { continue }
                tokens.append((String(columns[1]), columns[2].lowercased()))
            }
        }
        let forms = Array(Set(tokens.map(\.form))).sorted()
        let run = try TestProject.runVocab(["lookup", release.path, "--batch"], input: forms.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.count >= forms.count, "\(lines.count) lines for \(forms.count) forms")
        var answers: [String: Set<String>] = [:]
        for (form, line) in zip(forms, lines) {
            let items = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Any]])
            answers[form] = Set(items.compactMap { ($0["name"] as? String)?.lowercased() })
        }
        let found = tokens.count { answers[$0.form]?.contains($0.lemma) == true }
        let missed = Dictionary(grouping: tokens.filter { answers[$0.form]?.contains($0.lemma) != true }) { "\($0.form)→\($0.lemma)" }
            .mapValues(\.count).sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(15)
        print("UD Spanish-GSD dev+test: \(found) of \(tokens.count) tokens found by their form (\(100 * found / max(tokens.count, 1)) %); most missed: \(missed)")
        // Issue 44: 55.1 % before (the form found only where it is the lemma); the target 95 %.
        #expect(tokens.count >= 13_000, "\(tokens.count) tokens")
        #expect(found * 100 >= tokens.count * 95, "\(found) of \(tokens.count)")
    }
}
