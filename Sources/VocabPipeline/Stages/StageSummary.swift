import Foundation
import VocabCore

/// The four stages, in order.
public enum StageName: String, Codable, Sendable, CaseIterable {
    case read, select, join, emit
}

/// What a stage records in its `stage.json`: the tool version, the inputs it read with their
/// checksums, its cache key, its time, and its own typed figures. The next stage (and a person
/// inspecting the build) reads it back.
public protocol StageSummary: Codable, Sendable {
    /// The stage this summary belongs to.
    static var stage: StageName { get }
    var toolVersion: String { get }
    /// Files this stage read from the corpus, with their checksums.
    var sources: [SourceFile] { get }
    /// Wall-clock seconds the stage took.
    var seconds: Double { get }
    /// The stage's cache key (see ``StageKeys``), when the build driver ran it.
    var key: String? { get set }
}

extension StageSummary {
    static var fileName: String { "stage.json" }

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
    public func stageFolder(_ stage: StageName) -> URL {
        workFolder.appendingPathComponent(stage.rawValue)
    }
}
