import Foundation

/// Where a sense sits: its entry's index and its index within that entry's (ordered) senses.
struct SenseLocation: Sendable {
    var entry: Int32
    var sense: Int32
}

/// One loaded lexicon. Immutable after loading; the look-up indexes that are not needed
/// while loading are built on first use, under a lock.
package final class Lexicon: @unchecked Sendable {
    /// The `<Lexicon>` element's attributes and the file's WN-LMF version.
    package let info: LexiconInfo
    /// Document order.
    package let entries: [LexicalEntry]
    /// Document order. A lexicon cut from a reader's store makes them on the first request
    /// (see ``StoreSynsets``).
    package var synsets: [Synset] { storeSynsets?.synsets() ?? madeSynsets }
    private let madeSynsets: [Synset]
    /// Where a lexicon cut from a reader's store answers its synsets from; nil when they are values.
    let storeSynsets: StoreSynsets?

    private let entryIndexById: [String: Int]
    private let synsetIndexById: [String: Int]
    private let senseLocationById: [String: SenseLocation]

    /// The members of each synset, resolved while loading (a lexicon loaded with a filter keeps
    /// only some entries, so the members are resolved before the others are dropped).
    private let resolvedMembers: [[Member]]?

    /// The lexicons a layered lexicon was made of, in order (``layered(_:files:)``); empty for one
    /// lexicon. The first one's is ``info``.
    package let layerInfos: [LexiconInfo]
    /// The layer of each entry of a later layer, by entry id (the first layer's are not listed).
    private let laterLayerOfEntry: [String: Int]

    private let lock = NSLock()
    private var iliIndex: [String: [Int]]?
    private var formIndex: [String: [Int]]?
    private var inflectedFormIndex: [String: [Int]]?
    private var synsetEntriesIndex: [String: [Int]]?

    init(
        info: LexiconInfo, entries: [LexicalEntry], synsets: [Synset],
        entryIndexById: [String: Int], synsetIndexById: [String: Int],
        senseLocationById: [String: SenseLocation], members: [[Member]]? = nil, storeSynsets: StoreSynsets? = nil,
        layers: (infos: [LexiconInfo], ofEntry: [String: Int]) = ([], [:])
    ) {
        self.resolvedMembers = members
        self.layerInfos = layers.infos
        self.laterLayerOfEntry = layers.ofEntry
        self.info = info
        self.entries = entries
        self.madeSynsets = synsets
        self.storeSynsets = storeSynsets
        self.entryIndexById = entryIndexById
        self.synsetIndexById = synsetIndexById
        self.senseLocationById = senseLocationById
    }

    /// A lexicon built in memory (for tests and tools); no validation is done. When ids repeat,
    /// look-ups find the first occurrence.
    package convenience init(info: LexiconInfo, entries: [LexicalEntry], synsets: [Synset]) {
        self.init(info: info, entries: entries, synsets: synsets, members: nil)
    }

    /// A lexicon whose synsets' members were resolved while loading (`members[i]` for `synsets[i]`);
    /// `layers`, the lexicons it was layered from and the layer of each later layer's entry.
    convenience init(
        info: LexiconInfo, entries: [LexicalEntry], synsets: [Synset], members: [[Member]]?,
        layers: (infos: [LexiconInfo], ofEntry: [String: Int]) = ([], [:])
    ) {
        self.init(info: info, entries: entries, synsets: synsets, members: members, storeSynsets: nil, layers: layers)
    }

    /// A lexicon whose synsets `storeSynsets` answers (a cut of a reader's store).
    convenience init(info: LexiconInfo, entries: [LexicalEntry], storeSynsets: StoreSynsets) {
        self.init(info: info, entries: entries, synsets: [], members: nil, storeSynsets: storeSynsets)
    }

    private convenience init(
        info: LexiconInfo, entries: [LexicalEntry], synsets: [Synset], members: [[Member]]?, storeSynsets: StoreSynsets?,
        layers: (infos: [LexiconInfo], ofEntry: [String: Int]) = ([], [:])
    ) {
        var entryIndexById: [String: Int] = [:]
        var senseLocationById: [String: SenseLocation] = [:]
        for (i, entry) in entries.enumerated() {
            if entryIndexById[entry.id] == nil { entryIndexById[entry.id] = i }
            for (j, sense) in entry.senses.enumerated() where senseLocationById[sense.id] == nil {
                senseLocationById[sense.id] = SenseLocation(entry: Int32(i), sense: Int32(j))
            }
        }
        var synsetIndexById: [String: Int] = [:]
        for (i, synset) in synsets.enumerated() where synsetIndexById[synset.id] == nil {
            synsetIndexById[synset.id] = i
        }
        self.init(
            info: info, entries: entries, synsets: synsets, entryIndexById: entryIndexById,
            synsetIndexById: synsetIndexById, senseLocationById: senseLocationById, members: members,
            storeSynsets: storeSynsets, layers: layers)
    }

    /// The `<Lexicon>` an entry comes from: a later layer's for one of its entries (``layered(_:files:)``),
    /// else ``info``.
    package func lexiconInfo(ofEntry id: String) -> LexiconInfo {
        laterLayerOfEntry[id].map { layerInfos[$0] } ?? info
    }

    /// The synset with this id, or nil (the first one when ids repeat in a lexicon built in memory).
    package func synset(id: String) -> Synset? {
        if let storeSynsets { return storeSynsets.synset(id: id) }
        return synsetIndexById[id].map { madeSynsets[$0] }
    }

    /// The entry with this id, or nil (the first one when ids repeat in a lexicon built in memory).
    package func entry(id: String) -> LexicalEntry? {
        entryIndexById[id].map { entries[$0] }
    }

    /// The sense with this id and the entry holding it.
    package func sense(id: String) -> (entry: LexicalEntry, sense: Sense)? {
        guard let loc = senseLocationById[id] else { return nil }
        let entry = entries[Int(loc.entry)]
        return (entry, entry.senses[Int(loc.sense)])
    }

    /// Synsets whose `ili` is this interlingual id, in document order. `in` and `""` never match.
    package func synsets(ili: String) -> [Synset] {
        guard Synset.interlingualId(fromILI: ili) != nil else { return [] }
        let index = lazyIndex(\.iliIndex) {
            var index: [String: [Int]] = [:]
            for (i, synset) in synsets.enumerated() {
                if let ili = synset.interlingualId { index[ili, default: []].append(i) }
            }
            return index
        }
        let all = synsets
        return (index[ili] ?? []).map { all[$0] }
    }

    /// Entries whose `writtenForm.lowercased() == form.lowercased()`, in document order.
    package func entries(caseInsensitiveForm form: String) -> [LexicalEntry] {
        let index = lazyIndex(\.formIndex) { Self.formIndex(entries) }
        return (index[form.lowercased()] ?? []).map { entries[$0] }
    }

    /// Entries one of whose `Form`s is `form`, ignoring case, in document order: the entries
    /// `form` is an inflection of (`was` → be).
    package func entries(caseInsensitiveInflectedForm form: String) -> [LexicalEntry] {
        let index = lazyIndex(\.inflectedFormIndex) {
            var index: [String: [Int]] = [:]
            for (i, entry) in entries.enumerated() {
                for inflected in Set(entry.forms.map { $0.lowercased() }) { index[inflected, default: []].append(i) }
            }
            return index
        }
        return (index[form.lowercased()] ?? []).map { entries[$0] }
    }

    /// The synset's members resolved to entries, in `members` order. A member ref is an
    /// entry id (OEWN) or a sense id (OMW). Without a `members` attribute the members are the
    /// entries having a sense of this synset, in document order. Unresolvable refs are skipped.
    package func members(of synset: Synset) -> [Member] {
        if let storeSynsets, let members = storeSynsets.members(ofSynsetId: synset.id) { return members }
        if let resolvedMembers, let i = synsetIndexById[synset.id] { return resolvedMembers[i] }
        guard let refs = synset.members else {
            let index = lazyIndex(\.synsetEntriesIndex) {
                var index: [String: [Int]] = [:]
                for (i, entry) in entries.enumerated() {
                    for sense in entry.senses {
                        // One member per entry even when it has several senses in the synset.
                        if index[sense.synset]?.last != i { index[sense.synset, default: []].append(i) }
                    }
                }
                return index
            }
            return (index[synset.id] ?? []).map { member(entryIndex: $0, synsetId: synset.id) }
        }
        var result: [Member] = []
        result.reserveCapacity(refs.count)
        for ref in refs {
            if let i = entryIndexById[ref] {
                result.append(member(entryIndex: i, synsetId: synset.id))
            } else if let loc = senseLocationById[ref] {
                let entry = entries[Int(loc.entry)]
                let sense = entry.senses[Int(loc.sense)]
                result.append(Member(writtenForm: entry.writtenForm, entryId: entry.id, lexicalized: sense.lexicalized))
            }
        }
        return result
    }

    /// Entry positions by lower-cased written form, in document order.
    static func formIndex(_ entries: [LexicalEntry]) -> [String: [Int]] {
        var index: [String: [Int]] = [:]
        index.reserveCapacity(entries.count)
        for (i, entry) in entries.enumerated() {
            index[entry.writtenForm.lowercased(), default: []].append(i)
        }
        return index
    }

    private func member(entryIndex i: Int, synsetId: String) -> Member {
        let entry = entries[i]
        let sense = entry.senses.first { $0.synset == synsetId }
        return Member(writtenForm: entry.writtenForm, entryId: entry.id, lexicalized: sense?.lexicalized ?? true)
    }

    private func lazyIndex(
        _ key: ReferenceWritableKeyPath<Lexicon, [String: [Int]]?>, build: () -> [String: [Int]]
    ) -> [String: [Int]] {
        lock.lock()
        defer { lock.unlock() }
        if let index = self[keyPath: key] { return index }
        let index = build()
        self[keyPath: key] = index
        return index
    }
}
