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

    /// Calls `body` with the written form of each lexicalized member of each lexicalized synset
    /// whose ILI is `ili`, in the order of ``concepts(ili:)`` (what a translation takes), without
    /// making the concepts.
    func forEachTranslationLemma(ili: String, _ body: (String) -> Void)
}

extension InterlingualLookup {
    package func forEachTranslationLemma(ili: String, _ body: (String) -> Void) {
        for concept in concepts(ili: ili) where concept.lexicalized {
            for member in concept.members where member.lexicalized { body(member.writtenForm) }
        }
    }
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

    /// The table's look-up by ILI is built here, before any thread reads it: reads then run in
    /// parallel without a lock (the dictionary's cards are made on two threads).
    init(table: TranslationTable) {
        table.prepareConcepts()
        storage = .table(table)
    }

    init(lexicon: Lexicon) { storage = .lexicon(lexicon) }

    package func concepts(ili: String) -> [Concept] {
        switch storage {
        case .table(let table): table.concepts(ili: ili)
        case .lexicon(let lexicon): lexicon.concepts(ili: ili)
        }
    }

    package func forEachTranslationLemma(ili: String, _ body: (String) -> Void) {
        switch storage {
        case .table(let table): table.forEachTranslationLemma(ili: ili, body)
        case .lexicon(let lexicon): lexicon.forEachTranslationLemma(ili: ili, body)
        }
    }
}
