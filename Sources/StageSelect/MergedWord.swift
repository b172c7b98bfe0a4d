import VocabCore

/// A distinct (lemma, part of speech) of the frequency list after merging its rows.
package struct MergedWord: Sendable, Equatable {
    /// The lemma as the list spells it (exact spelling: `TRUE` and `true` stay apart).
    package var lemma: String
    /// The part of speech the rows' tags map to.
    package var partOfSpeech: PartOfSpeech
    /// Tags of the merged rows, in source order, without repeats.
    package var tags: [String]
    /// The merged count: per tag the largest row, added up over the tags (saturating at `Int64.max`).
    package var frequency: Int64
    /// Line of the first row: ties in frequency keep source order.
    package var line: Int
}

/// Folds the frequency list's duplicate rows into ``MergedWord``s.
package enum WordMerger {
    /// Merges rows with the same lemma (exact spelling) and part of speech.
    ///
    /// Rows with the same tag repeat one count, so the largest is kept; rows with different
    /// tags that map to one part of speech (`NN1` and `NN2` → noun) are disjoint counts, so
    /// the per-tag figures are added. The result is ordered by frequency, highest first,
    /// ties in source order.
    package static func merge(_ rows: [FrequencyRow]) -> MergedWords {
        MergedWords(rows)
    }
}

/// The merged words of a frequency list, most frequent first (``WordMerger/merge(_:)``).
///
/// Lists have millions of rows and the walk looks at a few thousand words, so the words are
/// held compactly (a few integers per word, beside the rows) and each ``MergedWord`` is made
/// when it is read.
package struct MergedWords: RandomAccessCollection, Sendable {
    private let rows: [FrequencyRow]
    /// Per word: the index of its first row, and its merged frequency.
    private var firstRow: [Int32] = []
    private var frequency: [Int64] = []
    /// Words whose rows have more than one tag: per tag, in source order, its largest count.
    private var tagCounts: [Int32: [(tag: String, frequency: Int64)]] = [:]
    /// Word indices, most frequent first, ties in source order.
    private var order: [Int32] = []

    init(_ rows: [FrequencyRow]) {
        precondition(rows.count < Int(Int32.max), "a frequency list of more than 2^31 rows")
        self.rows = rows
        // Open addressing over word indices: the table holds `word + 1`, 0 is empty.
        var capacity = 16
        while capacity < rows.count * 2 { capacity <<= 1 }
        var table = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for (index, row) in rows.enumerated() {
            var hasher = Hasher()
            hasher.combine(row.lemma)
            hasher.combine(row.partOfSpeech)
            var slot = hasher.finalize() & mask
            var word = -1
            while table[slot] != 0 {
                let candidate = Int(table[slot] - 1)
                let first = rows[Int(firstRow[candidate])]
                if first.partOfSpeech == row.partOfSpeech && first.lemma == row.lemma {
                    word = candidate
                    break
                }
                slot = (slot + 1) & mask
            }
            if word < 0 {
                firstRow.append(Int32(index))
                frequency.append(row.frequency)
                table[slot] = Int32(firstRow.count)
                continue
            }
            let key = Int32(word)
            if var counts = tagCounts[key] {
                if let tag = counts.firstIndex(where: { $0.tag == row.tag }) {
                    counts[tag].frequency = Swift.max(counts[tag].frequency, row.frequency)
                } else {
                    counts.append((row.tag, row.frequency))
                }
                tagCounts[key] = counts
            } else if rows[Int(firstRow[word])].tag == row.tag {
                frequency[word] = Swift.max(frequency[word], row.frequency)
            } else {
                tagCounts[key] = [(rows[Int(firstRow[word])].tag, frequency[word]), (row.tag, row.frequency)]
            }
        }
        for (word, counts) in tagCounts {
            // Saturating sum: a list of Int64 counts cannot overflow a release.
            frequency[Int(word)] = counts.reduce(Int64(0)) { sum, item in
                let (value, overflow) = sum.addingReportingOverflow(item.frequency)
                return overflow ? .max : value
            }
        }
        // First rows are in source order, so a lower word index is an earlier line.
        order = (0 ..< Int32(firstRow.count)).map { $0 }
        order.sort { [frequency] a, b in
            let (fa, fb) = (frequency[Int(a)], frequency[Int(b)])
            return fa != fb ? fa > fb : a < b
        }
    }

    /// The first word.
    package var startIndex: Int { 0 }
    /// One past the last word.
    package var endIndex: Int { order.count }

    /// The part of speech of the word at `position`, without making the word.
    package func partOfSpeech(at position: Int) -> PartOfSpeech {
        rows[Int(firstRow[Int(order[position])])].partOfSpeech
    }

    /// The word at `position` in frequency order.
    package subscript(position: Int) -> MergedWord {
        let word = order[position]
        let first = rows[Int(firstRow[Int(word)])]
        return MergedWord(
            lemma: first.lemma, partOfSpeech: first.partOfSpeech, tags: tagCounts[word]?.map(\.tag) ?? [first.tag],
            frequency: frequency[Int(word)], line: first.line)
    }
}
