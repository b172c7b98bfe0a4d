import Foundation
@testable import StageRead
import Testing
import VocabCore

@Suite("Reading well-formed lists")
struct ReadingTests {
    static let cocaSample = "\u{FEFF}rank,lemma,PoS,freq,perMil\n"
        + "1,the,a,50033612,50033.61\n"
        + "2,be,v,32394756,32394.76\n"
        + "3,to,t,17181561,17181.56\n"
        + "4,to,i,7966370,7966.37\n"
        + "4818,TRUE,j,12271,12.27"

    @Test func cocaStyleHeaderWithBOMAndNoFinalNewline() throws {
        let result = try Fixture.read(Self.cocaSample, Fixture.config())
        #expect(result.rows.map(\.summary) == [
            "the/a/50033612@2", "be/v/32394756@3", "to/t/17181561@4", "to/i/7966370@5", "TRUE/j/12271@6",
        ])
        #expect(result.rows.map(\.partOfSpeech) == [.other, .verb, .other, .other, .adjective])
        #expect(result.dropped.isEmpty)
        #expect(result.dataRows == 5)
    }

    @Test func bomIsStrippedFromTheFirstHeaderName() throws {
        // "rank" carries the BOM; reading by the first column's name must still work.
        let config = Fixture.config(lemma: .name("lemma"), partOfSpeech: .name("PoS"), frequency: .name("rank"))
        let result = try Fixture.read(Self.cocaSample, config)
        #expect(result.rows.first?.frequency == 1)
    }

    @Test func finalNewlineOrNotGivesTheSameRows() throws {
        let without = try Fixture.read(Self.cocaSample, Fixture.config())
        let with = try Fixture.read(Self.cocaSample + "\n", Fixture.config())
        let withBlankTail = try Fixture.read(Self.cocaSample + "\n\n  \n\t\n", Fixture.config())
        #expect(without == with)
        #expect(without == withBlankTail)
    }

    @Test func upperCaseLemmasAreKeptAsInTheFile() throws {
        let result = try Fixture.read("lemma,PoS,freq\nTRUE,j,10\nFALSE,j,9\nAmerican,j,8\n", Fixture.config())
        #expect(result.rows.map(\.lemma) == ["TRUE", "FALSE", "American"])
    }

    @Test func columnsByIndexWithAHeader() throws {
        let config = Fixture.config(lemma: .index(2), partOfSpeech: .index(3), frequency: .index(4))
        let result = try Fixture.read(Self.cocaSample, config)
        #expect(result.rows.count == 5)
        #expect(result.rows[1].summary == "be/v/32394756@3")
    }

    @Test func crlfLineEnds() throws {
        let text = "lemma,PoS,freq\r\nthe,a,100\r\nhouse,n,50\r\n\r\nrun,v,40"
        let result = try Fixture.read(text, Fixture.config())
        #expect(result.rows.map(\.summary) == ["the/a/100@2", "house/n/50@3", "run/v/40@5"])
    }

    @Test func crlfWithQuotedLastField() throws {
        let config = Fixture.config(lemma: .index(1), partOfSpeech: .index(2), frequency: .index(3))
        let result = try Fixture.read("lemma,PoS,freq\r\n\"the\",\"a\",\"100\"\r\n\"x\",n,\"5\"\r", config)
        #expect(result.rows.map(\.summary) == ["the/a/100@2", "x/n/5@3"])
    }

    @Test func blankLinesAreSkippedAndLinesStayPhysical() throws {
        let text = "\n  \nlemma,PoS,freq\n\nhouse,n,50\n \t \nrun,v,40\n\n"
        let result = try Fixture.read(text, Fixture.config())
        #expect(result.rows.map(\.summary) == ["house/n/50@5", "run/v/40@7"])
        #expect(result.dataRows == 2)
    }

    @Test func unquotedFieldsAreTrimmed() throws {
        let result = try Fixture.read(" lemma , PoS\t,\tfreq \nhouse  ,\tn , 50 \n", Fixture.config())
        #expect(result.rows.map(\.summary) == ["house/n/50@2"])
    }

    @Test func duplicateRowsAreAllReturned() throws {
        let text = "lemma,PoS,freq\nhouse,n,50\nhouse,n,50\nhouse,v,7\n"
        let result = try Fixture.read(text, Fixture.config())
        #expect(result.rows.map(\.summary) == ["house/n/50@2", "house/n/50@3", "house/v/7@4"])
    }

    @Test func headerlessTabSeparated() throws {
        let config = Fixture.indexed(.character("\t"), lemma: 1, partOfSpeech: 2, frequency: 3)
        let result = try Fixture.read("house\tn\t50\nrun\tv\t40\n\nfast \t j\t 3\n", config)
        #expect(result.rows.map(\.summary) == ["house/n/50@1", "run/v/40@2", "fast/j/3@4"])
        #expect(result.dataRows == 3)
    }

    @Test func tabDelimiterKeepsEmptyFieldsBetweenTabs() throws {
        // With a tab delimiter, two tabs are an empty field, not one separator.
        let config = Fixture.indexed(.character("\t"), lemma: 1, partOfSpeech: 3, frequency: 4)
        let result = try Fixture.read("house\t\tn\t50\n", config)
        #expect(result.rows.map(\.summary) == ["house/n/50@1"])
    }

    @Test func headerlessWhitespaceSeparatedBNCOrder() throws {
        // BNC-style lists put the frequency first: `freq word pos`.
        let tags: [String: PartOfSpeech] = ["NN1": .noun, "VVI": .verb, "AJ0": .adjective, "AT0": .other]
        let config = Fixture.indexed(.whitespace, lemma: 2, partOfSpeech: 3, frequency: 1, tags: tags)
        let text = "6187267 the AT0\n  2000  \t house   NN1  \r\n\n1500\trun\tVVI\n900 \"quoted\" AJ0"
        let result = try Fixture.read(text, config)
        #expect(result.rows.map(\.summary) == ["the/AT0/6187267@1", "house/NN1/2000@2", "run/VVI/1500@4", "\"quoted\"/AJ0/900@5"])
        #expect(result.rows.map(\.partOfSpeech) == [.other, .noun, .verb, .adjective])
    }

    @Test func whitespaceWithHeaderByName() throws {
        let config = Fixture.config(delimiter: .whitespace, lemma: .name("word"), partOfSpeech: .name("pos"), frequency: .name("freq"),
                                    tags: ["n": .noun])
        let result = try Fixture.read("freq word pos\n10 house n\n", config)
        #expect(result.rows.map(\.summary) == ["house/n/10@2"])
    }

    @Test func otherCharacterDelimiters() throws {
        let semicolon = try Fixture.read("lemma;PoS;freq\nhouse;n;50\n", Fixture.config(delimiter: .character(";")))
        #expect(semicolon.rows.map(\.summary) == ["house/n/50@2"])
        let pipe = try Fixture.read("lemma|PoS|freq\nhouse, home|n|50\n", Fixture.config(delimiter: .character("|")))
        #expect(pipe.rows.map(\.summary) == ["house, home/n/50@2"])
        let section = try Fixture.read("lemma§PoS§freq\nhouse§n§50\n", Fixture.config(delimiter: .character("§")))
        #expect(section.rows.map(\.summary) == ["house/n/50@2"])
    }

    @Test func quotedFieldsWithDelimiterQuotesAndNewlines() throws {
        let text = "lemma,PoS,freq\n"
            + "\"a, b\",n,10\n"
            + "\"say \"\"hi\"\"\",v,9\n"
            + "\"two\nlines\",n,8\n"
            + "after,r,7\n"
            + "\"\"\"\",u,6\n"
            + "  \"spaced\"  ,n,\" 5 \"\n"
        let result = try Fixture.read(text, Fixture.config())
        #expect(result.rows.map(\.lemma) == ["a, b", "say \"hi\"", "two\nlines", "after", "\"", "spaced"])
        #expect(result.rows.map(\.line) == [2, 3, 4, 6, 7, 8])
        #expect(result.rows.map(\.frequency) == [10, 9, 8, 7, 6, 5])
    }

    @Test func quotedFieldSpanningCRLFLinesKeepsItsLineBreak() throws {
        let result = try Fixture.read("lemma,PoS,freq\r\n\"a\r\nb\",n,1\r\nc,n,2\r\n", Fixture.config())
        #expect(result.rows.map(\.lemma) == ["a\r\nb", "c"])
        #expect(result.rows.map(\.line) == [2, 4])
    }

    @Test func quotedHeaderNames() throws {
        let result = try Fixture.read("\"lemma\",\"PoS\",\"freq\"\nhouse,n,1\n", Fixture.config())
        #expect(result.rows.map(\.summary) == ["house/n/1@2"])
    }

    @Test func unknownTagsAreDroppedWithThePolicyDrop() throws {
        let config = Fixture.config(tags: ["n": .noun], unknownTags: .drop)
        let result = try Fixture.read("lemma,PoS,freq\nhouse,n,50\nthe,a,100\nred,j,20\nrun,N,3\n", config)
        #expect(result.rows.map(\.summary) == ["house/n/50@2"])
        #expect(result.dropped == [
            DroppedWord(sourceLemma: "the", tag: "a", partOfSpeech: nil, frequency: 100, line: 3, reason: .unknownTag),
            DroppedWord(sourceLemma: "red", tag: "j", partOfSpeech: nil, frequency: 20, line: 4, reason: .unknownTag),
            DroppedWord(sourceLemma: "run", tag: "N", partOfSpeech: nil, frequency: 3, line: 5, reason: .unknownTag),
        ])
        #expect(result.dataRows == 4)
    }

    @Test func frequencyEdgeValues() throws {
        let text = "lemma,PoS,freq\nzero,n,0\nmax,n,9223372036854775807\npadded,n,  42\t\nleading,n,007\n"
        let result = try Fixture.read(text, Fixture.config())
        #expect(result.rows.map(\.frequency) == [0, Int64.max, 42, 7])
    }

    @Test func nonASCIILemmas() throws {
        let result = try Fixture.read("lemma,PoS,freq\ncafé,n,5\nnaïve,j,4\n日本,n,3\n😀,u,2\n", Fixture.config())
        #expect(result.rows.map(\.lemma) == ["café", "naïve", "日本", "😀"])
    }

    @Test func emptyUnreferencedFieldsAreFine() throws {
        let result = try Fixture.read("rank,lemma,PoS,freq,note\n,house,n,5,\n", Fixture.config())
        #expect(result.rows.map(\.summary) == ["house/n/5@2"])
    }

    @Test func duplicateUnreferencedHeaderNamesAreFine() throws {
        let result = try Fixture.read("x,lemma,PoS,freq,x\n1,house,n,5,2\n", Fixture.config())
        #expect(result.rows.map(\.summary) == ["house/n/5@2"])
    }

    @Test func resultTypeIsPlainData() {
        let row = FrequencyRow(line: 2, lemma: "a", tag: "n", partOfSpeech: .noun, frequency: 1)
        let result = FrequencyReadResult(rows: [row], dropped: [], dataRows: 1)
        #expect(result == FrequencyReadResult(rows: [row], dropped: [], dataRows: 1))
        #expect(result != FrequencyReadResult())
    }
}
