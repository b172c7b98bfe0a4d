import Foundation
import ReleaseFormat
import Releases
import VocabCore

// Test-only constructors: releases and words held in memory, so that a diff can be computed
// (and unit-tested) without a database on disk.

extension PublishedRelease {
    /// A release held in memory.
    package init(
        words: [ReleaseWord], exclusions: [Exclusion] = [], metadata: [String: String] = [:],
        userVersion: Int32 = 1, schema: [String] = [], applicationID: Int32 = ReleaseSchema.applicationID,
        database: URL = URL(fileURLWithPath: "/dev/null"), folder: URL? = nil
    ) {
        self.init(
            folder: folder, database: database, applicationID: applicationID, userVersion: userVersion,
            metadata: metadata, schema: schema, words: words, exclusions: exclusions)
    }
}

extension PublishedRelease.Exclusion {
    /// An exclusion with an empty tag unless given.
    package init(_ sourceLemma: String, _ partOfSpeech: PartOfSpeech?, reason: String, tag: String = "") {
        self.init(sourceLemma: sourceLemma, pos: partOfSpeech, tag: tag, reason: reason)
    }
}

extension ReleaseWord {
    /// A word with made-up provenance (`test:1`, entry and sense ids from the lemma).
    package static func fixture(
        _ lemma: String, _ partOfSpeech: PartOfSpeech, id: Int, sourceLemma: String? = nil,
        frequency: Int64? = nil, rank: Int? = nil, band: Int = 1, senseRank: Int = 1,
        lexicon: String = "test:1", entryId: String? = nil, senseId: String? = nil,
        synsetId: String, ili: String? = nil, definition: String? = nil,
        synonyms: [String] = [], examples: [CardExample] = [], translations: [String: [String]] = [:]
    ) -> ReleaseWord {
        ReleaseWord(
            id: id, band: band, frequency: frequency, rank: rank,
            card: WordCard(
                lemma: lemma, sourceLemma: sourceLemma ?? lemma, partOfSpeech: partOfSpeech, definition: definition,
                synonyms: synonyms, examples: examples, translations: .fixture(translations),
                provenance: Provenance(
                    lexicon: lexicon, entryId: entryId ?? "\(lemma)-\(partOfSpeech.rawValue)",
                    senseId: senseId ?? "\(lemma)-\(partOfSpeech.rawValue)-\(synsetId)", synsetId: synsetId, ili: ili,
                    senseRank: senseRank)))
    }
}

extension Array where Element == Translation {
    /// Translations by language, in language order.
    package static func fixture(_ lemmas: [String: [String]]) -> [Translation] {
        lemmas.keys.sorted().map { Translation(language: $0, lemmas: lemmas[$0]!) }
    }
}
