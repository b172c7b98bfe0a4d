import Foundation
import StageRead
import Testing
import VocabCore

@Suite("Encoding and size errors")
struct EncodingErrorTests {
    static let header = "lemma,PoS,freq\n"

    @Test(arguments: [
        ([0xFF, 0xFE] as [UInt8], FrequencyListProblem.WideEncoding.utf16),
        ([0xFE, 0xFF], .utf16),
        ([0xFF, 0xFE, 0x00, 0x00], .utf32),
        ([0x00, 0x00, 0xFE, 0xFF], .utf32),
    ])
    func wideByteOrderMarks(bom: [UInt8], encoding: FrequencyListProblem.WideEncoding) {
        var bytes = bom
        for byte in Self.header.utf8 { bytes += [byte, 0] }
        let error = Fixture.expectError(Data(bytes), Fixture.config(), line: 1, .byteOrderMark(encoding))
        let name = encoding.rawValue
        #expect(error?.message == "the file looks like \(name) (it starts with a \(name) byte-order mark); convert it to UTF-8")
    }

    @Test func utf16WithoutByteOrderMarkHitsANulByte() {
        var bytes: [UInt8] = []
        for byte in Self.header.utf8 { bytes += [byte, 0] }
        Fixture.expectError(Data(bytes), Fixture.config(), line: 1, .nulByte)
    }

    @Test func nulByteReportsItsLine() {
        var bytes = Array((Self.header + "house,n,1\nru").utf8)
        bytes += [0x00]
        bytes += Array("n,v,2\n".utf8)
        let error = Fixture.expectError(Data(bytes), Fixture.config(), line: 3, .nulByte)
        #expect(error?.message == "the file contains a NUL byte (is it UTF-16 or binary?); convert it to UTF-8 text")
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
        // The first byte of the sequence is reported, at byte 4 of "caf…".
        Fixture.expectError(Data(bytes), Fixture.config(), line: 3, .invalidUTF8(byte: sequence[0], byteInLine: 4))
    }

    @Test func invalidUTF8AtTheVeryEnd() {
        var bytes = Array((Self.header + "house,n,1").utf8)
        bytes += [0xE2, 0x82]
        Fixture.expectError(Data(bytes), Fixture.config(), line: 2, .invalidUTF8(byte: 0xE2, byteInLine: 10))
    }

    @Test func bareCarriageReturnIsAnError() {
        // CR-only line ends (old Mac files), and one stray CR inside a line.
        Fixture.expectError("lemma,PoS,freq\rhouse,n,50\rrun,v,40\r", Fixture.config(), line: 1, .bareCarriageReturn(byteInLine: 15))
        Fixture.expectError("lemma,PoS,freq\nhouse,n,50\nru\rn,v,40\n", Fixture.config(), line: 3, .bareCarriageReturn(byteInLine: 3))
        // A CR at the very end of the input still ends the last line.
        #expect(throws: Never.self) { try Fixture.read("lemma,PoS,freq\r\nhouse,n,50\r", Fixture.config()) }
    }

    @Test func emptyFile() {
        Fixture.expectError("", Fixture.config(), line: nil, .empty)
        Fixture.expectError("\u{FEFF}", Fixture.config(), line: nil, .empty)
        Fixture.expectError("\n \n\t\r\n", Fixture.config(), line: nil, .empty)
        Fixture.expectError("", Fixture.indexed(.whitespace, lemma: 1, partOfSpeech: 2, frequency: 3),
                            line: nil, .empty)
        Fixture.expectError("\n\n", Fixture.indexed(.character(","), lemma: 1, partOfSpeech: 2, frequency: 3),
                            line: nil, .empty)
    }

    @Test func headerWithoutDataRows() {
        Fixture.expectError("lemma,PoS,freq", Fixture.config(), line: nil, .headerOnly)
        Fixture.expectError("\u{FEFF}lemma,PoS,freq\r\n\r\n  \n", Fixture.config(), line: nil, .headerOnly)
    }

    @Test func hugeSingleLineFailsFastWithoutHanging() throws {
        let data = Data(repeating: UInt8(ascii: "a"), count: 50 << 20)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            Fixture.expectError(data, Fixture.config(), line: 1, .lineTooLong(limit: 1_048_576))
        }
        #expect(elapsed < .seconds(10), "took \(elapsed)")
    }

    @Test func longLineAfterShortOnes() {
        let long = String(repeating: "x", count: (1 << 20) + 1)
        Fixture.expectError(Self.header + "house,n,1\n" + long + "\nrun,v,2\n", Fixture.config(),
                            line: 3, .lineTooLong(limit: 1_048_576))
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
                            line: 2, .lineTooLong(limit: 1_048_576))
    }

    @Test func quotedFieldLongerThanTheLimitAcrossShortLines() {
        let manyLines = String(repeating: "abcdefghijklmnopqrstuvwxyz0123456789\n", count: 30_000)
        Fixture.expectError(Self.header + "house,n,1\n\"" + manyLines + "\",n,1\n", Fixture.config(),
                            line: 3, column: 1, .quotedFieldTooLong(limit: 1_048_576))
    }
}

