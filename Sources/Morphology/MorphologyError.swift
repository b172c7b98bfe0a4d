import Foundation
import VocabCore

/// A Hunspell dictionary, an lttoolbox analyzer, a MeCab or Voikko dictionary or an ICU engine
/// that cannot be used: the file or folder (`.aff`, `.dic`, `.automorf.bin`, a MeCab dictionary's
/// folder or one of its files, `/usr/lib/voikko`, its `mor.vfst`), the line or byte offset when
/// one is at fault, or the ICU locale or transform id, and the reason.
package typealias MorphologyError = Located<MorphologyProblem>

/// Something odd about a dictionary that libhunspell reads all the same (a `.dic` whose word
/// count differs from its words): said in the build report, never a reason to stop.
package typealias MorphologyWarning = Located<MorphologyProblem>

/// What is wrong, with the values that show it.
///
/// libhunspell itself never reports a bad file: for a missing, empty, cut or mis-encoded file
/// it returns a dictionary that silently knows less, or nothing (see `HunspellDictionary`).
/// These are the checks made before it sees the files. An lttoolbox analyzer shares the first
/// four (`cannotOpen`, `notAFile`, `tooLarge`, `empty`); what its bytes get wrong is
/// `analyzer(_:)`, with the byte offset as the error's item.
package enum MorphologyProblem: ErrorProblem {
    /// The file cannot be opened or read; `reason` is the system's description.
    case cannotOpen(reason: String)
    /// The path names a folder or another non-regular file.
    case notAFile
    /// The file is larger than `limit` bytes.
    case tooLarge(limit: Int)
    /// The file holds no byte, or only blank lines.
    case empty
    /// The `.aff` file's `SET` names an encoding libhunspell (and so this reader) does not know.
    case unsupportedEncoding(String)
    /// A line is not text in the dictionary's encoding (`SET`, ISO8859-1 when there is none).
    case invalidText(encoding: String)
    /// The `.dic` file's first line is not a word count (a whole number above zero).
    case missingWordCount
    /// The `.dic` file declares `declared` words but holds `found`: a warning (libhunspell takes
    /// the count as a size hint), never an error.
    case wordCountDiffers(declared: Int, found: Int)
    /// A table of the `.aff` file (`SFX S Y 3`, `REP 19`) announces `declared` lines of
    /// `keyword` but `found` follow: the file is cut or a line is missing, and libhunspell would
    /// silently drop every rule from there on.
    case tableCut(keyword: String, declared: Int, found: Int)
    /// A table header whose count is not a whole number (`SFX S Y x`).
    case badTableHeader(keyword: String)
    /// The file has more than `limit` lines (`HunspellFileCheck.maxAffixLines`, `maxWordLines`):
    /// libhunspell's time and memory grow with them.
    case tooManyLines(limit: Int)
    /// A keyword libhunspell reads one value of (`TRY`, `SET`, `COMPOUNDFLAG`, …) given again
    /// (first on `firstLine`): libhunspell stops reading the `.aff` there.
    case keywordTwice(keyword: String, firstLine: Int)
    /// Such a keyword without its value: libhunspell stops reading the `.aff` there.
    case keywordWithoutValue(keyword: String)
    /// The `.dic` file's count line declares more words than the file could hold (`limit`,
    /// `HunspellTable.maxDeclaredWords`): libhunspell sets its table up for the count.
    case wordCountTooLarge(declared: Int, limit: Int)
    /// The `.dic` file's words fall on so few entries of libhunspell's table (blank lines, a word
    /// repeated, a count line far below the words) that loading it takes more than `limit`
    /// comparisons, quadratic in its lines.
    case quadraticLoad(comparisons: Int, limit: Int)
    /// libhunspell took `seconds` for the first `forms` forms up to `form` (a compound search can
    /// take a tenth of a second a form), over `HunspellDictionary.librarySeconds(forms:)`: the
    /// dictionary is refused before it costs hours over a list.
    case tooSlow(form: String, seconds: Double, forms: Int)
    /// libhunspell could not create the dictionary.
    case notCreated
    /// An lttoolbox analyzer's bytes are not what lttoolbox 3.7 writes (`LttoolboxFile`).
    case analyzer(LttoolboxProblem)
    /// A MeCab dictionary's path names a file or something else that is not a folder.
    case notAFolder
    /// libmecab refused the dictionary folder: its own reason (`dictionary file is broken: …/
    /// sys.dic`), without its source locations.
    case mecabRefused(reason: String)
    /// The MeCab dictionary is compiled in another charset than UTF-8 (Debian's `mecab-ipadic` is
    /// EUC-JP; `mecab-ipadic-utf8` is the same dictionary in UTF-8).
    case mecabCharset(String)
    /// The MeCab dictionary's features have a layout this does not read (`MecabFeatureLayout`):
    /// `fields` fields for a known word.
    case mecabLayout(fields: Int)
    /// An ICU locale that is no locale (`AnalyzerConfig.isLocale`), or for which ICU opens no
    /// word-break iterator.
    case icuLocale(String)
    /// An ICU transform id that ICU does not know (`Han-Latn`), with ICU's error name.
    case unknownTransform(id: String, reason: String)
    /// A Voikko dictionary folder libvoikko would misread, crash on, or swap for another
    /// (`VoikkoProblem`).
    case voikko(VoikkoProblem)

    /// The problem in plain words.
    package var message: String {
        switch self {
        case .cannotOpen(let reason): return "the file could not be opened (\(reason))"
        case .notAFile: return "not a regular file"
        case .tooLarge(let limit): return "the file is larger than \(limit) bytes"
        case .empty: return "the file is empty"
        case .unsupportedEncoding(let name):
            return "SET names encoding '\(name)', which Hunspell does not support (UTF-8, ISO8859-1 to -10, -13 to -15, KOI8-R, KOI8-U, microsoft-cp1251, TIS620-2533)"
        case .invalidText(let encoding): return "the line is not valid \(encoding) text"
        case .missingWordCount: return "the first line must be the number of words (a whole number above zero)"
        case .wordCountDiffers(let declared, let found):
            return "the first line declares \(declared) words but the file holds \(found); Hunspell reads every word, the count is only a size hint"
        case .tableCut(let keyword, let declared, let found):
            return "the \(keyword) table announces \(declared) lines but \(found) follow (cut short? Hunspell would drop every rule from here on)"
        case .badTableHeader(let keyword): return "the \(keyword) table's line count is not a whole number"
        case .tooManyLines(let limit):
            return "the file has more than \(limit) lines, the most read (Hunspell's time and memory grow with them; Debian's largest dictionaries have a few hundred thousand)"
        case .keywordTwice(let keyword, let firstLine):
            return "\(keyword) is given again (first on line \(firstLine)): Hunspell would stop reading the file here, dropping every rule after it"
        case .keywordWithoutValue(let keyword):
            return "\(keyword) has no value: Hunspell would stop reading the file here, dropping every rule after it"
        case .wordCountTooLarge(let declared, let limit):
            return "the first line declares \(declared) words, more than the file could hold (\(limit)): Hunspell would set up a table for them all (and above 268,435,329 load no word at all)"
        case .quadraticLoad(let comparisons, let limit):
            return "Hunspell's word table would put too many lines up to this one on the same entry (blank lines, a word repeated, or a count line far below the words): over \(comparisons) comparisons to load, more than the \(limit) allowed for the file's lines"
        case .tooSlow(let form, let seconds, let forms):
            let shown = form.count > 40 ? String(form.prefix(40)) + "…" : form
            let allowed = HunspellDictionary.librarySeconds(forms: forms)
            return "Hunspell took \(String(format: "%.2f", seconds)) s over the first \(forms) forms, up to '\(shown)' (a compound search?), more than the \(String(format: "%.2f", allowed)) s allowed: over a whole list it would take hours"
        case .notCreated: return "libhunspell could not create the dictionary"
        case .analyzer(let problem): return problem.message
        case .notAFolder: return "not a folder (a MeCab dictionary is a folder holding \(MecabDictionaryFolder.files.joined(separator: ", ")))"
        case .mecabRefused(let reason): return "libmecab could not open the dictionary: \(reason)"
        case .mecabCharset(let charset):
            return "the dictionary is compiled in \(charset); only UTF-8 MeCab dictionaries are read (Debian: mecab-ipadic-utf8, not mecab-ipadic)"
        case .mecabLayout(let fields):
            return "the dictionary's words have \(fields) feature fields, a layout not read here (IPADIC's 9, UniDic's 17 or 29 and more, JUMAN's 7)"
        case .icuLocale(let locale): return "ICU has no word-break rules for the locale \"\(locale)\""
        case .unknownTransform(let id, let reason): return "ICU knows no transform \"\(id)\" (\(reason)); ids look like Han-Latin, Katakana-Hiragana, Any-Latin; Latin-ASCII"
        case .voikko(let problem): return problem.message
        }
    }
}
