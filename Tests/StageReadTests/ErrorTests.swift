import Foundation
import StageRead
import Testing
import VocabCore

@Suite("Encoding and size errors")
struct EncodingErrorTests {
    static let header = "lemma,PoS,freq\n"

    @Test(arguments: [
        ([0xFF, 0xFE] as [UInt8], "UTF-16"),
        ([0xFE, 0xFF], "UTF-16"),
        ([0xFF, 0xFE, 0x00, 0x00], "UTF-32"),
        ([0x00, 0x00, 0xFE, 0xFF], "UTF-32"),
    ])
    func wideByteOrderMarks(bom: [UInt8], name: String) {
        var bytes = bom
        for byte in Self.header.utf8 { bytes += [byte, 0] }
        let error = Fixture.expectError(Data(bytes), Fixture.config(), line: 1, reason: "looks like \(name)")
        #expect(error?.reason.contains("convert it to UTF-8") == true)
    }

    @Test func utf16WithoutByteOrderMarkHitsANulByte() {
        var bytes: [UInt8] = []
        for byte in Self.header.utf8 { bytes += [byte, 0] }
        Fixture.expectError(Data(bytes), Fixture.config(), line: 1, reason: "contains a NUL byte")
    }

    @Test func nulByteReportsItsLine() {
        var bytes = Array((Self.header + "house,n,1\nru").utf8)
        bytes += [0x00]
        bytes += Array("n,v,2\n".utf8)
        let error = Fixture.expectError(Data(bytes), Fixture.config(), line: 3, reason: "contains a NUL byte")
        #expect(error?.reason.contains("UTF-8") == true)
    }

    @Test(arguments: [
        [0xFF] as [UInt8],            // never valid
        [0xC3],                       // truncated 2-byte sequence
        [0xC0, 0xAF],                 // overlong
        [0xE0, 0x80, 0xAF],           // overlong 3-byte
        [0xED, 0xA0, 0x80],           // UTF-16 surrogate
        [0xF4, 0x90, 0x80, 0x80],     // beyond U+10FFFF
        [0xE9, 0x74],                 // Latin-1 "é" followed by ASCII
    ])
    func invalidUTF8ReportsItsLine(sequence: [UInt8]) {
        var bytes = Array((Self.header + "house,n,1\ncaf").utf8)
        bytes += sequence
        bytes += Array(",n,2\nrun,v,3\n".utf8)
        Fixture.expectError(Data(bytes), Fixture.config(), line: 3, reason: "invalid UTF-8")
    }

    @Test func invalidUTF8AtTheVeryEnd() {
        var bytes = Array((Self.header + "house,n,1").utf8)
        bytes += [0xE2, 0x82]
        Fixture.expectError(Data(bytes), Fixture.config(), line: 2, reason: "invalid UTF-8")
    }

    @Test func bareCarriageReturnIsAnError() {
        // CR-only line ends (old Mac files), and one stray CR inside a line.
        Fixture.expectError("lemma,PoS,freq\rhouse,n,50\rrun,v,40\r", Fixture.config(), line: 1, reason: "not followed by a line feed, at byte 15 of the line")
        Fixture.expectError("lemma,PoS,freq\nhouse,n,50\nru\rn,v,40\n", Fixture.config(), line: 3, reason: "CR) not followed by a line feed")
        // A CR at the very end of the input still ends the last line.
        #expect(throws: Never.self) { try Fixture.read("lemma,PoS,freq\r\nhouse,n,50\r", Fixture.config()) }
    }

    @Test func emptyFile() {
        Fixture.expectError("", Fixture.config(), line: nil, reason: "the file is empty")
        Fixture.expectError("\u{FEFF}", Fixture.config(), line: nil, reason: "the file is empty")
        Fixture.expectError("\n \n\t\r\n", Fixture.config(), line: nil, reason: "the file is empty")
        Fixture.expectError("", Fixture.indexed(.whitespace, lemma: 1, partOfSpeech: 2, frequency: 3),
                            line: nil, reason: "the file is empty")
        Fixture.expectError("\n\n", Fixture.indexed(.character(","), lemma: 1, partOfSpeech: 2, frequency: 3),
                            line: nil, reason: "the file is empty")
    }

    @Test func headerWithoutDataRows() {
        Fixture.expectError("lemma,PoS,freq", Fixture.config(), line: nil, reason: "no data rows")
        Fixture.expectError("\u{FEFF}lemma,PoS,freq\r\n\r\n  \n", Fixture.config(), line: nil, reason: "no data rows")
    }

