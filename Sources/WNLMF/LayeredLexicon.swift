import VocabCore

/// Layered source lexicons (issue 46): the learned language's lexicon may be several files in
/// order, a wordnet then a Wiktionary-derived lexicon, as translations fall back. The first layer
/// gives every entry it has; a later one gives only the entries whose word no earlier layer has in
/// that part of speech (its lower-cased written form and coarse part of speech: OMW's Polish
/// wordnet has 21 verb synsets, so `być` comes from the next layer), with their senses, synsets and
/// members as that layer has them. Each entry keeps its own lexicon (``Lexicon/lexiconInfo(ofEntry:)``),
/// which a card records as its provenance, and the licence counts.
///
/// The layers' ids must not meet: a later layer's kept entry, sense or synset whose id an earlier
/// layer's kept one has is an error naming the later file (the cards would answer with the other
/// lexicon's element). Ids are opaque, but each lexicon prefixes its own (`omw-pl-…`, `wikt-pl-…`).
enum LayerKey {
    /// The word an entry gives: its lower-cased written form in its coarse part of speech.
    static func of(form: String, partOfSpeech: WordNetPartOfSpeech) -> String {
        form.lowercased() + "\u{1}" + partOfSpeech.coarse.rawValue
    }
}

extension Lexicon {
    /// The lexicon of `layers` in order (each cut to the same forms, or whole), described in the
    /// type's notes; the first layer itself when there is one. `files` names each layer's file,
    /// for an error.
    ///
    /// - throws: `LexiconError` naming the later file when ids meet (``LexiconProblem/idInEarlierLexicon(_:lexicon:)``).
    package static func layered(_ layers: [Lexicon], files: [String]) throws(LexiconError) -> Lexicon {
        guard let first = layers.first, layers.count > 1 else { return layers[0] }
        var entries: [LexicalEntry] = []
        var synsets: [Synset] = []
        var members: [[Member]] = []
        var words = Set<String>()
        var ids: [String: Int] = [:]
        var laterLayerOfEntry: [String: Int] = [:]
        for (layer, lexicon) in layers.enumerated() {
            let file = layer < files.count ? files[layer] : lexicon.info.idVersion
            func claim(_ id: String) throws(LexiconError) {
                if let earlier = ids[id], earlier != layer {
                    throw LexiconError(file: file, .idInEarlierLexicon(id, lexicon: layers[earlier].info.idVersion))
                }
                ids[id] = layer
            }
            let kept = layer == 0 ? lexicon.entries : lexicon.entries.filter { entry in
                !entry.senses.isEmpty && !words.contains(LayerKey.of(form: entry.writtenForm, partOfSpeech: entry.partOfSpeech))
            }
            var needed: [String] = []
            var neededSet = Set<String>()
            for var entry in kept {
                try claim(entry.id)
                for sense in entry.senses {
                    try claim(sense.id)
                    if neededSet.insert(sense.synset).inserted { needed.append(sense.synset) }
                }
                if layer > 0 {
                    laterLayerOfEntry[entry.id] = layer
                    entry.documentIndex += layer << 40
                }
                entries.append(entry)
            }
            // The first layer's synsets are all of its own (a cut keeps its entries' synsets and
            // the concepts it was asked for); a later one's, those of the entries it gives.
            let layerSynsets = layer == 0 ? lexicon.synsets : needed.compactMap { lexicon.synset(id: $0) }
            for synset in layerSynsets {
                try claim(synset.id)
                synsets.append(synset)
                members.append(lexicon.members(of: synset))
            }
            for entry in lexicon.entries where !entry.senses.isEmpty {
                words.insert(LayerKey.of(form: entry.writtenForm, partOfSpeech: entry.partOfSpeech))
            }
        }
        return Lexicon(
            info: first.info, entries: entries, synsets: synsets, members: members,
            layers: (layers.map(\.info), laterLayerOfEntry))
    }
}
