import Foundation
import Testing
@testable import VocabCore

/// A source's `archive` key: the file at `path` is one member of the archive its publisher
/// ships, which the source's own pin then names; decoded on every source, checked strictly,
/// never encoded with the config, recorded with the release's sources.
extension PipelineConfigTests {
    static let hexB = String(repeating: "b", count: 64)

    /// The lexicon pinned as the member `member` of an archive.
    func archived(_ keyPath: String, member: Any = "omw-es/omw-es.xml", extra: [String: Any] = [:]) -> (inout [String: Any]) -> Void {
        pinning(keyPath, ["sha256": Self.hexA, "bytes": 100, "url": "https://example.org/omw-es-1.4.tar.xz",
                          "archive": ["member": member, "sha256": Self.hexB, "bytes": 42].merging(extra) { $1 }])
    }

    @Test(arguments: ["frequency", "lexicon", "translations[0]"])
    func anArchiveIsReadOnEverySourceAndItsMemberIsTheFilesPin(_ keyPath: String) throws {
        let pipeline = try loadPipeline(archived(keyPath, extra: ["maxBytes": 1000]))
        let pin = try #require(pipeline.sources.first { $0.keyPath == keyPath }?.pin)
        #expect(pin.archive == ArchiveMemberPin(member: "omw-es/omw-es.xml", sha256: Self.hexB, bytes: 42, maxBytes: 1000))
        // The download is the archive; the file at the path is the member.
        #expect(pin.sha256 == Self.hexA && pin.bytes == 100)
        #expect(pin.fileSHA256 == Self.hexB && pin.fileBytes == 42 && pin.fileKey == "archive.sha256")
        #expect(pin.fileMatches(bytes: 42, sha256: Self.hexB))
        #expect(!pin.fileMatches(bytes: 100, sha256: Self.hexA))
        #expect(!pin.fileMatches(bytes: 43, sha256: Self.hexB))
    }

    @Test func anArchivesLimitDefaultsTo2GiBAndAPinWithoutOneChecksItsOwnSHA256() throws {
        let pipeline = try loadPipeline(pinning("lexicon", ["sha256": Self.hexA, "archive": ["member": "a.xml", "sha256": Self.hexB]]))
        #expect(pipeline.config.lexicon.pin?.archive?.maxBytes == 2 << 30)
        #expect(pipeline.config.lexicon.pin?.archive?.bytes == nil)
        #expect(pipeline.config.lexicon.pin?.fileBytes == nil)
        let plain = SourcePin(sha256: Self.hexA, bytes: 1)
        #expect(plain.fileSHA256 == Self.hexA && plain.fileBytes == 1 && plain.fileKey == "sha256")
    }

    @Test(arguments: [
        (["sha256": PipelineConfigTests.hexA, "archive": ["sha256": PipelineConfigTests.hexB]], "lexicon.archive.member", ConfigProblem.missingKey),
        (["sha256": PipelineConfigTests.hexA, "archive": ["member": "a.xml"]], "lexicon.archive.sha256", .missingKey),
        (["archive": ["member": "a.xml", "sha256": PipelineConfigTests.hexB]], "lexicon.sha256", .requiredWith(key: "archive")),
        (["sha256": PipelineConfigTests.hexA, "archive": ["member": "a.xml", "sha256": "B"]], "lexicon.archive.sha256", .invalidSHA256("B")),
        (["sha256": PipelineConfigTests.hexA, "archive": ["member": "a.xml", "sha256": PipelineConfigTests.hexB, "bytes": -1] as [String: any Sendable]],
         "lexicon.archive.bytes", .negative(-1)),
        (["sha256": PipelineConfigTests.hexA, "archive": ["member": "a.xml", "sha256": PipelineConfigTests.hexB, "maxBytes": -2] as [String: any Sendable]],
         "lexicon.archive.maxBytes", .negative(-2)),
        (["sha256": PipelineConfigTests.hexA, "archive": ["member": "a.xml", "sha256": PipelineConfigTests.hexB, "path": "a.xml"]],
         "lexicon.archive.path", .unknownKey(expected: ["bytes", "maxBytes", "member", "sha256"])),
        (["sha256": PipelineConfigTests.hexA, "archive": "omw-es/omw-es.xml"], "lexicon.archive", .wrongType(expected: .object)),
    ] as [([String: any Sendable], String, ConfigProblem)])
    func archiveKeysAreCheckedStrictly(_ keys: [String: any Sendable], _ keyPath: String, _ problem: ConfigProblem) throws {
        let error = try loadEdited(pinning("lexicon", keys.mapValues { $0 as Any }))
        #expect(error?.location.item == keyPath, "\(String(describing: error))")
        #expect(error?.problem == problem, "\(String(describing: error))")
    }

    @Test(arguments: ["../omw-es.xml", "/omw-es/omw-es.xml", "omw-es/../omw-es.xml", "./omw-es/omw-es.xml", "omw-es//omw-es.xml",
                      "omw-es/", "", "..\\omw-es.xml", "omw-es/.."])
    func aMemberMustBeAPlainRelativePathInsideTheArchive(_ member: String) throws {
        let error = try loadEdited(archived("translations[0]", member: member))
        #expect(error?.location.item == "translations[0].archive.member", "\(String(describing: error))")
        #expect(error?.problem == .invalidArchiveMember(member), "\(String(describing: error))")
    }

    @Test(arguments: [
        ("omw-es/omw-es.xml", "omw-es/omw-es.xml"), ("./omw-es/omw-es.xml", "omw-es/omw-es.xml"), ("omw-es/", "omw-es"),
        ("a//b/./c", "a/b/c"), ("spa.txt", "spa.txt"), ("..", nil), ("a/../b", nil), ("/etc/passwd", nil), ("\\x", nil),
        ("a\\..\\b", nil), ("./", nil), ("", nil), ("a..b/c..", "a..b/c.."),
    ] as [(String, String?)])
    func anArchiveEntrysPathIsNormalizedOrRefused(_ path: String, _ normalized: String?) {
        #expect(ArchiveMemberPin.normalized(path) == normalized, "\(path)")
    }

    @Test func theArchiveIsNotEncodedButTheReleaseRecordsItWithTheFileItNames() throws {
        let plain = try loadPipeline { _ in }
        let archived = try loadPipeline(archived("translations[0]"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(plain.config) == encoder.encode(archived.config))

        let path = archived.config.translations[0].path
        let recorded = SourceFile(role: .translation, path: path, bytes: 42, sha256: Self.hexB)
        let expected = SourceArchive(member: "omw-es/omw-es.xml", bytes: 100, sha256: Self.hexA)
        #expect(archived.releaseSource(recorded).archive == expected)
        // The same file read as glosses says the same; another file, or the same path as a
        // maintainer's file, says nothing.
        #expect(archived.releaseSource(SourceFile(role: .gloss, path: path, bytes: 42, sha256: Self.hexB)).archive == expected)
        #expect(archived.releaseSource(SourceFile(role: .translation, path: "lexicon-fr.xml", bytes: 1, sha256: Self.hexB)).archive == nil)
        #expect(archived.releaseSource(SourceFile(role: .stoplist, path: path, bytes: 1, sha256: Self.hexB)).archive == nil)
        #expect(plain.releaseSource(recorded).archive == nil)
    }
}
