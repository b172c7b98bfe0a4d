import VocabCore

/// A distinct (lemma, part of speech) of the frequency list after merging its rows.
public struct MergedWord: Sendable, Equatable {
    /// The lemma as the list spells it (exact spelling: `TRUE` and `true` stay apart).
    public var lemma: String
    /// The part of speech the rows' tags map to.
    public var partOfSpeech: PartOfSpeech
    /// Tags of the merged rows, in source order, without repeats.
    public var tags: [String]
    /// The merged count: per tag the largest row, added up over the tags (saturating at `Int64.max`).
    public var frequency: Int64
    /// Line of the first row: ties in frequency keep source order.
    public var line: Int
}

/// Folds the frequency list's duplicate rows into ``MergedWord``s.
public enum WordMerger {
    /// Merges rows with the same lemma (exact spelling) and part of speech.
    ///
    /// Rows with the same tag repeat one count, so the largest is kept; rows with different
    /// tags that map to one part of speech (`NN1` and `NN2` → noun) are disjoint counts, so
    /// the per-tag figures are added. The result is ordered by frequency, highest first,
    /// ties in source order.
    public static func merge(_ rows: [FrequencyRow]) -> [MergedWord] {
        struct Key: Hashable { var lemma: String; var pos: PartOfSpeech }
        var order: [Key] = []
        var perTag: [Key: [(tag: String, frequency: Int64)]] = [:]
        var firstLine: [Key: Int] = [:]
        for row in rows {
            let key = Key(lemma: row.lemma, pos: row.partOfSpeech)
            if perTag[key] == nil {
                order.append(key)
                firstLine[key] = row.line
                perTag[key] = []
            }
            if let index = perTag[key]!.firstIndex(where: { $0.tag == row.tag }) {
                perTag[key]![index].frequency = max(perTag[key]![index].frequency, row.frequency)
            } else {
                perTag[key]!.append((row.tag, row.frequency))
            }
        }
        let words = order.map { key in
            let tags = perTag[key]!
            // Saturating sum: a list of Int64 counts cannot overflow a release.
            let total = tags.reduce(Int64(0)) { sum, item in
                let (value, overflow) = sum.addingReportingOverflow(item.frequency)
                return overflow ? .max : value
            }
            return MergedWord(lemma: key.lemma, partOfSpeech: key.pos, tags: tags.map(\.tag), frequency: total, line: firstLine[key]!)
        }
        return words.sorted { ($0.frequency, -$0.line) > ($1.frequency, -$1.line) }
    }
}
