import Foundation
import ReleaseFormat
import ReleaseLookup
import SQLiteDatabase
import VocabCore
import VocabPipeline

/// `vocab-bench --lookup`: the look-up of a form a learner reads (`fue`, `casas`: the `forms`
/// tables of issue 44) against today's exact look-up of a card's name, both as `vocab lookup
/// --batch` answers them: one session over the opened release (``WordLookup``), asked each word
/// of a list in turn (`lookup(_:partOfSpeech:)`), in this process, so that what is timed is the
/// look-up, not a process's start or the JSON it writes.
///
/// The release is the config's (by default the Spanish one, ``defaultConfig``, whose lexicon and
/// analyzer give every entry its forms), built in this process into a folder of the system's
/// temporary folder that later runs reuse (``releaseFolder(_:)``: its stages reused when nothing
/// changed). Its lists, the same on every run and machine: ``count`` distinct names of its cards
/// (the release's `words` and the dictionary's `entries`) and ``count`` distinct forms of its
/// `forms` tables that are no card's name, not even typed without accents, each list sorted and
/// then shuffled by a fixed seed (``Shuffle``). Each run times both lists (in turn first, so that
/// a machine slowing down favours neither), each in a session of its own whose opening is not
/// timed, and counts the names found first as an exact match and the forms found first as a
/// form. Target (issue 44): the median of the runs' form / exact ratios at most ``target``.
struct LookupTiming: Measuring {
    /// The config `--lookup` builds when `--config` names none.
    static let defaultConfig = "Corpus/release/wordfreq-es-en.json"
    /// Words in each list.
    static let count = 10_000
    /// The form look-up's time against the exact look-up's, at most.
    static let target = 2.0

    let configURL: URL
    let corpus: URL?
    let runs: Int

    func run() throws {
        guard let pipeline = try load() else { return }
        print("config: \(configURL.path)")
        let release = try build(pipeline)
        let lists = try ReleaseWords(release, name: pipeline.config.dataset.name)
        guard lists.names.count >= Self.count, lists.forms.count >= Self.count else {
            print("lookup: skipped: \(lists.summary); the figure needs \(Self.count) of each (the default config, \(Self.defaultConfig), has them)")
            return
        }
        let names = Shuffle.pick(lists.names, count: Self.count), forms = Shuffle.pick(lists.forms, count: Self.count)
        print("lookup (\(release.lastPathComponent): \(lists.summary)):")
        var exact: [Batch] = [], form: [Batch] = []
        for run in 1...max(1, runs) {
            // In turn first.
            if run % 2 == 1 { exact.append(try batch(names, in: release, counting: .exact)) }
            form.append(try batch(forms, in: release, counting: .form))
            if run % 2 == 0 { exact.append(try batch(names, in: release, counting: .exact)) }
            print(String(format: "  run %d: %d names %.3f s (CPU %.3f s), %d forms %.3f s (CPU %.3f s); ratio %.2f (CPU %.2f)", run,
                         names.count, exact.last!.seconds, exact.last!.cpu, forms.count, form.last!.seconds, form.last!.cpu,
                         form.last!.seconds / exact.last!.seconds, form.last!.cpu / exact.last!.cpu))
        }
        print("  \(exact[0].matched) of \(names.count) names found first as the card's name (match exact), "
            + "\(form[0].matched) of \(forms.count) forms found first as a form (match form)")
        report(exact: exact, form: form, words: names.count)
    }

    /// The medians of the runs and their ratio, checked against the target; the same of the
    /// thread's CPU time beside them.
    func report(exact: [Batch], form: [Batch], words: Int) {
        let ratio = median(zip(form, exact).map { $0.seconds / $1.seconds }), cpuRatio = median(zip(form, exact).map { $0.cpu / $1.cpu })
        let (names, forms) = (median(exact.map(\.seconds)), median(form.map(\.seconds)))
        print(String(format: "  exact look-up of %d names (median of %d): %.3f s (%.0f µs a word); look-up of %d forms: %.3f s (%.0f µs a word)",
                     words, exact.count, names, names * 1e6 / Double(words), words, forms, forms * 1e6 / Double(words)))
        print(String(format: "  their CPU time (medians): %.3f s and %.3f s; ratio %.2f (median of the runs')",
                     median(exact.map(\.cpu)), median(form.map(\.cpu)), cpuRatio))
        print(String(format: "  ratio forms / names: %.2f (median of the runs'; target <= %.1f: %@)",
                     ratio, Self.target, ratio <= Self.target ? "met" : "NOT MET"))
    }

    /// The config loaded; nil when an input file it names is missing (the real corpus, or a
    /// Debian file, is not on this machine), the figure said to be skipped with the reason.
    func load() throws -> Pipeline? {
        do {
            return try Pipeline.load(configFile: configURL, corpusOverride: corpus)
        } catch {
            guard case .fileNotFound = error.problem else { throw error }
            print("lookup: skipped: \(configURL.lastPathComponent) names an input this machine lacks: \(error.message)")
            return nil
        }
    }

