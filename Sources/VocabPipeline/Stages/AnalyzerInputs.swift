import Foundation
import Morphology
import VocabCore

/// An analyzer as the stages key, describe and open it, whatever its engine: its file (an
/// lttoolbox analyzer), its dictionary folder (MeCab, Voikko: hashed whole, ``Checksum/sha256(ofFolder:)``)
/// or nothing (`icu`, ICU's rules for a locale, which the config names).
struct AnalyzerInput {
    /// The analyzer's config.
    var config: AnalyzerConfig
    /// What it reads (``Pipeline/analyzerInput(_:)``); nil for `icu`.
    var url: URL?

    /// The analyzer opened by its engine.
    func open() throws -> any MorphologicalAnalyzer {
        try AnalyzerEngines.open(config, path: url?.path ?? "")
    }

    /// The key parts of the analyzer: its engine's version (another libmecab or ICU may cut and
    /// read differently) and its file's or folder's content.
    func keyParts(_ inputs: StageKeys.Inputs) throws -> [String] {
        ["\(config.format.rawValue) \(AnalyzerEngines.version(of: config.format))", try url.map { try inputs.file($0) } ?? "-"]
    }

    /// The manifest's source of the analyzer (role `morphology`), named by `displayPath`; nil for
    /// `icu`, which reads no file.
    func source(_ digests: FileDigests, displayPath: String) throws -> SourceFile? {
        try url.map { try digests.describe($0, role: .morphology, displayPath: displayPath) }
    }
}
