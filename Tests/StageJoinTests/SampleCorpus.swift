import Foundation
import VocabCore
import WNLMF

/// The project's sample corpus (Corpus/sample), located from this file.
enum SampleCorpus {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let folder = root.appendingPathComponent("Corpus/sample")

    static func lexicon(_ name: String) throws -> Lexicon {
        let url = folder.appendingPathComponent(name)
        return try LexiconReader.load(url, displayPath: url.path, options: LexiconLoadOptions())
    }

    static func row(_ line: Int, _ lemma: String, _ tag: String, _ pos: PartOfSpeech, _ frequency: Int64) -> FrequencyRow {
        FrequencyRow(line: line, lemma: lemma, tag: tag, partOfSpeech: pos, frequency: frequency)
    }
}
