import Foundation
import TestSupport
import Testing
import VocabCore
import VocabPipeline

/// The lemmatize step on the real Spanish inputs: wordfreq's 20,000 most frequent forms (no tags,
/// frequencies per million), the `es_ES` Hunspell dictionary, omw-es, and the project's Spanish
/// lemma table and stop list (`Corpus/release`). The release config itself is another issue's;
/// this config has what the lemmatize step needs and no translation lexicon.
@Suite(.serialized, .needsRealCorpus) struct SpanishLemmatizationTests {
    /// The config: `count` words, and `extra` (more config members, each ending in a comma) such as a gloss lexicon.
    static func config(in folder: URL, name: String = "wordfreq-es-lemmas", count: Int = 3000, extra: String = "") throws -> URL {
        let release = TestProject.root.appendingPathComponent("Corpus/release")
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
            "hunspell": { "aff": "morphology/es_ES.aff", "dic": "morphology/es_ES.dic" },
            "lemmaTable": "\(release.appendingPathComponent("lemmas-es.tsv").path)"
          },
          "lexicon": { "path": "lexicons/omw-es.xml.gz" },
          \(extra)
          "selection": { "count": \(count), "stopList": "\(release.appendingPathComponent("stoplist-es.txt").path)" },
          "output": { "directory": "\(folder.appendingPathComponent("out").path)", "work": "\(folder.appendingPathComponent("work").path)" }
        }
        """
        let url = folder.appendingPathComponent("es.json")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func spanishFormsBecomeTheLemmasALearnerNeeds() throws {
        let folder = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipeline = try Pipeline.load(configFile: try Self.config(in: folder))
        let report = try PipelineBuild.run(pipeline)
        print(report.text)

        let figures = try #require(report.lemmatization)
        #expect(figures.formsRead == 20000)
        #expect(figures.lemmatized.values.reduce(0, +) + figures.noLemma == 20000)
        for source in LemmatizeFigures.sources { #expect((figures.lemmatized[source] ?? 0) > 100, "\(source): \(figures)") }

        let selected = try JSONLines.read(SelectedWord.self, from: pipeline.stageFolder(.select).appendingPathComponent("selected.jsonl"))
        #expect(selected.count == 3000)
        let names = Set(selected.map(\.lemma))
        for lemma in ["ser", "tener", "poder", "hacer", "año", "casa", "vez"] { #expect(names.contains(lemma), "\(lemma) missing") }

        // No function word of the stop list.
        let stopList = try String(contentsOf: TestProject.root.appendingPathComponent("Corpus/release/stoplist-es.txt"), encoding: .utf8)
        let stopWords = Set(stopList.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.contains(":") }.map(String.init))
        #expect(names.isDisjoint(with: stopWords), "\(names.intersection(stopWords))")

        // No plural or feminine form beside its lemma.
        for form in ["años", "animales", "abierta", "personas", "cosas", "buena", "nueva", "casas", "veces"] {
            #expect(!names.contains(form), "\(form) shipped")
        }
        // A function word made no verb a top word: para, una, como go to no verb.
        let forms = try JSONLines.read(FormLemmaRecord.self, from: pipeline.stageFolder(.lemmatize).appendingPathComponent("forms.jsonl"))
        let lemmaOf = Dictionary(forms.map { ($0.form, $0.lemma) }, uniquingKeysWith: { first, _ in first })
        #expect(lemmaOf["para"] ?? nil == nil)
        #expect(lemmaOf["como"] ?? nil == nil)
        #expect((lemmaOf["una"] ?? nil) != "unir")
        #expect(lemmaOf["años"] ?? nil == "año")
        #expect(lemmaOf["fue"] ?? nil == "ser")
        #expect(lemmaOf["puede"] ?? nil == "poder")
        let top100 = Set(selected.prefix(100).map(\.lemma))
        #expect(top100.isDisjoint(with: ["parar", "unir", "comer", "sobrar", "parir"]), "\(top100)")
        // ser gathers es, fue, era, son, sea, ...: it is the most frequent lemma taught.
        #expect(selected.first?.lemma == "ser")

        // The report folder lists the forms without a lemma, most frequent first.
        let noLemma = try String(contentsOf: pipeline.reportFolder.appendingPathComponent("no-lemma.txt"), encoding: .utf8)
        let listed = noLemma.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[0]) }
        #expect(listed.prefix(3) == ["que", "el", "los"])
    }
}

/// A line of `lemmatize/forms.jsonl`, read without the stage module.
struct FormLemmaRecord: Decodable {
    var form: String
    var lemma: String?
}
