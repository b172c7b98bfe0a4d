import Foundation

/// The synsets of a ``Lexicon`` cut from a reader's store, answered from the store when asked
/// instead of made as Swift values up front; also every synset of a ``CompactLexicon``.
///
/// A cut of OEWN for a list of a few thousand lemmas has tens of thousands of synsets, as
/// values about 13 MB with their members and index; a build asks for a few thousand of them.
/// The store is kept (trimmed, ``LexiconStore/trimAfterChecks(keepingSynsetLookup:)``) and
/// each synset is made when asked for, exactly as the cut would have made it.
final class StoreSynsets: @unchecked Sendable {
    private let store: LexiconStore
    /// Per synset id handle, whether the cut has it; nil: every synset with a record.
    private let kept: [Bool]?
    private let lock = NSLock()
    /// Per synset without a `members` attribute, the entries with a sense in it (built once, if needed).
    private var entriesBySynset: [Int32: [Int32]]?
    /// Every synset of the cut as values, made on the first request for all of them.
    private var all: [Synset]?

    init(store: LexiconStore, kept: [Bool]?) {
        self.store = store
        self.kept = kept
    }

    private func record(id: String) -> SynsetRecord? {
        guard let record = store.synsetRecord(id: id) else { return nil }
        if let kept, !kept[Int(record.id)] { return nil }
        return record
    }

    /// The synset `id`, if the cut has it.
    func synset(id: String) -> Synset? { record(id: id).map { store.synset($0) } }

    /// Whether the cut has the synset `id`, and its real ILI, without making the synset.
    func interlingualId(ofSynset id: String) -> (exists: Bool, ili: String?) {
        guard let record = record(id: id) else { return (false, nil) }
        guard store.isInterlingual(record) else { return (true, nil) }
        return (true, store.arena.string(record.ili))
    }

    /// The members of the synset `id`, resolved to their entries; nil when the cut has no such synset.
    func members(ofSynsetId id: String) -> [Member]? {
        guard let record = record(id: id) else { return nil }
        guard record.memberCount < 0 else {
            var unused: [Int32: [Int32]]?
            return store.members(record, entriesBySynset: &unused)
        }
        return lock.withLock { store.members(record, entriesBySynset: &entriesBySynset) }
    }

    /// Every synset of the cut, in document order.
    func synsets() -> [Synset] {
        lock.withLock {
            if let all { return all }
            let made = store.synsets.filter { kept?[Int($0.id)] ?? true }.map { store.synset($0) }
            all = made
            return made
        }
    }
}
