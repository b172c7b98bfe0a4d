import Foundation
import Testing
@testable import VocabCore
import WNLMF
@testable import StageSelect

@Suite struct WordSelectorTests {
    typealias S = SampleCorpus
    let lexicon: Lexicon

    init() throws { lexicon = try S.lexicon("lexicon-en.xml") }

    /// The sample frequency list's rows (Corpus/sample/frequency.csv), as the read stage gives them.
    var sampleRows: [FrequencyRow] {
        [
            S.row(2, "the", "a", .other, 5000), S.row(3, "be", "v", .verb, 3000), S.row(4, "of", "i", .other, 2800),
            S.row(5, "time", "n", .noun, 1500), S.row(6, "know", "v", .verb, 1400), S.row(7, "make", "v", .verb, 1300),
            S.row(8, "good", "j", .adjective, 1200), S.row(9, "new", "j", .adjective, 1100),
            S.row(10, "house", "n", .noun, 900), S.row(11, "okay", "j", .adjective, 850),
            S.row(12, "spring", "n", .noun, 800), S.row(13, "run", "v", .verb, 700),
            S.row(14, "american", "j", .adjective, 600), S.row(15, "god", "n", .noun, 600),
            S.row(16, "TRUE", "j", .adjective, 550), S.row(17, "september", "n", .noun, 500),
            S.row(18, "big", "j", .adjective, 450), S.row(19, "car", "n", .noun, 400),
            S.row(20, "fine", "j", .adjective, 350), S.row(21, "selfie", "n", .noun, 300),
            S.row(22, "house", "n", .noun, 200), S.row(23, "spring", "v", .verb, 250),
            S.row(24, "American", "n", .noun, 150),
        ]
    }

    @Test func walksDownTheListUntilTheReleaseIsFull() {
        let result = WordSelector.select(
            sampleRows, config: SelectionConfig(count: 16), stopList: StopList(words: ["BE"]), lexicon: lexicon)
        #expect(result.selected.count == 16)
        #expect(result.selected.map(\.lemma) == [
            "time", "know", "make", "good", "new", "house", "spring", "run", "American", "god", "true",
            "September", "big", "car", "fine", "selfie",
        ])
        #expect(result.selected.map(\.rank) == Array(1...16))
        #expect(result.selected[8].sourceLemma == "american")
        #expect(result.selected[10].sourceLemma == "TRUE")
        #expect(result.dropped.map(\.sourceLemma) == ["the", "be", "of", "okay", "spring", "American"])
        #expect(result.dropped.map(\.reason) == [.posNotKept, .stoplisted, .posNotKept, .noEntry, .notReached, .notReached])
        #expect(result.distinctWords == 22)
        #expect(result.notReached == 2)
    }

    /// The next words the walk would keep are set aside for the join (a card it leaves out makes
    /// room for one): ranked on, dropped by the same rules, and still not reached as far as the
    /// selection's drops and counts go.
    @Test func theReserveHoldsTheNextWordsTheWalkWouldKeep() {
        let result = WordSelector.select(
            sampleRows, config: SelectionConfig(count: 10), stopList: StopList(words: ["BE"]), lexicon: lexicon)
        #expect(result.selected.map(\.lemma).suffix(2) == ["American", "god"])
        // The second house row is merged; spring the verb and American the noun are entries of their own.
        #expect(result.reserve.map(\.lemma) == ["true", "September", "big", "car", "fine", "selfie", "spring", "American"])
        #expect(result.reserve.map(\.partOfSpeech).suffix(2) == [.verb, .noun])
        #expect(result.reserve.map(\.rank) == Array(11...18))
        #expect(result.reserve.count <= SelectionResult.reserveSize(for: 10))
        #expect(result.notReached == 8)
        #expect(result.dropped.filter { $0.reason == .notReached }.map(\.sourceLemma)
            == ["TRUE", "september", "big", "car", "fine", "selfie", "spring", "American"])
    }

    @Test func notReachedWordsAreCountedAllButListedOnlyUpToTheLimit() {
        let all = WordSelector.select(
            sampleRows, config: SelectionConfig(count: 10), stopList: StopList(words: ["BE"]), lexicon: lexicon)
        let capped = WordSelector.select(
            sampleRows, config: SelectionConfig(count: 10), stopList: StopList(words: ["BE"]), lexicon: lexicon,
            notReachedListed: 3)
        #expect(all.notReached > 3)
        #expect(capped.notReached == all.notReached)
        #expect(capped.selected == all.selected)
        let notReached = all.dropped.filter { $0.reason == .notReached }
        #expect(capped.dropped.filter { $0.reason == .notReached } == Array(notReached.prefix(3)))
        #expect(capped.dropped.filter { $0.reason != .notReached } == all.dropped.filter { $0.reason != .notReached })
        // Every not-reached word is counted per part of speech, listed or not.
        #expect(capped.notReachedByPartOfSpeech == all.notReachedByPartOfSpeech)
        #expect(capped.notReachedByPartOfSpeech.values.reduce(0, +) == all.notReached)
        #expect(Dictionary(grouping: notReached, by: { $0.partOfSpeech! }).mapValues(\.count) == all.notReachedByPartOfSpeech)
    }

    @Test func aShortListGivesFewerWords() {
        let result = WordSelector.select(
            sampleRows, config: SelectionConfig(count: 100), stopList: StopList(words: []), lexicon: lexicon)
        #expect(result.selected.count == 19)
        #expect(result.notReached == 0)
        #expect(result.selected.last?.lemma == "American")
        #expect(result.selected.last?.partOfSpeech == .noun)
    }

    @Test func keptPartsOfSpeechAreConfigured() {
        let result = WordSelector.select(
            sampleRows, config: SelectionConfig(partsOfSpeech: [.verb], count: 3), stopList: StopList(words: []),
            lexicon: lexicon)
        #expect(result.selected.map(\.lemma) == ["be", "know", "make"])
        #expect(result.notReached == result.dropped.filter { $0.reason == .notReached }.count)
        #expect(result.dropped.filter { $0.reason == .posNotKept }.map(\.sourceLemma) == ["the", "of", "time"])
    }

    @Test func minimumFrequencyDropsRareWords() {
        let result = WordSelector.select(
            sampleRows, config: SelectionConfig(count: 100, minimumFrequency: 600), stopList: StopList(words: []),
            lexicon: lexicon)
        #expect(result.selected.last?.lemma == "god")
        #expect(result.dropped.filter { $0.reason == .belowMinimumFrequency }.count == 8)
    }

    @Test func twoSpellingsOfOneEntryKeepTheMoreFrequent() {
        let rows = [S.row(2, "TRUE", "j", .adjective, 9), S.row(3, "true", "j", .adjective, 5)]
        let result = WordSelector.select(rows, config: SelectionConfig(count: 5), stopList: StopList(words: []), lexicon: lexicon)
        #expect(result.selected.map(\.sourceLemma) == ["TRUE"])
        #expect(result.dropped.map(\.reason) == [.duplicateEntry])
    }
}

