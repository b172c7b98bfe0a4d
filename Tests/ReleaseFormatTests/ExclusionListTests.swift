import ReleaseFormat
import TestSupport
import Testing
import VocabCore

/// `exclusions.json`'s order: the fast path (byte keys, for all-ASCII lists) must give the order
/// ``ExclusionList/Exclusion`` defines, and the not-reached cap must count what it leaves out.
extension ExclusionListTests {
    static func drops(seed: UInt64, count: Int, ascii: Bool) -> [DroppedWord] {
        var random = SplitMix64(state: seed)
        let lemmas = ascii ? ["a", "ab", "abc", "B", "b", "zz", "a-b", "a b", "Z9"] : ["año", "ano", "Año", "cafe", "café", "b"]
        let reasons: [DropReason] = [.noEntry, .notReached, .posNotKept, .stoplisted, .unknownTag]
        let tags = ["n", "v", "j", "NN1|NN2"]
        return (0 ..< count).map { index in
            let reason = reasons[Int(random.next() % UInt64(reasons.count))]
            let pos: PartOfSpeech? = reason == .unknownTag ? nil : PartOfSpeech.allCases[Int(random.next() % UInt64(PartOfSpeech.allCases.count))]
            return DroppedWord(
                sourceLemma: lemmas[Int(random.next() % UInt64(lemmas.count))], tag: tags[Int(random.next() % UInt64(tags.count))],
                partOfSpeech: pos, frequency: 1, line: index + 2, reason: reason)
        }
    }

    @Test(arguments: [(1, true), (2, true), (3, false), (4, false)])
    func theListIsInTheExclusionsOwnOrder(seed: UInt64, ascii: Bool) {
        let list = ExclusionList(dropped: Self.drops(seed: seed, count: 400, ascii: ascii))
        #expect(!list.exclusions.isEmpty)
        #expect(list.exclusions == list.exclusions.sorted())
        // No repeats.
        #expect(Set(list.exclusions.map { "\($0.reason) \($0.sourceLemma) \($0.pos?.rawValue ?? "-") \($0.tag)" }).count == list.exclusions.count)
    }

    @Test func notReachedWordsBeyondTheListedOnesAreCountedAsOmitted() {
        let listed = Self.drops(seed: 5, count: 50, ascii: true).filter { $0.reason == .notReached }
        let list = ExclusionList(dropped: listed, notReached: listed.count + 1234)
        #expect(list.notReachedOmitted == 1234)
    }
}
