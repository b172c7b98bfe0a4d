import VocabCore

/// Why a release could not be written or published. The location names the release folder and,
/// when one is involved, the file being written (`<name>.sqlite`).
package typealias EmitError = Located<EmitProblem>

/// What went wrong, with the values that show it: the input's checks, then the release folder,
/// the lock, SQLite, the files, the publication.
package enum EmitProblem: ErrorProblem {
    /// The dataset name cannot name a file.
    case unusableName(String)
    /// A target language is listed twice.
    case repeatedTargetLanguage(String)
    /// Records must come in strictly increasing rank order from 1.
    case rankOutOfOrder(rank: Int, lemma: String, previous: Int)
    /// A record translates into a language that is not a target language.
    case unknownTranslationLanguage(rank: Int, lemma: String, language: String)
    /// The folder the release goes in (`output.directory`) cannot be created.
    case cannotCreateOutputFolder(reason: String)
    /// Something other than a folder is where the release goes.
    case notAFolder
    /// The lock file beside the release (`.<name>-<version>.lock`) cannot be created.
    case cannotCreateLockFile(reason: String)
    /// Another build holds the release's lock.
    case anotherBuildIsPublishing
    /// The temporary folder beside the release (`.<name>-<version>.tmp-*`) cannot be created.
    case cannotCreateTemporaryFolder(reason: String)
    /// SQLite's own message.
    case sqlite(String)
    /// `PRAGMA foreign_key_check` found this many rows that point at no word (a bug, not bad input).
    case foreignKeyViolations(Int)
    /// A release file (the bundle, the manifest) cannot be created in the temporary folder.
    case cannotCreateFile
    /// Writing a release file stopped part way (a full disk, for one).
    case cannotWrite(reason: String)
    /// A file or folder cannot be opened to be synced to disk.
    case cannotOpenForSync(reason: String)
    /// `fsync` failed: the release could be lost in a crash, so it is not published.
    case cannotSync(reason: String)
    /// Where the filesystem cannot exchange two folders, the previous release cannot be renamed aside.
    case cannotMovePreviousAside(reason: String)
    /// The temporary folder cannot be renamed to the release (a previous release is put back).
    case cannotPublish(reason: String)
    /// Exchanging the temporary folder with the previous release failed; the previous release stays.
    case cannotReplacePrevious(reason: String)
    /// The dictionary stage's database (the dictionary without its metadata) cannot be copied.
    case cannotCopyDictionary(from: String, reason: String)
    /// Rows break a column's `CHECK` constraint (checked once the rows are in).
    case checkViolations(table: String, column: String, count: Int)
    /// Anything else, in the words of the system.
    case other(String)

    /// The problem in plain words.
    package var message: String {
        switch self {
        case .unusableName(let name): "\"\(name)\" cannot be used as a file name"
        case .repeatedTargetLanguage(let language): "\"\(language)\" is listed twice"
        case .rankOutOfOrder(_, let lemma, let previous):
            "records must be in strictly increasing rank order from 1 (\"\(lemma)\" follows rank \(previous))"
        case .unknownTranslationLanguage(_, let lemma, let language):
            "\"\(lemma)\" has translations into \"\(language)\", which is not a target language"
        case .cannotCreateOutputFolder(let reason): "cannot create the output folder: \(reason)"
        case .notAFolder: "exists and is not a folder; refusing to replace it"
        case .cannotCreateLockFile(let reason): "cannot create the lock file: \(reason)"
        case .anotherBuildIsPublishing: "another build is publishing this release right now"
        case .cannotCreateTemporaryFolder(let reason): "cannot create the temporary folder: \(reason)"
        case .sqlite(let message): "SQLite: \(message)"
        case .foreignKeyViolations(let count): "\(count) rows break a foreign key"
        case .checkViolations(let table, let column, let count): "\(count) rows of \(table) break the CHECK constraint of \(column)"
        case .cannotCreateFile: "cannot create the file"
        case .cannotWrite(let reason): "cannot write the file: \(reason)"
        case .cannotOpenForSync(let reason): "cannot open for syncing: \(reason)"
        case .cannotSync(let reason): "cannot sync to disk: \(reason)"
        case .cannotMovePreviousAside(let reason): "cannot move the previous release aside: \(reason)"
        case .cannotPublish(let reason): "cannot publish the release: \(reason)"
        case .cannotReplacePrevious(let reason): "cannot replace the previous release: \(reason)"
        case .cannotCopyDictionary(let path, let reason): "cannot copy the dictionary stage's database \(path): \(reason)"
        case .other(let reason): reason
        }
    }
}
