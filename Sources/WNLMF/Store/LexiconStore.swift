import VocabCore

/// What a load keeps of the lexicon; what the checks need (every id, every sense's synset) is
/// kept in any case.
enum StoreContent {
    /// Everything, as `Lexicon` values (the dictionary, the fuzzer, tests); text when `keepText`.
    case everything(keepText: Bool)
    /// The entries whose written form matches, their senses and those senses' synsets with
    /// their members and (when `keepText`) their text: the source lexicon. With `concepts`,
    /// also every synset with a real ILI and its members, without text, for a
    /// ``TranslationTable`` of the same file (the source lexicon named as a target too).
    case entries(FormSet, keepText: Bool, concepts: Bool = false)
    /// Every synset with a real ILI and its members' lemmas, to be cut down to the ILIs asked
    /// for once they are known (a translation lexicon).
    case interlingual
}

/// A lexicon as the SAX loader builds it: strings in one ``ByteArena``, ids interned, records
/// in flat arrays; no Swift object per element. The checks run on it; ``LexiconMaterializer``
/// turns what was kept into a ``Lexicon``.
final class LexiconStore {
    let content: StoreContent
    let arena = ByteArena()
    let entryIds: InternTable
    let senseIds: InternTable
    let synsetIds: InternTable

    @exclusivity(unchecked) var entries: [EntryRecord] = []
    /// The line of each entry's start tag (for the check of ids shared across kinds).
    @exclusivity(unchecked) var entryLines: [Int32] = []
    /// In each entry's sense order.
    @exclusivity(unchecked) var senses: [SenseRecord] = []
    @exclusivity(unchecked) var synsets: [SynsetRecord] = []
    /// The `members` references, resolved while parsing (``StoreContent/everything`` resolves
    /// the names left unresolved again once every entry is read: ``resolveMemberNames()``).
    @exclusivity(unchecked) var memberRefs: [MemberRef] = []
    /// ``resolveMemberNames()`` ran: a store of ``StoreContent/everything`` may be cut.
    @exclusivity(unchecked) var memberNamesResolved = false
    /// The `members` names that resolve to nothing (see ``MemberRef``).
    @exclusivity(unchecked) var unresolvedMembers: [Span] = []
    @exclusivity(unchecked) var texts: [TextRecord] = []
    /// The kept entries' pronunciations; by entry index, where its own start and how many there are.
    @exclusivity(unchecked) var pronunciations: [PronunciationRecord] = []
    @exclusivity(unchecked) var entryPronunciations: [Int32: (first: Int32, count: Int32)] = [:]
    /// The kept entries' `Form`s; by entry index, where its own start and how many there are.
    @exclusivity(unchecked) var wordForms: [Span] = []
    @exclusivity(unchecked) var entryWordForms: [Int32: (first: Int32, count: Int32)] = [:]
    /// `n` of the senses that have one (kept entries only, unless everything is kept).
    @exclusivity(unchecked) var senseNumbers: [Int32: Int] = [:]
    /// Entries kept (all of them for ``StoreContent/everything``).
    @exclusivity(unchecked) var keptEntries: [KeptEntry] = []

    /// Per synset id handle: its record (>= 0), defined without a record (-2), or only
    /// referred to so far (-1).
    @exclusivity(unchecked) var synsetRecord: [Int32] = []
    /// Per synset id handle: a kept entry has a sense in it.
    @exclusivity(unchecked) var synsetNeeded: [Bool] = []
    /// Per synset id handle: the line of its (first) definition, 0 before.
    @exclusivity(unchecked) var synsetLines: [Int32] = []

    // The first of each duplicate, for the checks at the end.
    @exclusivity(unchecked) var duplicateEntry: (id: String, line: Int)?
    @exclusivity(unchecked) var duplicateSynset: (id: String, line: Int)?
    @exclusivity(unchecked) var duplicateSense: (index: Int, id: String)?

    /// The spans of the one-letter parts of speech (see ``partOfSpeech(_:_:)``).
    @exclusivity(unchecked) var letterSpans: [Span] = []

    /// An entry came after a synset (outside the DTD's order) while content was being cut:
    /// the cut may have missed something, and a full load is needed.
    @exclusivity(unchecked) var outOfOrder = false

    /// The forms of ``StoreContent/entries``.
    private let forms: FormMatcher?

    init(content: StoreContent) {
        self.content = content
        entryIds = InternTable(arena: arena, capacity: 1 << 12)
        senseIds = InternTable(arena: arena, capacity: 1 << 12)
        synsetIds = InternTable(arena: arena, capacity: 1 << 12)
        if case .entries(let forms, _, _) = content {
            self.forms = FormMatcher(forms)
        } else {
            forms = nil
        }
    }

    /// Whether the written form at `span` is one of ``StoreContent/entries``' forms (ignoring case).
    func matchesForm(_ span: Span) -> Bool {
        forms?.matches(arena.buffer(span)) ?? false
    }

