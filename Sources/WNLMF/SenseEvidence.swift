import Foundation
import VocabCore

/// What a frequency-ordered lexicon (Open English WordNet: each word's senses most frequent
/// first) tells about its concepts, kept compactly for ranking another lexicon's senses through
/// the ILI: for each concept (real ILI), the words of its synsets with the concept's rank among
/// each word's senses and the word's number of senses; for each word, how often it occurs in the
/// lexicon's own definitions and examples (a measure of how common it is, from the lexicon
/// itself). About 6 MB for OEWN 2025; nothing else of the lexicon is kept.
///
/// Built once (``LexiconKeep/evidence``, ``LexiconKeep/glossesAndEvidence``), then only read:
/// several threads may read it at once (the dictionary's cards are made on two).
package final class SenseEvidence: @unchecked Sendable {
    /// A word of a concept, as evidence: which word, and where the concept sits among its senses.
    package struct Member: Sendable, Equatable {
        /// The word (``SenseEvidence/writtenForm(of:)``, ``SenseEvidence/textCount(of:)``): one
        /// entry of the lexicon.
        package var word: Int32
        /// 1-based rank of the concept among the word's senses (1: its most frequent).
        package var rank: Int32
        /// The word's number of senses.
        package var senseCount: Int32
        /// The word is its synset's first member: the word lexicographers name the concept by.
        package var isHead: Bool

        /// A member (tests and tools build evidence in memory).
        package init(word: Int32, rank: Int32, senseCount: Int32, isHead: Bool) {
            self.word = word
            self.rank = rank
            self.senseCount = senseCount
            self.isHead = isHead
        }
    }

    /// The `<Lexicon>` element's attributes of the lexicon the evidence comes from.
    package let info: LexiconInfo
    /// Per word (entry), its written form and its text count.
    private let forms: [String]
    private let counts: [UInt32]
    /// Per concept, its members, one after the other; a concept's first member and count.
    private let members: [Member]
    private let conceptByNumber: [Int32]
    private let conceptByText: [String: Int32]
    private let conceptStart: [Int32]

    /// Evidence of `words` (written form and text count of each) and `concepts` (ILI → members,
    /// in member order). For tests and tools; a lexicon's comes from ``LexiconKeep/evidence``.
    package convenience init(info: LexiconInfo, words: [(form: String, textCount: Int)], concepts: [(ili: String, members: [Member])]) {
        self.init(
            info: info, forms: words.map(\.form), counts: words.map { UInt32(clamping: $0.textCount) },
            concepts: concepts.map { (Synset.interlingualId(fromILI: $0.ili) ?? "", $0.members) })
    }

    private init(info: LexiconInfo, forms: [String], counts: [UInt32], concepts: [(ili: String, members: [Member])]) {
        self.info = info
        self.forms = forms
        self.counts = counts
        var members: [Member] = []
        var byNumber: [Int32] = []
        var byText: [String: Int32] = [:]
        var start: [Int32] = [0]
        // Several synsets of one ILI (rare) add their members to the same concept, in order.
        var grouped: [(ili: String, members: [Member])] = []
        var index: [String: Int] = [:]
        for concept in concepts where !concept.ili.isEmpty {
            if let i = index[concept.ili] { grouped[i].members += concept.members } else {
                index[concept.ili] = grouped.count
                grouped.append(concept)
            }
        }
        for (concept, item) in grouped.enumerated() {
            members += item.members
            start.append(Int32(members.count))
            if let number = TranslationTable.iliNumber(item.ili) {
                if number >= byNumber.count { byNumber += repeatElement(-1, count: number + 1 - byNumber.count) }
                byNumber[number] = Int32(concept)
            } else {
                byText[item.ili] = Int32(concept)
            }
        }
        self.members = members
        conceptByNumber = byNumber
        conceptByText = byText
        conceptStart = start
    }

    /// The members of the concept `ili`, in the order of its synsets and their `members`; none
    /// for a concept the lexicon lacks or no real ILI.
    package func members(ili: String) -> ArraySlice<Member> {
        let concept: Int32?
        if let number = TranslationTable.iliNumber(ili) {
            concept = number < conceptByNumber.count && conceptByNumber[number] >= 0 ? conceptByNumber[number] : nil
        } else {
            concept = conceptByText[ili]
        }
        guard let concept else { return [] }
        return members[Int(conceptStart[Int(concept)])..<Int(conceptStart[Int(concept) + 1])]
    }

    /// The written form of a member's word.
    package func writtenForm(of word: Int32) -> String { forms[Int(word)] }

    /// How often the word (a single word: a written form without a space) occurs in the
    /// lexicon's definitions and examples, ignoring case; 0 for a phrase.
    package func textCount(of word: Int32) -> Int { Int(counts[Int(word)]) }

    /// The number of concepts.
    package var conceptCount: Int { conceptStart.count - 1 }
}

