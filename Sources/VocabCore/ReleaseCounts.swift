/// The figures of one build, shown in the report and recorded in the manifest.
///
/// The figures are declared in alphabetical order: encoded, their keys come sorted, as the
/// manifest and the metadata table write them.
public struct ReleaseCounts: Codable, Sendable, Equatable {
    /// Entries of the dictionary (every entry of the source lexicon); nil when the release has none.
    public var dictionaryEntries: Int?
    /// Distinct (lemma, part of speech) after merging duplicate rows.
    public var distinctWords: Int
    /// Words left out per reason code (`no-entry`, `pos-not-kept`, ...).
    public var dropped: [String: Int]
    /// Data rows read from the frequency list.
    public var frequencyRows: Int
    /// Words in the release per part of speech (`noun`, `verb`, ...).
    public var partsOfSpeech: [String: Int]
    /// Words whose emitted sense is not the first (translation policy `sense`; pinned words aside).
    public var senseMoved: Int
    /// Words with at least one translation, per target language.
    public var translated: [String: Int]
    /// Words in the release.
    public var words: Int

    /// Figures, zero unless given.
    public init(
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
public enum ToolInfo {
    /// The tool's name, recorded in the manifest's `tool`.
    public static let name = "vocab-pipeline"
    /// The tool's version, recorded in manifests and `stage.json` files. Part of every stage key:
    /// a new version reruns every stage.
    public static let version = "0.1.0"
}
