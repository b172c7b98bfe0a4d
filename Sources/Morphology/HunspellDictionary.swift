import CHunspell
import Foundation
import VocabCore

/// A Hunspell dictionary (`.aff` affix rules and `.dic` stems) through libhunspell: the stems
/// of a word form, by its affix rules.
///
/// ```swift
/// let spanish = try HunspellDictionary(aff: "es_ES.aff", dic: "es_ES.dic")
/// spanish.stems(of: "casas")      // ["casa", "casar"]
/// spanish.stems(of: "hablaron")   // ["hablar"]
/// spanish.stems(of: "fue")        // ["fue"]: an irregular form is a stem of its own
/// spanish.analyses(of: "casas")   // ["st:casa fl:S", "st:casar fl:E"]
/// ```
///
/// **The files are checked first**, because libhunspell 1.7 reports nothing (measured here). A
/// missing `.aff` (it only prints `error: … cannot open` to stderr), an empty or random one, a
/// folder: a dictionary with the bare stems and no affix rule. A missing, empty or random `.dic`,
/// one without its word count, a folder: a dictionary that knows no word. A `.dic` whose first
/// line declares another number of words than it holds is read whole (the count is a size
/// hint): a warning (``warnings``), not an error. Files reached through a symbolic link are
/// read as the files they lead to (Debian installs many dictionaries so). A cut `.aff` (an affix group with fewer lines than its header
/// announces) or a malformed table line: every rule from there on is dropped. A line that is not
/// UTF-8 in a UTF-8 dictionary: that word or rule is lost. A `SET` it does not know: read as
/// ISO8859-1. All silently; none of these crashed or hung it, nor did 1,150 randomly damaged
/// copies of `es_ES.aff`; a word count of 100,000,000 costs 1.5 s of table set-up. So
/// ``init(aff:dic:)`` refuses each of them with the file, the line and the
/// reason (`HunspellFileCheck`).
///
/// **Encodings.** A dictionary whose `.aff` names a legacy encoding with `SET` (`ISO8859-1`,
/// `KOI8-R`, …) takes and gives words in it: the form is converted to it and the stems back to
/// UTF-8 (glibc's iconv). A form with a character the encoding cannot hold has no stems.
///
/// libhunspell's dictionary is not thread-safe: calls on one dictionary are serialised.
///
/// Measured here: `stems(of:)` over the 20,000 forms of wordfreq's Spanish list with `es_ES`,
/// 0.16 to 0.18 s in a debug build (about 115,000 forms per second), against 0.135 to 0.154 s
/// for the same libhunspell calls from C (`-O2`): the wrapper costs at most a fifth more.
package final class HunspellDictionary: @unchecked Sendable {
    /// The longest form looked up, in bytes of the dictionary's encoding (libhunspell ignores
    /// words over 100 bytes).
    package static let maxFormBytes = 100

    /// The time libhunspell may take for the first `forms` forms looked up: a second, and a
    /// millisecond a form. Debian's dictionaries take about 10 µs a form; a dictionary whose
    /// compound rules explode takes a tenth of a second for each (libhunspell's own time limit
    /// on a compound search), which over a list of 20,000 forms is most of an hour. Once past
    /// it, the dictionary answers no more forms and ``refusal`` says why.
    package static func librarySeconds(forms: Int) -> Double {
        1 + 0.001 * Double(forms)
    }

    /// The `.aff` file's path, as given.
    package let affixPath: String
    /// The `.dic` file's path, as given.
    package let wordsPath: String
    /// The encoding the `.aff` names (`UTF-8`, `ISO8859-1`, …).
    package var encodingName: String { encoding.name }
    /// What the checks found odd but libhunspell reads all the same (a word count that differs
    /// from the `.dic`'s words), for the build report.
    package let warnings: [MorphologyWarning]

    private let encoding: DictionaryEncoding
    private let handle: OpaquePointer
    private let toDictionary: IconvConverter?
    private let fromDictionary: IconvConverter?
    private let lock = NSLock()
    /// Forms looked up and the time libhunspell took for them (guarded by `lock`).
    private var calls = 0
    private var librarySeconds = 0.0
    /// The form with which the time went past ``librarySeconds(forms:)`` (guarded by `lock`).
    private var slowForm: String?

    /// Checks the two files, then loads them into libhunspell.
    ///
    /// - throws: `MorphologyError` naming the file (and line): `.cannotOpen`, `.notAFile`,
    ///   `.tooLarge`, `.empty`, `.unsupportedEncoding`, `.invalidText`, `.badTableHeader`,
    ///   `.tableCut` (the `.aff`); `.missingWordCount` (the `.dic`); `.notCreated`.
    package init(aff: String, dic: String) throws(MorphologyError) {
        let encoding = try HunspellFileCheck.checkAffixFile(aff)
        warnings = try HunspellFileCheck.checkWordFile(dic, encoding: encoding)
        guard let handle = Hunspell_create(aff, dic) else { throw MorphologyError(file: aff, .notCreated) }
        // libhunspell's own reading of SET, which the conversions must agree with.
        if let reported = Hunspell_get_dic_encoding(handle).map({ String(cString: $0) }),
           DictionaryEncoding(setName: reported) != DictionaryEncoding(setName: encoding.name) {
            Hunspell_destroy(handle)
            throw MorphologyError(file: aff, .unsupportedEncoding(reported))
        }
        self.affixPath = aff
        self.wordsPath = dic
        self.encoding = encoding
        self.handle = handle
        if let name = encoding.iconvName {
            toDictionary = IconvConverter(from: "UTF-8", to: name)
            fromDictionary = IconvConverter(from: name, to: "UTF-8")
        } else {
            toDictionary = nil
            fromDictionary = nil
        }
    }

    deinit { Hunspell_destroy(handle) }

    /// The stems libhunspell finds for `form` by the dictionary's affix rules, in its order
    /// (`casas` → casa, casar); the form itself when it is a stem (`fue` → fue); none for a form
    /// the dictionary does not know, an empty one, one over `maxFormBytes` or with a character
    /// the dictionary's encoding cannot hold.
    package func stems(of form: String) -> [String] {
        list(form, Hunspell_stem)
    }

    /// libhunspell's morphological analyses of `form` (`casas` → `st:casa fl:S`, `st:casar fl:E`):
    /// the stem (`st:`), the affix flags applied (`fl:`) and any fields the dictionary defines
    /// (`po:` part of speech, `is:` inflection), without the leading space.
    package func analyses(of form: String) -> [String] {
        list(form, Hunspell_analyze).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private typealias ListCall = (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?, UnsafePointer<CChar>?) -> Int32

    /// Why the dictionary stopped answering, naming the `.aff`: libhunspell took longer than
    /// ``librarySeconds(forms:)`` (`.tooSlow`); nil while it has not.
    package var refusal: MorphologyError? {
        lock.lock()
        defer { lock.unlock() }
        return slowForm.map { MorphologyError(file: affixPath, .tooSlow(form: $0, seconds: librarySeconds, forms: calls)) }
    }

    private func list(_ form: String, _ call: ListCall) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        guard slowForm == nil, !form.isEmpty, !form.utf8.contains(0), var bytes = encode(form), bytes.count <= Self.maxFormBytes else { return [] }
        bytes.append(0)
        var results: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        let start = DispatchTime.now().uptimeNanoseconds
        let count = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { call(handle, &results, $0.baseAddress) }
        }
        calls += 1
        librarySeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if librarySeconds > Self.librarySeconds(forms: calls) { slowForm = form }
        defer { Hunspell_free_list(handle, &results, count) }
        guard count > 0, let results else { return [] }
        return (0..<Int(count)).compactMap { index in
            results[index].flatMap { decode(UnsafeRawBufferPointer(start: $0, count: strlen($0))) }
        }
    }

    private func encode(_ form: String) -> [UInt8]? {
        guard let toDictionary else { return Array(form.utf8) }
        return toDictionary.convert(form.utf8)
    }

    private func decode(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard let fromDictionary else { return String(validating: bytes, as: UTF8.self) }
        return fromDictionary.convert(bytes).map { String(decoding: $0, as: UTF8.self) }
    }
}
