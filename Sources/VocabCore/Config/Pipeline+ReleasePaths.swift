import Foundation

/// How a release names the files it was built from: never by a machine path.
extension Pipeline {
    /// How a release names the maintainer's file (`selection.stopList`, `lemmatization.lemmaTable`,
    /// `sensePins`) that the config gives as `path`: as given when relative (to the config file's
    /// folder); when absolute, relative to the config file's folder if the file is inside it, else
    /// by its content, `sha256:<hex>`. So the manifest's `sources` and embedded config never carry
    /// an absolute path of the machine that built the release.
    package func releaseName(ofMaintainerFile path: String) throws(FileReadError) -> String {
        guard path.hasPrefix("/") else { return path }
        return try Self.releaseName(maintainerFile(path), inside: configFile.deletingLastPathComponent())
    }

    /// How a release names a source (`frequency.path`, `lexicon.path`, a translation's or the gloss
    /// lexicon's `path`, a Hunspell file) that the config gives as `path`: as given when relative
    /// (to the corpus folder); when absolute, relative to the corpus folder if the file is inside
    /// it, else `sha256:<hex>`.
    package func releaseName(ofSource path: String) throws(FileReadError) -> String {
        guard path.hasPrefix("/") else { return path }
        return try Self.releaseName(source(path), inside: corpus)
    }

    /// A recorded source (`SourceFile`, its `path` as the config gives it) as a release names it:
    /// an absolute path relative to the corpus or the config file's folder when inside one, else
    /// `sha256:<hex>` from its recorded digest (nothing is read again).
    package func releaseSource(_ file: SourceFile) -> SourceFile {
        guard file.path.hasPrefix("/") else { return file }
        var named = file
        let url = URL(fileURLWithPath: file.path).standardizedFileURL
        named.path = [corpus, configFile.deletingLastPathComponent()].lazy.compactMap { Self.relativePath(url, inside: $0) }.first
            ?? "sha256:" + file.sha256
        return named
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
        for index in config.translations.indices {
            config.translations[index].lexicon.path = try releaseName(ofSource: config.translations[index].lexicon.path)
        }
        if let path = config.glosses?.lexicon.path { config.glosses?.lexicon.path = try releaseName(ofSource: path) }
        if let path = config.lemmatization?.analyzer?.path { config.lemmatization?.analyzer?.path = try releaseName(ofSource: path) }
        if let files = config.lemmatization?.hunspell {
            config.lemmatization?.hunspell?.aff = try releaseName(ofSource: files.aff)
            config.lemmatization?.hunspell?.dic = try releaseName(ofSource: files.dic)
        }
        return config
    }

    /// `file` relative to `folder` when inside it, else `sha256:<hex>` of its content.
    static func releaseName(_ file: URL, inside folder: URL) throws(FileReadError) -> String {
        if let relative = relativePath(file, inside: folder) { return relative }
        return "sha256:" + (try Checksum.sha256(of: file)).hex
    }

    /// The path of `file` below `folder`; nil when it is not inside it.
    static func relativePath(_ file: URL, inside folder: URL) -> String? {
        let base = folder.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        let path = file.standardizedFileURL.path
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }
}
