// libFuzzer target for the WN-LMF reader. Tests/Fuzz/run.sh builds it with
// `-sanitize=fuzzer` (and VOCAB_FUZZ=1, which adds the targets to the package).
//
// Input: a lexicon file's bytes (plain XML or gzip). Each input is read from memory
// (LexiconReader.load(data:), BareXMLPass.run(data:)) and from a temporary file, and both
// must agree; failures must be a `LexiconError` naming the file (the reader's typed throws rule
// out any other error type). Anything else aborts.
import Foundation
import FuzzSupport
import VocabCore
import WNLMF

private let maxBytes: Int64 = 8 << 20
private let displayPath = "fuzz/lexicon.xml"
private let temporaryFile: URL = FileManager.default.temporaryDirectory
    .appendingPathComponent("fuzz-wnlmf-\(getpid()).xml")

private enum Outcome: Equatable {
    case loaded(LexiconInfo, [LexicalEntry], [Synset])
    case failed(LexiconError)
}

private func outcome(_ body: () throws(LexiconError) -> Lexicon) -> Outcome {
    do {
        let lexicon = try body()
        // Every sense's synset is in the lexicon.
        for entry in lexicon.entries {
            for sense in entry.senses { precondition(lexicon.synset(id: sense.synset) != nil, "dangling sense \(sense.id)") }
        }
        return .loaded(lexicon.info, lexicon.entries, lexicon.synsets)
    } catch {
        FuzzDriver.requireLocated(error, in: displayPath)
        return .failed(error)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: size) } ?? Data()
    // The odd sizes also try the options of a translation lexicon.
    let options = size % 2 == 0
        ? LexiconLoadOptions(maxBytes: maxBytes)
        : LexiconLoadOptions(lexiconId: "test", maxBytes: maxBytes, keepText: false)
    let fromMemory = outcome { () throws(LexiconError) in
        try LexiconReader.load(data: data, displayPath: displayPath, options: options)
    }

    // The file path (gzopen/gzread) must give the same result.
    do { try data.write(to: temporaryFile) } catch { preconditionFailure("cannot write \(temporaryFile.path): \(error)") }
    let fromFile = outcome { () throws(LexiconError) in
        try LexiconReader.load(temporaryFile, displayPath: displayPath, options: options)
    }
    let gzip = size >= 2 && data[0] == 0x1F && data[1] == 0x8B
    switch (fromMemory, fromFile) {
    case (.loaded, .loaded):
        precondition(fromMemory == fromFile, "memory and file reads differ:\n\(fromMemory)\n\(fromFile)")
    case (.failed, .failed):
        // Cut or corrupt gzip: the two decoders may hand over different partial output.
        if !gzip { precondition(fromMemory == fromFile, "memory and file reads differ:\n\(fromMemory)\n\(fromFile)") }
    default:
        preconditionFailure("memory and file reads differ:\n\(fromMemory)\n\(fromFile)")
    }

    do {
        _ = try BareXMLPass.run(data: data, displayPath: displayPath, maxBytes: maxBytes)
    } catch {
        FuzzDriver.requireLocated(error, in: displayPath)
        if case .loaded = fromMemory { preconditionFailure("the lexicon loaded but the bare pass failed: \(error)") }
    }
    return 0
}

@_cdecl("fuzz_wnlmf_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzOneInput)
}
