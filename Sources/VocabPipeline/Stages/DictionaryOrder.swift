import Foundation
import ReleaseFormat
import WNLMF

/// The dictionary's entries in their order (``CardColumns/dictionaryOrder(_:lemma:partOfSpeech:entryId:)``)
/// with their inflected forms, from the whole source lexicon. A build works them out on a thread
/// of its own as soon as the lexicon is read (``BuildLexicons``), while the select and join stages
/// run on another core: the dictionary stage then starts with its cards.
struct DictionaryOrder: Sendable {
    /// The positions in the compact lexicon of the entries with a sense, in the dictionary's order.
    let entries: [Int]
    /// Their inflected forms (`was` → be), by entry id: the last steps run without the lexicons.
    let forms: DictionaryWriting.Forms

    init(_ lexicon: CompactLexicon) {
        // Entries are read from the compact lexicon one at a time, never all as values.
        let entries = CardColumns.dictionaryOrder(
            (0..<lexicon.entryCount).filter { lexicon.senseCount(at: $0) > 0 },
            lemma: lexicon.writtenForm(at:), partOfSpeech: { lexicon.partOfSpeech(at: $0).coarse }, entryId: lexicon.entryId(at:))
        self.entries = entries
        forms = DictionaryWriting.Forms(entries.indices.compactMap { position in
            let forms = lexicon.wordForms(at: entries[position])
            return forms.isEmpty ? nil : (position + 1, lexicon.writtenForm(at: entries[position]), forms)
        })
    }
}
