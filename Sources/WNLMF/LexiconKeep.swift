import Foundation
import VocabCore

/// Where ``LexiconReader/read(_:displayPath:keeping:options:)`` reads a lexicon from.
package enum LexiconInput {
    /// A file (`.xml` or `.xml.gz`, told apart by content).
    case file(URL)
    /// Bytes held in memory (plain XML or gzip), decompressed by zlib like a file.
    case data(Data)

    var origin: InputOrigin {
        switch self {
        case .file(let url): .file(path: url.path)
        case .data(let data): .memory(data)
        }
    }
}

/// What ``LexiconReader/read(_:displayPath:keeping:options:)`` keeps of a lexicon, and the
/// value it gives for it. Whatever is kept, every id and every sense's synset is checked.
///
/// - ``lexicon(entryForms:text:)``: the lexicon as Swift values (``Lexicon``), whole or only
///   the entries some forms can match.
/// - ``lexiconAndConcepts(entryForms:text:)``: the same and, from the same pass, the file's
///   concepts as a translation lexicon (a source lexicon that is a target too).
/// - ``compact(text:)``: the whole lexicon kept compactly (``CompactLexicon``).
/// - ``concepts``: a translation lexicon's synsets with a real ILI (``TranslationScan``).
package struct LexiconKeep<Result> {
    /// What the parse keeps.
    let content: StoreContent
    /// The value, from the store the parse filled: with ``content``, or with everything when the
    /// document was out of order (see ``LexiconReader/read(_:displayPath:keeping:options:)``).
    let result: (LexiconStore, LexiconInfo) -> Result
}

extension LexiconKeep where Result == Lexicon {
    /// The lexicon as Swift values: every entry (`entryForms` nil), or the entries whose written
    /// form, lower-cased, is one of `entryForms`, with all their senses and those senses'
    /// synsets (members resolved); without `Definition` and `Example` text when `text` is false.
    ///
    /// The source lexicon of a build: the frequency list's lemmas are known before it is read,
    /// and the entry resolver only looks up those. Cut to some forms, its entries are values and
    /// its synsets are made from the reader's store when asked (``StoreSynsets``): the answers
    /// are the same, and the build's peak is not the store and every synset at once.
    package static func lexicon(entryForms: FormSet? = nil, text: Bool = true) -> LexiconKeep<Lexicon> {
        lexicon(entryForms: entryForms, text: text, beforeMaking: nil)
    }

    /// The store trimmed, `beforeMaking` called with it and the lexicon's attributes, then the
    /// lexicon made of it.
    private static func lexicon(
        entryForms: FormSet?, text: Bool, beforeMaking: ((LexiconStore, LexiconInfo) -> Void)?
    ) -> LexiconKeep<Lexicon> {
        LexiconKeep(content: .lexicon(entryForms, text: text, concepts: false)) { store, info in
            store.trimAfterChecks(keepingSynsetLookup: true)
            beforeMaking?(store, info)
            return store.lexiconAnsweringSynsets(info: info)
        }
    }
}

extension LexiconKeep where Result == Lexicon {
    /// What ``lexicon(entryForms:text:)`` keeps; before the lexicon is made, `prepare` is called
    /// with the real ILIs of each kept entry's first `senses` senses (at least one), the ILIs
    /// the lexicon would give, so that the caller can cut other lexicons down to them (and free
    /// what they held) before this one is made beside them.
    package static func lexicon(
        entryForms: FormSet?, text: Bool = true, interlingualIdsOfFirst senses: Int, prepare: @escaping (Set<String>) -> Void
    ) -> LexiconKeep<Lexicon> {
        lexicon(entryForms: entryForms, text: text, interlingualIdsOfFirst: { _ in senses }, prepare: prepare)
    }

    /// ``lexicon(entryForms:text:interlingualIdsOfFirst:prepare:)`` with the number of senses
    /// decided from the lexicon read (its `<Lexicon>` attributes): a lexicon whose senses are
    /// ranked through the ILI needs the concepts of all of them.
    package static func lexicon(
        entryForms: FormSet?, text: Bool = true, interlingualIdsOfFirst senses: @escaping (LexiconInfo) -> Int,
        prepare: @escaping (Set<String>) -> Void
    ) -> LexiconKeep<Lexicon> {
        lexicon(entryForms: entryForms, text: text) { store, info in prepare(store.interlingualIds(firstSenses: senses(info))) }
    }
}

extension LexiconKeep where Result == (lexicon: Lexicon, concepts: InterlingualIndex) {
    /// What ``lexicon(entryForms:text:)`` keeps and, from the same pass, every synset with a real
    /// ILI and its members, without text: what ``concepts`` then ``TranslationScan/index()``
    /// give (a source lexicon that is also a target, read once).
    package static func lexiconAndConcepts(
        entryForms: FormSet? = nil, text: Bool = true
    ) -> LexiconKeep<(lexicon: Lexicon, concepts: InterlingualIndex)> {
        LexiconKeep<(lexicon: Lexicon, concepts: InterlingualIndex)>(content: .lexicon(entryForms, text: text, concepts: true)) { store, info in
            store.resolveMemberNames()
            store.trimAfterChecks(keepingSynsetLookup: true)
            let lexicon = store.lexiconAnsweringSynsets(info: info)
            // A store of everything is no use once its Lexicon is made: the table copies its bytes.
            return (lexicon, InterlingualIndex(table: TranslationTable(store, sharingBytes: !store.keepsEverything)))
        }
    }
}

extension LexiconKeep where Result == CompactLexicon {
    /// The whole lexicon kept compactly (without `Definition` and `Example` text when `text` is
    /// false): every entry, read one at a time, or cut to the entries of some forms afterwards.
    package static func compact(text: Bool = true) -> LexiconKeep<CompactLexicon> {
        LexiconKeep(content: .everything(keepText: text)) { store, info in CompactLexicon(info: info, store: store) }
    }
}

extension LexiconKeep where Result == TranslationScan {
    /// A translation lexicon read before the interlingual ids it must answer for are known:
    /// every synset with a real ILI kept compactly with its members' lemmas, to be cut down
    /// (``TranslationScan/lexicon(interlingualIds:)``) or looked up (``TranslationScan/index()``).
    package static var concepts: LexiconKeep<TranslationScan> { concepts(forLookUpsOnly: false) }

    /// ``concepts``, to be looked up only (``TranslationScan/index()``, never cut to a
    /// ``Lexicon``): the synsets' ids, parts of speech and `members` names are not kept.
    package static var conceptsForLookUps: LexiconKeep<TranslationScan> { concepts(forLookUpsOnly: true) }

    private static func concepts(forLookUpsOnly: Bool) -> LexiconKeep<TranslationScan> {
        LexiconKeep(content: .interlingual) { store, info in
            store.resolveMemberNames()
            store.trimAfterChecks()
            return TranslationScan(info: info, table: TranslationTable(store, forLookUpsOnly: forLookUpsOnly))
        }
    }
}

extension StoreContent {
    /// What ``LexiconKeep/lexicon(entryForms:text:)`` keeps: everything, or the entries of `forms`.
    static func lexicon(_ forms: FormSet?, text: Bool, concepts: Bool) -> StoreContent {
        guard let forms else { return .everything(keepText: text) }
        return .entries(forms, keepText: text, concepts: concepts)
    }
}
