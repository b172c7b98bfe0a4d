import Foundation
import Testing

/// One bad frequency list: a fixture put in place of the sample's `frequency.csv`.
struct FrequencyCase: Sendable, CustomTestStringConvertible {
    var fixture: String
    var expected: ExpectedError
    var testDescription: String { fixture }

    init(_ fixture: String, line: Int? = nil, column: Int? = nil, _ words: [String]) {
        self.fixture = fixture
        expected = ExpectedError(file: "frequency.csv", line: line, column: column, words)
    }
}

@Suite struct FrequencyListTests {
    static let failing: [FrequencyCase] = [
        FrequencyCase("empty.csv", ["the file is empty"]),
        FrequencyCase("header-only.csv", ["header only", "no data rows"]),
        FrequencyCase("missing-columns.csv", line: 4, ["expected 5 fields", "found 3"]),
        FrequencyCase("missing-header-column.csv", line: 1, ["no column \"freq\"", "frequency"]),
        FrequencyCase("extra-columns.csv", line: 5, ["expected 5 fields", "found 6"]),
        FrequencyCase("non-numeric-frequency.csv", line: 3, column: 4, ["\"many\"", "not a number"]),
        FrequencyCase("negative-frequency.csv", line: 4, column: 4, ["\"-1300\"", "negative"]),
        FrequencyCase("overflowing-frequency.csv", line: 5, column: 4, ["99999999999999999999", "too large"]),
        FrequencyCase("invalid-utf8.csv", line: 3, ["invalid UTF-8", "0xFF"]),
        FrequencyCase("utf16.csv", line: 1, ["UTF-16", "convert it to UTF-8"]),
        FrequencyCase("nul-byte.csv", line: 4, ["NUL byte"]),
        FrequencyCase("unknown-tag.csv", line: 6, column: 3, ["unknown part-of-speech tag \"zz\"", "frequency.tags"]),
    ]

    @Test(arguments: failing)
    func badListFailsCleanly(_ testCase: FrequencyCase) throws {
        let sandbox = try Sandbox()
        try sandbox.use(fixture: "frequency/\(testCase.fixture)", as: "frequency.csv")
        expectCleanFailure(try sandbox.build(), testCase.expected, sandbox: sandbox)
    }

    /// ~20 MB on one line: refused after the first MiB, quickly, without a trap.
    @Test func aSingleHugeLineFailsFast() throws {
        let sandbox = try Sandbox()
        var data = Data("rank,lemma,PoS,freq,note\n1,time,n,1500,".utf8)
        data.append(Data(repeating: UInt8(ascii: "x"), count: 20 << 20))
        data.append(Data("\n".utf8))
        try sandbox.put(data, as: "frequency.csv")
        let run = try sandbox.build()
        expectCleanFailure(run, ExpectedError(file: "frequency.csv", line: 2, ["longer than 1048576 bytes"]), sandbox: sandbox)
        #expect(run.seconds < 20, "took \(run.seconds) s")
    }

    /// With `unknownTags: "drop"` the same list builds, and the report counts the drop.
    @Test func unknownTagIsDroppedWhenConfigured() throws {
        let sandbox = try Sandbox()
        try sandbox.use(fixture: "frequency/unknown-tag.csv", as: "frequency.csv")
        try sandbox.writeConfig { set(&$0, ["frequency", "unknownTags"], "drop") }
        let run = try sandbox.build(["--json", "--quiet"])
        expectSuccess(run, sandbox: sandbox)
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let dropped = (report?["counts"] as? [String: Any])?["dropped"] as? [String: Int]
        #expect(dropped?["unknown-tag"] == 1, "report: \(run.stdout.prefix(1500))")
        let words = try sandbox.releaseWords().compactMap { $0["sourceLemma"] as? String }
        #expect(words == ["time", "know", "make", "good", "house"])
    }

    /// The sample list with CRLF line ends builds the same words as the sample.
    @Test func crlfLineEndsWork() throws {
        let sandbox = try Sandbox()
        try sandbox.use(fixture: "frequency/crlf.csv", as: "frequency.csv")
        let run = try sandbox.build(["--quiet"])
        expectSuccess(run, sandbox: sandbox)
        let words = try sandbox.releaseWords()
        // The fixture's 18 words (its list is shorter than the sample's count).
        #expect(words.count == 18)
        #expect(words.prefix(3).compactMap { $0["name"] as? String } == ["time", "know", "make"])
        #expect(words.allSatisfy { !(($0["sourceLemma"] as? String) ?? "\r").contains("\r") })
    }

    /// Quoted fields holding the delimiter and doubled quotes, spaces around unquoted fields.
    @Test func quotedFieldsWork() throws {
        let sandbox = try Sandbox()
        try sandbox.use(fixture: "frequency/quoted.csv", as: "frequency.csv")
        let run = try sandbox.build(["--quiet"])
        expectSuccess(run, sandbox: sandbox)
        let words = try sandbox.releaseWords()
        #expect(words.count == 18)
        #expect(words.prefix(4).compactMap { $0["sourceLemma"] as? String } == ["time", "know", "make", "good"])
        #expect(words.first?["freq"] as? Int == 1500)
    }

    /// Repeated rows of one lemma and tag are merged into one word (the largest count).
    @Test func duplicateRowsAreMerged() throws {
        let sandbox = try Sandbox()
        try sandbox.use(fixture: "frequency/duplicates.csv", as: "frequency.csv")
        try sandbox.writeConfig { set(&$0, ["selection", "count"], 4) }
        let run = try sandbox.build(["--quiet"])
        expectSuccess(run, sandbox: sandbox)
        let words = try sandbox.releaseWords()
        #expect(words.compactMap { $0["sourceLemma"] as? String } == ["time", "know", "make", "good"])
        #expect(words.compactMap { $0["freq"] as? Int } == [1500, 1400, 1300, 1200])
    }
}