    /// The release of `pipeline`, built (or reused) in ``releaseFolder(_:)``; its folder.
    func build(_ pipeline: Pipeline) throws -> URL {
        let folder = Self.releaseFolder(pipeline)
        var built = pipeline
        built.redirectWork(to: folder.appendingPathComponent("work"))
        built.redirectOutput(to: folder.appendingPathComponent("out"))
        let seconds = try time { _ = try PipelineBuild.run(built) }
        print(String(format: "release: %@ (built or reused in %.1f s; delete the folder to build it afresh)", built.releaseFolder.path, seconds))
        return built.releaseFolder
    }

    /// `vocab-bench-lookup-<a hash of the config's and the corpus's paths>` in the system's
    /// temporary folder: the same for every run of the same config, so that the release is built once.
    static func releaseFolder(_ pipeline: Pipeline) -> URL {
        let key = pipeline.configFile.path + "\u{0}" + pipeline.corpus.path
        let tag = String(UInt64(bitPattern: Int64(key.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) })), radix: 36)
        return FileManager.default.temporaryDirectory.appendingPathComponent("vocab-bench-lookup-\(tag)")
    }

    /// One list looked up: the seconds the look-ups took, the thread's CPU seconds in them, and
    /// how many words found a card first by the match counted.
    typealias Batch = (seconds: Double, cpu: Double, matched: Int)

    /// Every word of `list` looked up in a new session over `release` (its opening untimed), as
    /// `vocab lookup --batch` answers a line (a word found nowhere answers nothing), counting
    /// the words whose first card was found by `match`.
    func batch(_ list: [String], in release: URL, counting match: WordLookup.Match) throws -> Batch {
        let lookup = try WordLookup(release: release)
        var matched = 0
        let (seconds, cpu) = try times {
            for word in list {
                do {
                    if try lookup.lookup(word, partOfSpeech: nil).first?.match == match { matched += 1 }
                } catch is LookupError {
                    continue
                }
            }
        }
        return (seconds, cpu, matched)
    }
}

/// What a release offers the look-up figure: the distinct names of its cards and the distinct
/// forms of its `forms` tables that are no card's name (lower-cased) nor one typed without its
/// accents (``WordSearch/folded(_:)``), each sorted; and the rows they came from.
struct ReleaseWords {
    var names: [String] = []
    var forms: [String] = []
    /// Rows of `words`, of `entries`, of the two `forms` tables.
    var rows = (words: 0, entries: 0, forms: 0)

    /// The lists of the release folder `release`, whose dataset is `name`.
    init(_ release: URL, name: String) throws {
        var names = Set<String>(), forms = Set<String>()
        let files = [(ReleaseFiles.database(name), ReleaseSchema.cardTable), (ReleaseFiles.dictionary(name), DictionarySchema.cardTable)]
        for (file, table) in files where FileManager.default.fileExists(atPath: release.appendingPathComponent(file).path) {
            let db = try SQLiteConnection(path: release.appendingPathComponent(file).path, readOnly: true)
            defer { try? db.close() }
            let cards = try SQLiteRow.fetchAll(db, sql: "SELECT name FROM \(table)").map { $0["name"] as String }
            names.formUnion(cards)
            if table == ReleaseSchema.cardTable { rows.words = cards.count } else { rows.entries = cards.count }
            let known = try SQLiteRow.fetchAll(db, sql: "SELECT form FROM \(ReleaseSchema.formsTableName)").map { $0["form"] as String }
            forms.formUnion(known)
            rows.forms += known.count
        }
        let taken = Set(names.flatMap { [WordForm.key($0), WordSearch.folded($0)] })
        self.names = names.sorted()
        self.forms = forms.subtracting(taken).sorted()
    }

    /// `3000 words, 36,000 dictionary entries, 900,000 rows of forms: 38,000 distinct names, 300,000 forms that are no card's name`.
    var summary: String {
        "\(rows.words) words, \(rows.entries) dictionary entries, \(rows.forms) rows of forms: "
            + "\(names.count) distinct names, \(forms.count) forms that are no card's name"
    }
}

/// A fixed-seed shuffle (SplitMix64 driving Fisher–Yates, both written here), so that the lists
/// are the same on every run, machine and Swift version.
enum Shuffle {
    /// The seed: the number.
    static let seed: UInt64 = 44

    /// The first `count` of `values` shuffled.
    static func pick(_ values: [String], count: Int) -> [String] {
        var shuffled = values
        var state = seed
        for index in stride(from: shuffled.count - 1, to: 0, by: -1) {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            shuffled.swapAt(index, Int(z % UInt64(index + 1)))
        }
        return Array(shuffled.prefix(count))
    }
}
