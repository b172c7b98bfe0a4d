import Foundation
import SourceFetch
import Testing
import TestSupport
import VocabCore

/// Sources as their publishers ship them: an OMW lexicon in a `.tar.xz` with its folder, licence
/// and citation, Tatoeba's pairs in a `.zip` beside `_about.txt`, served by the test server;
/// `vocab fetch` caches the archive and installs the member, `vocab build` reads the member.
@Suite struct ArchiveFetchTests {
    static let epoch = ["SOURCE_DATE_EPOCH": "1767225600"]

    func sample(_ name: String) -> URL { TestProject.sampleCorpus.appendingPathComponent(name) }

    @Test func publishersArchivesAreFetchedAndBuildTheCardsOfTheUnpackedFiles() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let omw = try TestArchive.write("tar.xz", TestArchive.omw(sample("lexicon-es.xml")), to: scene.served.appendingPathComponent("omw-es-1.4.tar.xz"))
        let tatoeba = try TestArchive.write("zip", TestArchive.tatoeba(sample("sentences-en-es.tsv")), to: scene.served.appendingPathComponent("spa-eng.zip"))
        let server = try FetchTestServer(root: scene.served)
        let config = try scene.archiveConfig([
            ("translations[0]", "omw-es-1.4.tar.xz", "omw-es/omw-es.xml", server.url("files/omw-es-1.4.tar.xz")),
            ("examples", "spa-eng.zip", "spa.txt", server.url("files/spa-eng.zip")),
        ], examples: true)

