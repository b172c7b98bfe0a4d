import Foundation
import VocabCore

/// What a translation needs of a target lexicon: its synsets of an ILI and their members.
/// ``Lexicon`` answers from Swift values, ``InterlingualIndex`` from the reader's compact table.
public protocol InterlingualLookup: Sendable {
    /// The synsets whose ILI is `ili`, in document order (none for no real ILI).
    func synsets(ili: String) -> [Synset]
    /// The members of `synset`, in their order, resolved to their entries.
    func members(of synset: Synset) -> [Member]
}

extension Lexicon: InterlingualLookup {}

/// Every synset of a translation lexicon that has a real ILI, with its members, kept as the
/// scan stored them (``TranslationScan/index()``): for a consumer that looks up the concepts of
/// a whole source lexicon (the dictionary), which as Swift values would cost several times the
/// memory. It answers as ``TranslationScan/lexicon(interlingualIds:)`` would for any ILIs.
///
/// Safe to read from several threads.
public final class InterlingualIndex: InterlingualLookup, @unchecked Sendable {
    private enum Storage {
        case table(TranslationTable)
        case lexicon(Lexicon)
    }

    private let storage: Storage
    private let lock = NSLock()

    init(table: TranslationTable) { storage = .table(table) }
    init(lexicon: Lexicon) { storage = .lexicon(lexicon) }

    public func synsets(ili: String) -> [Synset] {
        switch storage {
        case .table(let table):
            lock.lock()
            defer { lock.unlock() }
            return table.synsets(ili: ili)
        case .lexicon(let lexicon):
            return lexicon.synsets(ili: ili)
        }
    }

    public func members(of synset: Synset) -> [Member] {
        switch storage {
        case .table(let table):
            lock.lock()
            defer { lock.unlock() }
            return table.members(of: synset)
        case .lexicon(let lexicon):
            return lexicon.members(of: synset)
        }
    }
}