    /// Whether an entry with these `Form`s is kept for them (``FormSet/matchesInflectedForms``).
    func matchesInflectedForms(_ spans: [Span]) -> Bool {
        guard let forms, forms.inflected, !spans.isEmpty else { return false }
        return spans.contains { forms.matches(arena.buffer($0)) }
    }

    /// The reference of the `members` name `bytes`: its entry (OEWN names entries), else its
    /// sense (OMW names senses), else the name itself, unresolved, kept as `name()` stores it;
    /// nil when it cannot be kept.
    @inline(__always)
    func memberRef(_ bytes: UnsafePointer<UInt8>, _ n: Int, name: () -> Span?) -> MemberRef? {
        if let ref = resolvedMemberRef(bytes, n) { return ref }
        guard unresolvedMembers.count < Int(Int32.max / 2), let span = name() else { return nil }
        unresolvedMembers.append(span)
        return MemberRef.unresolvedBase + Int32(unresolvedMembers.count - 1)
    }

    /// The reference of the `members` name `bytes` when it names an entry (first) or a sense.
    @inline(__always)
    func resolvedMemberRef(_ bytes: UnsafePointer<UInt8>, _ n: Int) -> MemberRef? {
        if let entry = entryIds.find(bytes, n) { return entry }
        if let sense = senseIds.find(bytes, n) { return -1 - sense }
        return nil
    }

    /// Whether ``StoreContent/entries`` also keeps every synset with a real ILI.
    var keepsConcepts: Bool {
        if case .entries(_, _, true) = content { return true }
        return false
    }

    var keepsEverything: Bool {
        if case .everything = content { return true }
        return false
    }

    /// The handle of a synset id, interned when new.
    @inline(__always)
    func synsetHandle(_ bytes: UnsafePointer<UInt8>, _ n: Int) -> Int32? {
        guard let (handle, inserted) = synsetIds.intern(bytes, n) else { return nil }
        if inserted {
            synsetRecord.append(-1)
            synsetNeeded.append(false)
            synsetLines.append(0)
        }
        return handle
    }

    /// The ids are unique per kind, every sense's synset exists, and no id names elements of
    /// two kinds; else the first problem, in the order: duplicate entry, duplicate synset, the
    /// senses in order (duplicate sense or dangling synset), then the first id shared across
    /// kinds (``sharedId()``).
    func check(_ error: (Int?, String, LexiconProblem) -> LexiconError) throws(LexiconError) {
        if let (id, line) = duplicateEntry {
            throw error(line, "LexicalEntry", .duplicateEntryId(id))
        }
        if let (id, line) = duplicateSynset {
            throw error(line, "Synset", .duplicateSynsetId(id))
        }
        // Up to the first repeated id, sense k's id is handle k.
        for (k, sense) in senses.enumerated() {
            if let (index, id) = duplicateSense, index == k {
                throw error(Int(sense.line), "Sense", .duplicateSenseId(id))
            }
            if synsetRecord[Int(sense.synset)] == -1 {
                throw error(
                    Int(sense.line), "Sense",
                    .danglingSense(senseId: senseIds.string(Int32(k)), synsetId: synsetIds.string(sense.synset)))
            }
        }
        if let shared = sharedId() {
            throw error(shared.second.line, shared.second.element, .idSharedAcrossKinds(
                shared.id, first: shared.first.element, firstLine: shared.first.line))
        }
    }

    /// Gives back what only the parse and the checks use (the intern tables' slots, the lines
    /// of entries and synsets) and the spare capacity of the record arrays (grown by doubling),
    /// once the checks have passed and members are resolved: OEWN's store is then about 10 MB
    /// smaller for the rest of the build, which it stays in behind the lexicon made of it.
    /// Ids can no longer be looked up, except synset ids with `keepingSynsetLookup`
    /// (``synsetRecord(id:)``, for a store that answers a lexicon's synsets, ``StoreSynsets``,
    /// or is kept as a ``CompactLexicon``).
    func trimAfterChecks(keepingSynsetLookup: Bool = false) {
        entryIds.releaseIndex()
        senseIds.releaseIndex()
        if !keepingSynsetLookup { synsetIds.releaseIndex() }
        for table in [entryIds, senseIds, synsetIds] { table.trimKeys() }
        entryLines = []
        synsetLines = []
        entries.trimCapacity()
        senses.trimCapacity()
        keptEntries.trimCapacity()
        synsets.trimCapacity()
        texts.trimCapacity()
        memberRefs.trimCapacity()
        synsetRecord.trimCapacity()
        synsetNeeded.trimCapacity()
    }

    /// An element of the lexicon: its name and its line.
    typealias Place = (element: String, line: Int)

