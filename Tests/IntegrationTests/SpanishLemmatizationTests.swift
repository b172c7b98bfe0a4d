import Foundation
import ReferenceScores
import TestSupport
import Testing
import VocabCore
import VocabPipeline

/// The lemmatize step on the real Spanish inputs: wordfreq's 20,000 most frequent forms (no tags,
/// frequencies per million), Debian's Apertium analyzer and `es_ES` Hunspell dictionary as the
/// Spanish release config names them, and omw-es; no lemma table, no stop list. The release
/// config itself is `SpanishReleaseTests`'; this config has what the lemmatize step needs and no
/// translation lexicon.
@Suite(.serialized, .needsRealCorpus, .needsSpanishMorphology) struct SpanishLemmatizationTests {
    /// The config: `count` words, and `extra` (more config members, each ending in a comma) such as a gloss lexicon.
    static func config(in folder: URL, name: String = "wordfreq-es-lemmas", count: Int = 3000, extra: String = "") throws -> URL {
        let text = """
        {
          "dataset": { "name": "\(name)", "version": "0.1.0", "title": "Spanish lemmatization test", "description": "test" },
          "corpus": "\(TestProject.sharedCorpus.path)",
          "frequency": {
            "path": "frequency/wordfreq-es-top20000.csv",
            "columns": { "lemma": "word", "frequency": "frequency_per_million" },
            "decimalPlaces": 4
          },
          "lemmatization": {
            "analyzer": { "path": "/usr/share/apertium/apertium-eng-spa/spa-eng.automorf.bin" },
            "hunspell": { "aff": "/usr/share/hunspell/es_ES.aff", "dic": "/usr/share/hunspell/es_ES.dic" }
          },
          "lexicon": { "path": "lexicons/omw-es.xml.gz" },
          \(extra)
          "selection": { "count": \(count) },
          "output": { "directory": "\(folder.appendingPathComponent("out").path)", "work": "\(folder.appendingPathComponent("work").path)" }
        }
        """
        let url = folder.appendingPathComponent("es.json")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// The config's build, once for the suite: its pipeline and report.
    static let built: Result<(pipeline: Pipeline, report: BuildReport, folder: URL), any Error> = Result {
        let folder = try Project.temporaryFolder()
        let pipeline = try Pipeline.load(configFile: try config(in: folder))
        return (pipeline, try PipelineBuild.run(pipeline), folder)
    }

    /// Each form's lemma in `lemmatize/forms.jsonl` (nil: none).
    static func lemmaOf(_ pipeline: Pipeline) throws -> [String: String?] {
        let forms = try JSONLines.read(FormLemmaRecord.self, from: pipeline.stageFolder(.lemmatize).appendingPathComponent("forms.jsonl"))
        return Dictionary(forms.map { ($0.form, $0.lemma) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func spanishFormsBecomeTheLemmasALearnerNeeds() throws {
        let (pipeline, report, _) = try Self.built.get()
        print(report.text)

        let figures = try #require(report.lemmatization)
        #expect(figures.formsRead == 20000)
        #expect(figures.lemmatized.values.reduce(0, +) + (figures.closedClass ?? 0) + figures.noLemma == 20000)
        #expect((figures.lemmatized["analyzer"] ?? 0) > 15000, "\(figures)")
        #expect((figures.closedClass ?? 0) > 200, "\(figures)")

        let selected = try JSONLines.read(SelectedWord.self, from: pipeline.stageFolder(.select).appendingPathComponent("selected.jsonl"))
        #expect(selected.count == 3000)
        let names = Set(selected.map(\.lemma))
        for lemma in ["ser", "tener", "poder", "hacer", "año", "casa", "vez", "hija", "primero"] { #expect(names.contains(lemma), "\(lemma) missing") }
        // No plural, feminine or conjugated form beside its lemma; no function word, though
        // omw-es lists de, la, sobre, este as nouns; no letter, no name.
        for form in ["años", "animales", "abierta", "personas", "cosas", "buena", "nueva", "casas", "veces", "es", "fue", "puede",
                     "de", "la", "que", "el", "se", "una", "este", "para", "sobre", "d", "x", "juan", "españa"] {
            #expect(!names.contains(form), "\(form) shipped")
        }
        // A function word made no verb a top word: para, una, como go to no verb.
        let lemmaOf = try Self.lemmaOf(pipeline)
        #expect(lemmaOf["para"] ?? nil == "para")
        #expect(lemmaOf["una"] ?? nil == "uno")
        #expect(lemmaOf["años"] ?? nil == "año")
        #expect(lemmaOf["fue"] ?? nil == "ser")
        #expect(lemmaOf["son"] ?? nil == "ser")
        #expect(lemmaOf["puede"] ?? nil == "poder")
        let top100 = Set(selected.prefix(100).map(\.lemma))
        #expect(top100.isDisjoint(with: ["parar", "unir", "comer", "sobrar", "parir"]), "\(top100)")
        // ser gathers es, fue, era, son, sea, ...: it is the most frequent lemma taught.
        #expect(selected.first?.lemma == "ser")

        // The report folder lists the function words and the forms without a lemma, most frequent first.
        func listed(_ name: String) throws -> [String] {
            let text = try String(contentsOf: pipeline.reportFolder.appendingPathComponent(name), encoding: .utf8)
            return text.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[0]) }
        }
        #expect(try listed("closed-class.txt").prefix(3) == ["de", "la", "que"])
        #expect(try listed("no-lemma.txt").count == 200)
    }

    /// The step's form → lemma map against the gold lemmas of UD Spanish-GSD (dev and test), as
    /// the corpus README scores it: at least 0.95 frequency-weighted over the forms that are
    /// mostly content words, and 0.93 over every form the treebank tags as a content word.
    @Test func theLemmasAgreeWithTheTreebanksGoldLemmas() throws {
        let (pipeline, _, _) = try Self.built.get()
        let reference = TestProject.sharedCorpus.appendingPathComponent("reference")
        let gold = try LemmaGold(conllu: [reference.appendingPathComponent("es_gsd-ud-dev.conllu"),
                                          reference.appendingPathComponent("es_gsd-ud-test.conllu")])
        let list = try LemmaGold.frequencyList(TestProject.sharedCorpus.appendingPathComponent("frequency/wordfreq-es-top20000.csv"))
        let score = gold.score(try Self.lemmaOf(pipeline), list: list)
        print(String(format: "UD Spanish-GSD gold lemmas: %.4f weighted, %.4f unweighted over %d mostly-content forms; %.4f weighted, %.4f unweighted over all %d",
                     score.mostlyContent.weighted, score.mostlyContent.unweighted, score.mostlyContent.forms,
                     score.all.weighted, score.all.unweighted, score.all.forms))
        print("most frequent misses: " + score.wrong.prefix(20).map { "\($0.form) → \($0.lemma ?? "-") (gold \($0.gold))" }.joined(separator: ", "))
        #expect(score.all.forms == 5541)
        #expect(score.mostlyContent.weighted >= 0.95)
        #expect(score.all.weighted >= 0.93)
    }
}

/// A line of `lemmatize/forms.jsonl`, read without the stage module.
struct FormLemmaRecord: Decodable {
    var form: String
    var lemma: String?
}
