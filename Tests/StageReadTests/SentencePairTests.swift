import Foundation
import StageRead
import Testing
import VocabCore

/// The sentence-pair file (`examples`), read as the frequency list is: its encoding checks and
/// transcoding, line numbers in every error, malformed lines refused or skipped and counted.
@Suite struct SentencePairTests {
    static let file = "test/pairs.tsv"

    func read(_ text: String, learned: Int = 1, learner: Int = 2, encoding: String? = nil, skip: Bool = false) throws(FrequencyListError) -> SentencePairResult {
        try read(Data(text.utf8), learned: learned, learner: learner, encoding: encoding, skip: skip)
    }

    func read(_ data: Data, learned: Int = 1, learner: Int = 2, encoding: String? = nil, skip: Bool = false) throws(FrequencyListError) -> SentencePairResult {
        try SentencePairReader(learnedColumn: learned, learnerColumn: learner, encoding: encoding, malformedRows: skip ? .skip : nil)
            .read(data: data, displayPath: Self.file)
    }

    func error(_ run: () throws -> SentencePairResult) -> FrequencyListError? {
        do {
            _ = try run()
            return nil
        } catch {
            return error as? FrequencyListError
        }
    }

    @Test func pairsInTheirColumnsWithQuotesAndFurtherFields() throws {
        let result = try read("\u{FEFF}He said \"hi\".\tDijo \"hola\".\tCC-BY 2.0 (France) #1\r\n\n  \nGo.\tVe.\n", learned: 2, learner: 1)
        #expect(result.pairs == [
            SentencePair(line: 1, learned: "Dijo \"hola\".", learner: "He said \"hi\"."),
            SentencePair(line: 4, learned: "Ve.", learner: "Go."),
        ])
        #expect(result.dataRows == 2)
        #expect(result.skipped.isEmpty)
    }

    @Test func aMissingColumnNamesItsLine() {
        let found = error { try read("Go.\tVe.\nRun!\n") }
        #expect(found?.location == ErrorLocation(file: Self.file, line: 2))
        #expect(found?.problem == .rowTooShort(needed: 2, for: .learner, found: 1))
        #expect(found?.errorLine == "error: test/pairs.tsv:2: expected at least 2 fields (the translation is column 2), found 1")
    }

    @Test func anEmptySentenceNamesItsLineAndField() {
        let found = error { try read("Go.\tVe.\n \tCorre.\n") }
        #expect(found?.location == ErrorLocation(file: Self.file, line: 2, column: 1))
        #expect(found?.message == "the learned sentence is empty")
    }

    @Test func malformedLinesAreSkippedAndCountedWhenAsked() throws {
        let result = try read("Go.\tVe.\nRun!\n\tCorre.\nHi.\tHola.\n", skip: true)
        #expect(result.pairs.map(\.line) == [1, 4])
        #expect(result.dataRows == 4)
        #expect(result.skipped.map(\.line) == [2, 3])
        #expect(result.skipped.map(\.field) == [nil, 1])
    }

    @Test func theEncodingChecksAreTheLists() {
        #expect(error { try read(Data([0x47, 0x6F, 0x09, 0xFF, 0x0A])) }?.problem == .invalidUTF8(byte: 0xFF, byteInLine: 4))
        #expect(error { try read(Data("Go.\tVe.\nRun\u{0}.\tCorre.\n".utf8)) }?.location.line == 2)
        #expect(error { try read(Data([0xFF, 0xFE, 0x47, 0x00])) }?.problem == .byteOrderMark(.utf16))
        #expect(error { try read("") }?.problem == .empty)
        #expect(error { try read("Go.\tVe.\rRun.\tCorre.\n") }?.problem == .bareCarriageReturn(byteInLine: 8))
    }

    @Test func aTenMegabyteLineIsOneErrorNotACrash() {
        let line = String(repeating: "a", count: 10 << 20)
        let found = error { try read("Go.\tVe.\n\(line)\tb\n", skip: true) }
        #expect(found?.location.line == 2)
        #expect(found?.problem == .lineTooLong(limit: FrequencyListLimits.maxLineBytes))
    }

    @Test func anotherEncodingIsConvertedFirst() throws {
        // "Sí.\tYes." in ISO-8859-1.
        let latin1 = Data([0x53, 0xED, 0x2E, 0x09, 0x59, 0x65, 0x73, 0x2E, 0x0A])
        #expect(try read(latin1, encoding: "ISO-8859-1").pairs == [SentencePair(line: 1, learned: "Sí.", learner: "Yes.")])
        #expect(error { try read(latin1) }?.problem == .invalidUTF8(byte: 0xED, byteInLine: 2), "not UTF-8 unless said")
        let unknown = error { try read(latin1, encoding: "no-such-encoding") }
        #expect(unknown?.location.item == "examples.encoding")
    }

    /// A stateful encoding's escape sequence it does not know (ISO-2022-JP's `ESC $ Z`) or
    /// allow is placed as any other unreadable byte is: its line and character, never "ICU could
    /// not convert the file" without a line (issue 47).
    @Test(arguments: [
        ("ISO-2022-JP", [0x1B, 0x24, 0x5A, 0x78, 0x78, 0x1B, 0x28, 0x42]),  // ESC $ Z: no such character set
        ("ISO-2022-JP", [0x1B, 0x28, 0x51, 0x78]),  // ESC ( Q
        ("ISO-2022-KR", [0x0E, 0x41, 0x0F]),  // SO without the ESC $ ) C that allows it
        ("HZ", [0x7E, 0x7B, 0x21]),  // ~{ then a byte no GB 2312 pair begins with
    ])
    func anEscapeSequenceTheEncodingRefusesNamesItsLine(_ encoding: String, _ bad: [UInt8]) {
        // Line 1 is plain ASCII in every one of these encodings; line 2 holds the bad sequence.
        let data = Data("Go.\tVe.\nBad\t".utf8) + Data(bad) + Data("\n".utf8)
        let found = error { try read(data, encoding: encoding) }
        #expect(found?.location.file == Self.file)
        #expect(found?.location.line == 2, "\(String(describing: found))")
        guard case .unmappableBytes(encoding, _, let character)? = found?.problem else {
            Issue.record("\(encoding): not placed: \(String(describing: found))")
            return
        }
        #expect(character >= 4)
        #expect(found.map { !$0.errorLine.contains("ICU could not convert") } == true)
    }

    @Test func theFileIsReadAsFromMemory() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pairs-\(UUID().uuidString).tsv")
        defer { try? FileManager.default.removeItem(at: url) }
        let text = "Go.\tVe.\nHi.\tHola.\n"
        try Data(text.utf8).write(to: url)
        #expect(try SentencePairReader(learnedColumn: 1, learnerColumn: 2).read(url, displayPath: Self.file) == read(text))
        let missing = error { try SentencePairReader(learnedColumn: 1, learnerColumn: 2).read(url.appendingPathExtension("gone"), displayPath: Self.file) }
        #expect(missing?.location.file == Self.file)
    }
}