    /// Of the ids that elements of two kinds share (an entry and a sense, an entry and a
    /// synset, a sense and a synset), the one whose second element comes first, with both
    /// elements. Call it once ids are unique per kind (entry and sense `k` are then handle `k`).
    func sharedId() -> (id: String, first: Place, second: Place)? {
        var found: (id: String, first: Place, second: Place)?
        func consider(_ key: Span, _ a: Place, _ b: Place) {
            let (first, second) = a.line <= b.line ? (a, b) : (b, a)
            let id = arena.string(key)
            // The tables are scanned in no particular order: ties go to the smaller id.
            if let found, (found.second.line, found.first.line, found.id) <= (second.line, first.line, id) { return }
            found = (id, first, second)
        }
        func definedSynset(_ key: Span) -> Int? {
            guard let handle = synsetIds.find(arena.pointer(key), Int(key.count)), synsetRecord[Int(handle)] != -1 else { return nil }
            return Int(handle)
        }
        // A scan of each table against a filter of the others' keys, and a look-up only for the
        // few keys that may be shared: about 10 ms of CPU for OEWN 2025 (a look-up of every id
        // took two to three times as long).
        var sensesAndSynsets = HashFilter(count: senseIds.count + synsetIds.count)
        senseIds.insertKeys(into: &sensesAndSynsets)
        synsetIds.insertKeys(into: &sensesAndSynsets)
        entryIds.forEachHandle(possiblyIn: sensesAndSynsets) { e in
            guard Int(e) < entryLines.count else { return }
            let key = entryIds.key(e)
            let entry = ("LexicalEntry", Int(entryLines[Int(e)]))
            if let s = senseIds.find(arena.pointer(key), Int(key.count)) { consider(key, entry, ("Sense", Int(senses[Int(s)].line))) }
            if let y = definedSynset(key) { consider(key, entry, ("Synset", Int(synsetLines[y]))) }
        }
        var synsetKeys = HashFilter(count: synsetIds.count)
        synsetIds.insertKeys(into: &synsetKeys)
        senseIds.forEachHandle(possiblyIn: synsetKeys) { k in
            guard Int(k) < senses.count else { return }
            let key = senseIds.key(k)
            if let y = definedSynset(key) { consider(key, ("Sense", Int(senses[Int(k)].line)), ("Synset", Int(synsetLines[y]))) }
        }
        return found
    }
}

/// Lower-cased written forms to match entries against, compared as bytes (the forms that are
/// ASCII once lower-cased) or as strings (the others, so that canonically equivalent spellings
/// still match as `String` comparison does).
package struct FormSet: Sendable {
    /// The ASCII forms, lower-cased, one after the other (repeats included: the store's intern
    /// table drops them); a list of millions of lemmas takes a few bytes per lemma, not an
    /// array each.
    var asciiBytes: [UInt8] = []
    /// Where each ASCII form ends in ``asciiBytes``.
    var asciiEnds: [Int32] = []
    var other: Set<String> = []
    /// Whether an entry one of whose `Form`s is in the set is kept too (the lemmatize step, whose
    /// forms may be inflections the lexicon lists: `was` of be); otherwise only the `Lemma`
    /// counts, so that other stages' cuts stay as they were.
    package var matchesInflectedForms = false

    /// The forms (any case; each is lower-cased as `String.lowercased()` does).
    package init<S: Sequence>(_ forms: S) where S.Element == String {
        add(forms)
    }

    /// This set, also matching entries by their `Form`s (``matchesInflectedForms``).
    package func matchingInflectedForms() -> FormSet {
        var set = self
        set.matchesInflectedForms = true
        return set
    }

    /// This set with `forms` added.
    package func adding<S: Sequence>(_ forms: S) -> FormSet where S.Element == String {
        var set = self
        set.add(forms)
        return set
    }

    private mutating func add<S: Sequence>(_ forms: S) where S.Element == String {
        for var form in forms {
            // ASCII text lower-cases byte by byte, exactly as `lowercased()` would.
            let isASCII = form.withUTF8 { bytes in
                guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
                for byte in bytes { asciiBytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
                return true
            }
            if isASCII {
                precondition(asciiBytes.count < Int(Int32.max), "more than 2 GB of forms")
                asciiEnds.append(Int32(asciiBytes.count))
                continue
            }
            let lower = form.lowercased()
            if lower.utf8.allSatisfy({ $0 < 0x80 }) {
                asciiBytes += lower.utf8
                asciiEnds.append(Int32(asciiBytes.count))
            } else {
                other.insert(lower)
            }
        }
    }

}

extension Array {
    /// Drops the spare capacity when it is more than an eighth of the count: one copy, after
    /// which the array holds about what it uses.
    mutating func trimCapacity() {
        guard capacity - count > count / 8 else { return }
        let count = count
        self = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            _ = buffer.initialize(from: self)
            initialized = count
        }
    }
}
