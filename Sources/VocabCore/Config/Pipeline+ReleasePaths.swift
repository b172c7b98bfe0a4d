import Foundation

/// How a release names the maintainer's files: never by a machine path.
extension Pipeline {
    /// How a release names the maintainer's file (`selection.stopList`, `lemmatization.lemmaTable`,
    /// `sensePins`) that the config gives as `path`: as given when relative (to the config file's
    /// folder); when absolute, relative to the config file's folder if the file is inside it, else
    /// by its content, `sha256:<hex>`. So the manifest's `sources` and embedded config never carry
    /// an absolute path of the machine that built the release.
    package func releaseName(ofMaintainerFile path: String) throws(FileReadError) -> String {
        guard path.hasPrefix("/") else { return path }
        let file = maintainerFile(path)
        let folder = configFile.deletingLastPathComponent().standardizedFileURL.path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        if file.path.hasPrefix(prefix) { return String(file.path.dropFirst(prefix.count)) }
        return "sha256:" + (try Checksum.sha256(of: file)).hex
    }

    /// The config as a release embeds it (`datapackage.json`'s `config`): the maintainer's files
    /// named by ``releaseName(ofMaintainerFile:)``.
    package func configForRelease() throws(FileReadError) -> PipelineConfig {
        var config = self.config
        if let path = config.sensePins { config.sensePins = try releaseName(ofMaintainerFile: path) }
        if let path = config.selection.stopList { config.selection.stopList = try releaseName(ofMaintainerFile: path) }
        if let path = config.lemmatization?.lemmaTable { config.lemmatization?.lemmaTable = try releaseName(ofMaintainerFile: path) }
        return config
    }
}
