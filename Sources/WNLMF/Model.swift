import VocabCore

/// The header of one `<Lexicon>`: who made it, which version, under which license.
public struct LexiconInfo: Codable, Sendable, Equatable {
    public var id: String
    public var label: String
    public var language: String
    public var version: String
    public var license: String?
    public var url: String?
    public var citation: String?
    public var email: String?
    /// `"1.0"` ... `"1.4"`, taken from the DOCTYPE system URL.
    public var formatVersion: String

    /// `id:version`, the usual way to name a lexicon (`oewn:2025`).
    public var idVersion: String { "\(id):\(version)" }

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
    public var id: String
    /// The id of the synset this sense belongs to.
    public var synset: String
    /// WN-LMF 1.4 sense order (`n` attribute), when given.
    public var n: Int?
    /// False when the sense carries `lexicalized="false"` (a lexical gap).
    public var lexicalized: Bool

    public init(id: String, synset: String, n: Int? = nil, lexicalized: Bool = true) {
        self.id = id
        self.synset = synset
        self.n = n
        self.lexicalized = lexicalized
    }
}

/// One `<LexicalEntry>`: a lemma with its part of speech and its senses.
public struct LexicalEntry: Sendable, Equatable {
    public var id: String
    public var writtenForm: String
    /// The WN-LMF letter of the lemma: `n`, `v`, `a`, `s`, `r`, ...
    public var partOfSpeech: WordNetPartOfSpeech
    /// In sense order: by `n` when senses carry it (stable; senses without `n` after those
    /// with it), else document order.
    public var senses: [Sense]
    /// 0-based position among the lexicon's entries.
    public var documentIndex: Int

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
    public var id: String
    /// The raw `ili` attribute: `"i123"`, `"in"`, `""`, or nil when absent.
    public var ili: String?
    public var partOfSpeech: WordNetPartOfSpeech?
    /// The `members` attribute split on whitespace; nil when the attribute is absent (WN-LMF 1.0).
    public var members: [String]?
    public var definitions: [String]
    public var examples: [String]
    public var lexicalized: Bool
    /// `ili` when it is a real interlingual id (not nil, `""` or `"in"`).
    public var interlingualId: String?

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
        self.interlingualId = Synset.interlingualId(fromILI: ili)
    }

    /// The real interlingual id in a raw `ili` value, or nil for absent, empty and `in`.
    public static func interlingualId(fromILI ili: String?) -> String? {
        guard let ili, !ili.isEmpty, ili != "in" else { return nil }
        return ili
    }
}

/// A synset member resolved to its lexical entry.
public struct Member: Sendable, Equatable {
    public var writtenForm: String
    public var entryId: String
    /// False when the entry's sense for this synset has `lexicalized="false"`.
    public var lexicalized: Bool

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
    /// True: build the index by lower-cased written form while loading (the source lexicon,
    /// whose entries are looked up by lemma), instead of on first use.
    public var indexForms: Bool

    public init(lexiconId: String? = nil, maxBytes: Int64 = 2 << 30, keepText: Bool = true, indexForms: Bool = false) {
        self.lexiconId = lexiconId
        self.maxBytes = maxBytes
        self.keepText = keepText
        self.indexForms = indexForms
    }
}
