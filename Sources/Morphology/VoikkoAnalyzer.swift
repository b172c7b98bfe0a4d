import CVoikko
import Foundation
import VocabCore

/// A Voikko dictionary (Debian's `voikko-fi`, under `/usr/lib/voikko`) read through libvoikko:
/// every reading of a Finnish word form, each a base form and tags.
///
/// ```swift
/// let finnish = try VoikkoAnalyzer(path: "/usr/lib/voikko")
/// finnish.readings(of: "talossa")   // talo<nimisana><SIJAMUOTO=sisaolento><NUMBER=singular>
/// finnish.readings(of: "tuli")      // tulla<teonsana><NUMBER=singular><PERSON=3><MOOD=indicative>…, tuli<nimisana>…
/// finnish.readings(of: "oman")      // oma<nimisana_laatusana>…; "Oman" also Oman<paikannimi>…
/// finnish.tokens(in: "Hän tuli kotiin.")   // "Hän", "tuli", "kotiin", "."
/// ```
///
/// **Readings.** Each of libvoikko's analyses is one reading of one part: its `BASEFORM` is the
/// lemma (a compound's whole base form, `koira-aitaus`); its tags are its `CLASS` (`nimisana`,
/// `teonsana`, …: the config's word classes map it, ``AnalyzerConfig/voikkoClasses`` by default)
/// and then its inflection, the attributes of ``inflectionAttributes`` it has, in that order, each
/// written `NAME=value` (`SIJAMUOTO=sisaolento`, `NUMBER=plural`, `PERSON=3`): values alone
/// would collide (`NEGATIVE=true`, `KYSYMYSLIITE=true`), and the names are Voikko's, as its
/// documentation writes them. Attributes that are no inflection (`STRUCTURE`, the capitals'
/// pattern; `WORDBASES`, a compound's parts; `FSTOUTPUT`; `REQUIRE_FOLLOWING_VERB`;
/// `POSSIBLE_GEOGRAPHICAL_NAME`) are left out: the lemmatize step weighs readings by their
/// inflection, which must be the same for every lemma inflected alike. An analysis without a
/// `BASEFORM` is left out; one without a `CLASS` (none of wordfreq's 20,000 Finnish forms has
/// one) has only its inflection. Readings come in libvoikko's order, each once.
///
/// **Capitals, as lttoolbox has them.** libvoikko reads a form whatever its case (`oman` as
/// Oman, `helsingissä` as Helsinki, `yk` as YK); a reading whose `STRUCTURE` asks a capital
/// where the form has a small letter is left out (``caseFits(_:structure:)``), so that a small
/// letter matches only itself, as in lttoolbox: `oman` is oma only, `Oman` oma and Oman, and a
/// lower-cased list form reaches a name only through the lemmatize step's second look-up,
/// capitalised, when it has no common reading.
///
/// **Tokens** are libvoikko's tokenizer's words and punctuation marks (whitespace and the
/// characters it calls unknown, `%`, emoji, are left out), each word with its readings; a
/// letter written with combining marks (`a` + U+0308) is given to libvoikko composed (`ä`),
/// which it otherwise cuts into pieces.
///
/// **The folder is checked first** (`VoikkoDictionaryFolder`, `VoikkoTransducerCheck`), because
/// libvoikko silently loads another dictionary, or crashes, on what it does not check; its
/// language is the dictionary's own (`index.txt`: `fi-x-standard`), so no config key names it.
/// What the check cannot see: a transducer damaged within a sound structure (its paths spelling
/// analyses libvoikko's parser does not expect) can still make libvoikko abort on an assertion
/// mid-analysis (the 89th of a run of randomly damaged copies of `mor.vfst` did). Debian's files are
/// therefore also compared with the MD5 sums dpkg recorded; a dictionary of one's own is only as
/// sound as its build.
///
/// **Measured** (debug build, Morphology compiled with -O; 2 cores shared with other sessions'
/// builds, load average 8 to 10, so single timings, each beside libvoikko called from C at the
/// same hour): opening Debian's dictionary, every check included, 30 to 80 ms (10 to 20 ms
/// without the comparison with dpkg's 877 sums files); the 20,000 forms of wordfreq's Finnish
/// list (each unknown one asked again capitalised and in capitals, as the lemmatize step asks),
/// 0.31 to 0.44 s in one thread (C, each form once: 0.25 to 0.32 s); in two threads at once, 0.35
/// to 0.42 s (C: 0.20 to 0.29 s: the busy cores, not the handles, kept two threads from halving
/// it); 5,000 words of running text cut into tokens and analysed, 0.10 to 0.15 s.
///
/// **Threads.** A libvoikko handle is not thread-safe; the analyzer keeps ``handleCount``
/// handles of the same dictionary (0.1 ms to open each, measured; libvoikko maps the transducer
/// file, so the pages are shared), and each call takes one for itself, so the steps' two threads
/// never wait for each other nor share one; a third caller waits for a free handle.
package final class VoikkoAnalyzer: MorphologicalAnalyzer, @unchecked Sendable {
    /// The attributes written as inflection tags, in this order: case, number, person, mood
    /// (with the infinitives), tense, negation, participle, comparison, possessive suffix, focus
    /// particle, question clitic.
    package static let inflectionAttributes = [
        "SIJAMUOTO", "NUMBER", "PERSON", "MOOD", "TENSE", "NEGATIVE", "PARTICIPLE", "COMPARISON",
        "POSSESSIVE", "FOCUS", "KYSYMYSLIITE",
    ]

    /// The longest form libvoikko analyses, in characters (`LIBVOIKKO_MAX_WORD_CHARS`).
    package static let maxFormCharacters = 255
    /// libvoikko's version (`voikkoGetVersion`), for the stage keys.
    package static var libraryVersion: String { voikkoGetVersion().map { String(cString: $0) } ?? "-" }

    /// How many handles an analyzer keeps: the steps call from two threads at once.
    package static let handleCount = 2

    /// The folder as given (`/usr/lib/voikko`).
    package let path: String
    /// The dictionary's own folder (`/usr/lib/voikko/5/mor-standard`).
    package let dictionaryFolder: String
    /// The dictionary's language tag, from its `index.txt` (`fi-x-standard`).
    package let language: String

    private let condition = NSCondition()
    private var idle: [OpaquePointer]
    private let handles: [OpaquePointer]

    /// Checks the dictionary `path` names (its files against the sums `dpkg` recorded, where a
    /// package installed them), then opens it in libvoikko.
    ///
    /// - throws: `MorphologyError` naming the folder or the file at fault (`VoikkoProblem`), or
    ///   `.voikko(.notLoaded)` with libvoikko's own message.
    package init(path: String, dpkg: DpkgDatabase = .system) throws(MorphologyError) {
        let dictionary = try VoikkoDictionaryFolder.locate(path, dpkg: dpkg)
        var handles: [OpaquePointer] = []
        for _ in 0..<Self.handleCount {
            var error: UnsafePointer<CChar>?
            guard let handle = voikkoInit(&error, dictionary.language, dictionary.root) else {
                for handle in handles { voikkoTerminate(handle) }
                let reason = error.map { String(cString: $0) } ?? "no reason given"
                throw MorphologyError(file: path, .voikko(.notLoaded(reason)))
            }
            handles.append(handle)
        }
        self.path = path
        self.dictionaryFolder = dictionary.folder
        self.language = dictionary.language
        self.handles = handles
        self.idle = handles
    }

    deinit {
        for handle in handles { voikkoTerminate(handle) }
    }

    /// Runs `body` with a handle no other call uses meanwhile.
    func withHandle<Result>(_ body: (OpaquePointer) -> Result) -> Result {
        condition.lock()
        while idle.isEmpty { condition.wait() }
        let handle = idle.removeLast()
        condition.unlock()
        defer {
            condition.lock()
            idle.append(handle)
            condition.signal()
            condition.unlock()
        }
        return body(handle)
    }

    /// Every reading libvoikko gives of `form` as one word (see the type's notes), in its order,
    /// each once; `[]` for an unknown form, the empty form, one with U+0000 or over
    /// ``maxFormCharacters`` characters. A form with combining marks is analysed composed (NFC).
    package func readings(of form: String) -> [AnalyzerReading] {
        guard !form.isEmpty, !form.utf8.contains(0) else { return [] }
        let composed = form.unicodeScalars.contains { $0.properties.canonicalCombiningClass != .notReordered }
            ? form.precomposedStringWithCanonicalMapping : form
        guard composed.unicodeScalars.count <= Self.maxFormCharacters else { return [] }
        return withHandle { analyses(of: composed, handle: $0) }
    }

    /// libvoikko's analyses of `word` on `handle`, as readings.
    func analyses(of word: String, handle: OpaquePointer) -> [AnalyzerReading] {
        guard let analyses = voikkoAnalyzeWordCstr(handle, word) else { return [] }
        defer { voikko_free_mor_analysis(analyses) }
        var readings: [AnalyzerReading] = []
        var index = 0
        while let analysis = analyses[index] {
            index += 1
            guard let lemma = Self.value(analysis, "BASEFORM"), !lemma.isEmpty,
                  Self.caseFits(word, structure: Self.value(analysis, "STRUCTURE")) else { continue }
            var tags: [String] = []
            if let wordClass = Self.value(analysis, "CLASS") { tags.append(wordClass) }
            for name in Self.inflectionAttributes {
                if let value = Self.value(analysis, name) { tags.append(name + "=" + value) }
            }
            let reading = AnalyzerReading(parts: [AnalyzerReading.Part(lemma: lemma, tags: tags)])
            if !readings.contains(reading) { readings.append(reading) }
        }
        return readings
    }

    /// Whether `word`'s letters are capitals wherever the analysis's `STRUCTURE` asks for one
    /// (`=` a morpheme boundary, then one character per character of the word: `i`, `j` a
    /// capital, `p`, `q` a small letter, `-`, `:` themselves). libvoikko reads `helsingissä` as
    /// Helsinki and `oman` as Oman too; lttoolbox matches a small letter only to itself, and the
    /// lemmatize step asks again capitalised (`Helsingissä`) or in capitals (`YK`). A structure
    /// that does not count the word's characters is not held against it.
    package static func caseFits(_ word: String, structure: String?) -> Bool {
        guard let structure else { return true }
        let marks = structure.unicodeScalars.filter { $0 != "=" }
        guard marks.count == word.unicodeScalars.count else { return true }
        return !zip(marks, word.unicodeScalars).contains { mark, scalar in
            (mark == "i" || mark == "j") && scalar.properties.isLowercase
        }
    }

    /// The value of attribute `key` of `analysis`, nil when it has none.
    private static func value(_ analysis: OpaquePointer, _ key: String) -> String? {
        guard let value = voikko_mor_analysis_value_cstr(analysis, key) else { return nil }
        defer { voikko_free_mor_analysis_value_cstr(value) }
        return String(cString: value)
    }

    /// Voikko cannot enumerate a lemma's forms through its C interface: always false, calling
    /// nothing.
    @discardableResult
    package func enumerateForms(of lemmas: Set<String>, _ body: (GeneratedForm) -> Void) -> Bool {
        false
    }
}
