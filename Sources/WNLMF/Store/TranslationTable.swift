import VocabCore

/// A translation lexicon cut down, as soon as it is read, to what translations can need: the
/// synsets that carry a real ILI, each with its members' lemmas. Its strings are copied into
/// an arena of its own, so the much larger ``LexiconStore`` (every id, every sense) is freed
/// while the other lexicons are still being read.
final class TranslationTable {
    private struct SynsetItem {
        var id: Span
        var ili: Span
        var partOfSpeech: Span
        var lexicalized: Bool
        /// Its `members` names in ``names`` (`nameCount` -1: no `members` attribute).
        var firstName: Int32
        var nameCount: Int32
        /// Its members, resolved, in ``members``.
        var firstMember: Int32
        var memberCount: Int32
    }

    private struct MemberItem {
        var form: Span
        var entryId: Span
        var lexicalized: Bool
    }

    private let arena: ByteArena
    /// Made for look-ups by ILI only (``InterlingualIndex``): the synsets' ids, parts of speech and
    /// `members` names, which only the ``Synset`` values of ``lexicon(info:interlingualIds:)``
    /// show, were not kept.
    private let forLookUpsOnly: Bool
    private var synsets: [SynsetItem] = []
    private var members: [MemberItem] = []
    private var names: [Span] = []

    /// The table of `store`'s synsets with their members. Their bytes are copied into an arena
    /// of the table's own (`sharingBytes` false: the store is freed), or read from the store's
    /// (true: a store kept whole anyway costs nothing more). `forLookUpsOnly`: see
    /// ``forLookUpsOnly`` (OMW's Spanish lexicon and the Wiktionary one about 3 MB less).
    init(_ store: LexiconStore, sharingBytes: Bool = false, forLookUpsOnly: Bool = false) {
        arena = sharingBytes ? store.arena : ByteArena()
        self.forLookUpsOnly = forLookUpsOnly
        synsets.reserveCapacity(store.synsets.count)
        members.reserveCapacity(store.memberRefs.count)
        func copy(_ span: Span, from source: ByteArena) -> Span {
            if sharingBytes { return span }
            if span.isAbsent || span.count == 0 { return span.isAbsent ? .absent : .empty }
            return arena.append(source.pointer(span), count: Int(span.count)) ?? .empty
        }
        var entriesBySynset: [Int32: [Int32]]?
        // A store of everything (a file out of order, a compact lexicon) has synsets without one.
        for record in store.synsets where store.isInterlingual(record) {
            let first = Int32(names.count)
            if record.memberCount >= 0 && !forLookUpsOnly {
                for i in Int(record.firstMember)..<Int(record.firstMember + record.memberCount) {
                    names.append(copy(store.memberSpan(store.memberRefs[i]), from: store.arena))
                }
            }
            let firstMember = Int32(members.count)
            store.forEachMember(record, entriesBySynset: &entriesBySynset) { e, lexicalized, _ in
                members.append(MemberItem(
                    form: copy(store.entries[Int(e)].form, from: store.arena), entryId: copy(store.entryIds.key(e), from: store.arena),
                    lexicalized: lexicalized))
            }
            synsets.append(SynsetItem(
                id: forLookUpsOnly ? .empty : copy(store.synsetIds.key(record.id), from: store.arena), ili: copy(record.ili, from: store.arena),
                partOfSpeech: forLookUpsOnly ? .absent : copy(record.partOfSpeech, from: store.arena), lexicalized: record.lexicalized,
                firstName: first, nameCount: record.memberCount < 0 ? -1 : Int32(names.count) - first,
                firstMember: firstMember, memberCount: Int32(members.count) - firstMember))
        }
    }

    /// Per ILI, its first synset item: by number for the ILIs written `i` and a number
    /// (``iliNumber(_:)``: every ILI of the real lexicons), in a dictionary for any other. Per
    /// item, the next item of the same ILI (-1: none). Built once; no array per ILI.
    private var iliFirst: [String: Int32]?
    private var iliFirstByNumber: [Int32] = []
    private var iliNext: [Int32] = []

    /// The number of an ILI written `i` and a number without leading zeros below
    /// ``maxILINumber`` (`i35545` → 35545); nil for any other ILI.
    static func iliNumber(_ ili: String) -> Int? {
        var number = 0, digits = 0
        for byte in ili.utf8.dropFirst() {
            guard byte >= 0x30 && byte <= 0x39, !(digits == 0 && byte == 0x30) else { return nil }
            number = number * 10 + Int(byte - 0x30)
            digits += 1
            if number >= maxILINumber { return nil }
        }
        return ili.utf8.first == UInt8(ascii: "i") && digits > 0 ? number : nil
    }

