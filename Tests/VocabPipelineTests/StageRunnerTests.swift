import Foundation
import Testing
import VocabCore
@testable import VocabPipeline

/// The stage runner reuses a stage only while its key matches and its artifacts are the ones it
/// wrote, reads a reused read stage's rows only when asked, and loads no lexicon for a reused stage.
@Suite struct StageRunnerTests {
    /// The runner after running (or reusing) the read, select and join stages.
    func runner(_ scene: SampleScene, force: Bool = false) throws -> StageRunner {
        let runner = try StageRunner(scene.pipeline, options: .init(force: force))
        try runner.runOrReuse(ReadStage.self)
        try runner.runOrReuse(SelectStage.self)
        try runner.runOrReuse(JoinStage.self)
        try runner.artifacts.finish()
        return runner
    }

    func steps(_ runner: StageRunner, reused: Bool) -> [BuildStep] {
        runner.times.filter { $0.reused == reused }.map(\.stage)
    }

    @Test func aSecondRunReusesEveryStageAndLoadsNoLexicon() throws {
        let scene = try SampleScene()
        defer { scene.remove() }
        let first = try runner(scene)
        #expect(steps(first, reused: false) == [.hash, .read, .lexicons, .select, .join])
        let second = try runner(scene)
        #expect(steps(second, reused: true) == [.read, .select, .join])
        #expect(steps(second, reused: false) == [.hash])
        let records = try #require(first.output(of: JoinStage.self)).records
        #expect(try #require(second.output(of: JoinStage.self)).records == records)
        #expect(steps(try runner(scene, force: true), reused: true).isEmpty, "force runs every stage")
    }

    @Test func aStageWhoseArtifactChangedRunsAgain() throws {
        let scene = try SampleScene()
        defer { scene.remove() }
        _ = try runner(scene)
        try scene.tamper(.select, "dropped.jsonl")
        let again = try runner(scene)
        #expect(steps(again, reused: true) == [.read, .join], "join's key depends on select's key, not on its files")
        #expect(steps(again, reused: false) == [.hash, .lexicons, .select])
    }

    @Test func aReusedReadStageReadsItsRowsOnlyWhenAskedAndReadsTheListAgainWhenTheyChanged() throws {
        let scene = try SampleScene()
        defer { scene.remove() }
        _ = try runner(scene)
        let rows = try ReadStage.run(scene.pipeline).rows
        #expect(!rows.isEmpty)

        let reused = try StageRunner(scene.pipeline)
        try reused.runOrReuse(ReadStage.self)
        #expect(try #require(reused.output(of: ReadStage.self)).rows.isEmpty, "a reused read stage is read back without its rows")
        #expect(try reused.rows() == rows)
        #expect(steps(reused, reused: true) == [.read])

        try scene.tamper(.read, "rows.jsonl")
        let reread = try StageRunner(scene.pipeline)
        try reread.runOrReuse(ReadStage.self)
        #expect(try reread.rows() == rows, "the list is read again")
        #expect(steps(reread, reused: true) == [.read])
        #expect(steps(reread, reused: false) == [.hash, .read])
    }

    @Test func theSelectStageLetsGoOfTheRows() throws {
        let scene = try SampleScene()
        defer { scene.remove() }
        let runner = try StageRunner(scene.pipeline, options: .init(force: true))
        try runner.runOrReuse(ReadStage.self)
        let fresh = try #require(runner.output(of: ReadStage.self))
        #expect(!fresh.rows.isEmpty)
        try runner.runOrReuse(SelectStage.self)
        #expect(try #require(runner.output(of: ReadStage.self)).rows.isEmpty)
        #expect(try #require(runner.output(of: ReadStage.self)).summary.rows > 0)
        try runner.artifacts.finish()
    }

    @Test func aStageTheConfigDoesNotRunIsSkipped() throws {
        var scene = try SampleScene()
        defer { scene.remove() }
        scene.pipeline.config.dictionary.enabled = false
        let runner = try self.runner(scene)
        try runner.runOrReuse(DictionaryStage.self)
        #expect(runner.output(of: DictionaryStage.self) == nil)
        #expect(!runner.times.contains { $0.stage == .dictionary })
    }
}
