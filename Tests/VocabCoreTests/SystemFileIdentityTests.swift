import Foundation
import Testing
import VocabJSON
@testable import VocabCore

/// A file outside the release's folders is recorded by its identity: the package that installed
/// it (from dpkg's file lists and status, read as files), its name, size and SHA-256.
@Suite struct SystemFileIdentityTests {
    /// SHA-256 of `abc` (FIPS 180-2's first example).
    static let abcDigest = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

    /// A folder with files as packages install them and a dpkg database of its own that lists them.
    struct FakeSystem {
        let root: URL
        var files: URL { root.appendingPathComponent("usr/share/dict") }
        var database: DpkgDatabase { DpkgDatabase(root: root.appendingPathComponent("var/lib/dpkg")) }

        init(status: String? = Self.status) throws {
            // The real path, so that a link's resolved target is spelled as the lists spell it.
            let made = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-dpkg-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
            root = URL(fileURLWithPath: made.resolvingSymlinksInPath().path)
            let info = root.appendingPathComponent("var/lib/dpkg/info")
            try FileManager.default.createDirectory(at: info, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
            try Data("abc".utf8).write(to: files.appendingPathComponent("xx_XX.aff"))
            try Data("abc".utf8).write(to: files.appendingPathComponent("unlisted.aff"))
            try Data("lib".utf8).write(to: files.appendingPathComponent("libfoo.so"))
            // A link the package installs (listed itself), and one made by hand (found by its target).
            try FileManager.default.createSymbolicLink(atPath: files.appendingPathComponent("xx_YY.aff").path, withDestinationPath: "xx_XX.aff")
            try FileManager.default.createSymbolicLink(atPath: files.appendingPathComponent("mine.aff").path, withDestinationPath: "xx_XX.aff")
            let dict = files.path
            try "/.\n/usr\n\(dict)\n\(dict)/xx_XX.aff\n\(dict)/xx_YY.aff\n".write(
                to: info.appendingPathComponent("hunspell-xx.list"), atomically: true, encoding: .utf8)
            // Another package whose list names a path that only starts like the file's.
            try "/.\n\(dict)/xx_XX.aff.bak\n".write(to: info.appendingPathComponent("aaa-other.list"), atomically: true, encoding: .utf8)
            try "/.\n\(dict)/libfoo.so".write(to: info.appendingPathComponent("libfoo:amd64.list"), atomically: true, encoding: .utf8)
            if let status { try status.write(to: root.appendingPathComponent("var/lib/dpkg/status"), atomically: true, encoding: .utf8) }
        }

        static let status = """
            Package: libfoo
            Status: install ok installed
            Architecture: i386
            Version: 0.9-1

            Package: hunspell-xx
            Status: install ok installed
            Architecture: all
            Description: a dictionary
             Version: 9.9 (a description line, not the field)
            Version: 1:2.0-1

            Package: libfoo
            Status: install ok installed
            Architecture: amd64
            Version: 1.0-2

            """

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test func thePackageIsTheOneWhoseListNamesThePathAsGivenOrItsTarget() throws {
        let system = try FakeSystem()
        defer { system.remove() }
        let hunspell = DebianPackage(name: "hunspell-xx", version: "1:2.0-1")
        #expect(system.database.package(installing: system.files.appendingPathComponent("xx_XX.aff")) == hunspell)
        #expect(system.database.package(installing: system.files.appendingPathComponent("xx_YY.aff")) == hunspell)
        #expect(system.database.package(installing: system.files.appendingPathComponent("mine.aff")) == hunspell)
        // `..` in the path as given is resolved first.
        #expect(system.database.package(installing: system.files.appendingPathComponent("../dict/xx_XX.aff")) == hunspell)
        // A package of one architecture among several: its own stanza's version; a list without a final line break.
        #expect(system.database.package(installing: system.files.appendingPathComponent("libfoo.so")) == DebianPackage(name: "libfoo", version: "1.0-2"))
        #expect(system.database.package(installing: system.files.appendingPathComponent("unlisted.aff")) == nil)
        #expect(DpkgDatabase(root: system.root.appendingPathComponent("no-such-folder")).package(
            installing: system.files.appendingPathComponent("xx_XX.aff")) == nil)
    }

