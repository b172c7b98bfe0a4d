import VocabCore

extension LexiconStore {
    /// Whether `Definition` and `Example` text is kept.
    var keepsText: Bool {
        switch content {
        case .everything(let keepText), .entries(_, let keepText, _): keepText
        case .interlingual: false
        }
    }

    /// A part-of-speech value: the usual one-letter values share one span each.
    func partOfSpeech(_ bytes: UnsafePointer<UInt8>, _ n: Int) -> Span? {
        if n == 1, let i = Self.letters.firstIndex(of: bytes[0]) {
            if letterSpans.isEmpty {
                for letter in Self.letters {
                    var byte = letter
                    guard let span = arena.append(&byte, count: 1) else { return nil }
                    letterSpans.append(span)
                }
            }
            return letterSpans[i]
        }
        return arena.append(bytes, count: n)
    }

    private static let letters: [UInt8] = Array("nvasr".utf8)

    private func partOfSpeech(_ span: Span) -> WordNetPartOfSpeech? {
        span.isAbsent ? nil : WordNetPartOfSpeech(rawValue: arena.string(span))
    }

    func entry(_ kept: KeptEntry) -> LexicalEntry {
        let index = kept.index
        let record = entries[Int(index)]
        var senseValues: [Sense] = []
        senseValues.reserveCapacity(Int(record.senseCount))
        for k in Int(record.firstSense)..<Int(record.firstSense + record.senseCount) {
            let sense = senses[k]
            senseValues.append(Sense(
                id: senseIds.string(Int32(k)), synset: synsetIds.string(sense.synset), n: senseNumbers[Int32(k)],
                lexicalized: sense.lexicalized))
        }
        var pronunciationValues: [Pronunciation] = []
        if let (first, count) = entryPronunciations[index] {
            pronunciationValues = pronunciations[Int(first)..<Int(first + count)].map { record in
                Pronunciation(
                    text: arena.string(record.text), variety: record.variety.isAbsent ? nil : arena.string(record.variety),
                    audio: record.audio.isAbsent ? nil : arena.string(record.audio))
            }
        }
        return LexicalEntry(
            id: entryIds.string(index), writtenForm: arena.string(record.form),
            partOfSpeech: partOfSpeech(kept.partOfSpeech) ?? "", senses: senseValues, documentIndex: Int(index),
            pronunciations: pronunciationValues, forms: wordForms(of: index).map(arena.string))
    }

    /// The entry's `Form`s' written forms (none when it has none or was not kept).
    func wordForms(of index: Int32) -> ArraySlice<Span> {
        guard let (first, count) = entryWordForms[index] else { return [] }
        return wordForms[Int(first)..<Int(first + count)]
    }

    func synset(_ record: SynsetRecord) -> Synset {
        var definitions: [String] = []
        var examples: [String] = []
        for t in Int(record.firstText)..<Int(record.firstText + record.textCount) {
            if texts[t].isExample { examples.append(arena.string(texts[t].text)) } else { definitions.append(arena.string(texts[t].text)) }
        }
        var members: [String]?
        if record.memberCount >= 0 {
            let range = Int(record.firstMember)..<Int(record.firstMember + record.memberCount)
            members = range.map { memberName(memberRefs[$0]) }
        }
        return Synset(
            id: synsetIds.string(record.id), ili: record.ili.isAbsent ? nil : arena.string(record.ili),
            partOfSpeech: partOfSpeech(record.partOfSpeech), members: members, definitions: definitions,
            examples: examples, lexicalized: record.lexicalized)
    }

    /// The name a `members` reference was written as.
    func memberName(_ ref: MemberRef) -> String { arena.string(memberSpan(ref)) }

    /// Where the name a `members` reference was written as is.
    func memberSpan(_ ref: MemberRef) -> Span {
        if ref >= 0 { return entryIds.key(ref) }
        if ref.isUnresolved { return unresolvedMembers[Int(ref - MemberRef.unresolvedBase)] }
        return senseIds.key(-1 - ref)
    }

    /// Calls `body` with each member of a kept synset: its entry, whether its sense in the
    /// synset is lexicalized, and the reference that named it (nil without a `members`
    /// attribute: then the entries with a sense in the synset, in document order). Names that
    /// resolve to nothing are skipped. Not for
    /// ``StoreContent/everything``, whose ``Lexicon`` resolves members itself.
    func forEachMember(
        _ record: SynsetRecord, entriesBySynset: inout [Int32: [Int32]]?, _ body: (Int32, Bool, MemberRef?) -> Void
    ) {
        func lexicalized(_ e: Int32) -> Bool {
            let entry = entries[Int(e)]
            for k in Int(entry.firstSense)..<Int(entry.firstSense + entry.senseCount) where senses[k].synset == record.id {
                return senses[k].lexicalized
            }
            return true
        }
        guard record.memberCount >= 0 else {
            if entriesBySynset == nil {
                var index: [Int32: [Int32]] = [:]
                for sense in senses where index[sense.synset]?.last != sense.entry {
                    index[sense.synset, default: []].append(sense.entry)
                }
                entriesBySynset = index
            }
            for e in entriesBySynset?[record.id] ?? [] { body(e, lexicalized(e), nil) }
            return
        }
        for i in Int(record.firstMember)..<Int(record.firstMember + record.memberCount) {
            let ref = memberRefs[i]
            if ref.isUnresolved { continue }
            if ref >= 0 {
                body(ref, lexicalized(ref), ref)
            } else {
                let sense = senses[Int(-1 - ref)]
                body(sense.entry, sense.lexicalized, ref)
            }
        }
    }

