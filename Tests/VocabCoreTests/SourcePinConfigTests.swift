import Foundation
import Testing
@testable import VocabCore

/// The pin keys of a source (`sha256`, `bytes`, `url`, `mirrors`): decoded on `frequency`,
/// `lexicon` and each translation, checked strictly, never encoded.
extension PipelineConfigTests {
    static let hexA = String(repeating: "a", count: 64)

    /// Sets `keys` on the source at `keyPath` (`frequency`, `lexicon`, `translations[0]`).
    func pinning(_ keyPath: String, _ keys: [String: Any]) -> (inout [String: Any]) -> Void {
        { json in
            if keyPath == "translations[0]" {
                var items = json["translations"] as! [[String: Any]]
                items[0].merge(keys) { $1 }
                json["translations"] = items
            } else {
                var object = json[keyPath] as! [String: Any]
                object.merge(keys) { $1 }
                json[keyPath] = object
            }
        }
    }

    @Test(arguments: ["frequency", "lexicon", "translations[0]"])
    func pinsAreReadOnEverySource(_ keyPath: String) throws {
        let keys: [String: Any] = ["sha256": Self.hexA, "bytes": 42, "url": "https://example.org/a.xml",
                                   "mirrors": ["http://mirror.example.org/a.xml", "file:///srv/a.xml"]]
        let pipeline = try loadPipeline(pinning(keyPath, keys))
        let source = try #require(pipeline.sources.first { $0.keyPath == keyPath })
        #expect(source.pin == SourcePin(
            sha256: Self.hexA, bytes: 42, url: URL(string: "https://example.org/a.xml"),
            mirrors: [URL(string: "http://mirror.example.org/a.xml")!, URL(string: "file:///srv/a.xml")!]))
        #expect(source.pin?.locations.map(\.key) == ["url", "mirrors[0]", "mirrors[1]"])
        #expect(pipeline.sources.filter { $0.pin != nil }.count == 1)
    }

    @Test func aSHA256PinAloneIsEnough() throws {
        let pipeline = try loadPipeline(pinning("lexicon", ["sha256": Self.hexA]))
        #expect(pipeline.config.lexicon.pin == SourcePin(sha256: Self.hexA))
    }

    @Test(arguments: [
        ("sha256", String(repeating: "A", count: 64)), ("sha256", String(repeating: "a", count: 63)),
        ("sha256", "sha256:" + String(repeating: "a", count: 57)), ("sha256", String(repeating: "g", count: 64)),
    ])
    func aSHA256MustBe64LowerCaseHexDigits(_ key: String, _ value: String) throws {
        let error = try loadEdited(pinning("lexicon", [key: value]))
        #expect(error?.location.item == "lexicon.sha256", "\(String(describing: error))")
        #expect(error?.problem == .invalidSHA256(value), "\(String(describing: error))")
    }

    @Test(arguments: ["ftp://example.org/a.xml", "example.org/a.xml", "https://", "file:relative/a.xml", "/srv/a.xml"])
    func aURLMustBeHTTPSHTTPOrAnAbsoluteFileURL(_ url: String) throws {
        let error = try loadEdited(pinning("frequency", ["sha256": Self.hexA, "url": url]))
        #expect(error?.location.item == "frequency.url", "\(String(describing: error))")
        #expect(error?.problem == .unsupportedURL(url), "\(String(describing: error))")
    }

    @Test func aBadMirrorIsNamedByIndex() throws {
        let error = try loadEdited(pinning("translations[0]", [
            "sha256": Self.hexA, "url": "https://example.org/a.xml", "mirrors": ["https://example.org/b.xml", "gopher://x/y"],
        ]))
        #expect(error?.location.item == "translations[0].mirrors[1]", "\(String(describing: error))")
        #expect(error?.problem == .unsupportedURL("gopher://x/y"), "\(String(describing: error))")
    }

    @Test(arguments: [
        (["url": "https://example.org/a.xml"], "lexicon.sha256", ConfigProblem.requiredWith(key: "url")),
        (["bytes": 10], "lexicon.sha256", .requiredWith(key: "bytes")),
        (["sha256": PipelineConfigTests.hexA, "mirrors": ["https://example.org/a.xml"]], "lexicon.url", .requiredWith(key: "mirrors")),
        (["sha256": PipelineConfigTests.hexA, "bytes": -1], "lexicon.bytes", .negative(-1)),
        (["sha256": 42], "lexicon.sha256", .wrongType(expected: .string)),
        (["sha256": PipelineConfigTests.hexA, "mirrors": "https://example.org/a.xml"], "lexicon.mirrors", .wrongType(expected: .array)),
        (["sha256": PipelineConfigTests.hexA, "md5": "x"], "lexicon.md5",
         .unknownKey(expected: ["archive", "attribution", "bytes", "id", "maxBytes", "mirrors", "path", "senseOrder", "sha256", "url"])),
    ] as [([String: any Sendable], String, ConfigProblem)])
    func pinKeysAreCheckedStrictly(_ keys: [String: any Sendable], _ keyPath: String, _ problem: ConfigProblem) throws {
        let error = try loadEdited(pinning("lexicon", keys.mapValues { $0 as Any }))
        #expect(error?.location.item == keyPath, "\(String(describing: error))")
        #expect(error?.problem == problem, "\(String(describing: error))")
    }

    @Test func pinsAreNotEncodedSoTheyChangeNeitherStageKeysNorReleases() throws {
        let plain = try loadPipeline { _ in }
        let pinned = try loadPipeline(pinning("lexicon", ["sha256": Self.hexA, "bytes": 1, "url": "https://example.org/a.xml"]))
        #expect(plain.config != pinned.config)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(plain.config) == encoder.encode(pinned.config))
    }

    @Test func fetchMayLoadAConfigWhoseInputsAreMissingButNotOneWithAFolderInTheirPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-pins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("corpus/lexicon-en.xml"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("pipeline.json")
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("pipeline.json"), to: config)
        let corpus = folder.appendingPathComponent("corpus")

        #expect(throws: ConfigError.self) { try Pipeline.load(configFile: config, corpusOverride: corpus) }
        let error = #expect(throws: ConfigError.self) {
            try Pipeline.load(configFile: config, corpusOverride: corpus, requireInputFiles: false)
        }
        #expect(error?.location.item == "lexicon.path")
        #expect(error?.problem == .fileNotFound(path: corpus.appendingPathComponent("lexicon-en.xml").path))

        try FileManager.default.removeItem(at: corpus.appendingPathComponent("lexicon-en.xml"))
        let pipeline = try Pipeline.load(configFile: config, corpusOverride: corpus, requireInputFiles: false)
        #expect(pipeline.sources.map(\.keyPath)
                == ["frequency", "lexicon"] + pipeline.config.translations.indices.map { "translations[\($0)]" })
    }
}
