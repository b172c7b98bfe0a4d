import VocabCore

/// Frequency bands: equal shares of the release by rank, at most ``ReleaseSchema/maximumBands``.
///
/// Some frequency lists (COCA) may not be shown with exact counts or ranks. For those
/// (`frequency.redistributable: false`) the release carries the band only, and words are ordered
/// by band, then lemma, then part of speech, so that the order gives no rank away either.
public enum FrequencyBands {
    /// The band of the word of rank `rank` (1-based) among `count` words in `bands` bands:
    /// `(rank - 1) * used / count + 1`, where `used` is `bands` but never more than `count`.
    public static func band(rank: Int, count: Int, bands: Int) -> Int {
        let used = max(1, min(bands, count))
        return (rank - 1) * used / max(count, 1) + 1
    }

    /// The words as published, in release order with ids from 1: rank order when counts are
    /// published, else band, lemma and part of speech order (without counts and ranks).
    /// - Parameter records: the joined words in rank order.
    public static func publish(_ records: [WordRecord], publishesCounts: Bool, bands: Int) -> [ReleaseWord] {
        let banded = records.enumerated().map { index, record in
            ReleaseWord(
                id: index + 1, band: band(rank: index + 1, count: records.count, bands: bands),
                frequency: publishesCounts ? record.frequency : nil, rank: publishesCounts ? record.rank : nil,
                card: record.card)
        }
        guard !publishesCounts else { return banded }
        return banded.sorted(by: isInBandOrder).enumerated().map { index, word in
            var word = word
            word.id = index + 1
            return word
        }
    }

    /// Whether `lhs` comes before `rhs` in a release that publishes bands only.
    public static func isInBandOrder(_ lhs: ReleaseWord, _ rhs: ReleaseWord) -> Bool {
        if lhs.band != rhs.band { return lhs.band < rhs.band }
        if lhs.lemma != rhs.lemma { return lhs.lemma < rhs.lemma }
        return lhs.partOfSpeech < rhs.partOfSpeech
    }
}
