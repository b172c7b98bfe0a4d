import VocabCore

/// The header of one `<Lexicon>`: who made it, which version, under which license.
package struct LexiconInfo: Codable, Sendable, Equatable {
    /// The `id` attribute (`oewn`, `omw-es`), the first half of ``idVersion``.
    package var id: String
    /// The `label` attribute, the lexicon's name for people; the source's title in the manifest.
    package var label: String
    /// The `language` attribute, a BCP 47 tag (`en`, `es`).
    package var language: String
    /// The `version` attribute (`2025`), the second half of ``idVersion``.
    package var version: String
    /// The `license` attribute, usually the licence's URL; nil when absent.
    package var license: String?
    /// The `url` attribute, the project's home page; nil when absent.
    package var url: String?
    /// The `citation` attribute; the attribution a release shows when the config gives none.
    package var citation: String?
    /// The `email` attribute, the maintainers' address; nil when absent.
    package var email: String?
    /// `"1.0"` ... `"1.4"`, taken from the DOCTYPE system URL.
    package var formatVersion: String

    /// `id:version`, the usual way to name a lexicon (`oewn:2025`).
    package var idVersion: String { "\(id):\(version)" }
}

/// One `<Sense>` of a lexical entry.
package struct Sense: Sendable, Equatable {
    /// The `id` attribute; OMW's synset `members` name senses by it.
    package var id: String
    /// The id of the synset this sense belongs to.
    package var synset: String
    /// WN-LMF 1.4 sense order (`n` attribute), when given.
    package var n: Int?
    /// False when the sense carries `lexicalized="false"` (a lexical gap).
    package var lexicalized = true
}

/// One `<LexicalEntry>`: a lemma with its part of speech and its senses.
package struct LexicalEntry: Sendable, Equatable {
    /// The `id` attribute (`oewn-bank-n`), what a selected word records as its entry.
    package var id: String
    /// The `Lemma`'s `writtenForm`, as the lexicon spells it (`American`).
    package var writtenForm: String
    /// The WN-LMF letter of the lemma: `n`, `v`, `a`, `s`, `r`, ...
    package var partOfSpeech: WordNetPartOfSpeech
    /// In sense order: by `n` when senses carry it (stable; senses without `n` after those
    /// with it), else document order.
    package var senses: [Sense]
    /// 0-based position among the lexicon's entries.
    package var documentIndex: Int
    /// The `Lemma`'s `Pronunciation`s in document order (IPA text, `variety`, `audio`); empty when
    /// read without text (``LexiconKeep/lexicon(entryForms:text:)``'s `text`).
    package var pronunciations: [Pronunciation] = []
    /// The written forms of its `Form`s, in document order: inflected forms the lexicon lists
    /// (OEWN: `was`, `were`, `been` of be; `abaci` of abacus).
    package var forms: [String] = []
}

/// One `<Synset>`.
package struct Synset: Sendable, Equatable {
    /// The `id` attribute (`oewn-08420278-n`).
    package var id: String
    /// The raw `ili` attribute: `"i123"`, `"in"`, `""`, or nil when absent.
    package var ili: String?
    /// The `partOfSpeech` attribute; nil when absent (it is optional on a synset).
    package var partOfSpeech: WordNetPartOfSpeech?
    /// The `members` attribute split on whitespace; nil when the attribute is absent (WN-LMF 1.0).
    package var members: [String]?
    /// The `Definition` texts in document order, whitespace collapsed unless `xml:space="preserve"`;
    /// empty when read without text (``LexiconKeep/lexicon(entryForms:text:)``'s `text`).
    package var definitions: [String] = []
    /// The `Example` texts, in document order, as for ``definitions``.
    package var examples: [String] = []
    /// False when the synset carries `lexicalized="false"`: a lexical gap, no word in this language.
    package var lexicalized = true
    /// `ili` when it is a real interlingual id (not nil, `""` or `"in"`).
    package var interlingualId: String? { Synset.interlingualId(fromILI: ili) }

    /// The real interlingual id in a raw `ili` value, or nil for absent, empty and `in`.
    package static func interlingualId(fromILI ili: String?) -> String? {
        guard let ili, !ili.isEmpty, ili != "in" else { return nil }
        return ili
    }
}

/// A synset member resolved to its lexical entry.
package struct Member: Sendable, Equatable {
    /// The entry's written form: the synonym or translation shown.
    package var writtenForm: String
    /// The entry's id (also when `members` named one of its senses).
    package var entryId: String
    /// False when the entry's sense for this synset has `lexicalized="false"`.
    package var lexicalized = true
}

/// Which lexicon of a file ``LexiconReader/read(_:displayPath:keeping:options:)`` reads, and
/// how much of the file it reads at most (what it keeps of the lexicon is a ``LexiconKeep``).
package struct LexiconLoadOptions: Sendable {
    /// Which `<Lexicon>` to keep when the file holds several; nil = the only one
    /// (several lexicons and nil is an error that lists their ids).
    package var lexiconId: String?
    /// Maximum number of uncompressed bytes to read.
    package var maxBytes: Int64

    /// Options; by default the file's only lexicon, at most 2 GiB.
    package init(lexiconId: String? = nil, maxBytes: Int64 = 2 << 30) {
        self.lexiconId = lexiconId
        self.maxBytes = maxBytes
    }
}
