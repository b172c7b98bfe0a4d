import Foundation
import VocabCore

/// What a frequency-ordered lexicon (Open English WordNet: each word's senses most frequent
/// first) tells about its concepts, kept compactly for ranking another lexicon's senses through
/// the ILI: for each concept (real ILI), the words of its synsets with the concept's rank among
/// each word's senses and the word's number of senses; for each word, how often it occurs in the
/// lexicon's own definitions and examples (a measure of how common it is, from the lexicon
/// itself). About 8 MB for OEWN 2025 (about 185,000 members of 16 bytes, the words' forms and
/// counts), made without an array per concept; nothing else of the lexicon is kept.
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
    /// Per word (entry), its written form (in ``arena``) and its text count.
    private let arena: ByteArena
    private let forms: [Span]
    private let counts: [UInt32]
    /// Per synset with a real ILI, in document order, its members, one synset after the other:
    /// synset `k`'s are `members[start[k]..<start[k + 1]]`.
    private let members: [Member]
    private let start: [Int32]
    /// Per ILI, its first synset: by number for the ILIs written `i` and a number (every ILI of
    /// the real lexicons), in a dictionary for any other; per synset, the next of the same ILI
    /// (-1: none). No array per concept (OEWN has about 104,000).
    private let firstByNumber: [Int32]
    private let firstByText: [String: Int32]
    private let next: [Int32]

    /// Evidence of `words` (written form and text count of each) and `concepts` (ILI → members,
    /// in member order; an ILI given twice is one concept of two synsets). For tests and tools; a
    /// lexicon's comes from ``LexiconKeep/evidence``.
    package convenience init(info: LexiconInfo, words: [(form: String, textCount: Int)], concepts: [(ili: String, members: [Member])]) {
        let arena = ByteArena()
        var builder = Builder()
        for concept in concepts {
            builder.addSynset(ili: concept.ili)
            for member in concept.members { builder.members.append(member) }
        }
        self.init(
            info: info, arena: arena,
            forms: words.map { word in
                var form = word.form
                return form.withUTF8 { $0.isEmpty ? .empty : arena.append($0.baseAddress!, count: $0.count) ?? .empty }
            },
            counts: words.map { UInt32(clamping: $0.textCount) }, builder: builder)
    }

    private init(info: LexiconInfo, arena: ByteArena, forms: [Span], counts: [UInt32], builder: Builder) {
        self.info = info
        self.arena = arena
        self.forms = forms
        self.counts = counts
        var builder = builder
        builder.finish()
        members = builder.members
        start = builder.start
        firstByNumber = builder.firstByNumber
        firstByText = builder.firstByText
        next = builder.next
    }

    /// The flat arrays, synset by synset.
    private struct Builder {
        var members: [Member] = []
        var start: [Int32] = []
        var firstByNumber: [Int32] = []
        var firstByText: [String: Int32] = [:]
        var next: [Int32] = []
        private var lastByNumber: [Int32] = []
        private var lastByText: [String: Int32] = [:]

        /// Starts the members of a synset of `ili` (a synset without a real ILI is skipped: its
        /// members then go nowhere, so the caller adds none).
        mutating func addSynset(ili: String) {
            let synset = Int32(start.count)
            start.append(Int32(members.count))
            next.append(-1)
            guard let ili = Synset.interlingualId(fromILI: ili) else { return }
            if let number = TranslationTable.iliNumber(ili) {
                if number >= firstByNumber.count {
                    firstByNumber += repeatElement(-1, count: number + 1 - firstByNumber.count)
                    lastByNumber += repeatElement(-1, count: number + 1 - lastByNumber.count)
                }
                if lastByNumber[number] >= 0 { next[Int(lastByNumber[number])] = synset } else { firstByNumber[number] = synset }
                lastByNumber[number] = synset
            } else {
                if let last = lastByText[ili] { next[Int(last)] = synset } else { firstByText[ili] = synset }
                lastByText[ili] = synset
            }
        }

        mutating func finish() {
            start.append(Int32(members.count))
            lastByNumber = []
            lastByText = [:]
            members.trimCapacity()
            start.trimCapacity()
        }
    }

    /// The members of the concept `ili`, in the order of its synsets and their `members`; none
    /// for a concept the lexicon lacks or no real ILI.
    package func members(ili: String) -> [Member] {
        var synset: Int32
        if let number = TranslationTable.iliNumber(ili) {
            synset = number < firstByNumber.count ? firstByNumber[number] : -1
        } else {
            synset = firstByText[ili] ?? -1
        }
        var found: [Member] = []
        while synset >= 0 {
            found += members[Int(start[Int(synset)])..<Int(start[Int(synset) + 1])]
            synset = next[Int(synset)]
        }
        return found
    }

    /// The written form of a member's word.
    package func writtenForm(of word: Int32) -> String { arena.string(forms[Int(word)]) }

    /// How often the word (a single word: a written form without a space) occurs in the
    /// lexicon's definitions and examples, ignoring case; 0 for a phrase.
    package func textCount(of word: Int32) -> Int { Int(counts[Int(word)]) }

    /// The number of concepts.
    package var conceptCount: Int { firstByNumber.count { $0 >= 0 } + firstByText.count }
}

