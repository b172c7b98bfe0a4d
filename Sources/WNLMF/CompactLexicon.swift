import Foundation
import VocabCore

/// What a card needs of the lexicon its entry comes from: its identity, its synsets by id and
/// their members. ``Lexicon`` answers from Swift values, ``CompactLexicon`` from the reader's
/// compact store; both give the same answers for the same file.
package protocol SynsetLookup {
    /// The `<Lexicon>` element's attributes.
    var info: LexiconInfo { get }
    /// The synset `id` (the first, if it is defined twice), or nil.
    func synset(id: String) -> Synset?
    /// The members of `synset`, in their order, resolved to their entries.
    func members(of synset: Synset) -> [Member]
    /// Whether the synset `id` exists and its real ILI (``Synset/interlingualId``): what
    /// `synset(id:)` gives of it, without making the synset (the sense ranking asks it of every
    /// sense of every entry).
    func interlingualId(ofSynset id: String) -> (exists: Bool, ili: String?)
    /// The `<Lexicon>` the entry `id` comes from: ``info``, unless the lexicon is layered
    /// (``Lexicon/layered(_:files:)``) and the entry a later layer's. A card records it.
    func lexiconInfo(ofEntry id: String) -> LexiconInfo
}

extension SynsetLookup {
    package func interlingualId(ofSynset id: String) -> (exists: Bool, ili: String?) {
        guard let synset = synset(id: id) else { return (false, nil) }
        return (true, synset.interlingualId)
    }
}

extension Lexicon: SynsetLookup {
    package func interlingualId(ofSynset id: String) -> (exists: Bool, ili: String?) {
        if let storeSynsets { return storeSynsets.interlingualId(ofSynset: id) }
        guard let synset = synset(id: id) else { return (false, nil) }
        return (true, synset.interlingualId)
    }
}

