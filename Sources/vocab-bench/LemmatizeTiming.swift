import CHunspell
import Foundation
import Morphology
import StageLemmatize
import StageRead
import VocabCore
import VocabPipeline
import WNLMF

/// `vocab-bench --lemmatize`: the lemmatize step (the stems of every distinct form through
/// `HunspellDictionary`, the candidates gathered, the rule over the whole list: what
/// `LemmatizeStage` times, the lexicon's loading apart) against a bare libhunspell pass over the
/// same forms (`Hunspell_stem` and `Hunspell_free_list` from C, nothing kept), in one process,
/// on the config's list; then the step on lists of 100,000 and 1,000,000 distinct forms made
/// from it (the list's forms, then the same with a suffix: forms the dictionary mostly does not
/// know), to show it stays linear.
struct LemmatizeTiming {
    let pipeline: Pipeline
    let runs: Int

    func run() throws {
        guard let lemmatization = pipeline.config.lemmatization, let files = pipeline.hunspellFiles else {
            print("lemmatize: skipped: the config has no lemmatization.hunspell")
            return
        }
        let list = try FrequencyListReader(config: pipeline.config.frequency).read(pipeline.frequencyFile, displayPath: "list").rows
        let dictionary = try HunspellDictionary(aff: files.aff.path, dic: files.dic.path)
        let table = try pipeline.lemmaTableFile.map { try LemmaTable.load($0, displayPath: $0.path) } ?? LemmaTable()
        guard let handle = Hunspell_create(files.aff.path, files.dic.path) else { throw BenchError("libhunspell could not load the dictionary") }
        defer { Hunspell_destroy(handle) }
        _ = lemmatization

        print("lemmatize step (Hunspell \(files.dic.lastPathComponent), \(list.count) forms of \(pipeline.frequencyFile.lastPathComponent)):")
        let (step, bare, lemmas) = try measure(list, dictionary: dictionary, table: table, handle: handle)
        print(String(format: "  bare libhunspell stem pass (median of %d): %.3f s; the lemmatize step: %.3f s (%d lemmas); ratio %.2f (target <= 1.3: %@)",
                     max(1, runs), bare, step, lemmas, step / bare, step / bare <= 1.3 ? "met" : "NOT MET"))
        var wrapped: [Double] = []
        for _ in 1...max(1, runs) {
            wrapped.append(time { _ = ListForms(list, tagged: false) { dictionary.stems(of: $0) } })
        }
        print(String(format: "  of which the stems of the distinct forms through HunspellDictionary (Morphology's wrapper): %.3f s (%.2f x the bare pass)",
                     median(wrapped), median(wrapped) / bare))

        var scaled: [Int: (step: Double, bare: Double)] = [:]
        for size in [100_000, 1_000_000] {
            let rows = Self.distinctForms(list, count: size)
            let (step, bare, _) = try measure(rows, dictionary: dictionary, table: table, handle: handle, runs: 1)
            scaled[size] = (step, bare)
            print(String(format: "  %7d distinct forms: bare stem pass %.3f s, lemmatize step %.3f s (ratio %.2f)", size, bare, step, step / bare))
        }
        if let small = scaled[100_000], let large = scaled[1_000_000] {
            print(String(format: "  1 M / 100 k: lemmatize step %.1f x, bare stem pass %.1f x (linear: 10 x)", large.step / small.step, large.bare / small.bare))
        }
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

    /// The medians of the step and of the bare pass over `rows`, and the lemmas the step gave.
    func measure(
        _ rows: [FrequencyRow], dictionary: HunspellDictionary, table: LemmaTable, handle: OpaquePointer, runs: Int? = nil
    ) throws -> (step: Double, bare: Double, lemmas: Int) {
        // The lexicon is loaded once, cut to the candidates, outside the timing (the build times it as its own step).
        let stems: (String) -> [String] = { dictionary.stems(of: $0) }
        let tagged = pipeline.config.frequency.columns.partOfSpeech != nil
        let forms = FormSet(ListForms(rows, tagged: tagged, stems: stems).candidates(rows)).adding(table.allLemmas).matchingInflectedForms()
        let lexicon = try LexiconReader.read(.file(pipeline.lexiconFile), displayPath: "source", keeping: .lexicon(entryForms: forms))
        var stepTimes: [Double] = [], bareTimes: [Double] = []
        var lemmas = 0
        // The distinct forms, as the step stems them (each once).
        var seen = Set<String>()
        let distinct = rows.map(\.lemma).filter { seen.insert($0).inserted }.map { Array($0.utf8CString) }
        for _ in 1...max(1, runs ?? self.runs) {
            bareTimes.append(time {
                for form in distinct {
                    var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
                    let count = form.withUnsafeBufferPointer { Hunspell_stem(handle, &list, $0.baseAddress) }
                    Hunspell_free_list(handle, &list, count)
                }
            })
            // What `LemmatizeStage` times, the lexicon's loading apart.
            stepTimes.append(time {
                let listForms = ListForms(rows, tagged: tagged, stems: stems)
                let candidates = FormSet(listForms.candidates(rows)).adding(table.allLemmas)
                lemmas = LemmatizeStage.lemmatizer(stems: stems, table: table, lexicon: lexicon).lemmatize(rows, forms: listForms).rows.count
                withExtendedLifetime(candidates) {}
            })
        }
        return (median(stepTimes), median(bareTimes), lemmas)
    }

    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    func time(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
