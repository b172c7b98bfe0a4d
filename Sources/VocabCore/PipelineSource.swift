import Foundation

/// A source a config may pin: the frequency list, the source lexicon or a translation lexicon,
/// with its config key path, its file and its pin. What `vocab fetch` fetches and what the
/// build checks against the pins.
public struct PipelineSource: Sendable, Equatable {
    /// The source's object in the config: `frequency`, `lexicon`, `translations[0]`, ...
    public var keyPath: String
    /// What the file is to the build.
    public var role: SourceFile.Role
    /// `path` as the config gives it (relative to the corpus folder when relative).
    public var path: String
    /// The file, resolved against the corpus folder.
    public var file: URL
    /// Its pin; nil when the config gives none.
    public var pin: SourcePin?

    /// A source of the pipeline.
    public init(keyPath: String, role: SourceFile.Role, path: String, file: URL, pin: SourcePin?) {
        self.keyPath = keyPath
        self.role = role
        self.path = path
        self.file = file
        self.pin = pin
    }
}

extension Pipeline {
    /// The sources that may carry a pin, in config order: `frequency`, `lexicon`, then each of
    /// `translations`. (The stop list is the project's own file and has no pin.)
    public var sources: [PipelineSource] {
        var sources = [
            PipelineSource(keyPath: "frequency", role: .frequency, path: config.frequency.path, file: frequencyFile,
                           pin: config.frequency.pin),
            PipelineSource(keyPath: "lexicon", role: .lexicon, path: config.lexicon.path, file: lexiconFile,
                           pin: config.lexicon.pin),
        ]
        for (index, translation) in config.translations.enumerated() {
            sources.append(PipelineSource(
                keyPath: "translations[\(index)]", role: .translation, path: translation.path,
                file: translationFile(translation), pin: translation.lexicon.pin))
        }
        return sources
    }
}
