import VocabCore

/// The header of one `<Lexicon>`: who made it, which version, under which license.
public struct LexiconInfo: Codable, Sendable, Equatable {
    /// The `id` attribute (`oewn`, `omw-es`), the first half of ``idVersion``.
    public var id: String
    /// The `label` attribute, the lexicon's name for people; the source's title in the manifest.
    public var label: String
    /// The `language` attribute, a BCP 47 tag (`en`, `es`).
    public var language: String
    /// The `version` attribute (`2025`), the second half of ``idVersion``.
    public var version: String
    /// The `license` attribute, usually the licence's URL; nil when absent.
    public var license: String?
    /// The `url` attribute, the project's home page; nil when absent.
    public var url: String?
    /// The `citation` attribute; the attribution a release shows when the config gives none.
    public var citation: String?
    /// The `email` attribute, the maintainers' address; nil when absent.
    public var email: String?
    /// `"1.0"` ... `"1.4"`, taken from the DOCTYPE system URL.
    public var formatVersion: String

    /// `id:version`, the usual way to name a lexicon (`oewn:2025`).
    public var idVersion: String { "\(id):\(version)" }

    /// A header from its attributes (the reader requires `id`, `label`, `language` and `version`).
    public init(
        id: String, label: String, language: String, version: String,
        license: String? = nil, url: String? = nil, citation: String? = nil, email: String? = nil,
        formatVersion: String
    ) {
        self.id = id
        self.label = label
        self.language = language
        self.version = version
        self.license = license
        self.url = url
        self.citation = citation
        self.email = email
        self.formatVersion = formatVersion
    }
}

/// One `<Sense>` of a lexical entry.
public struct Sense: Sendable, Equatable {
    /// The `id` attribute; OMW's synset `members` name senses by it.
    public var id: String
    /// The id of the synset this sense belongs to.
    public var synset: String
    /// WN-LMF 1.4 sense order (`n` attribute), when given.
    public var n: Int?
    /// False when the sense carries `lexicalized="false"` (a lexical gap).
    public var lexicalized: Bool

    /// A sense of `synset`; `n` nil when the lexicon gives no order, `lexicalized` false for a gap.
    public init(id: String, synset: String, n: Int? = nil, lexicalized: Bool = true) {
        self.id = id
        self.synset = synset
        self.n = n
        self.lexicalized = lexicalized
    }
}

/// One `<LexicalEntry>`: a lemma with its part of speech and its senses.
public struct LexicalEntry: Sendable, Equatable {
    /// The `id` attribute (`oewn-bank-n`), what a selected word records as its entry.
    public var id: String
    /// The `Lemma`'s `writtenForm`, as the lexicon spells it (`American`).
    public var writtenForm: String
    /// The WN-LMF letter of the lemma: `n`, `v`, `a`, `s`, `r`, ...
    public var partOfSpeech: WordNetPartOfSpeech
    /// In sense order: by `n` when senses carry it (stable; senses without `n` after those
    /// with it), else document order.
    public var senses: [Sense]
    /// 0-based position among the lexicon's entries.
    public var documentIndex: Int

    /// An entry; `senses` already in sense order.
    public init(id: String, writtenForm: String, partOfSpeech: WordNetPartOfSpeech, senses: [Sense], documentIndex: Int) {
        self.id = id
        self.writtenForm = writtenForm
        self.partOfSpeech = partOfSpeech
        self.senses = senses
        self.documentIndex = documentIndex
    }
}

/// One `<Synset>`.
public struct Synset: Sendable, Equatable {
    /// The `id` attribute (`oewn-08420278-n`).
    public var id: String
    /// The raw `ili` attribute: `"i123"`, `"in"`, `""`, or nil when absent.
    public var ili: String?
    /// The `partOfSpeech` attribute; nil when absent (it is optional on a synset).
    public var partOfSpeech: WordNetPartOfSpeech?
    /// The `members` attribute split on whitespace; nil when the attribute is absent (WN-LMF 1.0).
    public var members: [String]?
    /// The `Definition` texts in document order, whitespace collapsed unless `xml:space="preserve"`;
    /// empty when loaded without text (``LexiconLoadOptions/keepText``).
    public var definitions: [String]
    /// The `Example` texts, in document order, as for ``definitions``.
    public var examples: [String]
    /// False when the synset carries `lexicalized="false"`: a lexical gap, no word in this language.
    public var lexicalized: Bool
    /// `ili` when it is a real interlingual id (not nil, `""` or `"in"`).
    public var interlingualId: String? { Synset.interlingualId(fromILI: ili) }

    /// A synset.
    public init(
        id: String, ili: String? = nil, partOfSpeech: WordNetPartOfSpeech? = nil, members: [String]? = nil,
        definitions: [String] = [], examples: [String] = [], lexicalized: Bool = true
    ) {
        self.id = id
        self.ili = ili
        self.partOfSpeech = partOfSpeech
        self.members = members
        self.definitions = definitions
        self.examples = examples
        self.lexicalized = lexicalized
    }

    /// The real interlingual id in a raw `ili` value, or nil for absent, empty and `in`.
    public static func interlingualId(fromILI ili: String?) -> String? {
        guard let ili, !ili.isEmpty, ili != "in" else { return nil }
        return ili
    }
}

/// A synset member resolved to its lexical entry.
public struct Member: Sendable, Equatable {
    /// The entry's written form: the synonym or translation shown.
    public var writtenForm: String
    /// The entry's id (also when `members` named one of its senses).
    public var entryId: String
    /// False when the entry's sense for this synset has `lexicalized="false"`.
    public var lexicalized: Bool

    /// A member; `lexicalized` false when its sense in the synset is a lexical gap.
    public init(writtenForm: String, entryId: String, lexicalized: Bool = true) {
        self.writtenForm = writtenForm
        self.entryId = entryId
        self.lexicalized = lexicalized
    }
}

/// How ``LexiconReader/load(_:displayPath:options:)`` reads a file.
public struct LexiconLoadOptions: Sendable {
    /// Which `<Lexicon>` to keep when the file holds several; nil = the only one
    /// (several lexicons and nil is an error that lists their ids).
    public var lexiconId: String?
    /// Maximum number of uncompressed bytes to read.
    public var maxBytes: Int64
    /// False: skip `Definition`/`Example` text (translation lexicons do not need it).
    public var keepText: Bool
    /// When set, only the entries whose written form, lower-cased, is one of these are kept,
    /// with all their senses and those senses' synsets (members resolved); every id is
    /// still checked. nil: the whole lexicon. The source lexicon of a build: the frequency
    /// list's lemmas are known before it is read, and the entry resolver only looks up those.
    public var entryForms: FormSet?

    /// Options; by default the file's only lexicon, at most 2 GiB, text kept, everything kept.
    public init(lexiconId: String? = nil, maxBytes: Int64 = 2 << 30, keepText: Bool = true, entryForms: FormSet? = nil) {
        self.lexiconId = lexiconId
        self.maxBytes = maxBytes
        self.keepText = keepText
        self.entryForms = entryForms
    }
}
