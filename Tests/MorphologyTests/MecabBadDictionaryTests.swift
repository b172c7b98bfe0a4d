import Foundation
import Morphology
import Testing
import TestSupport
import VocabCore

#if canImport(Glibc)
import Glibc
#endif

/// A MeCab dictionary folder that cannot be used: each case one `MorphologyError` naming the
/// path at fault, and libmecab prints nothing.
@Suite(needsIPADIC) struct MecabBadDictionaryTests {
    /// A copy of IPADIC in a new folder, its files linked to Debian's but those `damage` writes.
    func brokenCopy(_ label: String, damage: (URL) throws -> Void) throws -> URL {
        let folder = try TestProject.temporaryFolder("mecab-\(label)")
        for name in ["dicrc", "sys.dic", "matrix.bin", "char.bin", "unk.dic"] {
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(name).path, withDestinationPath: ipadicFolder + "/" + name)
        }
        try damage(folder)
        return folder
    }

    /// Replaces the link `name` in `folder` by a file of `bytes`.
    func write(_ bytes: Data, _ name: String, in folder: URL) throws {
        try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        try bytes.write(to: folder.appendingPathComponent(name))
    }

    /// The error opening `folder` gives, and what was written to the standard error meanwhile.
    func openError(_ folder: String) throws -> (MorphologyError, String) {
        let (result, printed) = try capturingStandardError { Result { () throws(MorphologyError) in try MecabAnalyzer(path: folder) } }
        guard case .failure(let error) = result else {
            Issue.record("\(folder) opened")
            throw CancellationError()
        }
        return (error, printed)
    }

    @Test func aMissingFolderOrAFileIsRefused() throws {
        let (missing, _) = try openError("/nonexistent/mecab-dictionary")
        #expect(missing.location.file == "/nonexistent/mecab-dictionary")
        #expect(missing.problem == .cannotOpen(reason: "No such file or directory"))
        let (file, _) = try openError(ipadicFolder + "/sys.dic")
        #expect(file.problem == .notAFolder)
        #expect(file.description.hasPrefix(ipadicFolder + "/sys.dic: not a folder"))
    }

    @Test(arguments: ["sys.dic", "dicrc", "char.bin"])
    func aFolderWithoutOneOfItsFilesIsRefusedNamingIt(name: String) throws {
        let folder = try brokenCopy("missing") { try FileManager.default.removeItem(at: $0.appendingPathComponent(name)) }
        let (error, printed) = try openError(folder.path)
        #expect(error.location.file == folder.appendingPathComponent(name).path)
        #expect(error.problem == .cannotOpen(reason: "No such file or directory"))
        #expect(!printed.contains("mecab") && !printed.contains(".cpp"))
    }

    @Test func anEmptyFileIsRefusedNamingIt() throws {
        let folder = try brokenCopy("empty") { try write(Data(), "char.bin", in: $0) }
        let (error, _) = try openError(folder.path)
        #expect(error.location.file == folder.appendingPathComponent("char.bin").path)
        #expect(error.problem == .empty)
    }

    @Test func aCutOrRandomDictionaryIsRefusedWithLibmecabsReason() throws {
        let sysDic = try Data(contentsOf: URL(fileURLWithPath: ipadicFolder + "/sys.dic"))
        let cut = try brokenCopy("cut") { try write(sysDic.prefix(100_000), "sys.dic", in: $0) }
        let (cutError, printed) = try openError(cut.path)
        // libmecab's message is cut at 256 bytes, inside the path: the file is named from its
        // source locations, the reason without the path.
        #expect(cutError.location.file == cut.appendingPathComponent("sys.dic").path)
        #expect(cutError.problem == .mecabRefused(reason: "dictionary file is broken"))
        #expect(printed.isEmpty || (!printed.contains("dictionary") && !printed.contains(".cpp")))

        var generator = SystemRandomNumberGenerator()
        let random = Data((0..<4_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let matrix = try brokenCopy("matrix") { try write(random, "matrix.bin", in: $0) }
        let (matrixError, _) = try openError(matrix.path)
        #expect(matrixError.location.file == matrix.appendingPathComponent("matrix.bin").path)
        #expect(matrixError.problem == .mecabRefused(reason: "file size is invalid"))

        let dicrc = try brokenCopy("dicrc") { try write(Data("; nothing\n".utf8), "dicrc", in: $0) }
        let (dicrcError, _) = try openError(dicrc.path)
        #expect(dicrcError.location.file == dicrc.appendingPathComponent("dicrc").path)
        #expect(dicrcError.problem == .mecabRefused(reason: "bos-feature is undefined in dicrc"))
        #expect(dicrcError.description.split(separator: "\n").count == 1)
    }

    @Test(.needsSystemFiles([("mecab-ipadic", "/var/lib/mecab/dic/ipadic/sys.dic")]))
    func aDictionaryInEUCJPIsRefused() throws {
        let (error, _) = try openError("/var/lib/mecab/dic/ipadic")
        #expect(error.problem == .mecabCharset("EUC-JP"))
        #expect(error.message.contains("mecab-ipadic-utf8"))
    }
}

/// `body`'s result and what the process wrote to its standard error while it ran (other tests
/// running meanwhile may add to it: the tests look for libmecab's words only).
func capturingStandardError<T>(_ body: () -> T) throws -> (T, String) {
    let file = try TestProject.temporaryFolder("stderr").appendingPathComponent("stderr.txt")
    _ = FileManager.default.createFile(atPath: file.path, contents: nil)
    let saved = dup(2)
    let capture = open(file.path, O_WRONLY)
    fflush(nil)
    dup2(capture, 2)
    let result = body()
    fflush(nil)
    dup2(saved, 2)
    close(saved)
    close(capture)
    return (result, (try? String(contentsOf: file, encoding: .utf8)) ?? "")
}
