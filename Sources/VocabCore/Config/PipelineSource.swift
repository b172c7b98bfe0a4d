import Foundation

/// A source a config may pin: the frequency list, the source lexicon or a translation lexicon,
/// with its config key path, its file and its pin. What `vocab fetch` fetches and what the
/// build checks against the pins.
package struct PipelineSource: Sendable, Equatable {
    /// The source's object in the config: `frequency`, `lexicon`, `translations[0]`, ...
    package var keyPath: String
    /// What the file is to the build.
    package var role: SourceFile.Role
    /// `path` as the config gives it (relative to the corpus folder when relative).
    package var path: String
    /// The file, resolved against the corpus folder.
    package var file: URL
    /// Its pin; nil when the config gives none.
    package var pin: SourcePin?

    /// A source of the pipeline.
    package init(keyPath: String, role: SourceFile.Role, path: String, file: URL, pin: SourcePin?) {
        self.keyPath = keyPath
        self.role = role
        self.path = path
        self.file = file
        self.pin = pin
    }
}

extension Pipeline {
    /// The sources that may carry a pin, in config order: `frequency`, `lexicon` (each layer), each of
    /// `translations`, `glosses`, `examples`. (The stop list is the project's own file and has no pin.)
    package var sources: [PipelineSource] {
        var sources = [
            PipelineSource(keyPath: "frequency", role: .frequency, path: config.frequency.path, file: frequencyFile,
                           pin: config.frequency.pin),
        ]
        for (layer, lexicon) in config.sourceLexicons.enumerated() {
            sources.append(PipelineSource(
                keyPath: lexiconKeyPath(layer), role: .lexicon, path: lexicon.path, file: lexiconFiles[layer], pin: lexicon.pin))
        }
        for (index, translation) in config.translations.enumerated() {
            sources.append(PipelineSource(
                keyPath: "translations[\(index)]", role: .translation, path: translation.path,
                file: translationFile(translation), pin: translation.lexicon.pin))
        }
        if let glosses = config.glosses, let file = glossFile {
            sources.append(PipelineSource(keyPath: "glosses", role: .gloss, path: glosses.path, file: file, pin: glosses.lexicon.pin))
        }
        if let examples = config.examples, let file = examplesFile {
            sources.append(PipelineSource(keyPath: "examples", role: .examples, path: examples.path, file: file, pin: examples.pin))
        }
        return sources
    }
}
