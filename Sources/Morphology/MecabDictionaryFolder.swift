import Foundation
import VocabCore

/// The checks a MeCab dictionary folder passes before libmecab sees it, and what libmecab says
/// when it refuses one all the same, each one `MorphologyError` naming the path.
///
/// libmecab 0.996 reports a missing or broken file itself, without printing or exiting
/// (measured: a folder without `dicrc`, `sys.dic`, `matrix.bin`, `char.bin` or `unk.dic`, an
/// empty `char.bin` or `dicrc`, a `sys.dic` or `matrix.bin` cut short or replaced by random bytes
/// all return no model, with a reason in `mecab_strerror`). Its reasons name source files and
/// conditions (`dictionary.cpp(94) [(magic ^ DictionaryMagicID) == dmmap_->size()] dictionary
/// file is broken: …/sys.dic`), and an empty `char.bin` gives none; so the folder and its five
/// files are checked first, and libmecab's reason is kept only for what the checks cannot see.
enum MecabDictionaryFolder {
    /// The files every compiled MeCab dictionary holds, all of which libmecab opens.
    static let files = ["dicrc", "sys.dic", "matrix.bin", "char.bin", "unk.dic"]

    /// Checks that `path` is a folder (a symbolic link to one is one) holding each of ``files``
    /// as a regular file that can be opened and is not empty.
    ///
    /// - throws: `.cannotOpen` (the folder or a file missing or unreadable), `.notAFolder`,
    ///   `.notAFile` (a file that is a folder or a device), `.empty`; each naming the path at fault.
    static func check(_ path: String) throws(MorphologyError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw MorphologyError(file: path, .cannotOpen(reason: String(cString: strerror(errno)))) }
        guard (status.st_mode & S_IFMT) == S_IFDIR else { throw MorphologyError(file: path, .notAFolder) }
        for name in files {
            let file = (path as NSString).appendingPathComponent(name)
            guard stat(file, &status) == 0 else { throw MorphologyError(file: file, .cannotOpen(reason: String(cString: strerror(errno)))) }
            guard (status.st_mode & S_IFMT) == S_IFREG else { throw MorphologyError(file: file, .notAFile) }
            guard status.st_size > 0 else { throw MorphologyError(file: file, .empty) }
            let descriptor = open(file, O_RDONLY)
            guard descriptor >= 0 else { throw MorphologyError(file: file, .cannotOpen(reason: String(cString: strerror(errno)))) }
            close(descriptor)
        }
    }

    /// libmecab's refusal of `folder` as an error naming the file at fault where its message
    /// tells (by the source file or constant it names: `connector.cpp` reads `matrix.bin`,
    /// `SYS_DIC_FILE` is `sys.dic`), else the folder. The reason is the message's text after its
    /// last `] ` (`file.cpp(N) [condition] reason`), without the path libmecab appends (its
    /// message is cut at 256 bytes, often inside that path), and `no reason given` when empty.
    static func refusal(_ message: String, folder: String) -> MorphologyError {
        let hints = [("SYS_DIC_FILE", "sys.dic"), ("sys.dic", "sys.dic"), ("UNK_DIC_FILE", "unk.dic"), ("unk.dic", "unk.dic"),
                     ("connector.cpp", "matrix.bin"), ("matrix.bin", "matrix.bin"), ("char_property.cpp", "char.bin"),
                     ("char.bin", "char.bin"), ("dicrc", "dicrc")]
        let located = message.replacingOccurrences(of: folder, with: "")
        let file = hints.first { located.contains($0.0) }.map { (folder as NSString).appendingPathComponent($0.1) } ?? folder
        var reason = message
        if let close = message.range(of: "] ", options: .backwards) { reason = String(message[close.upperBound...]) }
        reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        if let colon = reason.range(of: ": ") {
            let rest = String(reason[colon.upperBound...])
            if rest.hasPrefix(folder) || folder.hasPrefix(rest) { reason = String(reason[..<colon.lowerBound]) }
        }
        return MorphologyError(file: file, .mecabRefused(reason: reason.isEmpty ? "no reason given" : reason))
    }
}
