/// What is wrong with a Voikko dictionary folder (`MorphologyProblem.voikko`), with the values
/// that show it; the error names the folder or the file at fault (`index.txt`, `mor.vfst`), and
/// its `item` the byte or transition where one helps.
///
/// libvoikko 4.3 checks almost nothing itself, measured here: a folder that is missing, holds no
/// dictionary, or whose `index.txt` names another variant makes it load *another* dictionary
/// from its default places (`~/.voikko`, `/etc/voikko`, `/usr/lib/voikko`) without a word; an
/// empty `mor.vfst` or `autocorr.vfst` crashes the process (it maps zero bytes and reads them);
/// a cut one loads and silently knows less, reading past its end. `VoikkoDictionaryFolder` and
/// `VoikkoTransducerCheck` refuse each of these before libvoikko sees the folder.
package enum VoikkoProblem: Sendable, Equatable {
    /// The path names a file, not a folder.
    case notAFolder
    /// The folder holds no Voikko dictionary of format 5 (`5/mor-<variant>/index.txt` whose first
    /// line is `Voikko-Dictionary-Format: 5`).
    case noDictionary
    /// The folder holds several dictionaries (their folders' names): which one is meant is not
    /// guessed.
    case severalDictionaries([String])
    /// A dictionary's own folder that is not `<root>/5/mor-<variant>`, where libvoikko looks.
    case notInDictionaryRoot
    /// `index.txt`'s first line is not `Voikko-Dictionary-Format: 5` (libvoikko would skip the
    /// dictionary and load another).
    case notFormat5
    /// `index.txt` has no `Language:` line, or one that is no language tag.
    case badLanguage(String?)
    /// `index.txt`'s language names no variant (`fi`, not `fi-x-standard`): libvoikko could then
    /// load another folder's dictionary of the language (by `VOIKKO_DICTIONARY`, a default
    /// variant elsewhere).
    case languageWithoutVariant(String)
    /// Another dictionary of the same root (its folder's name) has the same language tag, and
    /// libvoikko would take whichever it lists first.
    case sameLanguage(tag: String, other: String)
    /// `index.txt` names a morphology backend other than `finnishVfst`, the one checked here.
    case unsupportedBackend(String)
    /// The transducer does not begin with VFST's two magic numbers.
    case notVFST
    /// The transducer was written in the other byte order (libvoikko would convert it; the
    /// check here does not read it).
    case otherByteOrder
    /// A weighted transducer where libvoikko reads an unweighted one.
    case weighted
    /// The bytes end while reading `reading` (the header, a symbol, the transitions).
    case cutShort(reading: String)
    /// The transducer has no symbol (libvoikko writes symbol 0 for every epsilon output).
    case noSymbols
    /// Symbol `index` is not UTF-8 (libvoikko crashes on it as it loads the transducer).
    case symbolNotUTF8(Int)
    /// A flag diacritic symbol of two characters (`@P`) that libvoikko would read past (it
    /// throws from inside its loader and stops the process).
    case badFlagSymbol(String)
    /// A transition's output symbol is not below the number of symbols.
    case symbolOutOfRange(symbol: Int, symbols: Int)
    /// A state's transitions, or a transition's target state, reach past the last transition.
    case stateOutOfRange(state: Int, transitions: Int)
    /// The file is not the one the Debian package (its name) installed, by the MD5 sum dpkg
    /// recorded: damaged or replaced, and libvoikko may abort reading a damaged transducer.
    case differsFromPackage(String)
    /// libvoikko refused the dictionary all the same, with its own message.
    case notLoaded(String)

    /// The problem in plain words.
    package var message: String {
        switch self {
        case .notAFolder:
            return "not a folder: a Voikko dictionary is a folder (Debian's voikko-fi: /usr/lib/voikko, holding 5/mor-standard)"
        case .noDictionary:
            return "holds no Voikko dictionary: no 5/mor-<variant>/index.txt beginning with 'Voikko-Dictionary-Format: 5' (Debian's voikko-fi installs /usr/lib/voikko/5/mor-standard)"
        case .severalDictionaries(let names):
            return "holds several Voikko dictionaries (\(names.joined(separator: ", "))): name one's own folder (…/5/\(names.first ?? "mor-standard"))"
        case .notInDictionaryRoot:
            return "a Voikko dictionary's own folder must be <folder>/5/mor-<variant>, where libvoikko looks for it"
        case .notFormat5:
            return "the first line is not 'Voikko-Dictionary-Format: 5' (libvoikko 4 would skip this dictionary and silently load another)"
        case .badLanguage(let value):
            return value.map { "Language '\($0)' is not a language tag (fi-x-standard)" } ?? "no 'Language:' line (fi-x-standard)"
        case .languageWithoutVariant(let tag):
            return "Language '\(tag)' names no variant (fi-x-standard): libvoikko could load another dictionary of the language than this one"
        case .sameLanguage(let tag, let other):
            return "\(other) beside it has the same Language '\(tag)', and libvoikko would take either"
        case .unsupportedBackend(let name):
            return "Morphology-Backend '\(name)' is not read here (only finnishVfst, Debian's voikko-fi)"
        case .notVFST:
            return "not a Voikko transducer: it does not begin with VFST's magic numbers"
        case .otherByteOrder:
            return "the transducer is written in the other byte order (big-endian): rebuild the dictionary on this machine"
        case .weighted:
            return "a weighted transducer, where libvoikko's finnishVfst reads an unweighted one"
        case .cutShort(let reading):
            return "the file is cut short while reading \(reading)"
        case .noSymbols:
            return "the transducer has no symbol"
        case .symbolNotUTF8(let index):
            return "symbol \(index) is not UTF-8 text (libvoikko would crash loading it)"
        case .badFlagSymbol(let symbol):
            return "flag diacritic '\(symbol)' is too short (libvoikko would stop the process reading it)"
        case .symbolOutOfRange(let symbol, let symbols):
            return "output symbol \(symbol) is not below the transducer's \(symbols) symbols"
        case .stateOutOfRange(let state, let transitions):
            return "state \(state) reaches past the transducer's \(transitions) transitions"
        case .differsFromPackage(let package):
            return "differs from the file \(package) installed (dpkg's MD5 sum): damaged or replaced, and libvoikko may abort on a damaged dictionary; reinstall it (apt-get install --reinstall \(package))"
        case .notLoaded(let reason):
            return "libvoikko could not load the dictionary (\(reason))"
        }
    }
}