    @Test func hugeSingleLineFailsFastWithoutHanging() throws {
        let data = Data(repeating: UInt8(ascii: "a"), count: 50 << 20)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            Fixture.expectError(data, Fixture.config(), line: 1, reason: "line is longer than 1048576 bytes")
        }
        #expect(elapsed < .seconds(10), "took \(elapsed)")
    }

    @Test func longLineAfterShortOnes() {
        let long = String(repeating: "x", count: (1 << 20) + 1)
        Fixture.expectError(Self.header + "house,n,1\n" + long + "\nrun,v,2\n", Fixture.config(),
                            line: 3, reason: "line is longer than 1048576 bytes")
    }

    @Test func lineOfExactlyTheLimitIsAccepted() throws {
        // The lemma fills the line up to exactly 1 MiB (CRLF not counted).
        let lemma = String(repeating: "x", count: (1 << 20) - ",n,1".utf8.count)
        let result = try Fixture.read(Self.header + lemma + ",n,1\r\nrun,v,2", Fixture.config())
        #expect(result.rows.count == 2)
        #expect(result.rows[0].lemma.utf8.count == lemma.utf8.count)
    }

    @Test func multiByteCharactersCountAsBytes() {
        // 2-byte characters: half as many characters reach the byte limit.
        let long = String(repeating: "é", count: (1 << 19) + 1)
        Fixture.expectError(Self.header + long + ",n,1\n", Fixture.config(),
                            line: 2, reason: "line is longer than 1048576 bytes")
    }

    @Test func quotedFieldLongerThanTheLimitAcrossShortLines() {
        let manyLines = String(repeating: "abcdefghijklmnopqrstuvwxyz0123456789\n", count: 30_000)
        Fixture.expectError(Self.header + "house,n,1\n\"" + manyLines + "\",n,1\n", Fixture.config(),
                            line: 3, column: 1, reason: "longer than 1048576 bytes")
    }
}

@Suite("Structure errors")
struct StructureErrorTests {
    @Test func quoteInsideAnUnquotedField() {
        Fixture.expectError("lemma,PoS,freq\nhouse,n,1\nsay \"hi\",v,2\n", Fixture.config(),
                            line: 3, column: 1, reason: "quote inside an unquoted field")
        Fixture.expectError("lemma,PoS,freq\nhouse,n,1\nrun,v,2\"\n", Fixture.config(),
                            line: 3, column: 3, reason: "quote inside an unquoted field")
    }

    @Test func textAfterAClosingQuote() {
        Fixture.expectError("lemma,PoS,freq\n\"house\"s,n,1\n", Fixture.config(),
                            line: 2, column: 1, reason: "after the closing quote")
        // Reported on the line where the text is, after a multi-line field.
        Fixture.expectError("lemma,PoS,freq\nx,n,1\n\"two\nlines\" x,n,1\n", Fixture.config(),
                            line: 4, column: 1, reason: "after the closing quote")
    }

    @Test func unterminatedQuoteAtEndOfFile() {
        Fixture.expectError("lemma,PoS,freq\nhouse,n,1\nrun,\"v,2\nwalk,v,3\n", Fixture.config(),
                            line: 3, column: 2, reason: "unterminated quoted field")
    }

    @Test func quotesAreDataForTheWhitespaceDelimiter() throws {
        let config = Fixture.indexed(.whitespace, lemma: 1, partOfSpeech: 2, frequency: 3)
        let result = try Fixture.read("o\"clock r 5\n\"a n 1\n", config)
        #expect(result.rows.map(\.lemma) == ["o\"clock", "\"a"])
    }

    @Test func missingHeaderNameListsTheHeader() {
        let config = Fixture.config(partOfSpeech: .name("pos"))
        let error = Fixture.expectError("\u{FEFF}rank,lemma,PoS,freq\n1,the,a,5\n", config,
                                        line: 1, reason: "no column \"pos\"")
        #expect(error?.reason.contains("\"rank\", \"lemma\", \"PoS\", \"freq\"") == true)
    }

    @Test func headerNamesAreCaseSensitive() {
        Fixture.expectError("Lemma,PoS,freq\nthe,a,5\n", Fixture.config(), line: 1, reason: "no column \"lemma\"")
    }

    @Test func referencedHeaderNameTwice() {
        Fixture.expectError("\n\nlemma,PoS,freq,lemma\nthe,a,5,x\n", Fixture.config(),
                            line: 3, column: 4, reason: "more than once (fields 1 and 4)")
    }

    @Test func fieldCountMustMatchTheHeader() {
        Fixture.expectError("lemma,PoS,freq,extra\nthe,a,5,x\nbe,v,4\n", Fixture.config(),
                            line: 3, reason: "expected 4 fields, found 3")
        Fixture.expectError("lemma,PoS,freq\nthe,a,5\nbe,v,4,\n", Fixture.config(),
                            line: 3, reason: "expected 3 fields, found 4")
    }