/// A whole lexicon kept as the reader stores it while parsing: strings in one arena, ids
/// interned, records in flat arrays. It is a fraction of the size of the same lexicon as Swift
/// values (``Lexicon``), so a consumer that needs every entry once (the dictionary) reads
/// them one at a time from here, and a consumer that needs the entries of some words gets a
/// ``Lexicon`` of just those (``lexicon(entryForms:)``), as a read keeping
/// ``LexiconKeep/lexicon(entryForms:text:)`` would give.
///
/// Layered (``layered(_:files:)``), it is several lexicons read whole, the entries of a later one
/// kept only where no earlier one has their word (as ``Lexicon/layered(_:files:)`` keeps them),
/// answered from each one's own store.
///
/// Several threads may read it at once (the dictionary's cards are made on two): its synsets are
/// answered as a cut's are (``StoreSynsets``), whose one lazy index is built under a lock.
package final class CompactLexicon: SynsetLookup, @unchecked Sendable {
    /// One lexicon's store, its synsets, and the positions of its entries kept.
    struct Part {
        var info: LexiconInfo
        var store: LexiconStore
        var synsets: StoreSynsets
    }

    /// The `<Lexicon>` element's attributes and the file's WN-LMF version (the first layer's).
    package let info: LexiconInfo
    private let parts: [Part]
    /// For a layered lexicon, each kept entry's part and its position in that part's
    /// `keptEntries`; nil for one lexicon (the entries are its own, in order).
    private let layout: [(part: Int32, index: Int32)]?
    /// The layer of each entry of a later layer, by entry id.
    private let laterLayerOfEntry: [String: Int]

    init(info: LexiconInfo, store: LexiconStore) {
        store.resolveMemberNames()
        store.trimAfterChecks(keepingSynsetLookup: true)
        self.info = info
        parts = [Part(info: info, store: store, synsets: StoreSynsets(store: store, kept: nil))]
        layout = nil
        laterLayerOfEntry = [:]
    }

    private init(parts: [Part], layout: [(part: Int32, index: Int32)], laterLayerOfEntry: [String: Int]) {
        info = parts[0].info
        self.parts = parts
        self.layout = layout
        self.laterLayerOfEntry = laterLayerOfEntry
    }

    /// Where the `index`th entry is: its part and its kept record.
    private func locate(_ index: Int) -> (part: Part, kept: KeptEntry) {
        guard let layout else { return (parts[0], parts[0].store.keptEntries[index]) }
        let (part, position) = layout[index]
        return (parts[Int(part)], parts[Int(part)].store.keptEntries[Int(position)])
    }

    /// The number of entries, in document order (a later layer's after the first's).
    package var entryCount: Int { layout?.count ?? parts[0].store.keptEntries.count }

    /// The `index`th entry (from 0, in document order), with its senses.
    package func entry(at index: Int) -> LexicalEntry {
        let (part, kept) = locate(index)
        var entry = part.store.entry(kept)
        if let layer = layout?[index].part, layer > 0 { entry.documentIndex += Int(layer) << 40 }
        return entry
    }

    /// The written form of the `index`th entry.
    package func writtenForm(at index: Int) -> String {
        let (part, kept) = locate(index)
        return part.store.arena.string(part.store.entries[Int(kept.index)].form)
    }

    /// The written forms of the `index`th entry's `Form`s, in document order (its inflected forms).
    package func wordForms(at index: Int) -> [String] {
        let (part, kept) = locate(index)
        return part.store.wordForms(of: kept.index).map(part.store.arena.string)
    }

    /// The id of the `index`th entry.
    package func entryId(at index: Int) -> String {
        let (part, kept) = locate(index)
        return part.store.entryIds.string(kept.index)
    }

    /// The part of speech of the `index`th entry, as written.
    package func partOfSpeech(at index: Int) -> WordNetPartOfSpeech {
        let (part, kept) = locate(index)
        return WordNetPartOfSpeech(rawValue: kept.partOfSpeech.isAbsent ? "" : part.store.arena.string(kept.partOfSpeech))
    }

    /// The number of senses of the `index`th entry.
    package func senseCount(at index: Int) -> Int {
        let (part, kept) = locate(index)
        return Int(part.store.entries[Int(kept.index)].senseCount)
    }

    /// The lexicon the entry `id` comes from (a later layer's, or ``info``).
    package func lexiconInfo(ofEntry id: String) -> LexiconInfo { laterLayerOfEntry[id].map { parts[$0].info } ?? info }

    /// The part whose synset `id` is (the first that has it).
    private func part(ofSynset id: String) -> Part? {
        parts.count == 1 ? parts[0] : parts.first { $0.synsets.interlingualId(ofSynset: id).exists }
    }

    package func synset(id: String) -> Synset? { part(ofSynset: id)?.synsets.synset(id: id) }

    package func members(of synset: Synset) -> [Member] { part(ofSynset: synset.id)?.synsets.members(ofSynsetId: synset.id) ?? [] }

    package func interlingualId(ofSynset id: String) -> (exists: Bool, ili: String?) {
        part(ofSynset: id)?.synsets.interlingualId(ofSynset: id) ?? (false, nil)
    }

    /// Whether a synset has the ILI `ili` (a real one: not empty, not `in`), in any layer.
    package func hasSynset(ili: String) -> Bool {
        guard Synset.interlingualId(fromILI: ili) != nil else { return false }
        var ili = ili
        return ili.withUTF8 { wanted in
            parts.contains { part in
                part.store.synsets.contains { record in
                    !record.ili.isAbsent && part.store.arena.buffer(record.ili).elementsEqual(wanted)
                }
            }
        }
    }

    /// Every synset with a real ILI, for look-ups as a translation lexicon: what a read keeping
    /// ``LexiconKeep/concepts`` of the same file gives (``TranslationScan/index()``), without
    /// reading it again (of the first layer: the file a translation names).
    package func interlingualIndex() -> InterlingualIndex {
        InterlingualIndex(table: TranslationTable(parts[0].store, sharingBytes: true))
    }

    /// The entries whose written form is one of `entryForms` (ignoring case), with their senses'
    /// synsets: the lexicon a read keeping ``LexiconKeep/lexicon(entryForms:text:)`` gives (of
    /// each layer, layered as ``Lexicon/layered(_:files:)`` layers them).
    package func lexicon(entryForms: FormSet) -> Lexicon {
        let cuts = parts.map { $0.store.cut(forms: entryForms, info: $0.info) }
        // The layers' ids were checked when they were layered: a cut keeps fewer of them.
        return (try? Lexicon.layered(cuts, files: [])) ?? cuts[0]
    }

    /// The lexicon of `layers` in order (each read whole), the entries of a later one kept only
    /// where no earlier one has their word (``Lexicon/layered(_:files:)``); the first itself when
    /// there is one. `files` names each layer's file, for an error.
    ///
    /// - throws: `LexiconError` naming the later file when a kept entry's, sense's or synset's
    ///   id is an earlier layer's.
    package static func layered(_ layers: [CompactLexicon], files: [String]) throws(LexiconError) -> CompactLexicon {
        guard layers.count > 1 else { return layers[0] }
        let parts = layers.map { $0.parts[0] }
        var layout: [(part: Int32, index: Int32)] = []
        var words = Set<String>()
        var entryIds = Set<String>()
        var laterLayerOfEntry: [String: Int] = [:]
        for (layer, lexicon) in layers.enumerated() {
            var own = Set<String>()
            let file = layer < files.count ? files[layer] : lexicon.info.idVersion
            for index in 0..<lexicon.entryCount where layer == 0 || lexicon.senseCount(at: index) > 0 {
                let word = LayerKey.of(form: lexicon.writtenForm(at: index), partOfSpeech: lexicon.partOfSpeech(at: index))
                if lexicon.senseCount(at: index) > 0 { own.insert(word) }
                guard layer == 0 || !words.contains(word) else { continue }
                let id = lexicon.entryId(at: index)
                if layer > 0 {
                    // Its id, or a sense's synset, an earlier layer's: they would answer for each other.
                    let clash = entryIds.contains(id) ? id : lexicon.entry(at: index).senses.map(\.synset).first { synset in
                        layers.prefix(layer).contains { $0.interlingualId(ofSynset: synset).exists }
                    }
                    if let clash {
                        let earlier = layers.prefix(layer).first { $0.interlingualId(ofSynset: clash).exists } ?? layers[0]
                        throw LexiconError(file: file, .idInEarlierLexicon(clash, lexicon: earlier.info.idVersion))
                    }
                    laterLayerOfEntry[id] = layer
                }
                layout.append((Int32(layer), Int32(index)))
            }
            for index in 0..<lexicon.entryCount { entryIds.insert(lexicon.entryId(at: index)) }
            words.formUnion(own)
        }
        return CompactLexicon(parts: parts, layout: layout, laterLayerOfEntry: laterLayerOfEntry)
    }
}
