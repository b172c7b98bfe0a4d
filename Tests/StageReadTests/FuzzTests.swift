import Foundation
import StageRead
import TestSupport
import Testing
import VocabCore

@Suite("Generated inputs")
struct FuzzTests {
    /// Writes one field the RFC 4180 way: quoted when it holds a delimiter, quote, line break
    /// or surrounding space.
    static func csvField(_ text: String) -> String {
        let needsQuotes = text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")
            || text.hasPrefix(" ") || text.hasSuffix(" ") || text.hasPrefix("\t") || text.hasSuffix("\t")
            || text.isEmpty
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    @Test func writtenCSVRoundTrips() throws {
        var random = SplitMix64(state: 42)
        let pieces = ["a", "b", "é", "日", ",", "\"", "\n", "\r\n", " ", "x y", "''", "\t", "-"]
        for round in 0..<50 {
            var expected: [FrequencyRow] = []
            var text = (round % 2 == 0 ? "\u{FEFF}" : "") + "rank,lemma,PoS,freq\n"
            var line = 2
            for rank in 1...Int.random(in: 1...20, using: &random) {
                var lemma = ""
                for _ in 0..<Int.random(in: 1...6, using: &random) { lemma += pieces.randomElement(using: &random)! }
                if lemma.allSatisfy({ $0 == " " || $0 == "\t" || $0.isNewline }) { lemma = "w" + lemma }
                let tag = ["n", "v", "j", "r"].randomElement(using: &random)!
                let frequency = Int64.random(in: 0...Int64.max, using: &random)
                expected.append(FrequencyRow(line: line, lemma: lemma, tag: tag,
                                             partOfSpeech: Fixture.cocaTags[tag]!, frequency: frequency))
                let record = [String(rank), Self.csvField(lemma), tag, String(frequency)].joined(separator: ",")
                text += record + (Bool.random(using: &random) ? "\r\n" : "\n")
                line += 1 + record.utf8.filter { $0 == 0x0A }.count
            }
            let result = try Fixture.read(text, Fixture.config())
            #expect(result.rows == expected, "round \(round)")
        }
    }

    @Test func randomBytesNeverCrashAndErrorsStayInTheFile() {
        var random = SplitMix64(state: 7)
        let alphabet: [UInt8] = Array("ab1 ,\"\t\n\r.-n".utf8) + [0xC3, 0xA9, 0xFF, 0x00, 0xE2]
        let configs = [
            Fixture.config(tags: ["n": .noun, "a": .other], unknownTags: .drop),
            Fixture.indexed(.character(","), lemma: 1, partOfSpeech: 2, frequency: 3),
            Fixture.indexed(.whitespace, lemma: 2, partOfSpeech: 3, frequency: 1, tags: ["n": .noun]),
        ]
        for _ in 0..<2000 {
            var bytes: [UInt8] = Array("lemma,PoS,freq\n".utf8)
            for _ in 0..<Int.random(in: 0...60, using: &random) { bytes.append(alphabet.randomElement(using: &random)!) }
            let lines = bytes.filter { $0 == 0x0A }.count + 1
            for config in configs {
                do {
                    let result = try FrequencyListReader(config: config).read(data: Data(bytes), displayPath: "fuzz")
                    #expect(result.dataRows == result.rows.count + result.dropped.count)
                    #expect(result.rows.allSatisfy { (1...lines).contains($0.line) && !$0.lemma.isEmpty })
                } catch {
                    // A FrequencyListError (typed throws) about the list, not about the config.
                    #expect(error.location.file == "fuzz" && error.location.item == nil, "\(error)")
                    if let line = error.location.line { #expect((1...lines).contains(line), "\(error)") }
                }
            }
        }
    }
}
