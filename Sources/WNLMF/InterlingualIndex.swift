import Foundation
import VocabCore

/// A synset as a translation sees it: whether it is lexicalized, and its members.
package struct Concept: Sendable, Equatable {
    /// False for a lexical gap (`lexicalized="false"`).
    package var lexicalized: Bool
    /// Its members, in their order, resolved to their entries.
    package var members: [Member]

    /// A concept.
    package init(lexicalized: Bool, members: [Member]) {
        self.lexicalized = lexicalized
        self.members = members
    }
}

/// What a translation needs of a target lexicon: the synsets of an ILI, as concepts.
/// ``Lexicon`` answers from Swift values, ``InterlingualIndex`` from the reader's compact table.
package protocol InterlingualLookup: Sendable {
    /// The synsets whose ILI is `ili`, in document order (none for no real ILI).
    func concepts(ili: String) -> [Concept]
}

extension Lexicon: InterlingualLookup {
    package func concepts(ili: String) -> [Concept] {
        synsets(ili: ili).map { Concept(lexicalized: $0.lexicalized, members: members(of: $0)) }
    }
}

/// Every synset of a translation lexicon that has a real ILI, with its members, kept as the
/// scan stored them (``TranslationScan/index()``): for a consumer that looks up the concepts of
/// a whole source lexicon (the dictionary), which as Swift values would cost several times the
/// memory. It answers as ``TranslationScan/lexicon(interlingualIds:)`` would for any ILIs.
///
/// Safe to read from several threads.
package final class InterlingualIndex: InterlingualLookup, @unchecked Sendable {
    private enum Storage {
        case table(TranslationTable)
        case lexicon(Lexicon)
    }

    private let storage: Storage
    private let lock = NSLock()

    init(table: TranslationTable) { storage = .table(table) }
    init(lexicon: Lexicon) { storage = .lexicon(lexicon) }

    package func concepts(ili: String) -> [Concept] {
        switch storage {
        case .table(let table):
            // Only the look-up's one-time construction needs the lock; reads then run in parallel
            // (the dictionary's cards are made on two threads).
            lock.withLock { table.prepareConcepts() }
            return table.concepts(ili: ili)
        case .lexicon(let lexicon):
            return lexicon.concepts(ili: ili)
        }
    }
}
