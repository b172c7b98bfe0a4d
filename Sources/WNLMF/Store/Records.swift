/// A `LexicalEntry` as the loader keeps it: 16 bytes, no Swift object. Its id is the handle
/// of the same number in ``LexiconStore/entryIds`` (ids are interned in entry order; a repeated
/// id is an error, found before anything relies on that).
struct EntryRecord {
    /// The `Lemma`'s `writtenForm`.
    var form: Span
    /// The entry's first sense in ``LexiconStore/senses`` (its senses follow, in sense order).
    var firstSense: Int32
    var senseCount: Int32
}

/// An entry kept whole, with its `Lemma`'s `partOfSpeech`.
struct KeptEntry {
    var index: Int32
    var partOfSpeech: Span
}

/// A `Sense`: its entry and its synset (a handle of ``LexiconStore/synsetIds``). Its id is the
/// handle of the same number in ``LexiconStore/senseIds`` (interned in sense order).
struct SenseRecord {
    var entry: Int32
    var synset: Int32
    var line: Int32
    var lexicalized: Bool
}

/// A `Synset` whose content is kept (the others are only an id, for the checks).
struct SynsetRecord {
    /// Its id, a handle of ``LexiconStore/synsetIds``.
    var id: Int32
    var ili: Span
    var partOfSpeech: Span
    /// Its members in ``LexiconStore/members`` (`memberCount` -1: no `members` attribute).
    var firstMember: Int32
    var memberCount: Int32
    /// Its texts in ``LexiconStore/texts``.
    var firstText: Int32
    var textCount: Int32
    var lexicalized: Bool
}

/// A member reference resolved while parsing: an entry (>= 0), a sense (`-1 - index`), or a
/// name that resolves to nothing (`Int32.min + k`, its bytes in ``LexiconStore/unresolvedMembers``),
/// kept so that the synset's `members` stay as the file wrote them.
typealias MemberRef = Int32

extension MemberRef {
    /// The first value that stands for an unresolved name.
    static let unresolvedBase = Int32.min
    /// Whether the reference names nothing in the lexicon.
    var isUnresolved: Bool { self < Int32.min / 2 }
}

/// A `Pronunciation` of an entry's `Lemma`: its text and its `variety` and `audio` attributes
/// (absent spans when not given).
struct PronunciationRecord {
    var text: Span
    var variety: Span
    var audio: Span
}

/// A `Definition` or `Example` text, collapsed or preserved as `xml:space` says.
struct TextRecord {
    var text: Span
    var isExample: Bool
}
