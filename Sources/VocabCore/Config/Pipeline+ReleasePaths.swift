import Foundation
import VocabJSON

/// How a release names the files it was built from: never by a machine path.
///
/// A file is named relative to its folder (the corpus folder for a source, the config file's
/// folder for a maintainer's file) when the config gives it relatively or it lies inside that
/// folder; a file outside it is named by its identity (``SystemFileIdentity``):
/// `system:<package>/<file name>` when a Debian package installed it, else `sha256:<hex>`. The
/// same naming holds in the manifest's `sources` and in the config it embeds.
extension Pipeline {
    /// The config keys that say where the build's folders are (`corpus`; `output`, with the
    /// output and work folders): the machine's, not the release's, so the recorded config
    /// (``recordedConfig()``) leaves them out.
    package static let locationKeys = ["corpus", "output"]

    /// How a release names the maintainer's file (`selection.stopList`, `lemmatization.lemmaTable`,
    /// `sensePins`) that the config gives as `path`: as given when relative (to the config file's
    /// folder); when absolute, relative to the config file's folder if the file is inside it, else
    /// by its identity (``SystemFileIdentity/releaseName``).
    package func releaseName(ofMaintainerFile path: String) throws(FileReadError) -> String {
        guard path.hasPrefix("/") else { return path }
        return try Self.releaseName(maintainerFile(path), inside: configFile.deletingLastPathComponent())
    }

    /// How a release names a source (`frequency.path`, `lexicon.path`, a translation's or the gloss
    /// lexicon's `path`, a Hunspell file) that the config gives as `path`: as given when relative
    /// (to the corpus folder); when absolute, relative to the corpus folder if the file is inside
    /// it, else by its identity (`system:hunspell-es/es_ES.aff`, `sha256:<hex>`).
    package func releaseName(ofSource path: String) throws(FileReadError) -> String {
        guard path.hasPrefix("/") else { return path }
        return try Self.releaseName(source(path), inside: corpus)
    }

    /// A recorded source (`SourceFile`, its `path` as the config gives it) as a release names it:
    /// an absolute path relative to its folder (the config file's for a maintainer's file, the
    /// corpus for a source) when inside it, else by its identity from its recorded size and digest
    /// (only dpkg's database is read): the identity's name as `path`, its package as `package`,
    /// the file name as `title` when the source has none. A source the config unpacks from an
    /// archive gets the archive's record (``archive(of:)``).
    package func releaseSource(_ file: SourceFile) -> SourceFile {
        var named = file
        named.archive = archive(of: file)
        guard file.path.hasPrefix("/") else { return named }
        let url = URL(fileURLWithPath: file.path).standardizedFileURL
        let folder = file.role.isMaintainerFile ? configFile.deletingLastPathComponent() : corpus
        if let relative = Self.relativePath(url, inside: folder) {
            named.path = relative
        } else {
            let identity = SystemFileIdentity(of: url, bytes: file.bytes, sha256: file.sha256)
            named.path = identity.releaseName
            named.package = identity.package
            named.title = file.title ?? identity.name
        }
        return named
    }

    /// The archive a recorded source is a member of, as the release records it: the `archive`
    /// of the config's source of that path (a frequency list, a lexicon, the sentence pairs; the
    /// first with one, so that the gloss lexicon and a translation lexicon read from the same file
    /// say the same); nil for a file no archive pin names.
    package func archive(of file: SourceFile) -> SourceArchive? {
        guard !file.role.isMaintainerFile, file.role != .morphology else { return nil }
        for source in sources where source.path == file.path {
            if let pin = source.pin, let archive = pin.archive {
                return SourceArchive(member: archive.member, bytes: pin.bytes, sha256: pin.sha256)
            }
        }
        return nil
    }

