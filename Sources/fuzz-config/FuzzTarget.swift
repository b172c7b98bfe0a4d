// libFuzzer target for `pipeline.json`: the strict JSON reading, the typed decoding and the
// checks. Tests/Fuzz/run.sh builds it with `-sanitize=fuzzer` (VOCAB_FUZZ=1 adds it to the
// package).
//
// Input: a config file's bytes, written as `pipeline.json` in a folder of its own, loaded with
// the sample corpus as the corpus folder (set by run.sh in FUZZ_CORPUS). A load either gives a
// pipeline whose paths are all inside known folders or throws a `ConfigError` naming the file,
// with a line and column only for JSON syntax. Anything else aborts.
import Foundation
import FuzzSupport
import VocabCore

private let folder: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-config-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}()
private let file = folder.appendingPathComponent("pipeline.json")
private let corpus = ProcessInfo.processInfo.environment["FUZZ_CORPUS"].map { URL(fileURLWithPath: $0) }

@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: size) } ?? Data()
    do { try data.write(to: file) } catch { preconditionFailure("cannot write \(file.path): \(error)") }
    do {
        let pipeline = try Pipeline.load(configFile: file, corpusOverride: corpus)
        precondition(pipeline.config.selection.count >= 1, "a pipeline with no words to select")
        precondition(!pipeline.config.dataset.name.isEmpty, "a pipeline without a name")
        precondition(!pipeline.releaseFolder.path.isEmpty && !pipeline.workFolder.path.isEmpty)
    } catch {
        FuzzDriver.requireLocated(error, in: file.path)
        precondition(!error.message.isEmpty, "an error without words: \(error)")
        if error.location.line != nil {
            guard case .invalidJSON = error.problem else { preconditionFailure("a line for a problem that is not JSON syntax: \(error)") }
        }
    }
    return 0
}

@_cdecl("fuzz_config_main")
package func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    // What lives for the whole run is made before fuzzing, or the leak checker counts it.
    _ = (folder, file, corpus)
    return FuzzDriver.run(argc, argv, fuzzOneInput)
}
