// libFuzzer target for the lttoolbox analyzer reader (`LttoolboxAnalyzer`, Sources/Morphology).
// Tests/Fuzz/run.sh builds it with `-sanitize=fuzzer` (VOCAB_FUZZ=1 adds it to the package).
//
// Input: the first byte picks what the rest is. Even: an analyzer file's bytes, read with
// `LttoolboxAnalyzer(data:displayPath:)`, which either throws a `MorphologyError` naming the
// file (with a byte offset within it, when it gives one) or gives an analyzer that then
// analyses a few forms and a sentence. Odd: running text, cut into tokens by the tests' tiny
// analyzer (Tests/MorphologyTests/Fixtures/tiny.automorf.bin, read from the package root, where
// run.sh runs). Checked: readings are distinct and have a part each; tokens come in order
// without overlapping, each the text of its range without soft hyphens; a known token's
// readings are those of its surface alone; a long text (the sentence many times, then a run of
// one letter, where an analyzer that loops restarts its walks) costs no more transitions than
// its work budget (`LttoolboxAnalyzer.workBudget(characters:)`), nor does any form. run.sh
// runs it with `-malloc_limit_mb=64`: an allocation that large from an input of 8 KiB is a
// count declared, not held. Anything else aborts (a trap, a hang past
// `-timeout`, a leak).
import Foundation
import FuzzSupport
import Morphology
import VocabCore

private let displayPath = "fuzz/analyzer.automorf.bin"

/// The tests' tiny analyzer, for the text inputs.
private let tiny: LttoolboxAnalyzer = {
    let path = "Tests/MorphologyTests/Fixtures/tiny.automorf.bin"
    do {
        return try LttoolboxAnalyzer(path: path)
    } catch {
        preconditionFailure("run from the package root: \(error)")
    }
}()

/// Forms and a sentence every analyzer that loads is asked about.
private let forms = ["casa", "Casa", "CASA", "del", "a", "ab", "x", "echo de menos", "Madrid", "İ", "ǅ", "ca\u{AD}sa", ""]
private let sentence = "A pesar de la casa, Madrid.  ab abc x-y ½ 🙂 echo de menos del\u{AD}\u{0}Casa"
/// Where an analyzer that loops would restart a long walk at every character (issue 47).
private let longText = String(repeating: sentence + " ", count: 20) + String(repeating: "a", count: 2_000) + " " + String(repeating: "x", count: 2_000)

@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let start, size > 0 else { return 0 }
    let body = Data(bytes: start + 1, count: size - 1)
    if start[0] % 2 == 1 {
        check(tiny, String(decoding: body, as: UTF8.self))
        return 0
    }
    let analyzer: LttoolboxAnalyzer
    do {
        analyzer = try LttoolboxAnalyzer(data: body, displayPath: displayPath)
    } catch {
        FuzzDriver.requireLocated(error, in: displayPath)
        precondition(!error.message.isEmpty, "an error without words: \(error)")
        if let item = error.location.item {
            precondition(item.hasPrefix("byte "), "an item that is no byte offset: \(error)")
            let offset = Int(item.dropFirst(5))
            precondition(offset.map { $0 >= 0 && $0 <= body.count } == true, "a byte offset outside the file: \(error)")
        }
        return 0
    }
    for form in forms { checkReadings(analyzer.readings(of: form), of: form) }
    check(analyzer, sentence)
    let (tokens, work) = analyzer.tokenization(of: longText)
    precondition(work <= LttoolboxAnalyzer.workBudget(characters: longText.unicodeScalars.count), "a text cost more than its budget: \(work)")
    precondition(tokens.map(\.range.lowerBound) == tokens.map(\.range.lowerBound).sorted(), "tokens out of order in the long text")
    return 0
}

private func checkReadings(_ readings: [AnalyzerReading], of form: String) {
    precondition(Set(readings).count == readings.count, "a reading twice for \(form)")
    precondition(readings.allSatisfy { !$0.parts.isEmpty }, "a reading without a part for \(form)")
}

/// `text`'s tokens: in order, apart, each its range's text without soft hyphens; a known
/// token's readings those of its surface alone.
private func check(_ analyzer: LttoolboxAnalyzer, _ text: String) {
    var end = text.startIndex
    for token in analyzer.tokens(in: text) {
        precondition(token.range.lowerBound >= end, "tokens overlap or come out of order in \(text.debugDescription)")
        end = token.range.upperBound
        precondition(!token.surface.isEmpty, "an empty token")
        precondition(token.surface == text[token.range].replacingOccurrences(of: "\u{AD}", with: ""),
                     "a surface that is not its range's text: \(token.surface.debugDescription)")
        precondition(token.surface.unicodeScalars.count <= LttoolboxAnalyzer.maxTokenLength, "a token over the length cap")
        checkReadings(token.readings, of: token.surface)
        if token.isKnown {
            precondition(analyzer.readings(of: token.surface) == token.readings,
                         "a token's readings differ from its surface's: \(token.surface.debugDescription)")
        }
    }
}

@_cdecl("fuzz_lttoolbox_main")
package func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzOneInput)
}
