import CHunspell
import Foundation
import Morphology
import ReferenceScores
import StageLemmatize
import StageRead
import VocabCore
import VocabPipeline
import WNLMF

/// `vocab-bench --lemmatize`: the lemmatize step as `LemmatizeStage` runs it (its tools loaded:
/// the analyzer, the Hunspell dictionary, the table; every distinct form analysed, the forms the
/// analyzer does not know stemmed, the rule over the whole list; the lexicon's loading is a step
/// of its own and is left out) against a bare pass of the same morphology over the same forms, in
/// one process, on the config's list: with an analyzer, `LttoolboxAnalyzer` loaded and asked for
/// every distinct form's readings, nothing kept (and `lt-proc -w` on the same forms, when it is
/// installed, for scale); without one, a bare libhunspell stem pass (`Hunspell_stem` and
/// `Hunspell_free_list` from C). Then the step on lists of 100,000 and 1,000,000 distinct forms
/// made from the list (the list's forms, then the same with a number appended: forms the
/// morphology mostly does not know), to show it stays linear. With `--ud-gold`, the step's form →
/// lemma map is scored against a Universal Dependencies treebank's gold lemmas
/// (``LemmaGold``).
struct LemmatizeTiming: Measuring {
    let pipeline: Pipeline
    let runs: Int
    /// CoNLL-U files of gold lemmas (`--ud-gold`), to score the step's map against; none to skip.
    var gold: [URL] = []

    func run() throws {
        guard pipeline.config.lemmatization != nil else {
            print("lemmatize: skipped: the config has no lemmatization section")
            return
        }
        let list = try FrequencyListReader(config: pipeline.config.frequency).read(pipeline.frequencyFile, displayPath: "list").rows
        let tools = try LemmatizeStage.tools(pipeline, digests: FileDigests())
        let morphology = pipeline.analyzerFile.map { "analyzer \($0.lastPathComponent)" }
            ?? pipeline.hunspellFiles.map { "Hunspell \($0.dic.lastPathComponent)" } ?? "no analyzer or dictionary"
        print("lemmatize step (\(morphology), \(list.count) forms of \(pipeline.frequencyFile.lastPathComponent)):")
        // The source lexicon's entries, read once, outside the timing (the build times their
        // reading with the lexicons').
        let names = try LexiconSources.sourceEntryNames(pipeline)
        let entries: () throws -> LemmatizeStage.EntryNames = { names }
        let lexicon = try cutLexicon(list, tools: tools, entries: entries)
        let measured = try measure(list, lexicon: lexicon, entries: entries)
        print(String(format: "  bare %@ (median of %d): %.3f s; the lemmatize step: %.3f s (%d lemmas); ratio %.2f (target <= 1.3: %@)",
                     bareName, max(1, runs), measured.bare, measured.step, measured.result.rows.count,
                     measured.step / measured.bare, measured.step / measured.bare <= 1.3 ? "met" : "NOT MET"))
        if let analyzer = pipeline.analyzerFile, pipeline.config.lemmatization?.analyzer?.format == .lttoolbox, let ltProc = Self.ltProc {
            let forms = Self.distinct(list).joined(separator: "\n") + "\n"
            var times: [Double] = []
            for _ in 1...max(1, runs) { times.append(try time { try Self.pipe(forms, through: ltProc, arguments: ["-w", analyzer.path]) }) }
            print(String(format: "  for scale: lt-proc -w on the same forms, a process of its own (median): %.3f s", median(times)))
        }
        if !gold.isEmpty { try score(measured.result) }

        var scaled: [Int: (step: Double, bare: Double)] = [:]
        for size in ProcessInfo.processInfo.environment["VOCAB_BENCH_NO_SCALE"] != nil ? [] : [100_000, 1_000_000] {
            let rows = Self.distinctForms(list, count: size)
            let timing = try measure(rows, lexicon: try cutLexicon(rows, tools: tools, entries: entries), entries: entries, runs: 1)
            scaled[size] = (timing.step, timing.bare)
            print(String(format: "  %7d distinct forms: bare pass %.3f s, lemmatize step %.3f s (ratio %.2f)", size, timing.bare, timing.step,
                         timing.step / timing.bare))
        }
        if let small = scaled[100_000], let large = scaled[1_000_000] {
            print(String(format: "  1 M / 100 k: lemmatize step %.1f x, bare pass %.1f x (linear: 10 x)", large.step / small.step, large.bare / small.bare))
        }
    }

    /// What the bare pass is.
    private var bareName: String {
        pipeline.analyzerFile != nil ? "analyzer pass (loaded, every distinct form's readings)" : "libhunspell stem pass"
    }

