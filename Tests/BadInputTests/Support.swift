import Foundation
import TestSupport
import Testing

/// Paths of the project, the fixtures and the built `vocab` executable.
enum Paths {
    static let testFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = testFolder.appendingPathComponent("Fixtures")
    static let root = TestProject.root
    static let sampleConfig = TestProject.sampleConfig
    static let sampleCorpus = TestProject.sampleCorpus

    static func fixture(_ name: String) -> URL { fixtures.appendingPathComponent(name) }
}

typealias Run = VocabRun

/// A temporary folder holding a copy of the sample corpus (`corpus/`), an output folder
/// (`out/`), a work folder for the stage artifacts (`work/`) and a config pointing at them.
final class Sandbox {
    let root: URL
    let corpus: URL
    let output: URL
    let config: URL
    static let dataset = "sample-en-es-0.1.0"

    init() throws {
        let fm = FileManager.default
        root = fm.temporaryDirectory.appendingPathComponent("vocab-badinput-\(UUID().uuidString)")
        corpus = root.appendingPathComponent("corpus")
        output = root.appendingPathComponent("out")
        config = root.appendingPathComponent("pipeline.json")
        try fm.createDirectory(at: corpus, withIntermediateDirectories: true)
        try fm.createDirectory(at: output, withIntermediateDirectories: true)
        for name in try fm.contentsOfDirectory(atPath: Paths.sampleCorpus.path) {
            try fm.copyItem(at: Paths.sampleCorpus.appendingPathComponent(name), to: corpus.appendingPathComponent(name))
        }
        try writeConfig { _ in }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// `<out>/sample-en-es-0.1.0`.
    var release: URL { output.appendingPathComponent(Self.dataset) }

    /// A corpus file's path as the pipeline prints it.
    func path(_ name: String) -> String { corpus.appendingPathComponent(name).path }

    /// Replaces (or adds) corpus file `name` with the fixture `fixture`.
    func use(fixture: String, as name: String) throws {
        try put(Data(contentsOf: Paths.fixture(fixture)), as: name)
    }

    func put(_ data: Data, as name: String) throws {
        let url = corpus.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: url)
        try data.write(to: url)
    }

    /// Writes the config: the sample `pipeline.json` with this sandbox's corpus and output,
    /// then `edit` applied to the JSON object.
    func writeConfig(_ edit: (inout [String: Any]) -> Void) throws {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: Paths.sampleConfig)) as! [String: Any]
        TestProject.relocate(&json, corpus: corpus)
        json["output"] = ["directory": output.path, "work": root.appendingPathComponent("work").path]
        edit(&json)
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys, .prettyPrinted]).write(to: config)
    }

    /// `vocab build --config <config>` plus `extra`.
    func build(_ extra: [String] = []) throws -> Run {
        try runVocab(["build", "--config", config.path] + extra)
    }

    /// Every regular file under `folder`, relative path → SHA-256 digest (hex).
    static func fileDigests(under folder: URL) throws -> [String: String] {
        try TestProject.fileDigests(under: folder)
    }

    /// The words of the built release's JSON bundle, in rank order.
    func releaseWords() throws -> [[String: Any]] {
        let bundle = release.appendingPathComponent("sample-en-es.json")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: bundle)) as! [String: Any]
        return json["words"] as! [[String: Any]]
    }
}

/// Runs the real `vocab` executable; kills it after `timeout` seconds (a hang is a failure).
func runVocab(_ arguments: [String], timeout: Double = 60) throws -> Run {
    try TestProject.runVocab(arguments, timeout: timeout)
}

/// What a failing build must print: `error: <file>[:<line>[:<column>]]: [<location>: ]<reason>`.
struct ExpectedError: Sendable {
    /// The file the message must name (a corpus file name, or an absolute path).
    var file: String
    var line: Int?
    var column: Int?
    /// An element or config key path the message must name.
    var location: String?
    /// Words the reason must contain (case-insensitive).
    var words: [String]

    init(file: String, line: Int? = nil, column: Int? = nil, location: String? = nil, _ words: [String]) {
        self.file = file
        self.line = line
        self.column = column
        self.location = location
        self.words = words
    }
}

/// The build failed cleanly: status 1 (not a signal, no hang), one plain error line naming the
/// file, line, column or element and the reason, no trap message, and no release (or temporary
/// release folder) in the output folder.
func expectCleanFailure(
    _ run: Run, _ expected: ExpectedError, sandbox: Sandbox,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(!run.timedOut, "the build hung: \(run)", sourceLocation: sourceLocation)
    #expect(!run.signalled && run.status == 1, "expected exit status 1: \(run)", sourceLocation: sourceLocation)
    #expect(!run.stderr.contains("Fatal error") && !run.stderr.contains("Backtrace"), "trap: \(run)", sourceLocation: sourceLocation)
    let errorLines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
    #expect(errorLines.count == 1, "expected one error line: \(run)", sourceLocation: sourceLocation)
    let message = errorLines.first.map(String.init) ?? ""

    let file = expected.file.hasPrefix("/") ? expected.file : sandbox.path(expected.file)
    var place = file
    if let line = expected.line {
        place += ":\(line)"
        if let column = expected.column { place += ":\(column)" }
        place += ": "
    }
    #expect(message.hasPrefix("error: \(place)"), "expected it to name \(place): \(message)", sourceLocation: sourceLocation)
    if let location = expected.location {
        #expect(message.contains(": \(location): "), "expected it to name \(location): \(message)", sourceLocation: sourceLocation)
    }
    let lower = message.lowercased()
    for word in expected.words {
        #expect(lower.contains(word.lowercased()), "expected \"\(word)\" in: \(message)", sourceLocation: sourceLocation)
    }
    expectNoPartialRelease(sandbox, sourceLocation: sourceLocation)
}

func expectNoPartialRelease(_ sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) {
    let fm = FileManager.default
    #expect(!fm.fileExists(atPath: sandbox.release.path), "a release was published", sourceLocation: sourceLocation)
    let leftovers = ((try? fm.contentsOfDirectory(atPath: sandbox.output.path)) ?? [])
        .filter { $0.hasPrefix(".\(Sandbox.dataset).tmp") }
    #expect(leftovers.isEmpty, "temporary release folders left: \(leftovers)", sourceLocation: sourceLocation)
}

/// The build succeeded (status 0, no trap) and published the release.
func expectSuccess(_ run: Run, sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!run.timedOut && !run.signalled && run.status == 0, "expected success: \(run)", sourceLocation: sourceLocation)
    #expect(!run.stderr.contains("Fatal error"), sourceLocation: sourceLocation)
    #expect(FileManager.default.fileExists(atPath: sandbox.release.path), "no release published", sourceLocation: sourceLocation)
}

/// Sets a value at a key path of nested JSON objects, creating the objects on the way.
func set(_ json: inout [String: Any], _ path: [String], _ value: Any?) {
    guard let key = path.first else { return }
    if path.count == 1 {
        json[key] = value
        return
    }
    var child = json[key] as? [String: Any] ?? [:]
    set(&child, Array(path.dropFirst()), value)
    json[key] = child
}
