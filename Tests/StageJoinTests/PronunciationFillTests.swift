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
}
