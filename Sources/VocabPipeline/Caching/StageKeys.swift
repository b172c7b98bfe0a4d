import Foundation
import ReleaseFormat
import VocabCore

/// The cache key of each stage: a SHA-256 over the tool version and the stage's own key parts
/// (``KeyedStage/keyParts(_:)``: its config sections, the content of its input files and the
/// keys of the stages it builds on). A stage whose key is unchanged is reused (its artifacts are
/// read back) instead of run.
package struct StageKeys: Sendable, Equatable {
    /// The stages with a key, in the order their keys are computed (each may use the keys before it).
    static let order: [any KeyedStage.Type] = [
        ReadStage.self, LemmatizeStage.self, SelectStage.self, JoinStage.self, ExamplesStage.self, FormsStage.self, DictionaryStage.self,
        EmitStage.self,
    ]

    /// What a stage's key parts are computed from.
    package struct Inputs {
        /// The pipeline being built.
        package let pipeline: Pipeline
        /// The process environment (`SOURCE_DATE_EPOCH` enters the emit key).
        package let environment: [String: String]
        /// The keys of the stages before, by name.
        package let keys: [StageName: String]
        let digests: FileDigests

        /// The config.
        package var config: PipelineConfig { pipeline.config }

        /// The SHA-256 (hex) of an input file, each file hashed once per build.
        package func file(_ url: URL) throws -> String { try digests.digest(url).hex }

        /// The key of an earlier stage, or `-` when it does not run.
        package func key(_ stage: StageName) -> String { keys[stage] ?? "-" }

        /// The source lexicon as a stage's key takes it: `lexicon` and its file's digest, then each
        /// later layer's (none for one lexicon: a config without layers keys as before).
        package func sourceLexicon() throws -> [String] {
            var parts = [try json(config.lexicon), try file(pipeline.lexiconFile)]
            for (index, layer) in config.lexiconLayers.enumerated() {
                parts += ["layer", try json(layer), try file(pipeline.lexiconFiles[index + 1])]
            }
            return parts
        }

        /// A config section (or any value) as it enters a key: its JSON, keys sorted. Taken as an
        /// existential: each section is encoded once per build, and one copy of this serves all.
        package func json(_ value: any Encodable) throws -> String {
            String(decoding: try JSONLines.encoder().encode(value), as: UTF8.self)
        }
    }

    /// The key of each stage that runs for the config.
    package private(set) var keys: [StageName: String]

    /// The keys of `pipeline`, hashing each input file once through `digests`. A pinned source
    /// whose file does not match its pin is a ``SourcePinError``: nothing is built from it.
    package init(_ pipeline: Pipeline, digests: FileDigests, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        try SourcePins.verify(pipeline, digests: digests)
        keys = [:]
        for stage in Self.order {
            let inputs = Inputs(pipeline: pipeline, environment: environment, keys: keys, digests: digests)
            if let parts = try stage.keyParts(inputs) { keys[stage.name] = Self.hash(parts) }
        }
    }

    /// The key of `stage`; nil when it does not run for the config.
    package subscript(_ stage: StageName) -> String? { keys[stage] }

    /// Over `frequency` and the frequency list.
    package var read: String { keys[.read]! }
    /// Over the read key, `lemmatization`, `lexicon`, the source lexicon, the Hunspell files and
    /// the lemma table; nil when the config has no `lemmatization` section.
    package var lemmatize: String? { keys[.lemmatize] }
    /// Over the read key (and the lemmatize key when it runs), `selection`, `lexicon`, the source
    /// lexicon, the stop list and the sense pins.
    package var select: String { keys[.select]! }
    /// Over the select key, `translation`, `translations` and the translation lexicons.
    package var join: String { keys[.join]! }
    /// Over the join key, `examples`, the pair file and its analyzers; nil when the config has no
    /// `examples` section.
    package var examples: String? { keys[.examples] }
    /// Over the select key, the lemmatize key, the learned language's analyzer and the sentence
    /// pairs' key parts.
    package var forms: String { keys[.forms]! }
    /// Over `dictionary`, `translation`, `lexicon`, `translations` and the lexicons; nil when
    /// the config does not enable the dictionary. The frequency list does not enter it.
    package var dictionary: String? { keys[.dictionary] }
    /// Over the join key, the examples key, the dictionary key, the whole config, the release folder, `SOURCE_DATE_EPOCH`,
    /// the release schema's version and the packages of the input files outside their folders.
    package var emit: String { keys[.emit]! }

    static func hash(_ parts: [String]) -> String {
        var hasher = SHA256()
        hasher.update(data: Data(ToolInfo.version.utf8))
        for part in parts {
            // Length-prefixed, so that parts cannot run into each other.
            hasher.update(data: Data("\(part.utf8.count):".utf8))
            hasher.update(data: Data(part.utf8))
        }
        return Checksum.hex(hasher.finalize())
    }
}