    /// The config as a release embeds it (`datapackage.json`'s `config`): the maintainer's files
    /// and the sources named by ``releaseName(ofMaintainerFile:)`` and ``releaseName(ofSource:)``.
    package func configForRelease() throws(FileReadError) -> PipelineConfig {
        var config = self.config
        if let path = config.sensePins { config.sensePins = try releaseName(ofMaintainerFile: path) }
        if let path = config.selection.stopList { config.selection.stopList = try releaseName(ofMaintainerFile: path) }
        if let path = config.lemmatization?.lemmaTable { config.lemmatization?.lemmaTable = try releaseName(ofMaintainerFile: path) }
        config.frequency.path = try releaseName(ofSource: config.frequency.path)
        config.lexicon.path = try releaseName(ofSource: config.lexicon.path)
        for index in config.lexiconLayers.indices {
            config.lexiconLayers[index].path = try releaseName(ofSource: config.lexiconLayers[index].path)
        }
        for index in config.translations.indices {
            config.translations[index].lexicon.path = try releaseName(ofSource: config.translations[index].lexicon.path)
        }
        if let path = config.glosses?.lexicon.path { config.glosses?.lexicon.path = try releaseName(ofSource: path) }
        if let path = config.lemmatization?.analyzer?.path { config.lemmatization?.analyzer?.path = try releaseName(ofSource: path) }
        if let path = config.examples?.path { config.examples?.path = try releaseName(ofSource: path) }
        if let path = config.examples?.learnedAnalyzer?.path { config.examples?.learnedAnalyzer?.path = try releaseName(ofSource: path) }
        if let path = config.examples?.learnerAnalyzer.path { config.examples?.learnerAnalyzer.path = try releaseName(ofSource: path) }
        if let files = config.lemmatization?.hunspell {
            config.lemmatization?.hunspell?.aff = try releaseName(ofSource: files.aff)
            config.lemmatization?.hunspell?.dic = try releaseName(ofSource: files.dic)
        }
        return config
    }

    /// The config a release records (`datapackage.json`'s `config`, sorted keys): what decides
    /// its content, its files named as in ``configForRelease()``, without where the corpus, the
    /// output and the work folder were (``locationKeys``). So two checkouts, or a config given
    /// absolute and relative folders, record the same config.
    package func recordedConfig() throws -> JSONValue {
        let encoded = try JSONValueEncoder(sortedKeys: true).encode(try configForRelease())
        guard case .object(let members) = encoded else { return encoded }
        return .object(members.filter { !Self.locationKeys.contains($0.key) })
    }

    /// The Debian packages (`<key> <package> <version>`) that installed the input files outside
    /// their folders, in ``inputFiles`` order: the release names those files by them, so a new
    /// version of such a package publishes the release again (the emit key covers them) even when
    /// the file's bytes did not change.
    package var packagesOfOutsideFiles: [String] {
        let maintainerKeys: Set<String> = ["selection.stopList", "sensePins", "lemmatization.lemmaTable"]
        return inputFiles.compactMap { keyPath, url in
            let folder = maintainerKeys.contains(keyPath) ? configFile.deletingLastPathComponent() : corpus
            guard Self.relativePath(url, inside: folder) == nil, let package = DpkgDatabase.system.package(installing: url) else { return nil }
            return "\(keyPath) \(package.name) \(package.version ?? "-")"
        }
    }

    /// `file` relative to `folder` when inside it, else by its identity (``SystemFileIdentity``).
    static func releaseName(_ file: URL, inside folder: URL) throws(FileReadError) -> String {
        if let relative = relativePath(file, inside: folder) { return relative }
        return try SystemFileIdentity.releaseName(of: file)
    }

    /// The path of `file` below `folder`; nil when it is not inside it.
    static func relativePath(_ file: URL, inside folder: URL) -> String? {
        let base = folder.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        let path = file.standardizedFileURL.path
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }
}

extension SourceFile.Role {
    /// True for a maintainer's file (the stop list, the sense pins, the lemma table), named
    /// relative to the config file's folder; false for a source, named relative to the corpus.
    package var isMaintainerFile: Bool {
        switch self {
        case .stoplist, .sensepins, .lemmatable: true
        case .frequency, .lexicon, .translation, .gloss, .morphology, .examples: false
        }
    }
}
