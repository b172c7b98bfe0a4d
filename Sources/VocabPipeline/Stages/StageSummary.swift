import Foundation
import VocabCore

/// The stages, in order (`lemmatize` only with a `lemmatization` section, `examples` only with an
/// `examples` section, `dictionary` only when the config enables it).
package enum StageName: String, Codable, Sendable, CaseIterable {
    /// Each names the stage's folder in the work folder (`read/`) and its command (`vocab read`).
    case read, lemmatize, select, join, examples, forms, dictionary, emit

    /// What the stage does, in one line (its command's abstract).
    package var abstract: String {
        switch self {
        case .read: "Read the frequency list into the work folder (read/rows.jsonl)."
        case .lemmatize: "Turn the list's word forms into the lexicon's lemmas (lemmatize/rows.jsonl, lemmatize/no-lemma.jsonl)."
        case .select: "Choose the words to teach (select/selected.jsonl, select/dropped.jsonl)."
        case .join: "Join each word with its sense, definition, synonyms, examples and translations (join/records.jsonl)."
        case .examples: "Give each word example sentences with their translation from the config's sentence pairs (examples/records.jsonl)."
        case .forms: "Gather the forms a learner may read of each word, with their readings (forms/forms.jsonl)."
        case .dictionary: "Give every entry of the source lexicon its card, for the dictionary (dictionary/entries.sqlite)."
        case .emit: "Write the SQLite database, JSON bundle and datapackage.json, and publish them."
        }
    }
}

/// The figures one stage counts (rows read, words selected, ...), recorded in its summary.
package protocol StageFigures: Codable, Sendable, Equatable {
    /// The stage these figures belong to.
    static var stage: StageName { get }
}

/// What a stage records in its `stage.json`: the tool version, the inputs it read with their
/// checksums, its cache key, its time, and its own typed figures (read through the summary:
/// `summary.dataRows`). The next stage (and a person inspecting the build) reads it back.
@dynamicMemberLookup
package struct StageSummary<Figures: StageFigures>: Codable, Sendable, Equatable {
    /// The stage that wrote it.
    package var stage: StageName
    /// The version of the tool that wrote it (`ToolInfo.version`).
    package var toolVersion: String
    /// Files this stage read from the corpus, with their checksums.
    package var sources: [SourceFile]
    /// Wall-clock seconds the stage took.
    package var seconds: Double
    /// The stage's cache key (see ``StageKeys``), when the build driver ran it.
    package var key: String?
    /// The stage's own figures.
    package var figures: Figures
    /// SHA-256 (hex) of each artifact file the stage wrote, by file name: reuse reads back only
    /// files that still have them.
    package var artifacts: [String: String]?

    /// The summary of a stage run that took `seconds` and read `sources`.
    package init(sources: [SourceFile] = [], seconds: Double, key: String? = nil, _ figures: Figures) {
        stage = Figures.stage
        toolVersion = ToolInfo.version
        self.sources = sources
        self.seconds = seconds
        self.key = key
        self.figures = figures
    }

    /// A figure of the stage (`summary.dataRows`).
    package subscript<T>(dynamicMember keyPath: KeyPath<Figures, T>) -> T { figures[keyPath: keyPath] }

    static var fileName: String { "stage.json" }

    /// Writes `stage.json` into `folder`, recording the digests of the artifacts written there.
    func write(to folder: StageFolder) throws {
        var summary = self
        summary.artifacts = folder.artifacts
        try summary.write(to: folder.url)
    }

    /// Writes `stage.json` into `folder`.
    func write(to folder: URL) throws {
        try JSONLines.writeDocument(self, to: folder.appendingPathComponent(Self.fileName))
    }

    /// Reads `stage.json` from `folder`.
    static func read(from folder: URL) throws -> Self {
        try JSONLines.readDocument(Self.self, from: folder.appendingPathComponent(fileName))
    }
}

/// Wall-clock time of a piece of work, for the report.
func measure<T>(_ work: () throws -> T) rethrows -> (T, Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = try work()
    return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}

extension Pipeline {
    /// Folder of one stage's artifacts.
    package func stageFolder(_ stage: StageName) -> URL {
        workFolder.appendingPathComponent(stage.rawValue)
    }
}

/// A stage's result: its records and its summary (``ReadOutput``, ``SelectOutput``, ...).
package protocol StageOutput: Sendable {
    /// The stage's figures.
    associatedtype Figures: StageFigures
    /// The stage's `stage.json`.
    var summary: StageSummary<Figures> { get set }
}

extension ReadOutput: StageOutput {}
extension LemmatizeOutput: StageOutput {}
extension SelectOutput: StageOutput {}
extension JoinOutput: StageOutput {}
extension ExamplesOutput: StageOutput {}
extension FormsOutput: StageOutput {}
extension DictionaryOutput: StageOutput {}
