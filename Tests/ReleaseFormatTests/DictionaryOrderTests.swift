import ReleaseFormat
import TestSupport
import Testing
import VocabCore

/// The dictionary's order, made by sorting positions on keys read once, is the order of
/// comparing (folded name, name, part of speech, entry id) tuples, as Swift compares strings:
/// accents (composed or not), case, equal folded names and equal names.
@Suite struct DictionaryOrderTests {
    struct Item: Equatable {
        var lemma: String
        var partOfSpeech: PartOfSpeech
        var id: String
    }

    /// `count` items drawn from names that share folded forms, both forms of an accent, and parts of speech.
    func items(seed: UInt64, count: Int) -> [Item] {
        var random = SplitMix64(state: seed)
        let stems = ["ano", "año", "Año", "an\u{303}o", "ANO", "cafe", "café", "cafe\u{301}", "Zebra", "zebra", "éclair", "b", "a-b", "a b", "ß", "ss", "日本", "Ω"]
        return (0..<count).map { index in
            let stem = stems[Int(random.next() % UInt64(stems.count))]
            let suffix = random.next() % 3 == 0 ? "\(random.next() % 5)" : ""
            return Item(
                lemma: stem + suffix, partOfSpeech: PartOfSpeech.allCases[Int(random.next() % 5)],
                id: "e\(random.next() % 50)-\(index % 7)")
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func theOrderIsThatOfComparingTheKeyTuples(seed: UInt64) {
        let items = items(seed: seed, count: 3000)
        let expected = items.sorted { left, right in
            (WordSearch.folded(left.lemma), left.lemma, left.partOfSpeech, left.id)
                < (WordSearch.folded(right.lemma), right.lemma, right.partOfSpeech, right.id)
        }
        let ordered = CardColumns.dictionaryOrder(items, lemma: \.lemma, partOfSpeech: \.partOfSpeech, entryId: \.id)
        #expect(ordered == expected)
        #expect(ordered.count == items.count)
    }
}
