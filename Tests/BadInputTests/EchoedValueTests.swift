import Foundation
import Testing

/// Values from the inputs are echoed in error lines: a line break in one can neither split the
/// line nor forge a second `error:` line, an escape byte never reaches the terminal, and a huge
/// value is cut.
@Suite struct EchoedValueTests {
    /// Exactly one `error:` line, holding `fragment`, with no raw control character and at most
    /// `maximumLength` characters.
    func expectOneSafeLine(_ run: Run, containing fragment: String, maximumLength: Int = 2000,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 1 && !run.signalled, "\(run)", sourceLocation: sourceLocation)
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        let errors = lines.filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1, "expected one error line: \(run.stderr.prefix(500))", sourceLocation: sourceLocation)
        #expect(lines.filter { $0.contains("forged") && !$0.hasPrefix("error:") }.isEmpty,
                "a value split the line: \(run.stderr.prefix(500))", sourceLocation: sourceLocation)
        let line = String(errors.first ?? "")
        #expect(line.contains(fragment), "expected \(fragment) in: \(line.prefix(500))", sourceLocation: sourceLocation)
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                "a raw control character in: \(line.prefix(500))", sourceLocation: sourceLocation)
        #expect(line.count <= maximumLength, "\(line.count) characters", sourceLocation: sourceLocation)
    }

    @Test func aLineBreakInAQuotedFieldIsEscaped() throws {
        let sandbox = try Sandbox()
        try sandbox.put(Data("lemma,PoS,freq\nhouse,\"zz\nerror: forged\",10\n".utf8), as: "frequency.csv")
        try sandbox.writeConfig { json in
            set(&json, ["frequency", "columns"], ["lemma": "lemma", "partOfSpeech": "PoS", "frequency": "freq"])
        }
        expectOneSafeLine(try sandbox.build(), containing: #"unknown part-of-speech tag "zz\nerror: forged""#)
    }

    @Test func aCharacterReferenceInAnIdIsEscaped() throws {
        let sandbox = try Sandbox()
        let lexicon = try String(contentsOf: sandbox.corpus.appendingPathComponent("lexicon-es.xml"), encoding: .utf8)
        // Two synsets with the same id holding a line break (XML allows no escape character).
        let synset = #"<Synset id="x&#10;error: forged&#9;" ili="" partOfSpeech="n" members=""/>"#
        let doubled = lexicon.replacingOccurrences(of: "</Lexicon>", with: synset + synset + "</Lexicon>")
        try sandbox.put(Data(doubled.utf8), as: "lexicon-es.xml")
        expectOneSafeLine(try sandbox.build(), containing: #"duplicate synset id 'x\nerror: forged\t'"#)
    }

    @Test func controlCharactersInTheConfigAreRefusedByKeyPath() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig { json in set(&json, ["dataset", "title"], "a\u{0}b") }
        let run = try sandbox.build()
        expectOneSafeLine(run, containing: "dataset.title: contains the control character U+0000")
        expectNoPartialRelease(sandbox)
        try sandbox.writeConfig { json in set(&json, ["dataset", "title\u{1B}[2Jerror: forged"], "x") }
        expectOneSafeLine(try sandbox.build(), containing: #"dataset.title\u{1B}[2Jerror: forged: "#)
    }

    @Test func aHugeKeyIsCut() throws {
        let sandbox = try Sandbox()
        let key = String(repeating: "k", count: 10_000_000)
        try sandbox.writeConfig { json in set(&json, ["selection", key], 1) }
        expectOneSafeLine(try sandbox.build(), containing: "more characters): unknown key")
    }
}
