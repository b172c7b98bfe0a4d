import Foundation
import VocabCore

/// `stage.json` in each stage folder: what the stage read and what it counted. The next
/// stage (and a person inspecting the build) reads it back.
public struct StageSummary: Codable, Sendable, Equatable {
    public var stage: String
    public var toolVersion: String
    /// Files this stage read from the corpus, with their checksums.
    public var sources: [SourceFile]
    public var counts: [String: Int]
    public var seconds: Double
    /// The stage's cache key (see ``StageKeys``), when the build driver ran it.
    public var key: String?

    public init(stage: String, sources: [SourceFile], counts: [String: Int], seconds: Double, key: String? = nil) {
        self.stage = stage
        self.toolVersion = ToolInfo.version
        self.sources = sources
        self.counts = counts
        self.seconds = seconds
        self.key = key
    }

    static let fileName = "stage.json"

    func write(to folder: URL) throws {
        try JSONLines.writeDocument(self, to: folder.appendingPathComponent(Self.fileName))
    }

    static func read(from folder: URL) throws -> StageSummary {
        try JSONLines.readDocument(StageSummary.self, from: folder.appendingPathComponent(fileName))
    }
}

/// Wall-clock time of a piece of work, for the report.
func measure<T>(_ work: () throws -> T) rethrows -> (T, Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = try work()
    return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
