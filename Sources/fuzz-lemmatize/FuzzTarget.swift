// libFuzzer target for the new frequency-list layouts (no part-of-speech column, decimal or
// absent frequencies, trailing empty fields, malformed rows skipped, another encoding) with the
// lemmatization rule over the rows read, and for the lemma table. Tests/Fuzz/run.sh builds it
// with `-sanitize=fuzzer` (and VOCAB_FUZZ=1, which adds the targets to the package).
//
// Input: the first byte picks what the rest is (see `layouts`): a list read by one of the layouts
// then lemmatized (with the tiny dictionary and lexicon below, then again with the tests' tiny
// Apertium analyzer's readings), or (selector % 8 == 7) a lemma table. A list must either read or throw a
// `FrequencyListError` naming the file and a line that exists; what it reads must lemmatize with
// its counts adding up. A table must either parse (at least one pair, no empty form or lemma) or
// throw a `LemmaTableError` naming the file and a line that exists.
import Foundation
import FuzzSupport
import Morphology
import StageLemmatize
import StageRead
import VocabCore

private func layout(
    _ delimiter: Delimiter, header: Bool, _ lemma: ColumnRef, _ frequency: ColumnRef?, places: Int? = nil,
    encoding: String? = nil, skip: Bool = false, trailing: Bool = false
) -> FrequencySourceConfig {
    var config = FrequencySourceConfig(
        path: "fuzz", columns: FrequencyColumns(lemma: lemma, partOfSpeech: nil, frequency: frequency), tags: [:],
        delimiter: delimiter, header: header)
    config.decimalPlaces = places
    config.encoding = encoding
    config.malformedRows = skip ? .skip : nil
    config.trailingEmptyFields = trailing ? .ignore : nil
    return config
}

/// Index = first byte % 8 (7: the lemma table).
private let layouts: [FrequencySourceConfig] = [
    // wordfreq's layout: word, per-million frequency with 4 decimals.
    layout(.character(","), header: true, .name("word"), .name("freq"), places: 4),
    // The same, malformed rows skipped, trailing empty fields ignored.
    layout(.character(","), header: true, .name("word"), .name("freq"), places: 4, skip: true, trailing: true),
    // Words only, in rank order (no frequency column), no header.
    layout(.character("\t"), header: false, .index(1), nil),
    // OpenSubtitles-like: `word count`, whitespace, skipping.
    layout(.whitespace, header: false, .index(1), .index(2), skip: true),
    // Latin-1 (every byte maps).
    layout(.character(","), header: false, .index(2), .index(1), places: 2, encoding: "ISO-8859-1"),
    // UTF-16 (with or without its byte-order mark), skipping.
    layout(.character(";"), header: true, .index(1), .index(2), encoding: "UTF-16", skip: true),
    // windows-1252 (five bytes do not map), trailing fields ignored.
    layout(.character(","), header: true, .index(1), .index(2), places: 9, encoding: "windows-1252", trailing: true),
]

/// A tiny dictionary and lexicon: every form ending in `s` has the form without it as a stem; a
/// form is an entry when its length is even (noun) or a multiple of 3 (verb).
private func stems(_ form: String) -> [String] { form.hasSuffix("s") ? [form, String(form.dropLast())] : [form] }
private func readings(_ form: String) -> [LexiconReading] {
    let count = form.count
    return (count % 2 == 0 ? [LexiconReading(.noun, senses: count % 5)] : [])
        + (count % 3 == 0 ? [LexiconReading(.verb, senses: count % 7)] : [])
}
private let table = LemmaTable([("was", "be"), ("abc", "ab"), ("é", "ée")])

