import Foundation
import TestSupport
import VocabCore
import WNLMF

/// The sample corpus (Corpus/sample) and frequency rows for the select tests.
enum SampleCorpus {
    static let folder = TestProject.sampleCorpus

    static func lexicon(_ name: String) throws -> Lexicon { try TestProject.sampleLexicon(name) }

    static func row(_ line: Int, _ lemma: String, _ tag: String, _ pos: PartOfSpeech, _ frequency: Int64) -> FrequencyRow {
        FrequencyRow(line: line, lemma: lemma, tag: tag, partOfSpeech: pos, frequency: frequency)
    }
}
