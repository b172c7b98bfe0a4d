import Foundation
import VocabCore

/// The one Voikko dictionary a path names, found and checked as libvoikko would read it, so that
/// libvoikko loads that dictionary and no other.
///
/// `path` is a dictionary root (Debian's `/usr/lib/voikko`) holding exactly one dictionary of
/// format 5 (`5/mor-standard`), or a dictionary's own folder (`/usr/lib/voikko/5/mor-standard`),
/// for a root holding several. libvoikko is then given the root and the dictionary's own language
/// tag from its `index.txt` (`fi-x-standard`), never a bare `fi`: it searches the given root
/// first, then `$VOIKKO_DICTIONARY_PATH`, `~/.voikko`, `/etc/voikko` and `/usr/lib/voikko`, and
/// takes the first dictionary whose tag matches, so the variant pins the one found here, where
/// `fi` alone would take whichever its ordering (or `$VOIKKO_DICTIONARY`) prefers.
struct VoikkoDictionaryFolder: Sendable, Equatable {
    /// The root libvoikko is given (`/usr/lib/voikko`).
    var root: String
    /// The dictionary's own folder (`/usr/lib/voikko/5/mor-standard`).
    var folder: String
    /// The language tag of its `index.txt` (`fi-x-standard`), which libvoikko is given.
    var language: String

    /// The first line libvoikko 4 requires of a dictionary's `index.txt`, byte for byte.
    static let formatLine = "Voikko-Dictionary-Format: 5"

    /// The transducers libvoikko 4.3 maps when it loads a `finnishVfst` dictionary: the analyzer
    /// and the grammar checker's autocorrection (either missing fails its initialisation).
    static let transducers = ["mor.vfst", "autocorr.vfst"]