    @Test func fieldCountMustMatchTheFirstRowWhenHeaderless() {
        let config = Fixture.indexed(.whitespace, lemma: 2, partOfSpeech: 3, frequency: 1)
        Fixture.expectError("10 the a\n9 be v x\n", config, line: 2, reason: "expected 3 fields, found 4")
        let tabs = Fixture.indexed(.character("\t"), lemma: 1, partOfSpeech: 2, frequency: 3)
        Fixture.expectError("the\ta\t5\t\n\nbe\tv\t4\n", tabs, line: 3, reason: "expected 4 fields, found 3")
    }

    @Test func referencedColumnBeyondTheRow() {
        let config = Fixture.indexed(.character(","), lemma: 1, partOfSpeech: 2, frequency: 5)
        Fixture.expectError("\nthe,a,5\n", config, line: 2, reason: "expected at least 5 fields (the frequency is column 5), found 3")
        let withHeader = Fixture.config(lemma: .index(1), partOfSpeech: .index(7), frequency: .index(3))
        Fixture.expectError("lemma,PoS,freq\nthe,a,5\n", withHeader, line: 1, reason: "expected at least 7 fields")
    }

    @Test func configMistakesTheReaderCannotWorkAround() {
        let badIndex = Fixture.indexed(.character(","), lemma: 0, partOfSpeech: 2, frequency: 3)
        Fixture.expectError("the,a,5\n", badIndex, kind: .config, line: nil, reason: "start at 1")
        let nameWithoutHeader = Fixture.config(header: false)
        Fixture.expectError("the,a,5\n", nameWithoutHeader, kind: .config, line: nil, reason: "needs \"header\": true")
        let quoteDelimiter = Fixture.config(delimiter: .character("\""))
        Fixture.expectError("the,a,5\n", quoteDelimiter, kind: .config, line: nil, reason: "cannot be a quote")
    }
}

@Suite("Field errors")
struct FieldErrorTests {
    let header = "rank,lemma,PoS,freq\n1,the,a,10\n"

    @Test func emptyLemma() {
        Fixture.expectError(header + "2,,n,5\n", Fixture.config(), line: 3, column: 2, reason: "the lemma is empty")
        Fixture.expectError(header + "2,\"  \",n,5\n", Fixture.config(), line: 3, column: 2, reason: "the lemma is empty")
    }

    @Test func unknownTagIsAnErrorByDefault() {
        let error = Fixture.expectError(header + "2,house,nn,5\n", Fixture.config(),
                                        line: 3, column: 3, reason: "unknown part-of-speech tag \"nn\"")
        #expect(error?.reason.contains("known tags: \"a\", \"c\", \"d\", \"e\", \"i\", \"j\", \"m\", \"n\"") == true)
    }

    @Test func tagsAreMatchedExactly() {
        Fixture.expectError(header + "2,house,N,5\n", Fixture.config(), line: 3, column: 3, reason: "tag \"N\"")
        Fixture.expectError(header + "2,house,,5\n", Fixture.config(), line: 3, column: 3, reason: "tag \"\"")
    }

    @Test func droppedRowWithBadFrequencyIsStillAnError() {
        let config = Fixture.config(tags: ["n": .noun], unknownTags: .drop)
        Fixture.expectError(header + "2,house,zz,lots\n", config, line: 3, column: 4, reason: "is not a number")
    }

    @Test(arguments: [
        ("-5", "is negative"),
        ("-0", "is negative"),
        ("abc", "is not a number"),
        ("+5", "is not a number"),
        ("5x", "is not a number"),
        ("0x10", "is not a number"),
        ("1e6", "is not a number"),
        ("12.5", "is a decimal number"),
        ("12.", "is a decimal number"),
        ("\"1,234\"", "thousand separators"),
        ("1 234", "thousand separators"),
        ("9223372036854775808", "is too large"),
        ("99999999999999999999999", "is too large"),
        ("", "the frequency is empty"),
        ("\"  \"", "the frequency is empty"),
    ])
    func badFrequencies(value: String, reason: String) {
        Fixture.expectError(header + "2,house,n,\(value)\n", Fixture.config(), line: 3, column: 4, reason: reason)
    }

    @Test func errorLineIsWhereAMultiLineRowStarts() {
        Fixture.expectError(header + "2,\"two\nlines\",n,oops\n", Fixture.config(), line: 3, column: 4, reason: "is not a number")
    }

    @Test func errorDescriptionNamesFileLineAndColumn() {
        let error = Fixture.expectError(header + "2,house,n,-1\n", Fixture.config(), line: 3, column: 4, reason: "negative")
        #expect(error?.description.hasPrefix("test/list.csv:3:4: ") == true)
    }
}

@Suite("File access")
struct FileAccessTests {
    @Test func missingFileIsAnIOError() {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString).csv")
        #expect {
            try FrequencyListReader(config: Fixture.config()).read(url, displayPath: "freq/missing.csv")
        } throws: { error in
            guard let error = error as? VocabError else { return false }
            return error.kind == .io && error.file == "freq/missing.csv" && error.reason.contains("cannot read the file")
        }
    }
}
