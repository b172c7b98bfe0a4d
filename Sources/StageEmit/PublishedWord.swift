import VocabCore

/// A word as the release publishes it: its id, its frequency band and, only when the frequency
/// source may be redistributed, its count and rank.
struct PublishedWord: Sendable, Equatable {
    /// 1-based position in the release.
    var id: Int
    var record: WordRecord
    /// 1 (most frequent) ... `bands`.
    var band: Int
    var frequency: Int64?
    var rank: Int?
}

/// Frequency bands: equal shares of the release by rank, at most ``maximum``.
///
/// Some frequency lists (COCA) may not be shown with exact counts or ranks. For those
/// (`frequency.redistributable: false`) the release carries the band only, and words are ordered
/// by band, then lemma, then part of speech, so that the order gives no rank away either.
enum FrequencyBands {
    static let maximum = 20

    /// The band of the word of rank `rank` (1-based) among `count` words in `bands` bands.
    static func band(rank: Int, count: Int, bands: Int) -> Int {
        let used = max(1, min(bands, count))
        return (rank - 1) * used / max(count, 1) + 1
    }

    static func publish(_ records: [WordRecord], redistributable: Bool, bands: Int) -> [PublishedWord] {
        let banded = records.enumerated().map { index, record in
            PublishedWord(
                id: index + 1, record: record, band: band(rank: index + 1, count: records.count, bands: bands),
                frequency: redistributable ? record.frequency : nil, rank: redistributable ? record.rank : nil)
        }
        guard !redistributable else { return banded }
        return banded
            .sorted { lhs, rhs in
                if lhs.band != rhs.band { return lhs.band < rhs.band }
                if lhs.record.lemma != rhs.record.lemma { return lhs.record.lemma < rhs.record.lemma }
                return lhs.record.partOfSpeech < rhs.record.partOfSpeech
            }
            .enumerated()
            .map { index, word in
                var word = word
                word.id = index + 1
                return word
            }
    }
}

extension EmitInput {
    /// The records as published, per the frequency source's redistribution terms.
    var publishedWords: [PublishedWord] {
        FrequencyBands.publish(
            records, redistributable: config.frequency.redistributable, bands: config.frequency.bands)
    }
}