@Suite("Structure errors")
struct StructureErrorTests {
    @Test func quoteInsideAnUnquotedField() {
        Fixture.expectError("lemma,PoS,freq\nhouse,n,1\nsay \"hi\",v,2\n", Fixture.config(),
                            line: 3, column: 1, .quoteInUnquotedField)
        Fixture.expectError("lemma,PoS,freq\nhouse,n,1\nrun,v,2\"\n", Fixture.config(),
                            line: 3, column: 3, .quoteInUnquotedField)
    }

    @Test func textAfterAClosingQuote() {
        Fixture.expectError("lemma,PoS,freq\n\"house\"s,n,1\n", Fixture.config(),
                            line: 2, column: 1, .textAfterClosingQuote)
        // After a field that runs over line ends, reported where it opened: that quote is the
        // likely culprit (a stray quote swallows the lines up to the next one).
        Fixture.expectError("lemma,PoS,freq\nx,n,1\n\"two\nlines\" x,n,1\n", Fixture.config(),
                            line: 3, column: 1, .unbalancedQuote(closingLine: 4))
        Fixture.expectError("lemma,PoS,freq\nrun,\"v,2\nwalk,v,3\nsing,v,\"4\n", Fixture.config(),
                            line: 2, column: 2, .unbalancedQuote(closingLine: 4))
    }

    @Test func unterminatedQuoteAtEndOfFile() {
        Fixture.expectError("lemma,PoS,freq\nhouse,n,1\nrun,\"v,2\nwalk,v,3\n", Fixture.config(),
                            line: 3, column: 2, .unterminatedQuote)
    }

    @Test func quotesAreDataForTheWhitespaceDelimiter() throws {
        let config = Fixture.indexed(.whitespace, lemma: 1, partOfSpeech: 2, frequency: 3)
        let result = try Fixture.read("o\"clock r 5\n\"a n 1\n", config)
        #expect(result.rows.map(\.lemma) == ["o\"clock", "\"a"])
    }

    @Test func missingHeaderNameListsTheHeader() {
        let config = Fixture.config(partOfSpeech: .name("pos"))
        let error = Fixture.expectError("\u{FEFF}rank,lemma,PoS,freq\n1,the,a,5\n", config, line: 1,
                                        .missingHeaderColumn("pos", for: .partOfSpeech, header: ["rank", "lemma", "PoS", "freq"]))
        #expect(error?.message == "the header has no column \"pos\" (for the part of speech); its columns are: \"rank\", \"lemma\", \"PoS\", \"freq\"")
    }

    @Test func headerNamesAreCaseSensitive() {
        Fixture.expectError("Lemma,PoS,freq\nthe,a,5\n", Fixture.config(), line: 1,
                            .missingHeaderColumn("lemma", for: .lemma, header: ["Lemma", "PoS", "freq"]))
    }

    @Test func referencedHeaderNameTwice() {
        Fixture.expectError("\n\nlemma,PoS,freq,lemma\nthe,a,5,x\n", Fixture.config(),
                            line: 3, column: 4, .repeatedHeaderColumn("lemma", for: .lemma, fields: [1, 4]))
    }

    @Test func fieldCountMustMatchTheHeader() {
        Fixture.expectError("lemma,PoS,freq,extra\nthe,a,5,x\nbe,v,4\n", Fixture.config(),
                            line: 3, .fieldCount(expected: 4, found: 3))
        Fixture.expectError("lemma,PoS,freq\nthe,a,5\nbe,v,4,\n", Fixture.config(),
                            line: 3, .fieldCount(expected: 3, found: 4))
    }

    @Test func fieldCountMustMatchTheFirstRowWhenHeaderless() {
        let config = Fixture.indexed(.whitespace, lemma: 2, partOfSpeech: 3, frequency: 1)
        Fixture.expectError("10 the a\n9 be v x\n", config, line: 2, .fieldCount(expected: 3, found: 4))
        let tabs = Fixture.indexed(.character("\t"), lemma: 1, partOfSpeech: 2, frequency: 3)
        Fixture.expectError("the\ta\t5\t\n\nbe\tv\t4\n", tabs, line: 3, .fieldCount(expected: 4, found: 3))
    }

    @Test func referencedColumnBeyondTheRow() {
        let config = Fixture.indexed(.character(","), lemma: 1, partOfSpeech: 2, frequency: 5)
        Fixture.expectError("\nthe,a,5\n", config, line: 2, .rowTooShort(needed: 5, for: .frequency, found: 3))
        let withHeader = Fixture.config(lemma: .index(1), partOfSpeech: .index(7), frequency: .index(3))
        Fixture.expectError("lemma,PoS,freq\nthe,a,5\n", withHeader, line: 1, .headerTooShort(needed: 7, for: .partOfSpeech, found: 3))
    }