    /// dpkg's MD5 sums of a package's files, by the path as given or its target; `abc`'s is
    /// RFC 1321's example.
    @Test func theRecordedSumsAreThePackagesByPathOrTarget() throws {
        let system = try FakeSystem()
        defer { system.remove() }
        let abc = "900150983cd24fb0d6963f7d28e17f72"
        #expect(DpkgDatabase.md5(of: Data("abc".utf8)) == abc)
        let dict = system.files.path.dropFirst()
        let info = system.root.appendingPathComponent("var/lib/dpkg/info")
        try "\(abc)  \(dict)/xx_XX.aff\n0123456789abcdef0123456789abcdef  \(dict)/libfoo.so".write(
            to: info.appendingPathComponent("hunspell-xx:amd64.md5sums"), atomically: true, encoding: .utf8)
        // A path that only ends like the file's is another file.
        try "ffffffffffffffffffffffffffffffff  x\(dict)/xx_XX.aff\n".write(
            to: info.appendingPathComponent("aaa-other.md5sums"), atomically: true, encoding: .utf8)
        let found = system.database.recordedMD5(of: ["xx_XX.aff", "mine.aff", "libfoo.so", "unlisted.aff"].map { system.files.appendingPathComponent($0) })
        #expect(found.mapValues { "\($0.md5) \($0.package)" } == [
            system.files.appendingPathComponent("xx_XX.aff").path: "\(abc) hunspell-xx",
            system.files.appendingPathComponent("mine.aff").path: "\(abc) hunspell-xx",
            system.files.appendingPathComponent("libfoo.so").path: "0123456789abcdef0123456789abcdef hunspell-xx",
        ])
    }

    @Test func withoutAStatusFileThePackageHasNoVersion() throws {
        let system = try FakeSystem(status: nil)
        defer { system.remove() }
        #expect(system.database.package(installing: system.files.appendingPathComponent("xx_XX.aff")) == DebianPackage(name: "hunspell-xx"))
    }

    @Test func theIdentityNamesThePackageAndTheFileOrElseTheContent() throws {
        let system = try FakeSystem()
        defer { system.remove() }
        let linked = try SystemFileIdentity(of: system.files.appendingPathComponent("xx_YY.aff"), packages: system.database)
        #expect(linked.name == "xx_YY.aff" && linked.bytes == 3 && linked.sha256 == Self.abcDigest)
        #expect(linked.package == DebianPackage(name: "hunspell-xx", version: "1:2.0-1"))
        #expect(linked.releaseName == "system:hunspell-xx/xx_YY.aff")
        let unlisted = try SystemFileIdentity(of: system.files.appendingPathComponent("unlisted.aff"), packages: system.database)
        #expect(unlisted.package == nil && unlisted.name == "unlisted.aff" && unlisted.bytes == 3)
        #expect(unlisted.releaseName == "sha256:\(Self.abcDigest)")
        // Known size and digest: the file is not read again (these are not its bytes).
        let known = SystemFileIdentity(of: system.files.appendingPathComponent("xx_XX.aff"), bytes: 7, sha256: String(repeating: "0", count: 64),
                                       packages: system.database)
        #expect(known.bytes == 7 && known.sha256 == String(repeating: "0", count: 64) && known.package?.name == "hunspell-xx")
        #expect(throws: FileReadError.self) {
            try SystemFileIdentity(of: system.files.appendingPathComponent("missing.aff"), packages: system.database)
        }
    }

    @Test func theRecordedConfigSaysNothingOfWhereTheFoldersWere() throws {
        let configs = PipelineConfigTests()
        let root = PipelineConfigTests.root
        let absolute = try configs.loadPipeline {
            $0["output"] = ["directory": "/tmp/elsewhere/out", "work": "/tmp/elsewhere/work"]
        }
        let relative = try configs.loadPipeline {
            // The config is written to a new folder of the temporary folder: up to `/`, then down.
            let up = Array(repeating: "..", count: FileManager.default.temporaryDirectory.standardizedFileURL.pathComponents.count)
            $0["corpus"] = up.joined(separator: "/") + root.appendingPathComponent("Corpus/sample").path
            $0["output"] = ["directory": "Output", "work": ".vocab-work"]
        }
        let recorded = try absolute.recordedConfig()
        for key in ["corpus", "output"] { #expect(recorded[key] == nil, "\(key) recorded") }
        #expect(recorded["dataset"] != nil && recorded["selection"] != nil && recorded["frequency"] != nil)
        #expect(try relative.recordedConfig() == recorded)
        // The encoded config (the stage keys') still has them.
        #expect(try JSONValueEncoder(sortedKeys: true).encode(absolute.config)["corpus"] != nil)
    }
}
