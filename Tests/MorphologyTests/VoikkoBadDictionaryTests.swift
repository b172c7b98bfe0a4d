import Foundation
import Morphology
import Testing
import TestSupport
import VocabCore

/// Voikko dictionary folders libvoikko would swap for another dictionary, crash on or read past
/// the end of, each refused with one `MorphologyError` naming the folder or file; copies of
/// Debian's dictionary that libvoikko reads well load as themselves. Skipped, with the reason,
/// where voikko-fi is missing.
@Suite(.needsSystemFiles(TestProject.finnishVoikko))
struct VoikkoBadDictionaryTests {
    private let root: URL
    private let dictionary: URL
    private static let debian = URL(fileURLWithPath: "/usr/lib/voikko/5/mor-standard")

    /// A copy of Debian's dictionary at `<temporary root>/5/mor-standard`.
    init() throws {
        root = try TestProject.temporaryFolder("voikko")
        dictionary = try Self.copyDictionary(to: root, as: "mor-standard")
    }

    private static func copyDictionary(to root: URL, as name: String) throws -> URL {
        let folder = root.appendingPathComponent("5").appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in ["index.txt", "mor.vfst", "autocorr.vfst"] {
            try FileManager.default.copyItem(at: debian.appendingPathComponent(file), to: folder.appendingPathComponent(file))
        }
        return folder
    }

    /// The error opening `path`, or nil when it opens and reads `talossa`.
    private func refusal(_ path: String, dpkg: DpkgDatabase = .system) -> MorphologyError? {
        do throws(MorphologyError) {
            let analyzer = try VoikkoAnalyzer(path: path, dpkg: dpkg)
            #expect(analyzer.readings(of: "talossa").first?.parts.first?.lemma == "talo")
            return nil
        } catch {
            return error
        }
    }

    private func file(_ name: String, in folder: URL? = nil) -> URL {
        (folder ?? dictionary).appendingPathComponent(name)
    }

    private func rewriteIndex(_ change: (String) -> String, in folder: URL? = nil) throws {
        let url = file("index.txt", in: folder)
        try Data(change(try String(contentsOf: url, encoding: .utf8)).utf8).write(to: url)
    }

    @Test func aCopyLoadsAsItself() throws {
        #expect(refusal(root.path) == nil)
        #expect(refusal(dictionary.path) == nil)
        // A variant no other folder has: libvoikko found this one (it would fail otherwise).
        try rewriteIndex { $0.replacingOccurrences(of: "Language: fi-x-standard", with: "Language: fi-x-other") }
        #expect(refusal(root.path) == nil)
        #expect(try VoikkoAnalyzer(path: root.path).language == "fi-x-other")
    }

    @Test func aMissingPathAFileOrAnEmptyFolderIsRefused() throws {
        let missing = root.appendingPathComponent("nowhere").path
        #expect(refusal(missing)?.location.file == missing)
        #expect(refusal(missing)?.problem == .cannotOpen(reason: "No such file or directory"))
        let index = file("index.txt").path
        #expect(refusal(index) == MorphologyError(file: index, .voikko(.notAFolder)))
        let empty = try TestProject.temporaryFolder("voikko-empty").path
        #expect(refusal(empty) == MorphologyError(file: empty, .voikko(.noDictionary)))
        #expect(refusal(empty)?.message.contains("5/mor-") == true)
    }

