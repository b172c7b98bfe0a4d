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
        var firstMember: Int32
        /// -1: no `members` attribute.
        var memberCount: Int32
    }

    private struct MemberItem {
        var form: Span
        var entryId: Span
        /// The reference as `members` wrote it (absent without the attribute).
        var reference: Span
        var lexicalized: Bool
    }

    private let arena = ByteArena()
    private var synsets: [SynsetItem] = []
    private var members: [MemberItem] = []

    init(_ store: LexiconStore) {
        synsets.reserveCapacity(store.synsets.count)
        members.reserveCapacity(store.memberRefs.count)
        func copy(_ span: Span, from source: ByteArena) -> Span {
            if span.isAbsent || span.count == 0 { return span.isAbsent ? .absent : .empty }
            return arena.append(source.pointer(span), count: Int(span.count)) ?? .empty
        }
        var entriesBySynset: [Int32: [Int32]]?
        for record in store.synsets {
            let first = Int32(members.count)
            store.forEachMember(record, entriesBySynset: &entriesBySynset) { e, lexicalized, ref in
                let entryId = copy(store.entryIds.key(e), from: store.arena)
                var reference = Span.absent
                if let ref { reference = ref >= 0 ? entryId : copy(store.senseIds.key(-1 - ref), from: store.arena) }
                members.append(MemberItem(
                    form: copy(store.entries[Int(e)].form, from: store.arena), entryId: entryId, reference: reference,
                    lexicalized: lexicalized))
            }
            synsets.append(SynsetItem(
                id: copy(store.synsetIds.key(record.id), from: store.arena), ili: copy(record.ili, from: store.arena),
                partOfSpeech: copy(record.partOfSpeech, from: store.arena), lexicalized: record.lexicalized,
                firstMember: first, memberCount: record.memberCount < 0 ? -1 : Int32(members.count) - first))
        }
    }

    /// The synsets whose ILI is one of `interlingualIds` (all of them when nil).
    func lexicon(info: LexiconInfo, interlingualIds: Set<String>?) -> Lexicon {
        var kept: [Synset] = []
        var keptMembers: [[Member]] = []
        for item in synsets {
            let ili = arena.string(item.ili)
            if let interlingualIds, !interlingualIds.contains(ili) { continue }
            let range = Int(item.firstMember)..<Int(item.firstMember) + max(0, Int(item.memberCount))
            kept.append(Synset(
                id: arena.string(item.id), ili: ili,
                partOfSpeech: item.partOfSpeech.isAbsent ? nil : WordNetPartOfSpeech(rawValue: arena.string(item.partOfSpeech)),
                members: item.memberCount < 0 ? nil : range.map { arena.string(members[$0].reference) },
                lexicalized: item.lexicalized))
            keptMembers.append(range.map {
                Member(writtenForm: arena.string(members[$0].form), entryId: arena.string(members[$0].entryId), lexicalized: members[$0].lexicalized)
            })
        }
        return Lexicon(info: info, entries: [], synsets: kept, members: keptMembers)
    }
}
