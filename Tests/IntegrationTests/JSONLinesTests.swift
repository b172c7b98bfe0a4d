import Foundation
import Testing
import VocabCore
@testable import VocabPipeline

/// The artifacts' fast JSON Lines path: the same records as Foundation's encoder and decoder
/// give, and a content hash that catches a changed file.
@Suite struct JSONLinesTests {
    static let awkward = ["plain", "quote \" and \\ backslash", "line\nbreak\ttab", "caf\u{E9} \u{1F600}", "slash/ok", "nul\u{0}esc\u{1B}"]

    static var rows: [FrequencyRow] {
        awkward.enumerated().map { FrequencyRow(line: $0.offset + 2, lemma: $0.element, tag: "t\($0.offset)", partOfSpeech: .noun, frequency: Int64($0.offset) * 1_000_000_007) }
    }

    static var drops: [DroppedWord] {
        awkward.enumerated().map {
            DroppedWord(sourceLemma: $0.element, tag: "NN1|NN2", partOfSpeech: $0.offset.isMultiple(of: 2) ? nil : .verb,
                        frequency: .max, line: $0.offset + 2, reason: .notReached)
        }
    }

    @Test func plainRecordsAreWrittenAsFoundationWritesThem() throws {
        let encoder = JSONLines.encoder()
        for row in [FrequencyRow(line: 2, lemma: "time", tag: "n", partOfSpeech: .noun, frequency: 1_542_522)] {
            var line = ""
            row.writeJSONLine(into: &line)
            #expect(line == String(decoding: try encoder.encode(row), as: UTF8.self))
        }
        let drop = DroppedWord(sourceLemma: "okay", tag: "j", partOfSpeech: .adjective, frequency: 5, line: 9, reason: .noEntry)
        var line = ""
        drop.writeJSONLine(into: &line)
        #expect(line == String(decoding: try encoder.encode(drop), as: UTF8.self))
    }

    /// Selected words and cards with every optional present and absent, empty and full lists
    /// and the awkward strings in every text.
    static var selected: [SelectedWord] {
        awkward.enumerated().map { index, text in
            SelectedWord(rank: index + 1, sourceLemma: text, lemma: text + "!", partOfSpeech: PartOfSpeech.allCases[index % PartOfSpeech.allCases.count],
                         frequency: Int64(index) * 1_000_000_007, line: index + 2, entryId: "e/" + text, pinnedILI: index.isMultiple(of: 2) ? nil : "i\(index)")
        }
    }

    static var records: [WordRecord] {
        awkward.enumerated().map { index, text in
            let some = index.isMultiple(of: 2)
            let pronunciations = (0..<(index % 3)).map {
                Pronunciation(text: text + "\($0)", variety: $0 == 0 ? nil : "GB", audio: some ? "a/\(text).ogg" : nil, generated: $0 == 1)
            }
            let card = WordCard(
                lemma: text, sourceLemma: text + " ", partOfSpeech: PartOfSpeech.allCases[index % PartOfSpeech.allCases.count],
                definition: some ? text : nil, synonyms: some ? [] : [text, "b"], examples: some ? [CardExample(lexicon: text), CardExample(text: text, translation: index == 2 ? nil : text, source: "tatoeba", sameSense: index % 4 == 0)] : [],
                translations: index == 0 ? [] : [
                    Translation(language: "es", lemmas: [text, "dos"], sources: some ? [] : ["omw-es:1.4", text]),
                    Translation(language: "x-\(text)", lemmas: []),
                ],
                provenance: Provenance(lexicon: "oewn:2025", entryId: text, senseId: text + "_1", synsetId: "s-" + text,
                                       ili: some ? nil : "i\(index)", senseRank: index + 1, pinned: !some),
                pronunciations: pronunciations, definitionLanguage: index % 3 == 0 ? nil : "en")
            return WordRecord(rank: index + 1, frequency: .max - Int64(index), card: card)
        }
    }

    @Test func selectedWordsAndCardsAreWrittenAsFoundationWritesThem() throws {
        let encoder = JSONLines.encoder()
        for word in Self.selected {
            var line = ""
            word.writeJSONLine(into: &line)
            #expect(line == String(decoding: try encoder.encode(word), as: UTF8.self))
        }
        for record in Self.records {
            var line = ""
            record.writeJSONLine(into: &line)
            #expect(line == String(decoding: try encoder.encode(record), as: UTF8.self))
            #expect(try JSONDecoder().decode(WordRecord.self, from: Data(line.utf8)) == record)
        }
    }

    @Test func awkwardRecordsComeBackEqualThroughBothDecoders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jsonl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let rowsFile = folder.appendingPathComponent("rows.jsonl"), dropsFile = folder.appendingPathComponent("dropped.jsonl")
        let rowsDigest = try JSONLines.write(Self.rows, to: rowsFile)
        try JSONLines.write(Self.drops, to: dropsFile)
        #expect(try JSONLines.read(FrequencyRow.self, from: rowsFile, sha256: rowsDigest) == Self.rows)
        #expect(try JSONLines.read(DroppedWord.self, from: dropsFile) == Self.drops)
        // Foundation's decoder reads the fast lines too.
        let lines = try Data(contentsOf: rowsFile).split(separator: 0x0A)
        #expect(try lines.map { try JSONDecoder().decode(FrequencyRow.self, from: Data($0)) } == Self.rows)
        #expect(try rowsDigest == Checksum.sha256(of: rowsFile).hex)
    }

    @Test func aChangedFileIsNotReadUnderItsRecordedDigest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jsonl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("rows.jsonl")
        let digest = try JSONLines.write(Self.rows, to: file)
        try JSONLines.write(Array(Self.rows.dropLast()), to: file)
        #expect {
            try JSONLines.read(FrequencyRow.self, from: file, sha256: digest)
        } throws: { ($0 as? ArtifactError)?.problem == .modified }
    }

    @Test func aBadLineIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jsonl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("rows.jsonl")
        try JSONLines.write(Self.rows, to: file)
        var text = try String(contentsOf: file, encoding: .utf8)
        text += "{\"lemma\":3}\n"
        try Data(text.utf8).write(to: file)
        #expect {
            try JSONLines.read(FrequencyRow.self, from: file)
        } throws: { ($0 as? ArtifactError)?.location.line == Self.rows.count + 1 }
    }
}
