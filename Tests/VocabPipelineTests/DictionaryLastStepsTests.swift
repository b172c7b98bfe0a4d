import Foundation
import Testing
import StageEmit
import VocabCore
@testable import VocabPipeline

/// The dictionary stage returns once every card is in, and its search index is built while the
/// emit stage writes the release: the emit waits for it, its failure stops the build with nothing
/// published, and its time counts as the dictionary's.
@Suite struct DictionaryLastStepsTests {
    func manifest(_ pipeline: Pipeline) throws -> Data {
        try Data(contentsOf: pipeline.releaseFolder.appendingPathComponent("datapackage.json"))
    }

    @Test func theDictionaryStepsTimeCountsItsSearchIndex() throws {
        let scene = try SampleScene()
        defer { scene.remove() }
        let report = try PipelineBuild.run(scene.pipeline, options: .init(force: true))
        let stored = try DictionarySummary.read(from: scene.pipeline.stageFolder(.dictionary))
        let step = try #require(report.stages.first { $0.stage == BuildStep(.dictionary) })
        // stage.json has the cards' time and the last steps'; so has the report.
        #expect(step.seconds == stored.seconds)
        #expect(DictionaryDatabase.entryCount(at: DictionaryStage.databaseURL(scene.pipeline)) == stored.entries)

        // Built again: the earlier database was moved aside and is gone once the stage is over.
        _ = try PipelineBuild.run(scene.pipeline, options: .init(force: true))
        let folder = try FileManager.default.contentsOfDirectory(atPath: scene.pipeline.stageFolder(.dictionary).path).sorted()
        #expect(folder == [DictionaryDatabase.fileName, DictionarySummary.fileName].sorted())
        #expect(DictionaryDatabase.entryCount(at: DictionaryStage.databaseURL(scene.pipeline)) == stored.entries)
    }

    @Test func lastStepsThatFailStopTheBuildAndLeaveTheReleaseAsItWas() throws {
        let scene = try SampleScene()
        defer { scene.remove() }
        _ = try PipelineBuild.run(scene.pipeline)
        let published = try manifest(scene.pipeline)

        // A folder where the database goes: every card is in and the index built before the
        // written file is renamed over it, which then fails.
        let database = DictionaryStage.databaseURL(scene.pipeline)
        try FileManager.default.removeItem(at: database)
        try FileManager.default.createDirectory(at: database, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: database.appendingPathComponent("keep"))

        let error = try #require(throws: EmitError.self) { try PipelineBuild.run(scene.pipeline, options: .init(force: true)) }
        #expect(error.location.file == database.path)
        guard case .cannotWrite = error.problem else {
            Issue.record("unexpected problem \(error.problem)")
            return
        }
        #expect(try manifest(scene.pipeline) == published, "the release is the one published before")
        #expect(!FileManager.default.fileExists(
            atPath: scene.pipeline.stageFolder(.dictionary).appendingPathComponent(DictionarySummary.fileName).path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scene.pipeline.stageFolder(.dictionary).path)
        #expect(leftovers == [DictionaryDatabase.fileName], "no temporary database is left: \(leftovers)")
    }
}
