import Foundation
import VocabCore

/// What a build did, for people (stderr) and machines (`--json`).
public struct BuildReport: Codable, Sendable, Equatable {
    public struct Coverage: Codable, Sendable, Equatable {
        public var language: String
        public var translated: Int
        public var words: Int
        public var percent: Double
    }

    public struct StageTime: Codable, Sendable, Equatable {
        public var stage: String
        public var seconds: Double
        /// True when the stage's inputs were unchanged and its stored output was reused.
        public var reused: Bool

        public init(stage: String, seconds: Double, reused: Bool = false) {
            self.stage = stage
            self.seconds = seconds
            self.reused = reused
        }
    }

    public var dataset: String
    public var version: String
    public var release: String?
    public var counts: ReleaseCounts
    public var notReached: Int
    public var coverage: [Coverage]
    public var stages: [StageTime]
    public var totalSeconds: Double
    public var warnings: [String]

    public init(pipeline: Pipeline, release: URL?, counts: ReleaseCounts, notReached: Int, stages: [StageTime]) {
        dataset = pipeline.config.dataset.name
        version = pipeline.config.dataset.version
        self.release = release?.path
        self.counts = counts
        self.notReached = notReached
        coverage = pipeline.config.targetLanguages.map { language in
            let translated = counts.translated[language] ?? 0
            return Coverage(
                language: language, translated: translated, words: counts.words,
                percent: counts.words == 0 ? 0 : (Double(translated) * 1000 / Double(counts.words)).rounded() / 10)
        }
        self.stages = stages
        totalSeconds = stages.reduce(0) { $0 + $1.seconds }
        warnings = []
        let wanted = pipeline.config.selection.count
        if counts.words < wanted {
            warnings.append("the frequency list ran out: \(counts.words) of the \(wanted) words asked for")
        }
    }

    /// The readable report.
    public var text: String {
        var lines = ["\(dataset) \(version)" + (release.map { " → \($0)" } ?? "")]
        lines.append("  frequency rows \(counts.frequencyRows), distinct words \(counts.distinctWords), not reached \(notReached)")
        let pos = PartOfSpeech.allCases.compactMap { pos in counts.partsOfSpeech[pos.rawValue].map { "\(pos.rawValue) \($0)" } }
        lines.append("  words \(counts.words): " + (pos.isEmpty ? "none" : pos.joined(separator: ", ")))
        let drops = counts.dropped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        lines.append("  dropped: " + (drops.isEmpty ? "none" : drops.joined(separator: ", ")))
        for item in coverage {
            lines.append("  translations \(item.language): \(item.translated)/\(item.words) (\(item.percent)%)")
        }
        if counts.senseMoved > 0 { lines.append("  sense moved for translations: \(counts.senseMoved)") }
        let times = stages.map { $0.reused ? "\($0.stage) reused" : "\($0.stage) \(Self.seconds($0.seconds))" }
        lines.append("  time: " + times.joined(separator: ", ") + ", total \(Self.seconds(totalSeconds))")
        for warning in warnings { lines.append("  warning: \(warning)") }
        return lines.joined(separator: "\n")
    }

    static func seconds(_ value: Double) -> String {
        String(format: "%.3f s", value)
    }
}
