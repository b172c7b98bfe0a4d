// libFuzzer target for FrequencyListReader and SentencePairReader (the `examples` pair file, read
// by the same checks). Tests/Fuzz/run.sh builds it with `-sanitize=fuzzer` (and VOCAB_FUZZ=1,
// which adds the targets to the package).
//
// Input: the first byte picks the reader (its value modulo 12: 0 to 7 a list config, see
// `configs`; 8 to 11 a pair reader, see `pairReaders`), the rest is the file.
// Every input must either read or throw a `FrequencyListError` about the file (not the config)
// naming the file and a line that exists; anything else (a crash, a broken count) aborts. The
// readers' typed throws rule out any other error type.
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

/// Selectors 8 to 11: the learned and learner columns, malformed lines refused or skipped.
private let pairReaders = [
    SentencePairReader(learnedColumn: 1, learnerColumn: 2), SentencePairReader(learnedColumn: 2, learnerColumn: 1, malformedRows: .skip),
    SentencePairReader(learnedColumn: 1, learnerColumn: 3), SentencePairReader(learnedColumn: 3, learnerColumn: 1, malformedRows: .skip),
]

/// A pair file must read into pairs of non-empty sentences, each on a line of the file, or throw
/// a located error; skipped lines only when asked.
private func fuzzPairs(_ reader: SentencePairReader, _ body: Data, lines: Int) {
    do {
        let result = try reader.read(data: body, displayPath: displayPath)
        precondition(result.dataRows == result.pairs.count + result.skipped.count, "pair counts disagree")
        precondition(result.dataRows > 0, "a result without lines")
        if reader.malformedRows != .skip { precondition(result.skipped.isEmpty, "lines skipped without malformedRows skip") }
        for pair in result.pairs {
            precondition(pair.line >= 1 && pair.line <= lines, "pair line \(pair.line) outside 1...\(lines)")
            for text in [pair.learned, pair.learner] {
                precondition(!text.isEmpty && !text.contains("\t") && !text.contains("\n"), "a sentence that is empty or holds a tab or a line end")
            }
        }
        for skipped in result.skipped { precondition(skipped.line >= 1 && skipped.line <= lines, "skipped line \(skipped.line) outside 1...\(lines)") }
    } catch {
        precondition(error.location.item == nil, "a problem of the config, not of the file: \(error)")
        FuzzDriver.requireLocated(error, in: displayPath, lines: lines)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let start, size > 0 else { return 0 }
    let selector = Int(start[0])
    let body = Data(bytes: start + 1, count: size - 1)
    let lines = body.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    if selector % 12 >= 8 {
        fuzzPairs(pairReaders[selector % 12 - 8], body, lines: lines)
        return 0
    }
    let config = configs[(selector & 1) * 4 + (selector >> 1) % 4]
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