    /// The source lexicon cut to every candidate of `rows`, as the stage's first run cuts it
    /// (loaded once, outside the timing: the build times it as its own step).
    func cutLexicon(_ rows: [FrequencyRow], tools: LemmatizeStage.Tools, entries: () throws -> LemmatizeStage.EntryNames) throws -> Lexicon {
        var lexicon: Lexicon?
        _ = try LemmatizeStage.run(pipeline, rows: rows, tools: tools, entries: entries) { forms in
            let loaded = try LexiconReader.read(.file(pipeline.lexiconFile), displayPath: "source", keeping: .lexicon(entryForms: forms))
            lexicon = loaded
            return loaded
        }
        return lexicon!
    }

    /// The medians of the step (its tools loaded anew each time, as a build loads them) and of
    /// the bare pass over `rows`, and the step's last result.
    func measure(
        _ rows: [FrequencyRow], lexicon: Lexicon, entries: () throws -> LemmatizeStage.EntryNames, runs: Int? = nil
    ) throws -> (step: Double, bare: Double, result: LemmatizeResult) {
        var stepTimes: [Double] = [], bareTimes: [Double] = [], toolTimes: [Double] = []
        var result: LemmatizeResult?
        let distinct = Self.distinct(rows)
        let cStrings = distinct.map { Array($0.utf8CString) }
        for _ in 1...max(1, runs ?? self.runs) {
            if let analyzer = pipeline.analyzerFile, let analyzerConfig = pipeline.config.lemmatization?.analyzer {
                bareTimes.append(try time {
                    let loaded = try AnalyzerEngines.open(analyzerConfig, path: analyzer.path)
                    var readings = 0
                    for form in distinct { readings &+= loaded.readings(of: form).count }
                    withExtendedLifetime(readings) {}
                })
            } else if let files = pipeline.hunspellFiles {
                guard let handle = Hunspell_create(files.aff.path, files.dic.path) else { throw BenchError("libhunspell could not load the dictionary") }
                defer { Hunspell_destroy(handle) }
                bareTimes.append(time {
                    for form in cStrings {
                        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
                        let count = form.withUnsafeBufferPointer { Hunspell_stem(handle, &list, $0.baseAddress) }
                        Hunspell_free_list(handle, &list, count)
                    }
                })
            }
            // What `LemmatizeStage` times, the lexicon's loading apart.
            var toolTime = 0.0
            stepTimes.append(try time {
                var tools: LemmatizeStage.Tools?
                toolTime = try time { tools = try LemmatizeStage.tools(pipeline, digests: FileDigests()) }
                result = try LemmatizeStage.run(pipeline, rows: rows, tools: tools!, entries: entries) { _ in lexicon }.result
            })
            toolTimes.append(toolTime)
        }
        print(String(format: "    (of the step, loading its tools, median: %.3f s)", median(toolTimes)))
        return (median(stepTimes), bareTimes.isEmpty ? .nan : median(bareTimes), result!)
    }

    /// The step's form → lemma map against the gold lemmas of `gold` (``LemmaGold``).
    func score(_ result: LemmatizeResult) throws {
        let lemmaOf = Dictionary(result.forms.map { ($0.form, $0.lemma) }, uniquingKeysWith: { first, _ in first })
        let list = try LemmaGold.frequencyList(pipeline.frequencyFile)
        let score = try LemmaGold(conllu: gold).score(lemmaOf, list: list)
        print(String(format: "  UD gold lemmas (%@): %.4f weighted, %.4f unweighted over %d mostly-content forms (target >= 0.95); %.4f weighted, %.4f unweighted over all %d (target >= 0.93)",
                     gold.map(\.lastPathComponent).joined(separator: ", "), score.mostlyContent.weighted, score.mostlyContent.unweighted,
                     score.mostlyContent.forms, score.all.weighted, score.all.unweighted, score.all.forms))
        print("  most frequent misses: " + score.wrong.prefix(15).map { "\($0.form) → \($0.lemma ?? "-") (gold \($0.gold))" }.joined(separator: ", "))
    }

    /// The distinct forms of `rows`, in list order.
    static func distinct(_ rows: [FrequencyRow]) -> [String] {
        var seen = Set<String>()
        return rows.map(\.lemma).filter { seen.insert($0).inserted }
    }

    /// `count` rows of distinct forms: the list's, then each with a suffix `-k` (k = 1, 2, ...).
    static func distinctForms(_ list: [FrequencyRow], count: Int) -> [FrequencyRow] {
        (0..<count).map { index in
            let source = list[index % list.count]
            let round = index / list.count
            return FrequencyRow(
                line: index + 2, lemma: round == 0 ? source.lemma : "\(source.lemma)\(round)", tag: source.tag,
                partOfSpeech: source.partOfSpeech, frequency: Int64(count - index))
        }
    }

    /// `lt-proc` when it is installed.
    static var ltProc: URL? {
        ["/usr/bin/lt-proc", "/usr/local/bin/lt-proc"].map(URL.init(fileURLWithPath:)).first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `executable` with `input` on its standard input, its output read and dropped.
    static func pipe(_ input: String, through executable: URL, arguments: [String]) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        let writer = Thread { stdin.fileHandleForWriting.write(Data(input.utf8)); try? stdin.fileHandleForWriting.close() }
        writer.start()
        _ = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
    }

}