extension SenseEvidence {
    /// The evidence of `store` (everything kept, with text, its members resolved).
    convenience init(_ store: LexiconStore, info: LexiconInfo) {
        store.resolveMemberNames()
        let arena = ByteArena()
        var forms: [Span] = []
        forms.reserveCapacity(store.entries.count)
        for entry in store.entries {
            forms.append(entry.form.count == 0 ? .empty : arena.append(store.arena.pointer(entry.form), count: Int(entry.form.count)) ?? .empty)
        }
        let counts = Self.textCounts(store)
        var builder = Builder()
        builder.members.reserveCapacity(store.senses.count)
        var entriesBySynset: [Int32: [Int32]]?
        for record in store.synsets where store.isInterlingual(record) {
            builder.addSynset(ili: store.arena.string(record.ili))
            var isHead = true
            store.forEachMember(record, entriesBySynset: &entriesBySynset) { e, _, _ in
                let entry = store.entries[Int(e)]
                let first = Int(entry.firstSense)
                for k in first..<first + Int(entry.senseCount) where store.senses[k].synset == record.id {
                    builder.members.append(Member(word: e, rank: Int32(k - first + 1), senseCount: entry.senseCount, isHead: isHead))
                    break
                }
                isHead = false
            }
        }
        self.init(info: info, arena: arena, forms: forms, counts: counts, builder: builder)
    }

    /// Per entry, how often its written form (lower-cased; a single word) occurs as a word of the
    /// store's definitions and examples, lower-cased. A word is a run of letters (and of bytes of
    /// characters beyond ASCII), apostrophes and hyphens that starts and ends with a letter.
    static func textCounts(_ store: LexiconStore) -> [UInt32] {
        let arena = ByteArena()
        let table = InternTable(arena: arena, capacity: store.entries.count)
        var handles = [Int32](repeating: -1, count: store.entries.count)
        var lower: [UInt8] = []
        for (e, entry) in store.entries.enumerated() {
            let bytes = store.arena.buffer(entry.form)
            guard !bytes.isEmpty, !bytes.contains(UInt8(ascii: " ")) else { continue }
            lower.removeAll(keepingCapacity: true)
            if bytes.allSatisfy({ $0 < 0x80 }) {
                for byte in bytes { lower.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
            } else {
                lower += String(decoding: bytes, as: UTF8.self).lowercased().utf8
            }
            handles[e] = lower.withUnsafeBufferPointer { table.intern($0.baseAddress!, $0.count)?.handle } ?? -1
        }
        var tally = [UInt32](repeating: 0, count: table.count)
        // A token's bytes, lower-cased; one longer than the buffer is no entry's form (skipped).
        let capacity = 256
        let token = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { token.deallocate() }
        var length = 0, nonASCII = false, tooLong = false
        func count() {
            defer { (length, nonASCII, tooLong) = (0, false, false) }
            while length > 0, token[length - 1] == UInt8(ascii: "'") || token[length - 1] == UInt8(ascii: "-") { length -= 1 }
            guard length > 0, !tooLong else { return }
            if nonASCII {
                var lower = String(decoding: UnsafeBufferPointer(start: token, count: length), as: UTF8.self).lowercased()
                if let handle = lower.withUTF8({ table.find($0.baseAddress!, $0.count) }) { tally[Int(handle)] &+= 1 }
            } else if let handle = table.find(token, length) {
                tally[Int(handle)] &+= 1
            }
        }
        func append(_ byte: UInt8) {
            guard length < capacity else { tooLong = true; return }
            token[length] = byte
            length += 1
        }
        for text in store.texts {
            for byte in store.arena.buffer(text.text) {
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): append(byte | 0x20)
                case UInt8(ascii: "a")...UInt8(ascii: "z"): append(byte)
                case 0x80...: append(byte); nonASCII = true
                case UInt8(ascii: "'"), UInt8(ascii: "-"): if length > 0 { append(byte) }
                default: if length > 0 { count() }
                }
            }
            if length > 0 { count() }
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