    /// Finds and checks the dictionary `path` names: its `index.txt`, then each transducer
    /// (`VoikkoTransducerCheck`), then, for the files a Debian package installed (voikko-fi's),
    /// that they are still the package's, by the MD5 sums `dpkg` recorded: libvoikko trusts what
    /// a transducer's paths spell, and a damaged file whose structure is sound can make it abort
    /// mid-analysis (its own assertion; measured on randomly damaged copies).
    ///
    /// - throws: `MorphologyError` naming the folder or the file at fault: `.cannotOpen` (a
    ///   missing path), `.voikko(…)`: `.notAFolder`, `.noDictionary`, `.severalDictionaries`,
    ///   `.notInDictionaryRoot`, `.notFormat5`, `.badLanguage`, `.languageWithoutVariant`,
    ///   `.sameLanguage`, `.unsupportedBackend`, each transducer's problems, `.differsFromPackage`.
    static func locate(_ path: String, dpkg: DpkgDatabase) throws(MorphologyError) -> VoikkoDictionaryFolder {
        try requireFolder(path)
        let url = URL(fileURLWithPath: path)
        let folder: URL
        let root: URL
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("index.txt").path) {
            // A dictionary's own folder: libvoikko finds it only as <root>/5/mor-<variant>.
            let parent = url.standardizedFileURL.deletingLastPathComponent()
            guard parent.lastPathComponent == "5", isVariantName(url.standardizedFileURL.lastPathComponent) else {
                throw MorphologyError(file: path, .voikko(.notInDictionaryRoot))
            }
            folder = url
            root = parent.deletingLastPathComponent()
        } else {
            let found = dictionaries(in: url)
            guard let only = found.first else { throw MorphologyError(file: path, .voikko(.noDictionary)) }
            guard found.count == 1 else { throw MorphologyError(file: path, .voikko(.severalDictionaries(found))) }
            folder = url.appendingPathComponent("5").appendingPathComponent(only)
            root = url
        }
        let index = folder.appendingPathComponent("index.txt").path
        let language = try languageTag(ofIndex: index)
        // Another dictionary of the root with the same tag: libvoikko would take the first its
        // directory listing gives.
        for other in dictionaries(in: root) where other != folder.lastPathComponent {
            let otherIndex = root.appendingPathComponent("5").appendingPathComponent(other).appendingPathComponent("index.txt").path
            if let tag = try? languageTag(ofIndex: otherIndex), tag.lowercased() == language.lowercased() {
                throw MorphologyError(file: index, .voikko(.sameLanguage(tag: language, other: other)))
            }
        }
        for name in transducers { try VoikkoTransducerCheck.check(path: folder.appendingPathComponent(name).path) }
        let files = (["index.txt"] + transducers).map { folder.appendingPathComponent($0) }
        let recorded = dpkg.recordedMD5(of: files)
        for file in files {
            guard let record = recorded[file.standardizedFileURL.path] else { continue }
            if DpkgDatabase.md5(of: try MorphologyFileRead.bytes(file.path)) != record.md5 {
                throw MorphologyError(file: file.path, .voikko(.differsFromPackage(record.package)))
            }
        }
        return VoikkoDictionaryFolder(root: root.path, folder: folder.path, language: language)
    }

    /// Throws unless `path` is a folder (a symbolic link to one is that folder).
    private static func requireFolder(_ path: String) throws(MorphologyError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw MorphologyError(file: path, .cannotOpen(reason: String(cString: strerror(errno))))
        }
        guard (status.st_mode & S_IFMT) == S_IFDIR else { throw MorphologyError(file: path, .voikko(.notAFolder)) }
    }

    /// Whether `name` is a folder name libvoikko reads a dictionary from (`mor-standard`).
    private static func isVariantName(_ name: String) -> Bool {
        name.hasPrefix("mor-") && name.count > 4
    }

    /// The folder names (`mor-standard`) of the format-5 dictionaries under `root/5`, sorted.
    private static func dictionaries(in root: URL) -> [String] {
        let versionFolder = root.appendingPathComponent("5")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: versionFolder.path) else { return [] }
        return names.filter(isVariantName).sorted().filter { (name: String) -> Bool in
            let index = versionFolder.appendingPathComponent(name).appendingPathComponent("index.txt").path
            guard let lines = try? lines(ofIndex: index), let first = lines.first else { return false }
            return first == Substring(formatLine)
        }
    }

    /// The lines of an `index.txt` as libvoikko's `getline` reads them (split at `\n` only).
    private static func lines(ofIndex path: String) throws(MorphologyError) -> [Substring] {
        let data = try MorphologyFileRead.bytes(path)
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The language tag of the dictionary whose `index.txt` is at `path`, after checking its
    /// format line and backend as libvoikko's V5 loader reads them.
    private static func languageTag(ofIndex path: String) throws(MorphologyError) -> String {
        let lines = try lines(ofIndex: path)
        guard lines.first == Substring(formatLine) else { throw MorphologyError(file: path, line: 1, .voikko(.notFormat5)) }
        // libvoikko keeps the last of each key; its backend defaults to finnishVfst.
        var language: String?
        var backend = "finnishVfst"
        for line in lines.dropFirst() {
            if line.hasPrefix("Language: ") { language = String(line.dropFirst(10)) }
            if line.hasPrefix("Morphology-Backend: ") { backend = String(line.dropFirst(20)) }
        }
        guard backend == "finnishVfst" else { throw MorphologyError(file: path, .voikko(.unsupportedBackend(backend))) }
        guard let language, isLanguageTag(language) else { throw MorphologyError(file: path, .voikko(.badLanguage(language))) }
        guard language.lowercased().contains("-x-") else { throw MorphologyError(file: path, .voikko(.languageWithoutVariant(language))) }
        return language
    }

    /// Whether `tag` is a language tag of ASCII letters and digits in hyphen-separated parts,
    /// beginning with a language of two or three letters (`fi`, `fi-x-standard`).
    private static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count),
              language.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            !part.isEmpty && part.count <= 8 && part.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        }
    }
}