    func members(_ record: SynsetRecord, entriesBySynset: inout [Int32: [Int32]]?) -> [Member] {
        var result: [Member] = []
        forEachMember(record, entriesBySynset: &entriesBySynset) { e, lexicalized, _ in
            result.append(Member(writtenForm: arena.string(entries[Int(e)].form), entryId: entryIds.string(e), lexicalized: lexicalized))
        }
        return result
    }

    /// What was kept, as a ``Lexicon``: everything; the entries that matched and their senses'
    /// synsets; or the synsets whose ILI is in `interlingualIds` (a translation lexicon).
    func lexicon(info: LexiconInfo, interlingualIds: Set<String>? = nil) -> Lexicon {
        switch content {
        case .everything:
            return Lexicon(info: info, entries: keptEntries.map(entry), synsets: synsets.map(synset))
        case .entries, .interlingual:
            // The synsets kept only as concepts (``keepsConcepts``) are no part of the lexicon.
            var kept = keepsConcepts ? synsets.filter { synsetNeeded[Int($0.id)] } : synsets
            if let interlingualIds { kept = synsets.filter { interlingualIds.contains(arena.string($0.ili)) } }
            var entriesBySynset: [Int32: [Int32]]?
            return Lexicon(
                info: info, entries: keptEntries.map(entry), synsets: kept.map(synset),
                members: kept.map { members($0, entriesBySynset: &entriesBySynset) })
        }
    }
}

extension LexiconStore {
    /// A lexicon of the entries kept (``StoreContent/entries``) whose synsets the store answers
    /// when asked (``StoreSynsets``): what ``lexicon(info:interlingualIds:)`` gives, without
    /// making every synset up front (with ``keepsConcepts``, the synsets kept only as concepts
    /// are no part of it). The store must keep its synset look-up
    /// (``trimAfterChecks(keepingSynsetLookup:)``).
    func lexiconAnsweringSynsets(info: LexiconInfo) -> Lexicon {
        guard case .entries = content else { return lexicon(info: info) }
        return Lexicon(
            info: info, entries: keptEntries.map(entry), storeSynsets: StoreSynsets(store: self, kept: keepsConcepts ? synsetNeeded : nil))
    }
}

// MARK: A whole lexicon kept compactly (``CompactLexicon``)

extension LexiconStore {
    /// Resolves again the `members` names of ``StoreContent/everything`` that named nothing
    /// while parsing (an entry id, else a sense id, else unresolved, as ``memberRef(_:_:name:)``
    /// resolves them): every entry and sense is known by now, whatever the document's order.
    /// A name is never kept twice: one that resolves is the bytes of the id it names.
    func resolveMemberNames() {
        guard keepsEverything, !memberNamesResolved else { return }
        memberNamesResolved = true
        for (i, ref) in memberRefs.enumerated() where ref.isUnresolved {
            let name = unresolvedMembers[Int(ref - MemberRef.unresolvedBase)]
            if let resolved = resolvedMemberRef(arena.pointer(name), Int(name.count)) { memberRefs[i] = resolved }
        }
    }

    /// Of a store of ``StoreContent/everything`` (its members resolved), the lexicon a load of
    /// ``StoreContent/entries`` with `forms` gives: the entries whose written form matches, in
    /// document order, and the synsets of their senses with their members and text.
    func cut(forms: FormSet, info: LexiconInfo) -> Lexicon {
        precondition(keepsEverything && memberNamesResolved, "cut needs a whole store with its members resolved")
        let matcher = FormMatcher(forms)
        var needed = [Bool](repeating: false, count: synsetRecord.count)
        var kept: [KeptEntry] = []
        for entry in keptEntries {
            let record = entries[Int(entry.index)]
            guard matcher.matches(arena.buffer(record.form))
                || (matcher.inflected && wordForms(of: entry.index).contains { matcher.matches(arena.buffer($0)) })
            else { continue }
            kept.append(entry)
            for k in Int(record.firstSense)..<Int(record.firstSense + record.senseCount) { needed[Int(senses[k].synset)] = true }
        }
        return Lexicon(info: info, entries: kept.map(entry), storeSynsets: StoreSynsets(store: self, kept: needed))
    }

    /// The real ILIs of the synsets of each kept entry's first `senses` senses (at least one),
    /// in sense order: what the ``Lexicon`` made of this store would give for the same question,
    /// without making it.
    func interlingualIds(firstSenses senses: Int) -> Set<String> {
        var ilis = Set<String>()
        for kept in keptEntries {
            let entry = entries[Int(kept.index)]
            let first = Int(entry.firstSense)
            for k in first..<first + min(Int(entry.senseCount), max(1, senses)) {
                let record = synsetRecord[Int(self.senses[k].synset)]
                guard record >= 0, isInterlingual(synsets[Int(record)]) else { continue }
                ilis.insert(arena.string(synsets[Int(record)].ili))
            }
        }
        return ilis
    }

    /// The record of the synset `id` (the first, if it is defined twice), or nil.
    func synsetRecord(id: String) -> SynsetRecord? {
        var id = id
        let handle = id.withUTF8 { synsetIds.find($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) }
        guard let handle, synsetRecord[Int(handle)] >= 0 else { return nil }
        return synsets[Int(synsetRecord[Int(handle)])]
    }
}

extension LexiconStore {
    /// Whether the synset has a real interlingual id (not absent, empty or `in`).
    func isInterlingual(_ record: SynsetRecord) -> Bool {
        !record.ili.isAbsent && record.ili.count > 0 && Synset.isInterlingual(arena.pointer(record.ili), Int(record.ili.count))
    }
}

extension Synset {
    /// Whether a raw `ili` value is a real interlingual id (not empty, not `in`).
    static func isInterlingual(_ bytes: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        n > 0 && !(n == 2 && bytes[0] == UInt8(ascii: "i") && bytes[1] == UInt8(ascii: "n"))
    }
}
