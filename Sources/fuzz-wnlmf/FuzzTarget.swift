// libFuzzer target for the WN-LMF reader. Tests/Fuzz/run.sh builds it with
// `-sanitize=fuzzer` (and VOCAB_FUZZ=1, which adds the targets to the package).
//
// Input: a lexicon file's bytes (plain XML or gzip). Each input is read from memory
// (LexiconReader.read(.data(…)), BareXMLPass.run(data:)) and from a temporary file, and both
// must agree; failures must be a `LexiconError` naming the file (the reader's typed throws rule
// out any other error type). A lexicon that loads is also loaded keeping only the entries of a
// few forms, and scanned as a translation lexicon: both must succeed and answer what the whole
// lexicon answers for those forms and ILIs, and kept compactly (whose entries, synsets and
// cut must agree with the whole load), and read once as a source that is a target too (its
// cut and concepts must agree); an input that fails must fail the same way in all.
// Anything else aborts.
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

/// What the select and join stages can ask about `forms`.
private func answers(_ lexicon: Lexicon, forms: [String]) -> [String] {
    forms.flatMap { form in
        lexicon.entries(caseInsensitiveForm: form).flatMap { entry in
            ["\(entry)"] + entry.senses.map { sense in
                lexicon.synset(id: sense.synset).map { "\($0) \(lexicon.members(of: $0))" } ?? "missing \(sense.synset)"
            }
        }
    }
}

private func translations(_ lexicon: Lexicon, ilis: [String]) -> [String] {
    ilis.map { ili in lexicon.synsets(ili: ili).map { "\($0.id) \($0.lexicalized) \(lexicon.members(of: $0))" }.joined(separator: ";") }
}

/// libFuzzer's entry point: one input, checked as the header says; returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: size) } ?? Data()
    // The odd sizes also try the options of a translation lexicon.
    let options = size % 2 == 0 ? LexiconLoadOptions(maxBytes: maxBytes) : LexiconLoadOptions(lexiconId: "test", maxBytes: maxBytes)
    let text = size % 2 == 0
    var whole: Lexicon?
    let fromMemory = outcome { () throws(LexiconError) in
        let lexicon = try LexiconReader.read(.data(data), displayPath: displayPath, keeping: .lexicon(text: text), options: options)
        whole = lexicon
        return lexicon
    }

    // The file path must give the same result.
    do { try data.write(to: temporaryFile) } catch { preconditionFailure("cannot write \(temporaryFile.path): \(error)") }
    let fromFile = outcome { () throws(LexiconError) in
        try LexiconReader.read(.file(temporaryFile), displayPath: displayPath, keeping: .lexicon(text: text), options: options)
    }
    precondition(fromMemory == fromFile, "memory and file reads differ:\n\(fromMemory)\n\(fromFile)")

    // Keeping only some entries, or scanning for translations, changes nothing but what is kept.
    let forms = Array((whole?.entries.prefix(3).map(\.writtenForm) ?? []) + ["a", "Cat"])
    let cutKeep = LexiconKeep.lexicon(entryForms: FormSet(forms), text: text)
    let filtered = Result { () throws(LexiconError) in try LexiconReader.read(.data(data), displayPath: displayPath, keeping: cutKeep, options: options) }
    let scan = Result { () throws(LexiconError) in try LexiconReader.read(.data(data), displayPath: displayPath, keeping: .concepts, options: options) }
    let compact = Result { () throws(LexiconError) in
        try LexiconReader.read(.data(data), displayPath: displayPath, keeping: .compact(text: text), options: options)
    }
    switch (fromMemory, filtered, scan) {
    case (.loaded, .success(let cut), .success(let scanned)):
        let whole = whole!
        precondition(answers(cut, forms: forms) == answers(whole, forms: forms), "the filtered load answers differently")
        guard case .success(let compact) = compact else { preconditionFailure("the compact load failed: \(compact)") }
        let compactCut = compact.lexicon(entryForms: FormSet(forms))
        precondition(answers(compactCut, forms: forms) == answers(whole, forms: forms), "the compact lexicon's cut answers differently")
        precondition(compact.entryCount == whole.entries.count, "the compact lexicon has other entries")
        for (index, entry) in whole.entries.enumerated().prefix(20) {
            precondition(compact.entry(at: index) == entry, "the compact lexicon's entry \(index) differs")
            for sense in entry.senses {
                let synset = whole.synset(id: sense.synset)
                precondition(compact.synset(id: sense.synset) == synset, "the compact lexicon's synset \(sense.synset) differs")
                if let synset { precondition(compact.members(of: synset) == whole.members(of: synset), "the compact lexicon's members differ") }
            }
        }
        let ilis = Array(Set(whole.synsets.compactMap(\.interlingualId)).sorted().prefix(5))
        let cutTranslations = scanned.lexicon(interlingualIds: Set(ilis))
        precondition(translations(cutTranslations, ilis: ilis) == translations(whole, ilis: ilis), "the scan answers differently")
        // Read once as a source that is a target too: the cut and the concepts, as read apart.
        do {
            let (withConcepts, concepts) = try LexiconReader.read(
                .file(temporaryFile), displayPath: displayPath, keeping: .lexiconAndConcepts(entryForms: FormSet(forms), text: text), options: options)
            precondition(answers(withConcepts, forms: forms) == answers(whole, forms: forms), "the cut read with concepts answers differently")
            precondition(ilis.map(concepts.concepts) == ilis.map(whole.concepts), "the concepts read with the cut differ")
        } catch {
            preconditionFailure("the load with concepts failed where the others succeeded: \(error)")
        }
    case (.failed(let error), .failure(let e1), .failure(let e2)):
        precondition(error == e1 && error == e2, "the loads fail differently:\n\(error)\n\(e1)\n\(e2)")
        guard case .failure(let e3) = compact, e3 == error else { preconditionFailure("the compact load differs:\n\(error)\n\(compact)") }
    default:
        preconditionFailure("the loads disagree:\n\(fromMemory)\n\(filtered)\n\(scan)")
    }

    do {
        _ = try BareXMLPass.run(data: data, displayPath: displayPath, maxBytes: maxBytes)
    } catch {
        FuzzDriver.requireLocated(error, in: displayPath)
        if case .loaded = fromMemory { preconditionFailure("the lexicon loaded but the bare pass failed: \(error)") }
    }
    return 0
}

/// The executable's entry point (SwiftPM links `main` to it): runs libFuzzer's driver.
@_cdecl("fuzz_wnlmf_main")
package func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzOneInput)
}
