import CMecab
import Foundation
import VocabCore

/// A MeCab dictionary read through libmecab (`lemmatization.analyzer.format: "mecab"`, `path` the
/// dictionary's folder: Debian's `/var/lib/mecab/dic/ipadic-utf8`): Japanese word forms to their
/// dictionary form, parts of speech and kana reading, and running text without spaces cut into
/// words.
///
/// ```swift
/// let japanese = try MecabAnalyzer(path: "/var/lib/mecab/dic/ipadic-utf8")
/// japanese.readings(of: "食べ")    // 食べる 動詞 自立 一段 連用形 (タベ); 食べる … 未然形
/// japanese.readings(of: "食べた")  // 食べる 動詞 自立 一段 連用形 (タベ) + た 助動詞 特殊・タ 基本形
/// japanese.readings(of: "日本語")  // 日本語 名詞 一般 (ニホンゴ)
/// japanese.tokens(in: "私は日本語を勉強しています。")  // 私 は 日本語 を 勉強 し て い ます 。
/// ```
///
/// **Readings.** A reading has a part per MeCab word (morpheme), each with the dictionary form as
/// its lemma (the surface where the dictionary has none), its tags (the feature's part-of-speech
/// fields, then its conjugation type and form, each left out where `*`: `動詞 自立 一段 連用形`,
/// `名詞 固有名詞 人名 姓`), and its reading as the dictionary writes it (IPADIC's katakana
/// `タベ`: the form's, not the lemma's). Where the fields are depends on the dictionary
/// (``MecabFeatureLayout``: IPADIC, UniDic, JUMAN), told apart when it opens.
///
/// `readings(of:)` reads a form as **one word**, as a list of MeCab's units needs it
/// (wordfreq's Japanese list is cut by MeCab-IPADIC: `食べ` is its rank 283), not as MeCab's best
/// path through the form alone, which depends on the form having no context (`たい` alone is the
/// noun 鯛): every dictionary word whose surface is the whole form, the cheapest first (MeCab's
/// own cost of the form read as that word: its path cost from the sentence start plus the
/// connection to the end), each once. A form no dictionary word spans (`食べた`) reads as the
/// words of MeCab's best path through it, one part each, when every part after the first ends
/// an inflected word (``MecabFeatureLayout/isEnding(_:)``: an auxiliary, a conjunctive particle,
/// a non-independent verb): then its lemma is its first part's (`食べた` → 食べる). A form of
/// several words (`日本語学校`, `勉強した`), a word MeCab does not know (its unknown-word guesses
/// are left out), a form with a blank and the empty form have no reading.
///
/// `tokens(in:)` is MeCab's best path through the text: every word, punctuation included (`。`,
/// 記号), with its one reading (the one the path chose; none for an unknown word), blanks left
/// out; ranges are byte ranges of MeCab's words, on Unicode scalar boundaries of the text.
///
/// **libmecab** never prints nor exits on a bad dictionary (``MecabDictionaryFolder``); the
/// folder is checked first, then libmecab's refusal, a dictionary in another charset than UTF-8
/// and one whose features this cannot read are each one `MorphologyError` naming the path. It is
/// opened with `-r /dev/null`, so that no `mecabrc` (`/etc/mecabrc`, `~/.mecabrc`, `$MECABRC`)
/// adds a user dictionary or changes the output. One model is shared; each call takes a tagger
/// and a lattice of its own (MeCab's thread-safe API: a model is shared, taggers and lattices
/// are not), kept for the next call: the steps call from two threads at once.
package final class MecabAnalyzer: MorphologicalAnalyzer, @unchecked Sendable {
    /// The longest form `readings(of:)` reads, in UTF-8 bytes; a longer one has no reading.
    package static let maxFormBytes = 1_000

    /// The dictionary folder as given.
    package let path: String
    /// How the dictionary writes its features.
    package let layout: MecabFeatureLayout

    private let model: OpaquePointer
    private let workers: HandlePool<Worker>
    /// libmecab keeps the last error of a failed model in one global: models are opened one at
    /// a time.
    private static let openLock = NSLock()

    /// A tagger and its lattice, used by one call at a time.
    private struct Worker {
        var tagger: OpaquePointer
        var lattice: OpaquePointer
    }

    /// libmecab's version (`0.996`), for a stage key.
    package static var libraryVersion: String { String(cString: mecab_version()) }

    /// The files of the dictionary at `folder` that decide its analyses, for a stage key's
    /// digests.
    package static func dictionaryFiles(in folder: String) -> [String] {
        MecabDictionaryFolder.files.map { (folder as NSString).appendingPathComponent($0) }
    }

    /// Checks the dictionary folder at `path`, then opens it with libmecab.
    ///
    /// - throws: `MorphologyError` naming the path at fault: `.cannotOpen` (missing or unreadable
    ///   folder or file), `.notAFolder`, `.notAFile`, `.empty` (``MecabDictionaryFolder``);
    ///   `.mecabRefused` (libmecab's reason: a broken `sys.dic`, a `dicrc` without
    ///   `bos-feature`, …), `.mecabCharset` (not UTF-8), `.mecabLayout` (features of an unknown
    ///   layout, or a dictionary that knows none of 日本, の, する).
    package init(path: String) throws(MorphologyError) {
        try MecabDictionaryFolder.check(path)
        let model = try Self.openModel(path)
        var info: UnsafePointer<mecab_dictionary_info_t>? = mecab_model_dictionary_info(model)
        while let dictionary = info {
            let charset = String(cString: dictionary.pointee.charset)
            guard charset.lowercased().filter({ $0 != "-" && $0 != "_" }) == "utf8" else {
                mecab_model_destroy(model)
                throw MorphologyError(file: path, .mecabCharset(charset))
            }
            info = UnsafePointer(dictionary.pointee.next)
        }
        let fields = Self.knownWordFields(model)
        guard let fields, let layout = MecabFeatureLayout.ofKnownWord(fields: fields) else {
            mecab_model_destroy(model)
            throw MorphologyError(file: path, .mecabLayout(fields: fields ?? 0))
        }
        self.path = path
        self.model = model
        self.layout = layout
        workers = HandlePool(make: {
            guard let tagger = mecab_model_new_tagger(model) else { return nil }
            guard let lattice = mecab_model_new_lattice(model) else {
                mecab_destroy(tagger)
                return nil
            }
            return Worker(tagger: tagger, lattice: lattice)
        }, destroy: { worker in
            mecab_lattice_destroy(worker.lattice)
            mecab_destroy(worker.tagger)
        })
    }

    deinit {
        workers.removeAll()
        mecab_model_destroy(model)
    }

    /// libmecab's model of the dictionary at `path`, read with no `mecabrc`.
    private static func openModel(_ path: String) throws(MorphologyError) -> OpaquePointer {
        openLock.lock()
        defer { openLock.unlock() }
        let texts: [String] = ["mecab", "-r", "/dev/null", "-d", path]
        var arguments = texts.map { strdup($0) }
        defer { arguments.forEach { free($0) } }
        guard let model = mecab_model_new(Int32(arguments.count), &arguments) else {
            let message = mecab_strerror(nil).map { String(cString: $0) } ?? ""
            throw MecabDictionaryFolder.refusal(message, folder: path)
        }
        return model
    }

    /// The number of feature fields of the first of 日本, の, する that `model`'s dictionary knows;
    /// nil when it knows none (or no tagger could be made).
    private static func knownWordFields(_ model: OpaquePointer) -> Int? {
        guard let tagger = mecab_model_new_tagger(model) else { return nil }
        defer { mecab_destroy(tagger) }
        guard let lattice = mecab_model_new_lattice(model) else { return nil }
        defer { mecab_lattice_destroy(lattice) }
        for probe in ["日本", "の", "する"] {
            mecab_lattice_set_sentence(lattice, probe)
            guard mecab_parse_lattice(tagger, lattice) != 0,
                  let known = bestPath(lattice).first(where: { Int($0.pointee.stat) == MECAB_NOR_NODE }) else { continue }
            return MecabFeatureLayout.fields(of: String(cString: known.pointee.feature)).count
        }
        return nil
    }

    // MARK: Analysis

    /// Every reading of `form` as one word, as the type's comment says: the dictionary words that
    /// span it, the cheapest first, else its best path when that is one inflected word.
    package func readings(of form: String) -> [AnalyzerReading] {
        guard !form.isEmpty, form.utf8.count <= Self.maxFormBytes else { return [] }
        return analyse(form) { lattice, bytes in
            let whole = wholeFormReadings(lattice, length: bytes.count)
            return whole.isEmpty ? inflectedReading(lattice) : whole
        } ?? []
    }

    /// True: the dictionary words that span a form come cheapest first, by MeCab's own model.
    package var ranksReadings: Bool { true }

    /// Whether the dictionary's layout has a reading field (IPADIC, UniDic 3 and JUMAN do).
    package var givesReadings: Bool { layout.readingField != nil }

    /// MeCab's best path through `text`, as the type's comment says.
    package func tokens(in text: String) -> [AnalyzedToken] {
        guard !text.isEmpty else { return [] }
        return analyse(text) { lattice, bytes in
            var tokens: [AnalyzedToken] = []
            let scalars = text.unicodeScalars
            var index = text.utf8.startIndex
            var offset = 0
            for node in Self.bestPath(lattice) where node.pointee.length > 0 {
                let start = UnsafeRawPointer(bytes.baseAddress!).distance(to: UnsafeRawPointer(node.pointee.surface!))
                let lower = text.utf8.index(index, offsetBy: start - offset)
                let upper = text.utf8.index(lower, offsetBy: Int(node.pointee.length))
                (index, offset) = (upper, start + Int(node.pointee.length))
                let readings = Int(node.pointee.stat) == MECAB_NOR_NODE ? [AnalyzerReading(parts: [part(node)])] : []
                tokens.append(AnalyzedToken(surface: String(scalars[lower..<upper]), range: lower..<upper, readings: readings))
            }
            return tokens
        } ?? []
    }

    /// MeCab cannot enumerate a dictionary's forms of a lemma: false, calling nothing.
    @discardableResult
    package func enumerateForms(of lemmas: Set<String>, _ body: (GeneratedForm) -> Void) -> Bool { false }

    /// `body`'s result over the lattice of `text` parsed by a worker of its own (and the text's
    /// UTF-8, which the lattice's nodes point into); nil when no worker could be made or MeCab
    /// failed to parse.
    private func analyse<Result>(_ text: String, _ body: (OpaquePointer, UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        var text = text
        return text.withUTF8 { bytes -> Result? in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
            return workers.withHandle { worker -> Result? in
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { mecab_lattice_set_sentence2(worker.lattice, $0, bytes.count) }
                guard mecab_parse_lattice(worker.tagger, worker.lattice) != 0 else { return nil }
                return body(worker.lattice, bytes)
            } ?? nil
        }
    }

    /// The nodes of the lattice's best path, without its BOS and EOS nodes.
    private static func bestPath(_ lattice: OpaquePointer) -> [UnsafeMutablePointer<mecab_node_t>] {
        var nodes: [UnsafeMutablePointer<mecab_node_t>] = []
        var node = mecab_lattice_get_bos_node(lattice)?.pointee.next
        while let current = node, Int(current.pointee.stat) != MECAB_EOS_NODE {
            nodes.append(current)
            node = current.pointee.next
        }
        return nodes
    }

    /// The dictionary words whose surface is the whole sentence of `length` bytes, each as a
    /// reading of one part, by MeCab's cost of the sentence read as that word (stable), each once.
    private func wholeFormReadings(_ lattice: OpaquePointer, length: Int) -> [AnalyzerReading] {
        guard let end = mecab_lattice_get_eos_node(lattice) else { return [] }
        var candidates: [(cost: Int, reading: AnalyzerReading)] = []
        var node = mecab_lattice_get_begin_nodes(lattice, 0)
        while let current = node {
            let word = current.pointee
            if Int(word.stat) == MECAB_NOR_NODE, Int(word.length) == length, Int(word.rlength) == length {
                let cost = word.cost + Int(mecab_model_transition_cost(model, word.rcAttr, end.pointee.lcAttr))
                candidates.append((cost, AnalyzerReading(parts: [part(current)])))
            }
            node = word.bnext
        }
        var readings: [AnalyzerReading] = []
        for candidate in candidates.stablySorted(by: { $0.cost < $1.cost }) where !readings.contains(candidate.reading) {
            readings.append(candidate.reading)
        }
        return readings
    }

    /// The best path as one reading of several parts, when it is one inflected word: known words
    /// without blanks between them, every one after the first an ending; else none.
    private func inflectedReading(_ lattice: OpaquePointer) -> [AnalyzerReading] {
        let nodes = Self.bestPath(lattice)
        guard nodes.count >= 2,
              nodes.allSatisfy({ Int($0.pointee.stat) == MECAB_NOR_NODE && $0.pointee.length == $0.pointee.rlength }) else { return [] }
        let parts = nodes.map(part)
        return parts.dropFirst().allSatisfy(MecabFeatureLayout.isEnding) ? [AnalyzerReading(parts: parts)] : []
    }

    /// The part a known word's node reads as, by the dictionary's layout.
    private func part(_ node: UnsafeMutablePointer<mecab_node_t>) -> AnalyzerReading.Part {
        let surface = String(decoding: UnsafeRawBufferPointer(start: node.pointee.surface, count: Int(node.pointee.length)), as: UTF8.self)
        return layout.part(surface: surface, feature: String(cString: node.pointee.feature))
    }
}
