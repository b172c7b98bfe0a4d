import Foundation
import TestSupport
import Testing
import VocabCore
import VocabPipeline
import WNLMF

/// omw-es has no definitions: with OEWN 2025 as the gloss lexicon, most Spanish words of a small
/// selection get the English gloss of their own concept.
@Suite(.serialized, .needsRealCorpus, .needsSpanishMorphology) struct SpanishGlossTests {
    @Test func omwSpanishWordsGetOEWNGlossesOfTheirOwnConcept() throws {
        let folder = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The lemmatization test's config, with OEWN 2025 as the gloss lexicon and 300 words.
        let config = try SpanishLemmatizationTests.config(
            in: folder, name: "wordfreq-es-glosses", count: 300,
            extra: #""glosses": { "language": "en", "path": "lexicons/english-wordnet-2025.xml.gz" },"#)
        let pipeline = try Pipeline.load(configFile: config)
        _ = try PipelineBuild.run(pipeline)

        let records = try JSONLines.read(WordRecord.self, from: pipeline.stageFolder(.join).appendingPathComponent("records.jsonl"))
        #expect(records.count == 300)
        let defined = records.filter { $0.definition != nil }
        // omw-es has none of its own: every definition is an English gloss.
        #expect(defined.allSatisfy { $0.definitionLanguage == "en" })
        #expect(records.filter { $0.definition == nil }.allSatisfy { $0.definitionLanguage == nil })
        #expect(defined.count * 100 >= records.count * 90, "\(defined.count) of \(records.count)")
        print("glossed: \(defined.count) of \(records.count)")
        // Each gloss is the first definition of the card's own concept in OEWN, read here on its own.
        let url = TestProject.sharedCorpus.appendingPathComponent("lexicons/english-wordnet-2025.xml.gz")
        let oewn = try LexiconReader.read(.file(url), displayPath: url.path, keeping: .glosses)
        for record in defined {
            let ili = try #require(record.provenance.ili, "\(record.lemma): a gloss without an ILI")
            #expect(record.definition == oewn.definition(ili: ili), "\(record.lemma) \(ili)")
        }
        // The words left without one have no concept OEWN defines.
        for record in records where record.definition == nil {
            #expect(record.provenance.ili.flatMap(oewn.definition(ili:)) == nil, "\(record.lemma)")
        }
        #expect(records.contains { $0.lemma == "casa" && $0.definition != nil })
    }
}
