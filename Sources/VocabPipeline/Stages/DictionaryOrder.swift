import Foundation
import ReleaseFormat
import WNLMF

/// The dictionary's entries in their order (``CardColumns/dictionaryOrder(_:lemma:partOfSpeech:entryId:)``)
/// from the whole source lexicon. A build works them out on a thread
/// of its own as soon as the lexicon is read (``BuildLexicons``), while the select and join stages
/// run on another core: the dictionary stage then starts with its cards.
struct DictionaryOrder: Sendable {
    /// The positions in the compact lexicon of the entries with a sense, in the dictionary's order.
    let entries: [Int]

    init(_ lexicon: CompactLexicon) {
        // Entries are read from the compact lexicon one at a time, never all as values.
        let entries = CardColumns.dictionaryOrder(
            (0..<lexicon.entryCount).filter { lexicon.senseCount(at: $0) > 0 },
            lemma: lexicon.writtenForm(at:), partOfSpeech: { lexicon.partOfSpeech(at: $0).coarse }, entryId: lexicon.entryId(at:))
        self.entries = entries
    }
}
