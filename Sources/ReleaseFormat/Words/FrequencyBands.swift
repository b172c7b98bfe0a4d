import VocabCore

/// Frequency bands: equal shares of the release by rank, at most ``ReleaseSchema/maximumBands``.
///
/// Some frequency lists (COCA) may not be shown with exact counts or ranks. For those
/// (`frequency.redistributable: false`) the release carries the band only, and words are ordered
/// by band, then name in the source language's collation (case-insensitive), then part of
/// speech, so that the order gives no rank away either.
package enum FrequencyBands {
    /// The band of the word of rank `rank` (1-based) among `count` words in `bands` bands:
    /// `(rank - 1) * used / count + 1`, where `used` is `bands` but never more than `count`.
    package static func band(rank: Int, count: Int, bands: Int) -> Int {
        let used = max(1, min(bands, count))
        return (rank - 1) * used / max(count, 1) + 1
    }

    /// The words as published, in release order with ids from 1: rank order when counts are
    /// published, else band, name and part of speech order (without counts and ranks).
    /// - Parameter records: the joined words in rank order.
    /// - Parameter collation: the source language's, for the order of a release without counts.
    package static func publish(
        _ records: [WordRecord], publishesCounts: Bool, bands: Int, collation: SourceCollation
    ) -> [ReleaseWord] {
        let banded = records.enumerated().map { index, record in
            ReleaseWord(
                id: index + 1, band: band(rank: index + 1, count: records.count, bands: bands),
                frequency: publishesCounts ? record.frequency : nil, rank: publishesCounts ? record.rank : nil,
                card: record.card)
        }
        guard !publishesCounts else { return banded }
        // The presort's keys made once per word, not in each comparison (folding allocates).
        let keyed = banded.map { word in
            (band: word.band, folded: WordSearch.folded(word.lemma), lemma: word.lemma, pos: word.partOfSpeech, word: word)
        }
        let sorted = SourceCollation.sorted(
            keyed,
            presort: { ($0.band, $0.folded, $0.lemma, $0.pos) < ($1.band, $1.folded, $1.lemma, $1.pos) },
            by: { isInBandOrder($0.word, $1.word, collation: collation) })
        return sorted.enumerated().map { index, keyed in
            var word = keyed.word
            word.id = index + 1
            return word
        }
    }

    /// Whether `lhs` comes before `rhs` in a release that publishes bands only.
    package static func isInBandOrder(_ lhs: ReleaseWord, _ rhs: ReleaseWord, collation: SourceCollation) -> Bool {
        if lhs.band != rhs.band { return lhs.band < rhs.band }
        if let precedes = collation.precedes(lhs.lemma, rhs.lemma) { return precedes }
        return lhs.partOfSpeech < rhs.partOfSpeech
    }
}
