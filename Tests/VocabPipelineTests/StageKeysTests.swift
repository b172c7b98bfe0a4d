import Foundation
import Testing
@testable import VocabCore
@testable import VocabPipeline

/// Each stage's key covers exactly its inputs: a change reruns the stages downstream of it and no other.
@Suite struct StageKeysTests {
    let epoch = ["SOURCE_DATE_EPOCH": "1767225600"]

    func keys(_ pipeline: Pipeline, environment: [String: String]? = nil) throws -> [StageName: String] {
        try StageKeys(pipeline, digests: FileDigests(), environment: environment ?? epoch).keys
    }

    /// The stages whose keys differ between `before` and `after`.
    func changed(_ before: [StageName: String], _ after: [StageName: String]) -> Set<StageName> {
        Set(StageName.allCases.filter { before[$0] != after[$0] })
    }

    @Test func theSameInputsGiveTheSameKeys() throws {
        let scene = try SampleScene()
        defer { scene.remove() }
        let first = try keys(scene.pipeline)
        #expect(Set(first.keys) == Set(StageName.allCases).subtracting([.examples]), "the sample has no sentence pairs")
        var withExamples = scene.pipeline
        withExamples.config.examples = SampleScene.examples
        #expect(Set(try keys(withExamples).keys) == Set(StageName.allCases))
        #expect(try keys(scene.pipeline) == first)
        #expect(Set(first.values).count == first.count, "every stage has a key of its own")
    }

    @Test func aConfigSectionChangesTheKeysOfTheStagesThatReadItAndOfThoseAfterThem() throws {
        let scene = try SampleScene()
        defer { scene.remove() }
        let base = try keys(scene.pipeline)
        var pipeline = scene.pipeline

        pipeline.config.frequency.title = "Another title"
        #expect(changed(base, try keys(pipeline)) == [.read, .select, .forms, .join, .emit])

        pipeline = scene.pipeline
        pipeline.config.selection.count = 5
        #expect(changed(base, try keys(pipeline)) == [.select, .forms, .join, .emit])

        pipeline = scene.pipeline
        pipeline.config.translation.policy = .sense
        #expect(changed(base, try keys(pipeline)) == [.join, .dictionary, .emit])

        pipeline = scene.pipeline
        pipeline.config.dataset.title = "Another title"
        #expect(changed(base, try keys(pipeline)) == [.emit])

        pipeline = scene.pipeline
        pipeline.config.dictionary.enabled = false
        let withoutDictionary = try keys(pipeline)
        #expect(withoutDictionary[.dictionary] == nil)
        #expect(changed(base, withoutDictionary) == [.dictionary, .emit])
    }

    @Test func theGlossLexiconEntersTheJoinAndDictionaryKeysOnly() throws {
        let scene = try SampleScene()
        defer { scene.remove() }
        let base = try keys(scene.pipeline)
        var pipeline = scene.pipeline
        pipeline.config.glosses = TranslationSourceConfig(language: "fr", lexicon: LexiconSourceConfig(path: "lexicon-fr.xml"))
        let glossed = try keys(pipeline)
        #expect(changed(base, glossed) == [.join, .dictionary, .emit])
        pipeline.config.glosses?.language = "fr-CA"
        #expect(changed(glossed, try keys(pipeline)) == [.join, .dictionary, .emit])
        pipeline.config.glosses?.language = "fr"
        // The gloss file's content enters them too.
        try scene.edit("lexicon-fr.xml", replacing: "\"printemps\"", with: "\"printemps2\"")
        #expect(changed(glossed, try keys(pipeline)) == [.join, .dictionary, .emit])
    }

    @Test func anInputFileChangesTheKeysOfTheStagesThatReadIt() throws {
        let scene = try SampleScene()
        defer { scene.remove() }
        let base = try keys(scene.pipeline)

        try scene.edit("lexicon-es.xml", replacing: "\"primavera\"", with: "\"primaveral\"")
        let translated = try keys(scene.pipeline)
        #expect(changed(base, translated) == [.join, .dictionary, .emit])

        try "be\n".write(to: scene.corpus.appendingPathComponent("stoplist.txt"), atomically: true, encoding: .utf8)
        #expect(changed(translated, try keys(scene.pipeline)) == [.select, .forms, .join, .emit])
    }

