import VocabCore

/// A Hunspell dictionary, an lttoolbox analyzer or a Voikko dictionary that cannot be used: the
/// file or folder (`.aff`, `.dic`, `.automorf.bin`, `/usr/lib/voikko`, its `mor.vfst`), the line
/// or byte offset when one is at fault, and the reason.
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
    /// libhunspell could not create the dictionary.
    case notCreated
    /// An lttoolbox analyzer's bytes are not what lttoolbox 3.7 writes (`LttoolboxFile`).
    case analyzer(LttoolboxProblem)
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
        case .notCreated: return "libhunspell could not create the dictionary"
        case .analyzer(let problem): return problem.message
        case .voikko(let problem): return problem.message
        }
    }
}
