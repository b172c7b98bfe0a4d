import Foundation
import TestSupport
import Testing

@Suite struct ConfigTests {
    @Test func unknownKeyIsNamed() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig { set(&$0, ["selection", "cuont"], 3) }
        expectCleanFailure(
            try sandbox.build(),
            ExpectedError(file: sandbox.config.path, location: "selection.cuont", ["unknown key", "count"]),
            sandbox: sandbox)
    }

    @Test func wrongTypeIsNamed() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig { set(&$0, ["selection", "count"], "many") }
        expectCleanFailure(
            try sandbox.build(),
            ExpectedError(file: sandbox.config.path, location: "selection.count", ["wrong type", "integer"]),
            sandbox: sandbox)
    }

    @Test func invalidJSONIsLocated() throws {
        let sandbox = try Sandbox()
        // A missing comma: the error is where "version" starts.
        try Data("{\n  \"dataset\": {\"name\": \"x\" \"version\": \"1\"}\n}\n".utf8).write(to: sandbox.config)
        expectCleanFailure(
            try sandbox.build(),
            ExpectedError(file: sandbox.config.path, line: 2, column: 27, ["not valid JSON"]),
            sandbox: sandbox)
    }

    /// The version names the release folder: "1.0.0+../../x" would publish outside the output folder.
    @Test func versionCannotLeaveTheOutputFolder() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig { set(&$0, ["dataset", "version"], "0.1.0+../../escaped") }
        expectCleanFailure(
            try sandbox.build(),
            ExpectedError(file: sandbox.config.path, location: "dataset.version", ["semantic version", "0.1.0+../../escaped"]),
            sandbox: sandbox)
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("escaped").path))
    }

    @Test func missingInputFileIsNamed() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig { set(&$0, ["frequency", "path"], "no-such-list.csv") }
        expectCleanFailure(
            try sandbox.build(),
            ExpectedError(file: sandbox.config.path, location: "frequency.path", ["file not found", sandbox.path("no-such-list.csv")]),
            sandbox: sandbox)
    }

    /// A device as an input would be hashed (and read) forever.
    @Test func deviceAsInputIsRefused() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig { set(&$0, ["frequency", "path"], "/dev/zero") }
        let run = try runVocab(["build", "--config", sandbox.config.path], timeout: 20)
        expectCleanFailure(
            run, ExpectedError(file: sandbox.config.path, location: "frequency.path", ["not a regular file", "/dev/zero"]),
            sandbox: sandbox)
    }

    @Test func missingConfigFileIsNamed() throws {
        let sandbox = try Sandbox()
        let missing = sandbox.root.appendingPathComponent("no-such-config.json")
        expectCleanFailure(
            try runVocab(["build", "--config", missing.path]),
            ExpectedError(file: missing.path, ["cannot read the config file"]),
            sandbox: sandbox)
    }

    /// The corpus lies where the release would be published: the build must refuse to start.
    @Test func outputOverwritingAnInputIsRefused() throws {
        let sandbox = try Sandbox()
        let fm = FileManager.default
        let inside = sandbox.release
        try fm.moveItem(at: sandbox.corpus, to: inside)
        let before = try Sandbox.fileDigests(under: inside)
        try sandbox.writeConfig { TestProject.relocate(&$0, corpus: inside) }
        let run = try sandbox.build()
        #expect(run.status == 1 && !run.signalled, "\(run)")
        let message = run.stderr.split(separator: "\n").first { $0.hasPrefix("error: ") }.map(String.init) ?? ""
        #expect(message.hasPrefix("error: \(sandbox.config.path): output.directory: "), "\(message)")
        #expect(message.contains("would overwrite the input \(inside.appendingPathComponent("frequency.csv").path)"), "\(message)")
        #expect(!run.stderr.contains("Fatal error"))
        // The inputs are untouched, and nothing else was added beside them.
        #expect(try Sandbox.fileDigests(under: inside) == before)
    }

    /// The same through a symbolic link: the corpus folder is a link to the release folder.
    /// (Publishing replaces the release folder whole, so this used to delete the inputs.)
    @Test func outputOverwritingAnInputThroughASymbolicLinkIsRefused() throws {
        let sandbox = try Sandbox()
        let fm = FileManager.default
        try fm.moveItem(at: sandbox.corpus, to: sandbox.release)
        try fm.createSymbolicLink(at: sandbox.corpus, withDestinationURL: sandbox.release)
        let before = try Sandbox.fileDigests(under: sandbox.release)
        let run = try sandbox.build()
        #expect(run.status == 1 && !run.signalled, "\(run)")
        let message = run.stderr.split(separator: "\n").first { $0.hasPrefix("error: ") }.map(String.init) ?? ""
        #expect(message.hasPrefix("error: \(sandbox.config.path): output.directory: "), "\(message)")
        #expect(message.contains("would overwrite the input \(sandbox.path("frequency.csv"))"), "\(message)")
        #expect(try Sandbox.fileDigests(under: sandbox.release) == before)
    }
}

@Suite struct PreviousReleaseTests {
    /// A failing build into an output folder holding a good release leaves every file of it
    /// byte-identical.
    @Test func failedBuildLeavesThePreviousReleaseIntact() throws {
        let sandbox = try Sandbox()
        expectSuccess(try sandbox.build(["--quiet"]), sandbox: sandbox)
        let before = try Sandbox.fileDigests(under: sandbox.release)
        #expect(before.count >= 3)

        for (fixture, name) in [("frequency/negative-frequency.csv", "frequency.csv"), ("lexicon/truncated.xml", "lexicon-es.xml")] {
            let original = try Data(contentsOf: sandbox.corpus.appendingPathComponent(name))
            try sandbox.use(fixture: fixture, as: name)
            let run = try sandbox.build()
            #expect(run.status == 1 && !run.signalled, "\(fixture): \(run)")
            #expect(run.stderr.contains("error: \(sandbox.path(name)):"), "\(fixture): \(run)")
            #expect(try Sandbox.fileDigests(under: sandbox.release) == before, "\(fixture) changed the release")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.output.path)
                .filter { $0.hasPrefix(".\(Sandbox.dataset).tmp") }
            #expect(leftovers.isEmpty)
            try sandbox.put(original, as: name)
        }
        // With the inputs restored, the next build succeeds (no stale stage artifact is trusted).
        let again = try sandbox.build(["--json", "--quiet"])
        expectSuccess(again, sandbox: sandbox)
        #expect(try sandbox.releaseWords().count == 19)
    }
}