@Suite struct StopListTests {
    @Test func entriesCanNameOnePartOfSpeech() {
        let stop = StopList(words: ["Can:verb", "be"])
        #expect(stop.contains("can", .verb))
        #expect(!stop.contains("can", .noun))
        #expect(stop.contains("BE", .verb))
        #expect(stop.contains("be", .noun))
    }

    @Test func theFileSkipsCommentsAndBlankLines() throws {
        let stop = try StopList.load(SampleCorpus.folder.appendingPathComponent("stoplist.txt"), displayPath: "stoplist.txt")
        #expect(stop.words == ["be", "have", "do"])
    }
}

@Suite struct StopListFileTests {
    func load(_ bytes: [UInt8]) throws -> StopList {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stop-\(UUID().uuidString).txt")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try StopList.load(url, displayPath: "stop.txt")
    }

    @Test func badEntriesNameTheirLine() throws {
        let nul = try #require(throws: StopListError.self) { try load(Array("be\nha\0ve\n".utf8)) }
        #expect(nul.location == ErrorLocation(file: "stop.txt", line: 2))
        #expect(nul.problem == .nulByte)
        let utf8 = try #require(throws: StopListError.self) { try load(Array("be\n".utf8) + [0xFF, 0x0A]) }
        #expect(utf8.location.line == 2)
        #expect(utf8.problem == .invalidUTF8)
        let pos = try #require(throws: StopListError.self) { try load(Array("# modal\ncan:nounish\n".utf8)) }
        #expect(pos.location.line == 2)
        #expect(pos.problem == .invalidEntry(.notAPartOfSpeech(entry: "can:nounish", given: "nounish")))
        let noLemma = try #require(throws: StopListError.self) { try load(Array(":verb\n".utf8)) }
        #expect(noLemma.problem == .invalidEntry(.noLemma(entry: ":verb")))
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-stop-\(UUID().uuidString).txt")
        #expect(throws: StopListError(file: "stop.txt", .unreadable)) { try StopList.load(missing, displayPath: "stop.txt") }
    }

    @Test func crlfAndCommentsAreFine() throws {
        #expect(try load(Array("be\r\ncan:verb  # modal\r\n\r\n".utf8)).words == ["be", "can:verb"])
    }
}