    @Test func anIndexLibvoikkoWouldSkipOrMisreadIsRefused() throws {
        let index = file("index.txt").path
        try rewriteIndex { $0.replacingOccurrences(of: "Format: 5\n", with: "Format: 5\r\n") }
        #expect(refusal(root.path) == MorphologyError(file: root.path, .voikko(.noDictionary)))
        #expect(refusal(dictionary.path) == MorphologyError(file: index, line: 1, .voikko(.notFormat5)))
        try rewriteIndex { $0.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "fi-x-standard", with: "fi") }
        #expect(refusal(root.path) == MorphologyError(file: index, .voikko(.languageWithoutVariant("fi"))))
        try rewriteIndex { $0.replacingOccurrences(of: "Language: fi\n", with: "") }
        #expect(refusal(root.path) == MorphologyError(file: index, .voikko(.badLanguage(nil))))
        try rewriteIndex { $0 + "Language: fi-x-standard\nMorphology-Backend: hfst\n" }
        #expect(refusal(root.path) == MorphologyError(file: index, .voikko(.unsupportedBackend("hfst"))))
    }

    @Test func severalDictionariesAreNamedNotGuessed() throws {
        let other = try Self.copyDictionary(to: root, as: "mor-other")
        #expect(refusal(root.path) == MorphologyError(file: root.path, .voikko(.severalDictionaries(["mor-other", "mor-standard"]))))
        // Each its own folder: the same tag twice is refused, two tags each load.
        #expect(refusal(other.path) == MorphologyError(file: file("index.txt", in: other).path,
                                                       .voikko(.sameLanguage(tag: "fi-x-standard", other: "mor-standard"))))
        try rewriteIndex({ $0.replacingOccurrences(of: "fi-x-standard", with: "fi-x-other") }, in: other)
        #expect(refusal(other.path) == nil)
        #expect(refusal(dictionary.path) == nil)
        // A dictionary's folder elsewhere than <root>/5/mor-<variant>.
        let loose = root.appendingPathComponent("loose")
        try FileManager.default.copyItem(at: dictionary, to: loose)
        #expect(refusal(loose.path) == MorphologyError(file: loose.path, .voikko(.notInDictionaryRoot)))
    }

    @Test func emptyCutRandomOrMissingTransducersAreRefused() throws {
        let mor = file("mor.vfst")
        let original = try Data(contentsOf: mor)
        try Data().write(to: mor)
        #expect(refusal(root.path) == MorphologyError(file: mor.path, .empty))
        try original.prefix(100_000).write(to: mor)
        // Cut: a state's transitions or a target reach past the cells left.
        let cut = refusal(root.path)
        #expect(cut?.location.file == mor.path)
        if case .voikko(.stateOutOfRange(_, let transitions))? = cut?.problem {
            #expect(transitions < 100_000 / 8)
        } else {
            Issue.record("not refused as cut: \(String(describing: cut))")
        }
        var random = SystemRandomNumberGenerator()
        try Data((0..<50_000).map { _ in UInt8.random(in: 0...255, using: &random) }).write(to: mor)
        #expect(refusal(root.path) == MorphologyError(file: mor.path, .voikko(.notVFST)))
        var swapped = Array(original)
        swapped[0..<4].reverse()
        swapped[4..<8].reverse()
        try Data(swapped).write(to: mor)
        #expect(refusal(root.path) == MorphologyError(file: mor.path, .voikko(.otherByteOrder)))
        var weighted = Array(original)
        weighted[8] = 1
        try Data(weighted).write(to: mor)
        #expect(refusal(root.path) == MorphologyError(file: mor.path, .voikko(.weighted)))
        try original.write(to: mor)
        let autocorr = file("autocorr.vfst")
        try FileManager.default.removeItem(at: autocorr)
        #expect(refusal(root.path) == MorphologyError(file: autocorr.path, .cannotOpen(reason: "No such file or directory")))
        try Data().write(to: autocorr)
        #expect(refusal(root.path) == MorphologyError(file: autocorr.path, .empty))
    }

    /// A file a package installed must still be the package's, by dpkg's MD5 sums: Debian's
    /// own dictionary, and a copy a (made-up) package list names.
    @Test func filesAPackageInstalledMustStillBeItsOwn() throws {
        let info = try TestProject.temporaryFolder("voikko-dpkg").appendingPathComponent("info")
        try FileManager.default.createDirectory(at: info, withIntermediateDirectories: true)
        let dpkg = DpkgDatabase(root: info.deletingLastPathComponent())
        func record(_ sums: [(String, URL)]) throws {
            let lines = sums.map { "\($0.0)  \($0.1.path.dropFirst())\n" }.joined()
            try Data(lines.utf8).write(to: info.appendingPathComponent("voikko-fi.md5sums"))
        }
        let mor = file("mor.vfst")
        let sum = DpkgDatabase.md5(of: try Data(contentsOf: mor))
        try record([(sum, mor), (DpkgDatabase.md5(of: try Data(contentsOf: file("index.txt"))), file("index.txt"))])
        #expect(refusal(root.path, dpkg: dpkg) == nil)
        let other = String(repeating: "0", count: 32)
        try record([(other, mor)])
        #expect(refusal(root.path, dpkg: dpkg) == MorphologyError(file: mor.path, .voikko(.differsFromPackage("voikko-fi"))))
        #expect(refusal(root.path, dpkg: dpkg)?.message.contains("apt-get install --reinstall voikko-fi") == true)
        let debian = Self.debian.appendingPathComponent("mor.vfst")
        try record([(other, debian)])
        #expect(refusal("/usr/lib/voikko", dpkg: dpkg) == MorphologyError(file: debian.path, .voikko(.differsFromPackage("voikko-fi"))))
        // The system's own records, where dpkg installed voikko-fi: Debian's files are its.
        if let recorded = DpkgDatabase.system.recordedMD5(of: [debian])[debian.path] {
            #expect(recorded.package == "voikko-fi")
            #expect(recorded.md5 == sum)
        }
    }

    /// A small transducer: symbols `""` and `a` (or `symbols`), state 0 reading `a` to state 1,
    /// which is final; `cells` replace its transitions.
    private func transducer(symbols: [String] = ["", "a"], cells: [(UInt16, UInt16, UInt32, UInt8)]? = nil) -> [UInt8] {
        var bytes: [UInt8] = [0x6E, 0x3A, 0x01, 0x00, 0xFA, 0x51, 0x03, 0x00] + [UInt8](repeating: 0, count: 8)
        bytes += [UInt8(symbols.count & 0xFF), UInt8(symbols.count >> 8)]
        for symbol in symbols { bytes += Array(symbol.utf8) + [0] }
        while bytes.count % 8 != 0 { bytes.append(0) }
        for (input, output, target, more) in cells ?? [(1, 1, 1, 0), (0xFFFF, 0, 0, 0)] {
            bytes += [UInt8(input & 0xFF), UInt8(input >> 8), UInt8(output & 0xFF), UInt8(output >> 8)]
            bytes += [UInt8(target & 0xFF), UInt8((target >> 8) & 0xFF), UInt8((target >> 16) & 0xFF), more]
        }
        return bytes
    }

    /// The problem of writing `bytes` as the copy's `autocorr.vfst` (checked like `mor.vfst`).
    private func problem(_ bytes: [UInt8]) throws -> MorphologyProblem? {
        try Data(bytes).write(to: file("autocorr.vfst"))
        return refusal(root.path)?.problem
    }

    /// Damaged small transducers (bytes changed, cut anywhere) as `autocorr.vfst`: the check
    /// refuses each one libvoikko would read outside of, and libvoikko loads the others without
    /// a crash (the process would end here).
    @Test func damagedTransducersNeverCrashTheCheckNorLibvoikkosLoading() throws {
        let noDpkg = DpkgDatabase(root: root.appendingPathComponent("no-dpkg"))
        let valid = transducer(symbols: ["", "@P.X.Y@", "a", "[Ln]"], cells: [(2, 3, 2, 1), (1, 0, 2, 0), (0xFFFF, 0, 0, 0)])
        var random = SplitMix64(state: 46)
        var (refused, loaded) = (0, 0)
        for _ in 0..<150 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if Bool.random(using: &random) { bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random))) }
            try Data(bytes).write(to: file("autocorr.vfst"))
            if refusal(root.path, dpkg: noDpkg) == nil { loaded += 1 } else { refused += 1 }
        }
        #expect(refused > 0)
        #expect(loaded > 0)
    }

    @Test func transitionsThatReachOutsideTheFileAreRefused() throws {
        #expect(try problem(transducer()) == nil)
        #expect(try problem(transducer(cells: [(1, 5, 1, 0), (0xFFFF, 0, 0, 0)])) == .voikko(.symbolOutOfRange(symbol: 5, symbols: 2)))
        #expect(try problem(transducer(cells: [(1, 1, 7, 0), (0xFFFF, 0, 0, 0)])) == .voikko(.stateOutOfRange(state: 7, transitions: 2)))
        #expect(try problem(transducer(cells: [(1, 1, 1, 3), (0xFFFF, 0, 0, 0)])) == .voikko(.stateOutOfRange(state: 0, transitions: 2)))
        // 255: the next cell holds the count (here 2^32 - 1, which libvoikko's sum wraps to 0).
        #expect(try problem(transducer(cells: [(1, 1, 0, 255), (0xFFFF, 0xFFFF, 0, 0)])) == nil)
        #expect(try problem(transducer(cells: [(1, 1, 0, 255), (40, 0, 0, 0)])) == .voikko(.stateOutOfRange(state: 0, transitions: 2)))
        #expect(try problem(transducer(symbols: ["", "@P"])) == .voikko(.badFlagSymbol("@P")))
        #expect(try problem(transducer(symbols: [])) == .voikko(.noSymbols))
        var latin1 = transducer()
        latin1[19] = 0xE4  // `a` → ISO 8859-1's ä, not UTF-8
        #expect(try problem(latin1) == .voikko(.symbolNotUTF8(1)))
        #expect(try problem(Array(transducer().prefix(18))) == .voikko(.cutShort(reading: "symbol 0")))
        #expect(try problem(Array(transducer().prefix(20))) == .voikko(.cutShort(reading: "symbol 1")))
        #expect(try problem(Array(transducer().prefix(24))) == .voikko(.cutShort(reading: "the transitions")))
        #expect(try problem(Array(transducer().prefix(10))) == .voikko(.cutShort(reading: "the header")))
    }
}
