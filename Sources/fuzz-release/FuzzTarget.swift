// libFuzzer target for what `vocab validate`, `vocab diff` and `vocab lookup` read: a release
// folder built elsewhere. Tests/Fuzz/run.sh builds it with `-sanitize=fuzzer` (VOCAB_FUZZ=1 adds
// it to the package) and builds the sample release it starts from (FUZZ_RELEASE).
//
// Input: the first byte picks what changes in the sample release. 0 to 3: the rest replaces a
// file (0: the manifest, 1: the JSON bundle, 2: the SQLite database, 3: the dictionary); 4 and
// 5: the rest is a program of SQL edits (SchemaEdits) applied to a copy of the database (4) or
// of the dictionary (5), which SQLite accepts but the format does not. The validator must report
// (never trap, never hang, never open a file outside the folder), reading the release back must
// give a release or a located error, a diff against the intact sample (dictionaries included)
// must compute, their forms too, and a look-up must find cards or fail with a located error.
import Foundation
import FuzzSupport
import ReleaseDiffing
import ReleaseLookup
import ReleaseValidation
import Releases
import VocabCore

private let base: URL = {
    guard let path = ProcessInfo.processInfo.environment["FUZZ_RELEASE"] else {
        preconditionFailure("FUZZ_RELEASE must name the sample release folder (Tests/Fuzz/run.sh sets it)")
    }
    return URL(fileURLWithPath: path)
}()
private let names: [String] = {
    let manifest = "datapackage.json"
    let files = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
    guard let sqlite = files.first(where: { $0.hasSuffix(".sqlite") && !$0.hasSuffix("-dictionary.sqlite") }),
          let dictionary = files.first(where: { $0.hasSuffix("-dictionary.sqlite") }),
          let bundle = files.first(where: { $0.hasSuffix(".json") && $0 != manifest })
    else { preconditionFailure("FUZZ_RELEASE is not a release folder with a dictionary: \(base.path)") }
    return [manifest, bundle, sqlite, dictionary]
}()
// Byte arrays, not `Data`: the leak checker cannot follow `Data`'s tagged storage pointers.
private let originals: [[UInt8]] = names.map { [UInt8]((try? FileContents.read(base.appendingPathComponent($0))) ?? Data()) }
private let intact: PublishedRelease = {
    do { return try PublishedRelease.open(base) } catch { preconditionFailure("the sample release cannot be read: \(error)") }
}()
private let intactDictionary: [WordCard]? = {
    do { return try intact.readDictionary() } catch { preconditionFailure("the sample dictionary cannot be read: \(error)") }
}()
private let folder: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-release-\(getpid())/release")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}()

/// Requires a located error about a file of the release folder.
private func requireLocatedInRelease(_ error: any Error) {
    guard let error = error as? any LocatedError else { preconditionFailure("not a located error: \(error)") }
    precondition(error.location.file.map { $0.hasPrefix(folder.path) } ?? true, "an error outside the release: \(error)")
}

@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let start, size > 0 else { return 0 }
    let selector = Int(start[0]) % (names.count + 2)
    let content = Data(bytes: start + 1, count: size - 1)
    for (index, name) in names.enumerated() {
        let data = index == selector ? content : Data(originals[index])
        do { try data.write(to: folder.appendingPathComponent(name)) } catch { preconditionFailure("cannot write: \(error)") }
    }
    if selector >= names.count {
        var bytes = FuzzBytes(bytes: [UInt8](content))
        SchemaEdits.apply(&bytes, to: folder.appendingPathComponent(names[selector == names.count ? 2 : 3]).path)
    }
    let report = ReleaseValidator().validate(folder)
    precondition(report.checks.count == ReleaseValidator.checks.count, "a check did not report")
    precondition(!report.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "a raw control character in the report")
    do {
        let release = try PublishedRelease.open(folder)
        _ = ReleaseDiff(old: release, new: intact)
        let dictionary = try release.readDictionary()
        _ = ReleaseDiff(old: intact, new: release).withDictionaries(old: intactDictionary, new: dictionary)
        let forms = try PublishedRelease.readForms(old: intact, new: release)
        _ = ReleaseDiff(old: intact, new: release).withForms(old: forms.old, new: forms.new, names: forms.names)
    } catch {
        requireLocatedInRelease(error)
    }
    // A release word, a dictionary entry, and (on odd sizes) a word found nowhere, whose close matches are searched.
    for word in ["time", "automobile"] + (size % 2 == 1 ? ["xyzzy"] : []) {
        do { _ = try WordLookup.lookup(word, partOfSpeech: nil, in: folder) } catch { requireLocatedInRelease(error) }
    }
    return 0
}

@_cdecl("fuzz_release_main")
package func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    // What lives for the whole run is made before fuzzing, or the leak checker counts it.
    _ = (names, originals, intact, intactDictionary, folder)
    return FuzzDriver.run(argc, argv, fuzzOneInput)
}
