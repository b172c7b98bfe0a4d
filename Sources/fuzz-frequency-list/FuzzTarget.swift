// libFuzzer target for FrequencyListReader. Tests/Fuzz/run.sh builds it with
// `-sanitize=fuzzer` (and VOCAB_FUZZ=1, which adds the targets to the package).
//
// Input: the first byte picks the reader config (see `configs`), the rest is the list.
// Every input must either read or throw a `FrequencyListError` about the list (not the config)
// naming the file and a line that exists; anything else (a crash, a broken count) aborts. The
// reader's typed throws rule out any other error type.
import Foundation
import FuzzSupport
import StageRead
import VocabCore

private let tags: [String: PartOfSpeech] = [
    "n": .noun, "v": .verb, "j": .adjective, "r": .adverb, "a": .other, "i": .other, "NOUN": .noun, "é": .verb,
]

private func config(_ delimiter: Delimiter, header: Bool, _ lemma: ColumnRef, _ tag: ColumnRef, _ frequency: ColumnRef,
                    _ unknownTags: UnknownTagPolicy) -> FrequencySourceConfig {
    FrequencySourceConfig(
        path: "fuzz", columns: FrequencyColumns(lemma: lemma, partOfSpeech: tag, frequency: frequency), tags: tags,
        delimiter: delimiter, header: header, unknownTags: unknownTags)
}

/// Index = first byte % 8: four layouts, each with unknown tags as an error and dropped.
private let configs: [FrequencySourceConfig] = [UnknownTagPolicy.error, .drop].flatMap { policy in
    [
        // Comma, header, columns by name (the sample corpus layout).
        config(.character(","), header: true, .name("lemma"), .name("PoS"), .name("freq"), policy),
        // Tab, no header, 1-based column numbers.
        config(.character("\t"), header: false, .index(2), .index(3), .index(1), policy),
        // Runs of spaces and tabs, no header.
        config(.whitespace, header: false, .index(1), .index(2), .index(3), policy),
        // A multi-byte delimiter, header, columns by number.
        config(.character("¦"), header: true, .index(3), .index(1), .index(2), policy),
    ]
}

private let displayPath = "fuzz/list.csv"

@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let start, size > 0 else { return 0 }
    let selector = Int(start[0])
    let body = Data(bytes: start + 1, count: size - 1)
    let config = configs[(selector & 1) * 4 + (selector >> 1) % 4]
    let lines = body.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    do {
        let result = try FrequencyListReader(config: config).read(data: body, displayPath: displayPath)
        precondition(result.dataRows == result.rows.count + result.dropped.count, "row counts disagree")
        precondition(result.dataRows > 0, "a result without data rows")
        if config.unknownTags == .error { precondition(result.dropped.isEmpty, "rows dropped with unknownTags error") }
        for row in result.rows {
            precondition(row.line >= 1 && row.line <= lines, "row line \(row.line) outside 1...\(lines)")
            precondition(row.frequency >= 0, "negative frequency")
            precondition(!row.lemma.isEmpty, "empty lemma")
            precondition(config.tags[row.tag] == row.partOfSpeech, "tag and part of speech disagree")
        }
    } catch {
        precondition(error.location.item == nil, "a problem of the config, not of the list: \(error)")
        FuzzDriver.requireLocated(error, in: displayPath, lines: lines)
    }
    return 0
}

@_cdecl("fuzz_frequency_list_main")
package func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzOneInput)
}
