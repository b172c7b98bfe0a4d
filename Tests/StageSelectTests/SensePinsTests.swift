import Foundation
import Testing
@testable import VocabCore
import WNLMF
@testable import StageSelect

/// Sense pins: the file's format and errors (with the line), their check against the lexicon,
/// and the entry a pin makes the selection take.
@Suite struct SensePinsTests {
    typealias S = SampleCorpus
    let lexicon: Lexicon

    init() throws { lexicon = try S.lexicon("lexicon-en.xml") }

    /// `text` written to a file and loaded, or the load's error.
    func load(_ text: String) throws -> Result<SensePins, SensePinError> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-pins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("test.pins")
        try Data(text.utf8).write(to: file)
        do {
            return .success(try SensePins.load(file, displayPath: "test.pins"))
        } catch {
            return .failure(error)
        }
    }

    @Test func linesCommentsAndMultiWordLemmas() throws {
        let pins = try load("# pins\n\ngod noun i112   # the capitalised entry\n  spring\tnoun i102\nice cream noun i7\r\n").get()
        #expect(pins.pins == [
            SensePin(lemma: "god", partOfSpeech: .noun, ili: "i112", line: 3),
            SensePin(lemma: "spring", partOfSpeech: .noun, ili: "i102", line: 4),
            SensePin(lemma: "ice cream", partOfSpeech: .noun, ili: "i7", line: 5),
        ])
        #expect(pins.pin(for: "GOD", .noun)?.ili == "i112")
        #expect(pins.pin(for: "god", .verb) == nil)
    }

    @Test(arguments: [
        ("god noun\n", 1, SensePinProblem.tooFewFields("god noun")),
        ("\n\ngod nounish i112\n", 3, .notAPartOfSpeech("nounish")),
        ("god other i112\n", 1, .notAPartOfSpeech("other")),
        ("god noun in\n", 1, .notAnILI("in")),
        ("god noun 112\n", 1, .notAnILI("112")),
        ("god noun i112\nGod noun i111\n", 2, .repeated("God noun i111", firstLine: 1)),
        ("god noun i112\n\u{0}\n", 2, .nulByte),
    ])
    func malformedLinesAreErrorsWithTheirLine(text: String, line: Int, problem: SensePinProblem) throws {
        let result = try load(text)
        guard case .failure(let error) = result else { Issue.record("expected an error, got \(result)"); return }
        #expect(error.location.file == "test.pins")
        #expect(error.location.line == line)
        #expect(error.problem == problem)
    }

    @Test func invalidUTF8IsAnErrorWithItsLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-pins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.pins")
        try Data("god noun i112\n".utf8 + [0xFF, 0xFE, 0x0A]).write(to: file)
        #expect(throws: SensePinError(file: "bad.pins", line: 2, .invalidUTF8)) { try SensePins.load(file, displayPath: "bad.pins") }
    }

    @Test func everyPinIsCheckedAgainstTheLexicon() throws {
        // Fine: the capitalised variant carries i112, the entry itself carries i102 (its second sense).
        try load("god noun i112\nspring noun i102\n").get().check(against: lexicon)

        let absent = try load("god noun i112\nspring noun i999\n").get()
        #expect(throws: SensePinError(file: "test.pins", line: 2, .conceptNotInLexicon(ili: "i999", lexicon: "sample-en:1.0"))) {
            try absent.check(against: lexicon)
        }
        // i112 exists, but only God carries it, not spring.
        let elsewhere = try load("spring noun i112\n").get()
        #expect(throws: SensePinError(file: "test.pins", line: 1,
                                      .noVariantCarriesConcept("spring noun i112", variants: ["spring"], lexicon: "sample-en:1.0"))) {
            try elsewhere.check(against: lexicon)
        }
        // A part of speech the word has no entry in.
        let verb = try load("god verb i112\n").get()
        #expect(throws: SensePinError(file: "test.pins", line: 1,
                                      .noVariantCarriesConcept("god verb i112", variants: [], lexicon: "sample-en:1.0"))) {
            try verb.check(against: lexicon)
        }
    }

    @Test func aPinPicksTheCaseVariantThatCarriesTheConcept() throws {
        // Without a pin, god stays god (the deity); with one, the capitalised God.
        #expect(EntryResolver.resolve("god", .noun, in: lexicon)?.id == "sx-god-n")
        #expect(EntryResolver.resolve("god", .noun, in: lexicon, pinnedILI: "i112")?.id == "sx-God-n")
        #expect(EntryResolver.resolve("god", .noun, in: lexicon, pinnedILI: "i111")?.id == "sx-god-n")
        #expect(EntryResolver.resolve("god", .noun, in: lexicon, pinnedILI: "i101") == nil)
        let spring = try #require(lexicon.entry(id: "sx-spring-n"))
        #expect(EntryResolver.pinnedSenseIndex(of: spring, ili: "i102", in: lexicon) == 1)
        #expect(EntryResolver.pinnedSenseIndex(of: spring, ili: "i112", in: lexicon) == nil)
    }

    @Test func theSelectionRecordsThePinAndTakesThePinnedEntry() throws {
        let rows = [S.row(2, "god", "n", .noun, 600), S.row(3, "spring", "n", .noun, 500), S.row(4, "time", "n", .noun, 400)]
        let pins = try SensePins([
            SensePin(lemma: "GOD", partOfSpeech: .noun, ili: "i112", line: 1),
            SensePin(lemma: "spring", partOfSpeech: .noun, ili: "i102", line: 2),
        ], file: "test.pins")
        let result = WordSelector.select(rows, config: SelectionConfig(count: 3), stopList: StopList(words: []), lexicon: lexicon, pins: pins)
        #expect(result.selected.map(\.lemma) == ["God", "spring", "time"])
        #expect(result.selected.map(\.sourceLemma) == ["god", "spring", "time"])
        #expect(result.selected.map(\.entryId) == ["sx-God-n", "sx-spring-n", "sx-time-n"])
        #expect(result.selected.map(\.pinnedILI) == ["i112", "i102", nil])
    }
}
