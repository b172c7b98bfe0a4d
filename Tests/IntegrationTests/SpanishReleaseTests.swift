import Foundation
import SQLiteDatabase
import ReleaseFormat
import TestSupport
import Testing
import VocabCore
import VocabPipeline
import WNLMF

/// The Spanish release as shipped (`Corpus/release/wordfreq-es-en.json`, output redirected):
/// Spanish learned by English speakers from wordfreq's forms, omw-es, OEWN 2025 and Hunspell.
@Suite(.serialized, .needsRealCorpus) struct SpanishReleaseTests {
    static let config = TestProject.root.appendingPathComponent("Corpus/release/wordfreq-es-en.json")

    /// The release, built once for the suite.
    static let built: Result<(pipeline: Pipeline, report: BuildReport), any Error> = Result {
        let output = try Project.temporaryFolder()
        let pipeline = try Project.pipeline(config, corpus: TestProject.sharedCorpus, output: output)
        return (pipeline, try PipelineBuild.run(pipeline))
    }

    static func database() throws -> SQLiteConnection {
        let pipeline = try built.get().pipeline
        return try SQLiteConnection(path: pipeline.releaseFolder.appendingPathComponent("wordfreq-es-en.sqlite").path, readOnly: true)
    }

    /// The names the documented search query returns for `input`, best first.
    static func search(_ input: String) throws -> [String] {
        try database().read { db in
            try String.fetchAll(db, sql: "SELECT name FROM (\(WordSearch.query(table: "words")))",
                                arguments: ["input": input, "limit": 20])
        }
    }

    @Test func theReleaseTeachesSpanishLemmasWithDefinitionsAndTranslations() throws {
        let db = try Self.database()
        let total = try db.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM words") }
        #expect(total == 3000)
        let parts = try db.read { try Set(String.fetchAll($0, sql: "SELECT DISTINCT pos FROM words")) }
        #expect(parts == ["noun", "verb", "adjective"])
        let defined = try db.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM words WHERE definition IS NOT NULL") } ?? 0
        #expect(defined * 100 >= 3000 * 95, "\(defined) definitions")
        let translated = try db.read {
            try Int.fetchOne($0, sql: "SELECT count(*) FROM words WHERE json_array_length(translations, '$.en') > 0")
        } ?? 0
        #expect(translated * 100 >= 3000 * 95, "\(translated) with English")
        let pronounced = try db.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM words WHERE pronunciations != '[]'") } ?? 0
        #expect(pronounced * 100 >= 3000 * 99, "\(pronounced) pronounced")

        let names = try db.read { try Set(String.fetchAll($0, sql: "SELECT name FROM words")) }
        for lemma in ["ser", "tener", "poder", "hacer", "año", "casa", "vez"] { #expect(names.contains(lemma), "\(lemma) missing") }
        for form in ["años", "casas", "veces", "personas", "cosas", "buena", "nueva", "abierta", "es", "fue", "puede"] {
            #expect(!names.contains(form), "\(form) shipped")
        }
        let stopList = try String(contentsOf: TestProject.root.appendingPathComponent("Corpus/release/stoplist-es.txt"), encoding: .utf8)
        let stopWords = Set(stopList.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.contains(":") }.map(String.init))
        #expect(names.isDisjoint(with: stopWords), "\(names.intersection(stopWords))")
    }

    @Test func everyDefinitionAndTranslationComesFromTheCardsOwnConcept() throws {
        let url = TestProject.sharedCorpus.appendingPathComponent("lexicons/english-wordnet-2025.xml.gz")
        let oewn = try LexiconReader.read(.file(url), displayPath: url.path, keeping: .glosses)
        let rows = try Self.database().read {
            try SQLiteRow.fetchAll($0, sql: "SELECT name, ili, definition, definitionLanguage, translations FROM words")
        }
        var checked = 0
        for row in rows {
            let name: String = row["name"]
            guard let definition: String = row["definition"] else { continue }
            let ili: String? = row["ili"]
            #expect(row["definitionLanguage"] as String? == "en", "\(name)")
            #expect(ili.flatMap(oewn.definition(ili:)) == definition, "\(name): not its concept's gloss")
            checked += 1
        }
        #expect(checked >= 2850)
    }

    @Test func theReportShowsLemmatizationAndDefinitionSources() throws {
        let built = try Self.built.get()
        let figures = try #require(built.report.lemmatization)
        #expect(figures.formsRead == 20000)
        #expect(figures.lemmatized.values.reduce(0, +) + figures.noLemma == 20000)
        let definitions = try #require(built.report.figures?.definitions)
        #expect(definitions.source == 0, "omw-es has no definitions of its own")
        #expect((definitions.gloss["en"] ?? 0) * 100 >= 3000 * 95)
        let markdown = try String(contentsOf: built.pipeline.reportFolder.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(markdown.contains("from glosses (en)"), "definition sources missing from report.md")
        #expect(markdown.contains("lemmatiz"), "lemmatization figures missing from report.md")
        // Every reviewed pin of the shipped file is applied (each names a word of the release).
        let pins = try String(contentsOf: TestProject.root.appendingPathComponent("Corpus/release/wordfreq-es.pins"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(pins.count >= 40)
        #expect(built.report.figures?.pinned == pins.count)
    }

    /// An English-speaking learner finds a Spanish word by its English translation, and by its
    /// spelling with or without accents, without mixing año (year) and ano (anus).
    @Test func searchFindsSpanishWordsByEnglishAndBySpellingWithOrWithoutAccents() throws {
        #expect(try Self.search("year").first == "año")
        #expect(try Self.search("house").contains("casa"))
        let año = try Self.search("año")
        #expect(año.first == "año")
        #expect(!año.contains("ano"), "\(año)")
        #expect(try Self.search("Año").first == "año")
        // Typed without the tilde: año is found, after any word spelled exactly `ano`.
        let ano = try Self.search("ano")
        #expect(ano.contains("año"), "\(ano)")
        if let exact = ano.firstIndex(of: "ano"), let accented = ano.firstIndex(of: "año") { #expect(exact < accented) }
        #expect(try Self.search("dia").contains("día"))
        #expect(try Self.search("día").first == "día")
    }
}