extension SenseEvidence {
    /// The evidence of `store` (everything kept, with text, its members resolved).
    convenience init(_ store: LexiconStore, info: LexiconInfo) {
        store.resolveMemberNames()
        let entryCount = store.entries.count
        var forms: [String] = []
        forms.reserveCapacity(entryCount)
        for entry in store.entries { forms.append(store.arena.string(entry.form)) }
        let counts = Self.textCounts(store, forms: forms)
        var concepts: [(ili: String, members: [Member])] = []
        var entriesBySynset: [Int32: [Int32]]?
        for record in store.synsets where store.isInterlingual(record) {
            var members: [Member] = []
            store.forEachMember(record, entriesBySynset: &entriesBySynset) { e, _, _ in
                let entry = store.entries[Int(e)]
                let first = Int(entry.firstSense)
                for k in first..<first + Int(entry.senseCount) where store.senses[k].synset == record.id {
                    members.append(Member(word: e, rank: Int32(k - first + 1), senseCount: entry.senseCount, isHead: members.isEmpty))
                    break
                }
            }
            concepts.append((store.arena.string(record.ili), members))
        }
        self.init(info: info, forms: forms, counts: counts, concepts: concepts)
    }

    /// Per entry, how often its written form (lower-cased; a single word) occurs as a word of the
    /// store's definitions and examples, lower-cased. A word is a run of letters (and of bytes of
    /// characters beyond ASCII), apostrophes and hyphens that starts and ends with a letter.
    static func textCounts(_ store: LexiconStore, forms: [String]) -> [UInt32] {
        let arena = ByteArena()
        let table = InternTable(arena: arena, capacity: forms.count)
        var handles = [Int32](repeating: -1, count: forms.count)
        for (e, form) in forms.enumerated() where !form.contains(" ") {
            var lower = form.lowercased()
            handles[e] = lower.withUTF8 { bytes in bytes.isEmpty ? -1 : table.intern(bytes.baseAddress!, bytes.count)?.handle ?? -1 }
        }
        var tally = [UInt32](repeating: 0, count: table.count)
        var token: [UInt8] = []
        func count() {
            while let last = token.last, last == UInt8(ascii: "'") || last == UInt8(ascii: "-") { token.removeLast() }
            guard !token.isEmpty else { return }
            if token.contains(where: { $0 >= 0x80 }) {
                var lower = String(decoding: token, as: UTF8.self).lowercased()
                if let handle = lower.withUTF8({ table.find($0.baseAddress!, $0.count) }) { tally[Int(handle)] &+= 1 }
            } else if let handle = token.withUnsafeBufferPointer({ table.find($0.baseAddress!, $0.count) }) {
                tally[Int(handle)] &+= 1
            }
            token.removeAll(keepingCapacity: true)
        }
        for text in store.texts {
            for byte in store.arena.buffer(text.text) {
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): token.append(byte | 0x20)
                case UInt8(ascii: "a")...UInt8(ascii: "z"), 0x80...: token.append(byte)
                case UInt8(ascii: "'"), UInt8(ascii: "-"): if !token.isEmpty { token.append(byte) }
                default: count()
                }
            }
            count()
        }
        return handles.map { $0 >= 0 ? tally[Int($0)] : 0 }
    }
}

extension LexiconKeep where Result == SenseEvidence {
    /// A frequency-ordered lexicon's evidence (``SenseEvidence``): the whole file is parsed and
    /// checked, with its text, then only the evidence is kept.
    package static var evidence: LexiconKeep<SenseEvidence> {
        LexiconKeep(content: .everything(keepText: true)) { store, info in SenseEvidence(store, info: info) }
    }
}

extension LexiconKeep where Result == (glosses: GlossTable, evidence: SenseEvidence?) {
    /// ``glosses`` and, from the same pass, the lexicon's ``evidence`` when `wantsEvidence` says
    /// so of the lexicon read (its `<Lexicon>` attributes): a gloss lexicon that is also the
    /// frequency-ordered lexicon a build ranks senses by is read once.
    package static func glossesAndEvidence(
        when wantsEvidence: @escaping @Sendable (LexiconInfo) -> Bool
    ) -> LexiconKeep<(glosses: GlossTable, evidence: SenseEvidence?)> {
        LexiconKeep<(glosses: GlossTable, evidence: SenseEvidence?)>(content: .everything(keepText: true)) { store, info in
            (LexiconKeep<GlossTable>.glosses.result(store, info), wantsEvidence(info) ? SenseEvidence(store, info: info) : nil)
        }
    }
}
