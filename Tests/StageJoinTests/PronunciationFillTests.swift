import StageJoin
import Testing
import VocabCore

/// A card keeps the lexicon's pronunciations; one without gets one generated, or, when the
/// engine fails and the config allows it, none (listed).
@Suite struct PronunciationFillTests {
    struct EngineFailure: Error {}

    func record(_ lemma: String, rank: Int, pronunciations: [Pronunciation] = []) -> WordRecord {
        WordRecord(rank: rank, frequency: 100, card: WordCard(
            lemma: lemma, sourceLemma: lemma.lowercased(), partOfSpeech: .noun, definition: nil, synonyms: [], examples: [],
            translations: [], provenance: Provenance(lexicon: "x:1", entryId: "e-\(lemma)", senseId: "s", synsetId: "y", ili: nil, senseRank: 1),
            pronunciations: pronunciations))
    }

    /// A stand-in engine: the word reversed, failing on words with a digit.
    func transcribe(_ word: String) throws -> String {
        guard !word.contains(where: \.isNumber) else { throw EngineFailure() }
        return String(word.reversed())
    }

    @Test func theLexiconsPronunciationsAreKeptAndTheOthersGenerated() throws {
        let lexicon = [Pronunciation(text: "ˈjɪə", variety: "GB"), Pronunciation(text: "ˈjɪɹ", variety: "US")]
        var records = [record("year", rank: 1, pronunciations: lexicon), record("casa", rank: 2)]
        let figures = try PronunciationFill.fill(&records, skipFailures: false, transcribe: transcribe)
        #expect(records[0].card.pronunciations == lexicon, "lexicon order and varieties kept, nothing generated beside them")
        #expect(records[1].card.pronunciations == [Pronunciation(text: "asac", generated: true)])
        #expect(figures == PronunciationFill.Figures(lexicon: 1, generated: 1, failed: []))
    }

    @Test func aWordTheEngineCannotSayStopsTheFillUnlessFailuresAreSkipped() throws {
        var records = [record("casa", rank: 1), record("b2b", rank: 2), record("año", rank: 3)]
        var stopped = records
        #expect(throws: EngineFailure.self) { try PronunciationFill.fill(&stopped, skipFailures: false, transcribe: transcribe) }
        let figures = try PronunciationFill.fill(&records, skipFailures: true, transcribe: transcribe)
        #expect(figures == PronunciationFill.Figures(lexicon: 0, generated: 2, failed: ["b2b"]))
        #expect(records[1].card.pronunciations.isEmpty)
        #expect(records[2].card.pronunciations == [Pronunciation(text: "oña", generated: true)])
    }

    @Test func fromReadingsACardIsSaidByItsReadingOrNotAtAll() throws {
        // 食べる's kana, 中文's pinyin; ブログ has none: never its name, which a voice may read in part.
        var records = [record("食べる", rank: 1), record("中文", rank: 2), record("ブログ", rank: 3)]
        let readings = ["食べる": "たべる", "中文": "zhōng wén"]
        let read = ReadingFill.fill(&records) { lemma, partOfSpeech in
            #expect(partOfSpeech == .noun)
            return readings[lemma]
        }
        #expect(read == ReadingFill.Figures(read: 2, unread: ["ブログ"]))
        #expect(records.map(\.card.reading) == ["たべる", "zhōng wén", nil])
        let figures = try PronunciationFill.fill(&records, skipFailures: true, fromReading: true, transcribe: transcribe)
        #expect(records[0].card.pronunciations == [Pronunciation(text: "るべた", generated: true)])
        #expect(records[1].card.pronunciations == [Pronunciation(text: "néw gnōhz", generated: true)])
        #expect(records[2].card.pronunciations.isEmpty)
        #expect(figures == PronunciationFill.Figures(lexicon: 0, generated: 2, failed: [], unread: 1))
        #expect(figures.withoutPronunciation == 1)
        // Without readings the count is not kept (nil), as in a summary written before them.
        var plain = [record("casa", rank: 1)]
        #expect(try PronunciationFill.fill(&plain, skipFailures: true, transcribe: transcribe).unread == nil)
    }
}
