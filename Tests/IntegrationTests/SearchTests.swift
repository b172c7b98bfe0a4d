import Foundation
import SQLiteDatabase
import ReleaseFormat
import Testing
import VocabCore
import VocabPipeline

/// Search in the learner's language on the sample release, whose translations are Spanish,
/// French, Portuguese and German (ñ, é, ç, ã, ß): the documented query (`WordSearch.query`) as
/// an app runs it, on the shipped file opened read-only.
@Suite(.serialized) struct SearchTests {
    static let release: Result<URL, any Error> = Result {
        let output = try Project.temporaryFolder()
        let pipeline = try Project.pipeline(Project.sampleConfig, output: output)
        _ = try PipelineBuild.run(pipeline)
        return pipeline.releaseFolder
    }

    static func search(_ input: String, table: String = "words") throws -> [String] {
        let folder = try release.get()
        let file = table == "words" ? "sample-en-es.sqlite" : "sample-en-es-dictionary.sqlite"
        let queue = try SQLiteConnection(path: folder.appendingPathComponent(file).path, readOnly: true)
        defer { try? queue.close() }
        return try queue.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM (\(WordSearch.query(table: table)))",
                                arguments: ["input": input, "limit": 50])
        }
    }

    @Test func añoFindsYearAndNeverAnus() throws {
        #expect(try Self.search("año") == ["year"])
        #expect(try Self.search("Año") == ["year"])
        #expect(try Self.search("AÑO") == ["year"])
    }

    @Test func anoFindsBothExactlyThenNothingElse() throws {
        // Spanish ano (anus) and Portuguese ano (year) are exact; year's Spanish año keeps its ñ
        // folded (a letter of its own to Spanish: schema 9), so it is no third match.
        let found = try Self.search("ANO")
        #expect(Set(found) == ["anus", "year"])
        #expect(found.count == 2)
    }

    @Test(arguments: [
        ("cancion", "song"), ("Canción", "song"), ("cancao", "song"), ("canção", "song"), ("chanson", "song"),
        ("annee", "year"), ("année", "year"), ("americain", "American"), ("américain", "American"),
        ("gross", nil), ("groß", "big"), ("GROSS", nil), ("fruhling", "spring"), ("Frühling", "spring"),
        ("automovel", "car"), ("Automóvil", "car"), ("ingenuo", nil),
    ] as [(String, String?)])
    func accentsAndCaseInFourLanguages(_ input: String, _ expected: String?) throws {
        let found = try Self.search(input)
        if let expected {
            #expect(found.first == expected, "\(input): \(found)")
        } else {
            #expect(found.isEmpty, "\(input): \(found)")
        }
    }

    @Test func exactMatchesComeBeforeFoldedOnes() throws {
        // "ano": exact for anus (es) and year (pt); a word only folding to it would come after.
        // "americano" is exact Portuguese for American (both senses share no entry here) and
        // Spanish for the adjective: exact only.
        #expect(try Self.search("americano").first == "American")
        // Folded-only matches rank after exact ones: "deus" (pt, exact) vs none folded.
        #expect(try Self.search("deus") == ["god"])
    }

    @Test(arguments: ["self-esteem", "o'clock", "AND", "\"", "*", "OR", "NOT", "NEAR", "a:b", "(", "-x", "\"\"", "'"])
    func queryLikeInputIsText(_ input: String) throws {
        // No FTS5 syntax error, whatever the input; nothing in the sample matches these.
        #expect(try Self.search(input).isEmpty, "\(input)")
    }

    @Test func theDictionaryIsSearchedTheSameWay() throws {
        #expect(try Self.search("naive", table: "entries") == ["naïve"])
        #expect(try Self.search("ditty", table: "entries") == ["ditty"])
        #expect(try Self.search("canção", table: "entries") == ["ditty", "song"])
    }
}
