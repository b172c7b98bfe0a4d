import Foundation
import Testing
import TestSupport
import VocabCore

/// Every way an archive may be hostile or broken is refused by `vocab fetch`, closed: one line
/// naming the archive and the member, exit status 1, the file at the path left as it was, no
/// temporary file behind, and nothing the build could publish.
@Suite struct ArchiveRefusalTests {
    /// A hostile or broken archive served as `omw-es-1.4.<format>`, for the member
    /// `omw-es/omw-es.xml` pinned to the sample's `lexicon-es.xml`.
    enum Hostile: String, CaseIterable, Sendable {
        case entryEscapingWithDots, entryWithAnAbsolutePath, memberIsASymbolicLink, memberIsASymbolicLinkInAZip,
             memberIsAHardLink, memberIsADevice, memberMissing, memberTwiceInAZip, memberTwiceAsDotSlash,
             bombBesideTheMember, bombAsTheMember, corruptXZ, truncatedXZ, truncatedZip, notAnArchive, memberNotItsPin

        var format: String {
            switch self {
            case .entryEscapingWithDots: "tar.gz"
            case .entryWithAnAbsolutePath, .memberIsAHardLink, .memberIsADevice, .memberTwiceAsDotSlash: "tar"
            case .memberIsASymbolicLinkInAZip, .memberTwiceInAZip, .bombAsTheMember, .truncatedZip: "zip"
            case .memberIsASymbolicLink, .memberMissing, .bombBesideTheMember, .corruptXZ, .truncatedXZ, .notAnArchive, .memberNotItsPin:
                "tar.xz"
            }
        }

        /// The archive's entries, around the member's file `xml`.
        func entries(_ xml: URL) -> [TestArchive.Entry] {
            let omw = TestArchive.omw(xml)
            return switch self {
            case .entryEscapingWithDots: omw + [["name": "omw-es/../../etc/cron.d/evil", "text": "* * * * * root true\n"]]
            case .entryWithAnAbsolutePath: [["name": "/etc/cron.d/evil", "text": "* * * * * root true\n"]] + omw
            case .memberIsASymbolicLink, .memberIsASymbolicLinkInAZip:
                [["name": "omw-es/omw-es.xml", "type": "symlink", "target": "../../../etc/passwd"]]
            case .memberIsAHardLink:
                [["name": "omw-es/LICENSE", "file": xml.path], ["name": "omw-es/omw-es.xml", "type": "hardlink", "target": "omw-es/LICENSE"]]
            case .memberIsADevice: [["name": "omw-es/", "type": "dir"], ["name": "omw-es/omw-es.xml", "type": "chardev"]]
            case .memberMissing: TestArchive.omw(xml, folder: "omw-fr")
            case .memberTwiceInAZip: [["name": "omw-es/omw-es.xml", "file": xml.path], ["name": "omw-es/omw-es.xml", "text": "<other/>\n"]]
            case .memberTwiceAsDotSlash: omw + [["name": "./omw-es/omw-es.xml", "text": "<other/>\n"]]
            case .bombBesideTheMember: omw + [["name": "omw-es/padding.bin", "zeros": 3_000_000]]
            case .bombAsTheMember: [["name": "omw-es/omw-es.xml", "zeros": 3_000_000]]
            case .corruptXZ, .truncatedXZ, .truncatedZip, .notAnArchive, .memberNotItsPin: omw
            }
        }

        /// The served bytes, from the archive as written.
        func damaged(_ archive: Data, xml: URL) throws -> Data {
            switch self {
            case .corruptXZ:
                var copy = archive
                for offset in stride(from: archive.count * 2 / 5, to: archive.count * 3 / 5, by: 7) { copy[offset] ^= 0x5A }
                return copy
            case .truncatedXZ, .truncatedZip: return archive.prefix(archive.count / 2)
            case .notAnArchive: return try Data(contentsOf: xml)
            default: return archive
            }
        }

        /// The SHA-256 of the sample's `lexicon-es.xml`.
        static let sampleSHA256 = (try? Checksum.sha256(of: TestProject.sampleCorpus.appendingPathComponent("lexicon-es.xml")).hex) ?? ""

        /// The archive's expansion limit (`archive.maxBytes`), when the case sets one.
        var maxBytes: Int? { self == .bombBesideTheMember ? 1_000_000 : nil }

