import Foundation
import VocabCore
import WNLMF

/// The source lexicon when `lexicon` names several layers (`PipelineConfig.lexiconLayers`): each
/// file read as one source lexicon is (cut to the same forms, or whole and compactly for the
/// dictionary), then layered (`WNLMF`'s ``Lexicon/layered(_:files:)``: a later layer gives only
/// the entries whose word the ones before it lack in that part of speech), each file described
/// for the manifest with its own licence (``LexiconSources/Loaded/layerSources``).
extension LexiconSources {
    /// The layered source lexicon: the entries `forms` can match (every entry when nil), or, with
    /// `keepWhole`, every layer kept whole and compactly with its cut made from it; with
    /// `concepts`, the first layer's concepts too (its file is a translation lexicon as well).
    ///
    /// - throws: `ConfigError` naming a layer whose sense order is not the first layer's;
    ///   `LexiconError` naming a layer whose ids meet an earlier one's; each file's own errors.
    static func loadLayers(
        _ pipeline: Pipeline, forms: FormSet?, keepWhole: Bool, concepts: Bool = false, digests: FileDigests
    ) throws -> Loaded {
        let configs = pipeline.config.sourceLexicons
        let urls = pipeline.lexiconFiles
        var layers: [Loaded] = []
        for (layer, config) in configs.enumerated() {
            if keepWhole {
                layers.append(try loadCompactSource(config, url: urls[layer], forms: forms ?? FormSet([String]()), digests: digests))
            } else {
                layers.append(try loadSource(config, url: urls[layer], forms: forms, concepts: concepts && layer == 0, digests: digests))
            }
        }
        let first = configs[0].senseOrder(lexiconId: layers[0].lexicon.info.id)
        for layer in layers.indices.dropFirst() {
            let order = configs[layer].senseOrder(lexiconId: layers[layer].lexicon.info.id)
            if order != first {
                throw ConfigError(
                    file: pipeline.configFile.path, item: "\(pipeline.lexiconKeyPath(layer)).senseOrder",
                    .layerSenseOrder(order.rawValue, first: first.rawValue))
            }
        }
        let files = urls.map(\.path)
        var loaded = layers[0]
        loaded.layerSources = layers.dropFirst().map(\.source)
        if keepWhole, case let compacts = layers.compactMap(\.compact), compacts.count == layers.count {
            let compact = try CompactLexicon.layered(compacts, files: files)
            loaded.compact = compact
            loaded.lexicon = compact.lexicon(entryForms: forms ?? FormSet([String]()))
        } else {
            loaded.lexicon = try Lexicon.layered(layers.map(\.lexicon), files: files)
            loaded.whole = layers.allSatisfy(\.whole)
        }
        return loaded
    }

    /// ``entryNames(_:)`` of every layer of the config's source lexicon, layered, each read whole
    /// (compactly, without text) for it.
    static func layeredEntryNames(_ pipeline: Pipeline) throws -> LemmatizeStage.EntryNames {
        let compacts = try zip(pipeline.config.sourceLexicons, pipeline.lexiconFiles).map { config, url in
            try LexiconReader.read(
                .file(url), displayPath: url.path, keeping: .compact(text: false),
                options: LexiconLoadOptions(lexiconId: config.id, maxBytes: config.maxBytes))
        }
        return entryNames(try CompactLexicon.layered(compacts, files: pipeline.lexiconFiles.map(\.path)))
    }
}