    /// The ILIs numbered from here on are looked up by their text: the interlingual index has
    /// about 120,000 concepts, and the table by number costs 4 bytes per number up to the largest.
    static let maxILINumber = 1 << 22

    /// The first synset item of `ili`, or -1.
    private func firstItem(ili: String) -> Int32 {
        if let number = Self.iliNumber(ili) { return number < iliFirstByNumber.count ? iliFirstByNumber[number] : -1 }
        return iliFirst?[ili] ?? -1
    }

    /// Builds the look-up by ILI, if not built yet. After it, ``concepts(ili:)`` and
    /// ``forEachTranslationLemma(ili:_:)`` only read, so several threads may call them at once.
    func prepareConcepts() {
        if iliFirst == nil {
            var first: [String: Int32] = [:], last: [String: Int32] = [:]
            var lastByNumber: [Int32] = []
            iliNext = Array(repeating: -1, count: synsets.count)
            for (i, item) in synsets.enumerated() {
                guard let ili = Synset.interlingualId(fromILI: arena.string(item.ili)) else { continue }
                if let number = Self.iliNumber(ili) {
                    if number >= iliFirstByNumber.count {
                        iliFirstByNumber.append(contentsOf: repeatElement(-1, count: number + 1 - iliFirstByNumber.count))
                        lastByNumber.append(contentsOf: repeatElement(-1, count: number + 1 - lastByNumber.count))
                    }
                    let previous = lastByNumber[number]
                    if previous >= 0 { iliNext[Int(previous)] = Int32(i) } else { iliFirstByNumber[number] = Int32(i) }
                    lastByNumber[number] = Int32(i)
                    continue
                }
                if let previous = last[ili] { iliNext[Int(previous)] = Int32(i) } else { first[ili] = Int32(i) }
                last[ili] = Int32(i)
            }
            iliFirst = first
        }
    }

    /// The synsets whose ILI is `ili`, in document order, as their ``Concept``s (what
    /// ``Lexicon/concepts(ili:)`` gives for the same synsets).
    func concepts(ili: String) -> [Concept] {
        prepareConcepts()
        var concepts: [Concept] = []
        var next = firstItem(ili: ili)
        while next >= 0 {
            let item = synsets[Int(next)]
            concepts.append(Concept(lexicalized: item.lexicalized, members: members(item)))
            next = iliNext[Int(next)]
        }
        return concepts
    }

    /// ``InterlingualLookup/forEachTranslationLemma(ili:_:)`` from the table: no concept, no
    /// member made.
    func forEachTranslationLemma(ili: String, _ body: (String) -> Void) {
        prepareConcepts()
        var next = firstItem(ili: ili)
        while next >= 0 {
            let item = synsets[Int(next)]
            if item.lexicalized {
                for i in Int(item.firstMember)..<Int(item.firstMember + item.memberCount) where members[i].lexicalized {
                    body(arena.string(members[i].form))
                }
            }
            next = iliNext[Int(next)]
        }
    }

    private func synset(_ item: SynsetItem) -> Synset {
        let named = Int(item.firstName)..<Int(item.firstName) + max(0, Int(item.nameCount))
        return Synset(
            id: arena.string(item.id), ili: arena.string(item.ili),
            partOfSpeech: item.partOfSpeech.isAbsent ? nil : WordNetPartOfSpeech(rawValue: arena.string(item.partOfSpeech)),
            members: item.nameCount < 0 ? nil : named.map { arena.string(names[$0]) },
            lexicalized: item.lexicalized)
    }

    private func members(_ item: SynsetItem) -> [Member] {
        (Int(item.firstMember)..<Int(item.firstMember + item.memberCount)).map {
            Member(writtenForm: arena.string(members[$0].form), entryId: arena.string(members[$0].entryId), lexicalized: members[$0].lexicalized)
        }
    }

    func lexicon(info: LexiconInfo, interlingualIds: Set<String>?) -> Lexicon {
        precondition(!forLookUpsOnly, "a table made for look-ups only makes no synsets")
        var kept: [Synset] = []
        var keptMembers: [[Member]] = []
        for item in synsets {
            let ili = arena.string(item.ili)
            if let interlingualIds, !interlingualIds.contains(ili) { continue }
            kept.append(synset(item))
            keptMembers.append(members(item))
        }
        return Lexicon(info: info, entries: [], synsets: kept, members: keptMembers)
    }
}
