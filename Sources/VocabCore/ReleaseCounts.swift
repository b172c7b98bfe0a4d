/// The figures of one build, shown in the report and recorded in the manifest.
///
/// The figures are declared in alphabetical order: encoded, their keys come sorted, as the
/// manifest and the metadata table write them.
package struct ReleaseCounts: Codable, Sendable, Equatable {
    /// Entries of the dictionary (every entry of the source lexicon); nil when the release has none.
    package var dictionaryEntries: Int?
    /// Distinct (lemma, part of speech) after merging duplicate rows.
    package var distinctWords: Int
    /// Words left out per reason code (`no-entry`, `pos-not-kept`, ...).
    package var dropped: [String: Int]
    /// Data rows read from the frequency list.
    package var frequencyRows: Int
    /// Words in the release per part of speech (`noun`, `verb`, ...).
    package var partsOfSpeech: [String: Int]
    /// Words whose emitted sense is not their entry's first in the lexicon's order: ranked first
    /// through the ILI, or moved by translation policy `sense` (pinned words aside).
    package var senseMoved: Int
    /// Words with at least one translation, per target language.
    package var translated: [String: Int]
    /// Words in the release.
    package var words: Int

    /// Figures, zero unless given.
    package init(
        frequencyRows: Int = 0, distinctWords: Int = 0, words: Int = 0,
        partsOfSpeech: [String: Int] = [:], dropped: [String: Int] = [:],
        translated: [String: Int] = [:], senseMoved: Int = 0, dictionaryEntries: Int? = nil
    ) {
        self.dictionaryEntries = dictionaryEntries
        self.frequencyRows = frequencyRows
        self.distinctWords = distinctWords
        self.words = words
        self.partsOfSpeech = partsOfSpeech
        self.dropped = dropped
        self.translated = translated
        self.senseMoved = senseMoved
    }
}

/// Versions recorded in every bundle.
package enum ToolInfo {
    /// The tool's name, recorded in the manifest's `tool`.
    package static let name = "vocab-pipeline"
    /// The tool's version, recorded in manifests and `stage.json` files. Part of every stage key:
    /// a new version reruns every stage.
    package static let version = "0.1.0"
}
