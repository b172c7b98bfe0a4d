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
/// Several threads may read it at once (the dictionary's cards are made on two): its synsets are
/// answered as a cut's are (``StoreSynsets``), whose one lazy index is built under a lock.
package final class CompactLexicon: SynsetLookup, @unchecked Sendable {
    /// The `<Lexicon>` element's attributes and the file's WN-LMF version.
    package let info: LexiconInfo
    private let store: LexiconStore
    /// Every synset of the store, made when asked for.
    private let synsets: StoreSynsets

    init(info: LexiconInfo, store: LexiconStore) {
        self.info = info
        self.store = store
        store.resolveMemberNames()
        store.trimAfterChecks(keepingSynsetLookup: true)
        synsets = StoreSynsets(store: store, kept: nil)
    }

    /// The number of entries, in document order.
    package var entryCount: Int { store.keptEntries.count }

    /// The `index`th entry (from 0, in document order), with its senses.
    package func entry(at index: Int) -> LexicalEntry { store.entry(store.keptEntries[index]) }

    /// The written form of the `index`th entry.
    package func writtenForm(at index: Int) -> String {
        store.arena.string(store.entries[Int(store.keptEntries[index].index)].form)
    }

    /// The written forms of the `index`th entry's `Form`s, in document order (its inflected forms).
    package func wordForms(at index: Int) -> [String] {
        store.wordForms(of: store.keptEntries[index].index).map(store.arena.string)
    }

    /// The id of the `index`th entry.
    package func entryId(at index: Int) -> String { store.entryIds.string(store.keptEntries[index].index) }

    /// The part of speech of the `index`th entry, as written.
    package func partOfSpeech(at index: Int) -> WordNetPartOfSpeech {
        let span = store.keptEntries[index].partOfSpeech
        return WordNetPartOfSpeech(rawValue: span.isAbsent ? "" : store.arena.string(span))
    }

    /// The number of senses of the `index`th entry.
    package func senseCount(at index: Int) -> Int { Int(store.entries[Int(store.keptEntries[index].index)].senseCount) }

    package func synset(id: String) -> Synset? { synsets.synset(id: id) }

    package func members(of synset: Synset) -> [Member] { synsets.members(ofSynsetId: synset.id) ?? [] }

    package func interlingualId(ofSynset id: String) -> (exists: Bool, ili: String?) { synsets.interlingualId(ofSynset: id) }

    /// Whether a synset has the ILI `ili` (a real one: not empty, not `in`).
    package func hasSynset(ili: String) -> Bool {
        guard Synset.interlingualId(fromILI: ili) != nil else { return false }
        var ili = ili
        return ili.withUTF8 { wanted in
            store.synsets.contains { record in
                !record.ili.isAbsent && store.arena.buffer(record.ili).elementsEqual(wanted)
            }
        }
    }

    /// Every synset with a real ILI, for look-ups as a translation lexicon: what a read keeping
    /// ``LexiconKeep/concepts`` of the same file gives (``TranslationScan/index()``), without
    /// reading it again.
    package func interlingualIndex() -> InterlingualIndex { InterlingualIndex(table: TranslationTable(store, sharingBytes: true)) }

    /// The entries whose written form is one of `entryForms` (ignoring case), with their senses'
    /// synsets: the lexicon a read keeping ``LexiconKeep/lexicon(entryForms:text:)`` gives.
    package func lexicon(entryForms: FormSet) -> Lexicon { store.cut(forms: entryForms, info: info) }
}