/// The tests' tiny Spanish analyzer (nouns, a verb, a determiner, a preposition, joined forms):
/// the rows are lemmatized again with its readings, as a config with an analyzer lemmatizes them.
private let analyzer: LttoolboxAnalyzer? = try? LttoolboxAnalyzer(
    path: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Tests/MorphologyTests/Fixtures/tiny.automorf.bin").standardizedFileURL.path)
private let analyzerConfig = AnalyzerConfig(path: "tiny.automorf.bin")

/// The analyzer's readings of `form`, classified as the lemmatize stage classifies them (its
/// retries of a form capitalised and in capitals left out).
private func analyzed(_ form: String) -> [Reading] {
    (analyzer?.readings(of: form) ?? []).compactMap { analysis in
        analysis.classified(by: analyzerConfig).map { Reading(lemma: $0.lemma, wordClass: $0.wordClass, inflection: $0.inflection, source: .analyzer) }
    }
}

private let displayPath = "fuzz/list.csv"

@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let start, size > 0 else { return 0 }
    let selector = Int(start[0]) % 8
    let body = Data(bytes: start + 1, count: size - 1)
    let lines = body.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    if selector == 7 {
        do {
            let parsed = try LemmaTable.parse(body, displayPath: displayPath)
            precondition(!parsed.lemmas.isEmpty, "a table without pairs")
            for (form, lemmas) in parsed.lemmas {
                precondition(!form.isEmpty && !lemmas.isEmpty && lemmas.allSatisfy { !$0.isEmpty }, "an empty form or lemma")
            }
        } catch {
            FuzzDriver.requireLocated(error, in: displayPath, lines: lines)
        }
        return 0
    }
    let config = layouts[selector]
    let result: FrequencyReadResult
    do {
        result = try FrequencyListReader(config: config).read(data: body, displayPath: displayPath)
    } catch {
        // An unmappable byte's line counts the converted text's lines, which a UTF-16 list has fewer of.
        if error.location.item == nil { FuzzDriver.requireLocated(error, in: displayPath, lines: lines) }
        else { precondition(error.location.item == "frequency.encoding", "a problem of the config: \(error)") }
        return 0
    }
    precondition(result.dataRows == result.rows.count + result.dropped.count + result.skipped.count, "row counts disagree")
    if config.malformedRows == nil { precondition(result.skipped.isEmpty, "rows skipped without malformedRows") }
    for row in result.rows {
        precondition(row.frequency >= 0 && !row.lemma.isEmpty && row.tag.isEmpty, "a bad row: \(row)")
    }
    let lemmatizer = Lemmatizer(stems: stems, table: table, readings: readings)
    let lemmatized = lemmatizer.lemmatize(
        result.rows, stemsOfForms: Lemmatizer.stemsOfForms(result.rows, stems: stems), tagged: false)
    precondition(lemmatized.rowsRead == result.rows.count, "rows read")
    precondition(lemmatized.bySource.values.reduce(0, +) + lemmatized.noLemmaRows == result.rows.count, "forms lost")
    var keys = Set<String>()
    for row in lemmatized.rows {
        precondition(!readings(row.lemma).isEmpty, "a lemma that is no entry: \(row.lemma)")
        precondition(readings(row.lemma).contains { $0.partOfSpeech == row.partOfSpeech }, "a part of speech the lemma lacks")
        precondition(keys.insert("\(row.lemma)\t\(row.partOfSpeech)").inserted, "a lemma twice")
    }
    precondition(lemmatized.dropped.allSatisfy { $0.reason == .noLemma }, "a drop that is not no-lemma")

    // The same rows with the analyzer's readings: every form counted once, as a lemma, a function
    // word or none; no lemma row of a closed class; a function word dropped as one.
    precondition(analyzer != nil, "the tiny analyzer did not load")
    let withAnalyzer = Lemmatizer(stems: stems, table: table, readings: readings, analyze: analyzed)
        .lemmatize(result.rows, stemsOfForms: Lemmatizer.stemsOfForms(result.rows, stems: stems), tagged: false)
    precondition(withAnalyzer.bySource.values.reduce(0, +) + withAnalyzer.noLemmaRows + withAnalyzer.closedClassRows == result.rows.count,
                 "forms lost with the analyzer")
    precondition(withAnalyzer.closedClass.allSatisfy { $0.reason == .closedClass }, "a function word dropped for another reason")
    precondition(withAnalyzer.dropped.allSatisfy { $0.reason == .noLemma }, "a drop that is not no-lemma")
    precondition(withAnalyzer.forms.allSatisfy { !$0.isClosedClass || $0.lemma != nil }, "a function word without its lemma")
    var analyzedKeys = Set<String>()
    for row in withAnalyzer.rows {
        precondition(!row.lemma.isEmpty, "an empty lemma")
        precondition(analyzedKeys.insert("\(row.lemma)\t\(row.partOfSpeech)").inserted, "a lemma twice")
    }
    return 0
}

@_cdecl("fuzz_lemmatize_main")
package func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzOneInput)
}
