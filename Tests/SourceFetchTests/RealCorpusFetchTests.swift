import Foundation
import Testing
import TestSupport
import VocabCore

/// The shipped release configs: their pins are the files of `../shared/corpus`, and `vocab
/// fetch` fills an empty corpus folder from a local server serving them (never the internet:
/// `--mirror` replaces the configs' upstream URLs).
@Suite(.needsRealCorpus) struct RealCorpusFetchTests {
    static let releaseConfigs = ["coca-oewn2024-es.json", "coca-oewn2025-es.json"]
        .map { TestProject.root.appendingPathComponent("Corpus/release/\($0)") }

    @Test(arguments: releaseConfigs)
    func theReleaseConfigsPinTheSharedCorpusFilesWithUpstreamURLs(_ config: URL) throws {
        let pipeline = try Pipeline.load(configFile: config, corpusOverride: TestProject.sharedCorpus)
        #expect(pipeline.sources.count == 5, "frequency list, lexicon, omw-es and its fallback wikt-es, Tatoeba's sentence pairs")
        for source in pipeline.sources {
            let pin = try #require(source.pin, "\(source.keyPath) has no pin")
            let (bytes, sha256) = try Checksum.sha256(of: source.file)
            #expect(pin.sha256 == sha256, "\(source.keyPath)")
            #expect(pin.bytes == bytes, "\(source.keyPath)")
            #expect(pin.url?.scheme == "https", "\(source.keyPath)")
        }
    }

    /// A content-addressed mirror of the shared corpus: `<root>/sha256/<hex>` linked to each file.
    func mirror(of config: URL, in scene: FetchScene) throws -> Pipeline {
        let pipeline = try Pipeline.load(configFile: config, corpusOverride: TestProject.sharedCorpus)
        let folder = scene.served.appendingPathComponent("sha256")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for source in pipeline.sources {
            let pin = try #require(source.pin)
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(pin.sha256), withDestinationURL: source.file)
        }
        return pipeline
    }

    /// Runs `vocab fetch` with the shipped release config into the scene's empty corpus, from
    /// the content-addressed mirror `<server>/<mode>` only.
    func fetchRelease(_ scene: FetchScene, _ server: FetchTestServer, mode: String) throws -> VocabRun {
        try TestProject.runVocab([
            "fetch", "--config", TestProject.releaseConfig.path, "--corpus", scene.corpus.path, "--cache", scene.cache.path,
            "--mirror", server.url(mode).absoluteString, "--quiet",
        ])
    }

    @Test func fetchFillsAnEmptyCorpusFromALocalServer() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let pipeline = try mirror(of: TestProject.releaseConfig, in: scene)
        let server = try FetchTestServer(root: scene.served)

        let run = try fetchRelease(scene, server, mode: "files")

        #expect(run.status == 0, "\(run)")
        for source in pipeline.sources {
            let fetched = scene.corpus.appendingPathComponent(source.path)
            #expect(try Checksum.sha256(of: fetched).hex == source.pin?.sha256, "\(source.path)")
        }
        // One request per pinned source, none twice.
        #expect(try server.requests().count == pipeline.sources.count)
        // The build accepts what was fetched.
        let load = try Pipeline.load(configFile: TestProject.releaseConfig, corpusOverride: scene.corpus)
        #expect(load.sources.map(\.path) == pipeline.sources.map(\.path))
    }

    @Test func aTamperedFileFromTheServerIsRefused() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let pipeline = try mirror(of: TestProject.releaseConfig, in: scene)
        let server = try FetchTestServer(root: scene.served)
        let frequency = pipeline.sources[0]
        let pinned = try Data(contentsOf: frequency.file)

        let run = try fetchRelease(scene, server, mode: "tamper")

        #expect(run.status == 1, "\(run)")
        let target = scene.corpus.appendingPathComponent(frequency.path).path
        let url = server.url("tamper/sha256/\(Checksum.sha256(of: pinned))").absoluteString
        #expect(run.stderr == "error: \(target): frequency: the file from \(url) has SHA-256 "
                + "\(Checksum.sha256(of: pinned.tampered)), the pin is \(Checksum.sha256(of: pinned)); not installed\n")
        #expect(!FileManager.default.fileExists(atPath: target))
    }
}
