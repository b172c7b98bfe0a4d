import Foundation
import StageJoin
import Testing
import TestSupport
import VocabCore
import VocabPipeline
import WNLMF

/// A lexicon file named twice (the Spanish lexicon under two language tags, the source lexicon
/// as a target too) is read once, and every language answers as its file read on its own.
@Suite struct SharedLexiconFileTests {
    /// The sample config with two more targets: Spanish again, and the source lexicon.
    func pipeline(in folder: URL) throws -> Pipeline {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: Project.sampleConfig)) as! [String: Any]
        TestProject.relocate(&json, corpus: TestProject.sampleCorpus)
        var translations = json["translations"] as! [[String: Any]]
        var second = translations[0]
        second["language"] = "es-x-second"
        var source = json["lexicon"] as! [String: Any]
        source["language"] = "und-x-source"
        translations += [second, source]
        json["translations"] = translations
        let config = folder.appendingPathComponent("shared.json")
        try JSONSerialization.data(withJSONObject: json).write(to: config)
        return try Project.pipeline(config, output: folder.appendingPathComponent("out"))
    }

    @Test(arguments: [false, true])
    func eachLanguageAnswersAsItsFileReadAlone(keepWhole: Bool) throws {
        let folder = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipeline = try pipeline(in: folder)
        let whole = try LexiconReader.read(.file(pipeline.lexiconFile), displayPath: "en", keeping: .lexicon())
        let all = try LexiconSources.loadAll(pipeline, forms: FormSet(whole.entries.map(\.writtenForm)), keepWhole: keepWhole)
        // The source is a target: its concepts come from the source's own pass (kept whole when asked).
        #expect((all.source.compact != nil) == keepWhole)
        #expect((all.source.interlingual != nil) == !keepWhole)
        #expect(all.translations.map(\.language) == pipeline.config.translations.map(\.language))
        #expect(all.translations.map(\.loaded.source.language) == ["es", "fr", "pt", "de", "es", "en"])

        let shared = LexiconSources.translationSources(all.translations)
        let alone = TranslationSource.group(try pipeline.config.translations.map { translation in
            (translation.language, try LexiconReader.read(
                .file(pipeline.translationFile(translation)), displayPath: translation.language, keeping: .lexicon(text: false)) as any InterlingualLookup)
        })
        #expect(shared.map(\.language) == alone.map(\.language))
        // Kept whole, every concept is answered; otherwise those of the entries' first senses
        // (the policy of the sample config), which is all a join asks.
        let asked = keepWhole
            ? Set(whole.synsets.compactMap(\.interlingualId))
            : Set(whole.entries.compactMap { $0.senses.first.flatMap { whole.synset(id: $0.synset)?.interlingualId } })
        var translated = 0
        for ili in asked.sorted() {
            for (mine, theirs) in zip(shared, alone) {
                #expect(mine.lemmas(ili: ili) == theirs.lemmas(ili: ili), "\(mine.language) \(ili)")
                if !mine.lemmas(ili: ili).isEmpty { translated += 1 }
            }
        }
        #expect(translated > 100)
    }
}