    @Test func theExamplesKeyCoversItsSectionItsFilesAndTheStagesBefore() throws {
        let scene = try SampleScene()
        defer { scene.remove() }
        var pipeline = scene.pipeline
        pipeline.config.examples = SampleScene.examples
        let base = try keys(pipeline)
        // The section added: the join weighs translations and senses with the pairs (and the
        // dictionary orders its entries' translations by them), the examples stage runs, the
        // pairs' tokens are forms a learner reads, and the release is emitted again; nothing before.
        #expect(changed(try keys(scene.pipeline), base) == [.join, .examples, .forms, .dictionary, .emit])

        // The choice of sentences is the examples stage's alone.
        var edited = pipeline
        edited.config.examples?.perCard = 2
        #expect(changed(base, try keys(edited)) == [.examples, .emit])
        edited = pipeline
        edited.config.examples?.learnerAnalyzer.classes = ["vblex": .noun]
        #expect(changed(base, try keys(edited)) == [.join, .examples, .forms, .dictionary, .emit])

        // Its files: the pairs, the analyzers.
        try scene.edit("sentences-en-es.tsv", replacing: "This is my house.", with: "This is my home.")
        let paired = try keys(pipeline)
        #expect(changed(base, paired) == [.join, .examples, .forms, .dictionary, .emit])
        let analyzer = scene.corpus.appendingPathComponent("analyzer-es.automorf.bin")
        try (try Data(contentsOf: analyzer) + Data([0])).write(to: analyzer)
        let analyzed = try keys(pipeline)
        #expect(changed(paired, analyzed) == [.join, .examples, .forms, .dictionary, .emit])

        // What the cards come from: a translation lexicon (the concepts' translations) and the list.
        try scene.edit("lexicon-es.xml", replacing: "\"primavera\"", with: "\"primaveral\"")
        #expect(changed(analyzed, try keys(pipeline)) == [.join, .examples, .dictionary, .emit])
    }

    @Test func whereAFileComesFromChangesNoKeyButTheArchiveItIsUnpackedFromEntersTheEmitKey() throws {
        let scene = try SampleScene()
        defer { scene.remove() }
        let base = try keys(scene.pipeline)
        let member = try Checksum.sha256(of: scene.corpus.appendingPathComponent("lexicon-es.xml"))
        var pipeline = scene.pipeline
        // A pin and its locations: no key changes (the file's content already enters them).
        pipeline.config.translations[0].lexicon.pin = SourcePin(
            sha256: member.hex, bytes: member.bytes, url: URL(string: "https://example.org/omw-es.xml"))
        #expect(try keys(pipeline) == base)
        // The same file as the member of an archive: the manifest records the archive, so emit reruns.
        let archive = ArchiveMemberPin(member: "omw-es/omw-es.xml", sha256: member.hex, bytes: member.bytes)
        pipeline.config.translations[0].lexicon.pin = SourcePin(
            sha256: String(repeating: "a", count: 64), bytes: 2000, url: URL(string: "https://example.org/omw-es-1.4.tar.xz"), archive: archive)
        let archived = try keys(pipeline)
        #expect(changed(base, archived) == [.emit])
        // Another URL or mirror for the same archive changes nothing; another archive does.
        pipeline.config.translations[0].lexicon.pin?.mirrors = [URL(string: "https://mirror.example.org/omw-es-1.4.tar.xz")!]
        #expect(try keys(pipeline) == archived)
        pipeline.config.translations[0].lexicon.pin?.sha256 = String(repeating: "b", count: 64)
        #expect(changed(archived, try keys(pipeline)) == [.emit])
    }

    @Test func theBuildTimeAndTheReleaseFolderEnterTheEmitKeyOnly() throws {
        let scene = try SampleScene()
        defer { scene.remove() }
        let base = try keys(scene.pipeline)
        #expect(changed(base, try keys(scene.pipeline, environment: ["SOURCE_DATE_EPOCH": "1767225601"])) == [.emit])
        var moved = scene.pipeline
        moved.redirectOutput(to: scene.folder.appendingPathComponent("elsewhere"))
        #expect(changed(base, try keys(moved)) == [.emit])
    }
}