        /// The key under `translations[0]` the error names, and words its message must hold.
        var expected: (item: String, words: String) {
            switch self {
            case .entryEscapingWithDots: ("archive", "holds \"omw-es/../../etc/cron.d/evil\", a path that leaves the archive's folder")
            case .entryWithAnAbsolutePath: ("archive", "holds \"/etc/cron.d/evil\", a path that leaves the archive's folder")
            case .memberIsASymbolicLink, .memberIsASymbolicLinkInAZip: ("archive.member", "is a symbolic link, not a regular file")
            case .memberIsAHardLink: ("archive.member", "is a hard link, not a regular file")
            case .memberIsADevice: ("archive.member", "is a character device, not a regular file")
            case .memberMissing:
                ("archive.member", "has no omw-es/omw-es.xml (its files include omw-fr/LICENSE, omw-fr/omw-fr.xml, omw-fr/citation.bib)")
            case .memberTwiceInAZip, .memberTwiceAsDotSlash: ("archive.member", "holds omw-es/omw-es.xml twice")
            case .bombBesideTheMember: ("archive.maxBytes", "expands past 1000000 bytes (archive.maxBytes); stopped there")
            case .bombAsTheMember: ("archive.bytes", "is larger than the pinned 9927 bytes; stopped there")
            case .corruptXZ, .truncatedXZ, .truncatedZip, .notAnArchive: ("archive", "cannot be read as a tar or zip archive")
            case .memberNotItsPin:
                ("archive.sha256", "has SHA-256 \(Self.sampleSHA256), the pin is \(String(repeating: "0", count: 64))")
            }
        }
    }

    @Test(arguments: Hostile.allCases)
    func aHostileOrBrokenArchiveIsOneLineAndNothingInstalled(_ hostile: Hostile) throws {
        let scene = try FetchScene()
        defer { scene.remove() }
        let xml = TestProject.sampleCorpus.appendingPathComponent("lexicon-es.xml")
        let name = "omw-es-1.4.\(hostile.format)"
        let served = scene.served.appendingPathComponent(name)
        let written = try TestArchive.write(hostile.format, hostile.entries(xml), to: served)
        try hostile.damaged(written, xml: xml).write(to: served)
        let server = try FetchTestServer(root: scene.served)
        let url = server.url("files/\(name)")
        let config = try scene.archiveConfig([("translations[0]", name, "omw-es/omw-es.xml", url)], maxBytes: hostile.maxBytes) { json in
            guard hostile == .memberNotItsPin else { return }
            var items = json["translations"] as! [[String: Any]]
            var archive = items[0]["archive"] as! [String: Any]
            archive["sha256"] = String(repeating: "0", count: 64)
            items[0]["archive"] = archive
            json["translations"] = items
        }
        // An older file at the path, which a refused archive must leave as it is.
        let target = scene.corpus.appendingPathComponent("lexicon-es.xml")
        let old = Data("<!-- the file before -->\n".utf8)
        try old.write(to: target)

        let run = try TestProject.runVocab(["fetch", "--config", config.path, "--cache", scene.cache.path, "--quiet"])

        #expect(run.status == 1, "\(run)")
        let prefix = "error: \(target.path): translations[0].\(hostile.expected.item): "
        #expect(run.stderr.hasPrefix(prefix), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("not installed\n") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.contains(hostile.expected.words), "\(run.stderr)")
        #expect(run.stderr.contains("the archive \(url.absoluteString)") && run.stderr.contains("omw-es/omw-es.xml"), "\(run.stderr)")
        #expect(scene.contents(target) == old)
        let left = try FileManager.default.contentsOfDirectory(atPath: scene.corpus.path).filter { $0.hasPrefix(".") }
        #expect(left.isEmpty, "temporary files left: \(left)")
        // Nothing to publish: the build refuses the file at the path.
        let build = try TestProject.runVocab(["build", "--config", config.path, "--quiet"])
        #expect(build.status == 1 && build.stderr.contains("translations[0].archive.sha256"), "\(build)")
        #expect(!FileManager.default.fileExists(atPath: scene.folder.appendingPathComponent("Output/sample-en-es-0.1.0").path))
    }
}
