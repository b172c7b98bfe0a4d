import Foundation
import ReferenceScores
import SQLiteDatabase
import ReleaseFormat
import TestSupport
import Testing
import VocabCore
import VocabPipeline
import WNLMF

/// The Spanish release as shipped (`Corpus/release/wordfreq-es-en.json`, output redirected):
/// Spanish learned by English speakers from wordfreq's forms, omw-es, OEWN 2025 and Hunspell.
@Suite(.serialized, .needsRealCorpus, .needsSpanishMorphology) struct SpanishReleaseTests {
    static let config = TestProject.root.appendingPathComponent("Corpus/release/wordfreq-es-en.json")

    /// The release, built once for the suite.
    static let built: Result<(pipeline: Pipeline, report: BuildReport), any Error> = Result { try Project.buildShipped(config) }

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
        // The release's top words, for the record.
        let top = try db.read { try String.fetchAll($0, sql: "SELECT name || '/' || substr(pos, 1, 1) FROM words ORDER BY id LIMIT 30") }
        print("top 30: " + top.joined(separator: ", "))
    }

    /// Checked against an independent reference, the UD Spanish-GSD treebank's tags and gold
    /// lemmas (never an input of the build): (almost) no released word is mostly a function word in it
    /// (determiner, pronoun, adposition, conjunction, numeral, interjection, particle, in at least
    /// two tokens), and at least 2,950 of the 3,000 words are lemmas, not a form the treebank
    /// lemmatizes to another released word of a content tag.
    @Test func theWordsAreLemmasAndNoFunctionWordByTheTreebank() throws {
        let names = try Self.database().read { try String.fetchAll($0, sql: "SELECT name FROM words") }
        #expect(names.count == 3000)
        let (tokens, function, lemmas) = try Project.treebank(["es_gsd-ud-dev.conllu", "es_gsd-ud-test.conllu"])
        let functionWords = names.filter { name in
            let key = name.lowercased()
            return (tokens[key] ?? 0) >= 2 && (function[key] ?? 0) * 2 > (tokens[key] ?? 0)
        }
        // At most one: a form the analyzer does not know is lemmatized by the lexicon, which
        // lists some numerals as nouns (`ciento`, a hundred, unknown to Apertium's Spanish).
        print("released words the treebank tags mostly as function words: \(functionWords)")
        #expect(functionWords.count <= 1, "function words: \(functionWords)")
        let released = Set(names.map { $0.lowercased() })
        let inflected = names.filter { name in
            guard let gold = lemmas[name.lowercased()]?.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key })?.key else { return false }
            return gold.lowercased() != name.lowercased() && released.contains(gold.lowercased())
        }
        print("released words the treebank lemmatizes to another released word: \(inflected.count): \(inflected)")
        #expect(3000 - inflected.count >= 2950)
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
        #expect(figures.lemmatized.values.reduce(0, +) + (figures.closedClass ?? 0) + figures.noLemma == 20000)
        let definitions = try #require(built.report.figures?.definitions)
        #expect(definitions.source == 0, "omw-es has no definitions of its own")
        #expect((definitions.gloss["en"] ?? 0) * 100 >= 3000 * 95)
        let markdown = try String(contentsOf: built.pipeline.reportFolder.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(markdown.contains("from glosses (en)"), "definition sources missing from report.md")
        #expect(markdown.contains("lemmatiz"), "lemmatization figures missing from report.md")
        // Every reviewed pin of the shipped file whose word is in the release is applied; the
        // others are warned about.
        let pins = try String(contentsOf: TestProject.root.appendingPathComponent("Corpus/release/wordfreq-es.pins"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let unused = built.report.warnings.filter { $0.hasPrefix("the sense pin ") && $0.hasSuffix("its word is not in the release") }
        #expect(pins.count >= 30)
        #expect(unused.count <= 2, "\(unused)")
        #expect(built.report.figures?.pinned == pins.count - unused.count)
    }

    /// An English-speaking learner finds a Spanish word by its English translation, and by its
    /// spelling with or without accents, without mixing año (year) and ano (anus): `ñ` is a letter
    /// of its own to Spanish (its collation), which the folded search keeps (schema 9).
    @Test func searchFindsSpanishWordsByEnglishAndBySpellingWithOrWithoutAccents() throws {
        #expect(try Self.search("year").first == "año")
        #expect(try Self.search("house").contains("casa"))
        let año = try Self.search("año")
        #expect(año.first == "año")
        #expect(!año.contains("ano"), "\(año)")
        #expect(try Self.search("Año").first == "año")
        // Typed without the tilde, `ano` is another word: año is never found for it.
        let ano = try Self.search("ano")
        #expect(!ano.contains("año"), "\(ano)")
        // An accent Spanish folds is found typed without it.
        #expect(try Self.search("cancion").contains("canción"))
        #expect(try Self.search("dia").contains("día"))
        #expect(try Self.search("día").first == "día")
    }
}