        let fetch = try TestProject.runVocab(["fetch", "--config", config.path, "--cache", scene.cache.path])
        #expect(fetch.status == 0, "\(fetch)")
        #expect(fetch.stderr.contains("translations[0] (lexicon-es.xml): downloaded from \(server.url("files/omw-es-1.4.tar.xz").absoluteString), "
                                      + "unpacked from the archive's omw-es/omw-es.xml\n"), "\(fetch)")
        #expect(fetch.stderr.contains("examples (sentences-en-es.tsv): downloaded from \(server.url("files/spa-eng.zip").absoluteString), "
                                      + "unpacked from the archive's spa.txt\n"), "\(fetch)")
        for name in ["lexicon-es.xml", "sentences-en-es.tsv"] {
            #expect(scene.contents(scene.corpus.appendingPathComponent(name)) == scene.contents(sample(name)), "\(name)")
        }
        // The cache holds the archives as published, by their SHA-256.
        #expect(scene.contents(scene.cacheEntry(omw)) == omw && scene.contents(scene.cacheEntry(tatoeba)) == tatoeba)
        #expect(try server.requests().count == 2)

        let build = try TestProject.runVocab(["build", "--config", config.path, "--quiet"], environment: Self.epoch)
        #expect(build.status == 0, "\(build)")
        let release = scene.folder.appendingPathComponent("Output/sample-en-es-0.1.0")
        let validate = try TestProject.runVocab(["validate", release.path])
        #expect(validate.status == 0, "\(validate)")

        // The same config without its archives, built from the sample's unpacked files: the same cards.
        let plain = try scene.archiveConfig([], examples: true, name: "unpacked.json") { json in
            json["corpus"] = TestProject.sampleCorpus.path
            json["output"] = ["directory": scene.folder.appendingPathComponent("Unpacked").path,
                              "work": scene.folder.appendingPathComponent("unpacked-work").path]
        }
        let unpackedBuild = try TestProject.runVocab(["build", "--config", plain.path, "--quiet"], environment: Self.epoch)
        #expect(unpackedBuild.status == 0, "\(unpackedBuild)")
        let unpacked = scene.folder.appendingPathComponent("Unpacked/sample-en-es-0.1.0")
        #expect(scene.contents(release.appendingPathComponent("sample-en-es.json"))
                == scene.contents(unpacked.appendingPathComponent("sample-en-es.json")), "the JSON bundles (every card) differ")

        // The manifest names both: the file by its path, with the archive and the member it came from.
        let sources = try Self.manifestSources(release)
        let archives = sources.compactMap { $0["archive"] as? [String: Any] }
        #expect(archives.count == 2)
        let translation = try #require(sources.first { $0["path"] as? String == "lexicon-es.xml" })
        #expect(translation["sha256"] as? String == Checksum.sha256(of: try Data(contentsOf: sample("lexicon-es.xml"))))
        #expect(Self.archive(translation) == ArchiveRecord(member: "omw-es/omw-es.xml", sha256: Checksum.sha256(of: omw), bytes: omw.count))
        let pairs = try #require(sources.first { $0["path"] as? String == "sentences-en-es.tsv" })
        #expect(Self.archive(pairs) == ArchiveRecord(member: "spa.txt", sha256: Checksum.sha256(of: tatoeba), bytes: tatoeba.count))
        // ...and nothing else differs from the unpacked build's sources.
        func json(_ sources: [[String: Any]]) throws -> Data { try JSONSerialization.data(withJSONObject: sources, options: .sortedKeys) }
        #expect(try json(sources.map { $0.filter { $0.key != "archive" } }) == json(Self.manifestSources(unpacked)))
        #expect(try json(sources) != json(Self.manifestSources(unpacked)))

        // However the member came to be at its path, the release is the same: unpacked by hand.
        let byHand = try TestProject.runVocab(["build", "--config", config.path, "--quiet", "--corpus", TestProject.sampleCorpus.path,
                                               "--output", scene.folder.appendingPathComponent("ByHand").path], environment: Self.epoch)
        #expect(byHand.status == 0, "\(byHand)")
        #expect(try TestProject.fileDigests(under: release)
                == TestProject.fileDigests(under: scene.folder.appendingPathComponent("ByHand/sample-en-es-0.1.0")))

        // Again: every file in place; a member removed comes back from the cached archive, offline.
        let again = try TestProject.runVocab(["fetch", "--config", config.path, "--cache", scene.cache.path])
        #expect(again.status == 0 && again.stderr.components(separatedBy: ": in place").count == 2 + 1, "\(again)")
        try FileManager.default.removeItem(at: scene.corpus.appendingPathComponent("lexicon-es.xml"))
        let fromCache = try TestProject.runVocab(["fetch", "--config", config.path, "--cache", scene.cache.path])
        #expect(fromCache.stderr.contains(
            "translations[0] (lexicon-es.xml): installed from the cache, unpacked from the archive's omw-es/omw-es.xml\n"), "\(fromCache)")
        #expect(scene.contents(scene.corpus.appendingPathComponent("lexicon-es.xml")) == scene.contents(sample("lexicon-es.xml")))
        #expect(try server.requests().count == 2)
    }

    /// A manifest source's `archive`.
    struct ArchiveRecord: Equatable {
        var member: String?
        var sha256: String?
        var bytes: Int?
    }

    /// The `archive` of a manifest's source, nil when it has none.
    static func archive(_ source: [String: Any]) -> ArchiveRecord? {
        guard let archive = source["archive"] as? [String: Any] else { return nil }
        return ArchiveRecord(member: archive["member"] as? String, sha256: archive["sha256"] as? String, bytes: archive["bytes"] as? Int)
    }

    /// The manifest's `sources`.
    static func manifestSources(_ release: URL) throws -> [[String: Any]] {
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: release.appendingPathComponent("datapackage.json")))
        return (manifest as? [String: Any])?["sources"] as? [[String: Any]] ?? []
    }

    @Test(arguments: ["tar", "tar.gz", "tar.bz2", "tar.xz", "zip"])
    func everyArchiveFormatGivesItsMember(_ format: String) throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let name = "omw-es-1.4.\(format)"
        let archive = try TestArchive.write(format, TestArchive.omw(sample("lexicon-es.xml")), to: scene.served.appendingPathComponent(name))
        let server = try FetchTestServer(root: scene.served)
        let member = try Data(contentsOf: sample("lexicon-es.xml"))
        var source = scene.source("lexicon-es.xml", pinning: archive, url: server.url("files/\(name)"))
        source.pin?.archive = ArchiveMemberPin(member: "omw-es/omw-es.xml", sha256: Checksum.sha256(of: member), bytes: Int64(member.count))

        let fetched = try scene.fetcher().fetch(source)

        #expect(fetched.outcome == .downloaded(url: server.url("files/\(name)"), resumedFrom: nil, replaced: false, failures: []))
        #expect(scene.contents(source.file) == member)
        #expect(scene.contents(scene.cacheEntry(archive)) == archive)
    }

    @Test func aCorruptArchiveInTheCacheIsDownloadedAgainNotUnpacked() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let archive = try TestArchive.write("zip", TestArchive.tatoeba(sample("sentences-en-es.tsv")), to: scene.served.appendingPathComponent("spa-eng.zip"))
        let server = try FetchTestServer(root: scene.served)
        let member = try Data(contentsOf: sample("sentences-en-es.tsv"))
        var source = scene.source("sentences-en-es.tsv", pinning: archive, url: server.url("files/spa-eng.zip"))
        source.pin?.archive = ArchiveMemberPin(member: "spa.txt", sha256: Checksum.sha256(of: member), bytes: Int64(member.count))
        // A cache entry of the pinned size whose bytes are not the archive's (a restored cache is trusted only as far as it checks out).
        try FileManager.default.createDirectory(at: scene.cacheEntry(archive).deletingLastPathComponent(), withIntermediateDirectories: true)
        try archive.tampered.write(to: scene.cacheEntry(archive))

        let fetched = try scene.fetcher().fetch(source)

        #expect(fetched.outcome == .downloaded(url: server.url("files/spa-eng.zip"), resumedFrom: nil, replaced: false, failures: []))
        #expect(scene.contents(scene.cacheEntry(archive)) == archive)
        #expect(scene.contents(source.file) == member)
    }

    @Test func aTamperedArchiveIsRefusedAndNothingInstalled() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let omw = try TestArchive.write("tar.xz", TestArchive.omw(sample("lexicon-es.xml")), to: scene.served.appendingPathComponent("omw-es-1.4.tar.xz"))
        let server = try FetchTestServer(root: scene.served)
        let url = server.url("tamper/omw-es-1.4.tar.xz")
        let config = try scene.archiveConfig([("translations[0]", "omw-es-1.4.tar.xz", "omw-es/omw-es.xml", url)])

        let run = try TestProject.runVocab(["fetch", "--config", config.path, "--cache", scene.cache.path, "--quiet"])

        #expect(run.status == 1, "\(run)")
        let target = scene.corpus.appendingPathComponent("lexicon-es.xml")
        #expect(run.stderr == "error: \(target.path): translations[0].url: the file from \(url.absoluteString) has SHA-256 "
                + "\(Checksum.sha256(of: omw.tampered)), the pin is \(Checksum.sha256(of: omw)); not installed\n")
        #expect(!FileManager.default.fileExists(atPath: target.path))
        #expect(!FileManager.default.fileExists(atPath: scene.cacheEntry(omw).path))
    }

    @Test func theBuildChecksTheFileAtThePathAgainstTheMembersPin() throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        try TestArchive.write("tar.xz", TestArchive.omw(sample("lexicon-es.xml")), to: scene.served.appendingPathComponent("omw-es-1.4.tar.xz"))
        let server = try FetchTestServer(root: scene.served)
        let config = try scene.archiveConfig([("translations[0]", "omw-es-1.4.tar.xz", "omw-es/omw-es.xml", server.url("files/omw-es-1.4.tar.xz"))])
        let fetch = try TestProject.runVocab(["fetch", "--config", config.path, "--cache", scene.cache.path, "--quiet"])
        #expect(fetch.status == 0, "\(fetch)")
        let target = scene.corpus.appendingPathComponent("lexicon-es.xml")
        let member = try Data(contentsOf: target)
        let edited = member + Data("<!-- edited -->\n".utf8)
        try edited.write(to: target)

        let run = try TestProject.runVocab(["build", "--config", config.path, "--quiet"])

        #expect(run.status == 1, "\(run)")
        #expect(run.stderr == "error: \(target.path): translations[0].archive.sha256: the file does not match its pin: "
                + "SHA-256 \(Checksum.sha256(of: edited)), pinned \(Checksum.sha256(of: member)) (\(edited.count) bytes, pinned \(member.count)); "
                + "run `vocab fetch` to restore the pinned file\n", "\(run)")
        #expect(!FileManager.default.fileExists(atPath: scene.folder.appendingPathComponent("Output/sample-en-es-0.1.0").path))
    }
}