    @Test func configMistakesTheReaderCannotWorkAround() {
        let badIndex = Fixture.indexed(.character(","), lemma: 0, partOfSpeech: 2, frequency: 3)
        // Problems of the config: located by the key path, not by a line.
        Fixture.expectError("the,a,5\n", badIndex, line: nil, configKey: "frequency.columns.lemma", .columnNumberBelowOne(0))
        let nameWithoutHeader = Fixture.config(header: false)
        Fixture.expectError("the,a,5\n", nameWithoutHeader, line: nil, configKey: "frequency.columns.lemma",
                            .columnNameWithoutHeader("lemma"))
        let quoteDelimiter = Fixture.config(delimiter: .character("\""))
        Fixture.expectError("the,a,5\n", quoteDelimiter, line: nil, configKey: "frequency.delimiter", .invalidDelimiter)
    }
}

@Suite("Field errors")
struct FieldErrorTests {
    let header = "rank,lemma,PoS,freq\n1,the,a,10\n"

    @Test func emptyLemma() {
        Fixture.expectError(header + "2,,n,5\n", Fixture.config(), line: 3, column: 2, .emptyLemma)
        Fixture.expectError(header + "2,\"  \",n,5\n", Fixture.config(), line: 3, column: 2, .emptyLemma)
    }

    @Test func unknownTagIsAnErrorByDefault() {
        let error = Fixture.expectError(header + "2,house,nn,5\n", Fixture.config(),
                                        line: 3, column: 3, .unknownTag("nn", known: Fixture.cocaTags.keys.sorted()))
        if case .unknownTag(_, let known) = error?.problem {
            #expect(known.prefix(8) == ["a", "c", "d", "e", "i", "j", "m", "n"])
        }
    }

    @Test func tagsAreMatchedExactly() {
        let known = Fixture.cocaTags.keys.sorted()
        Fixture.expectError(header + "2,house,N,5\n", Fixture.config(), line: 3, column: 3, .unknownTag("N", known: known))
        Fixture.expectError(header + "2,house,,5\n", Fixture.config(), line: 3, column: 3, .unknownTag("", known: known))
    }

    @Test func droppedRowWithBadFrequencyIsStillAnError() {
        let config = Fixture.config(tags: ["n": .noun], unknownTags: .drop)
        Fixture.expectError(header + "2,house,zz,lots\n", config, line: 3, column: 4, .frequencyNotANumber("lots"))
    }

    @Test(arguments: [
        ("-5", FrequencyListProblem.negativeFrequency("-5")),
        ("-0", .negativeFrequency("-0")),
        ("abc", .frequencyNotANumber("abc")),
        ("+5", .frequencyNotANumber("+5")),
        ("5x", .frequencyNotANumber("5x")),
        ("0x10", .frequencyNotANumber("0x10")),
        ("1e6", .frequencyNotANumber("1e6")),
        ("12.5", .decimalFrequency("12.5")),
        ("12.", .decimalFrequency("12.")),
        ("\"1,234\"", .frequencyWithSeparators("1,234")),
        ("1 234", .frequencyWithSeparators("1 234")),
        ("9223372036854775808", .frequencyTooLarge("9223372036854775808")),
        ("99999999999999999999999", .frequencyTooLarge("99999999999999999999999")),
        ("", .emptyFrequency),
        ("\"  \"", .emptyFrequency),
    ])
    func badFrequencies(value: String, problem: FrequencyListProblem) {
        Fixture.expectError(header + "2,house,n,\(value)\n", Fixture.config(), line: 3, column: 4, problem)
    }

    @Test func errorLineIsWhereAMultiLineRowStarts() {
        Fixture.expectError(header + "2,\"two\nlines\",n,oops\n", Fixture.config(), line: 3, column: 4, .frequencyNotANumber("oops"))
    }

    @Test func errorDescriptionNamesFileLineAndColumn() {
        let error = Fixture.expectError(header + "2,house,n,-1\n", Fixture.config(), line: 3, column: 4, .negativeFrequency("-1"))
        #expect(error?.description == "test/list.csv:3:4: the frequency \"-1\" is negative; expected a whole number of 0 or more")
    }
}

@Suite("File access")
struct FileAccessTests {
    @Test func missingFileIsAnIOError() {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString).csv")
        #expect {
            try FrequencyListReader(config: Fixture.config()).read(url, displayPath: "freq/missing.csv")
        } throws: { error in
            guard let error = error as? FrequencyListError, case .unreadable = error.problem else { return false }
            return error.location == ErrorLocation(file: "freq/missing.csv")
        }
    }
}
