import Foundation
import StageEmit
import VocabCore

/// The emit stage: gathers the earlier stages' outputs into the release and publishes it.
public enum EmitRunner {
    public static let stage = "emit"

    public struct Inputs: Sendable {
        public var read: ReadOutput
        public var select: SelectOutput
        public var join: JoinOutput
    }

    public static func run(_ pipeline: Pipeline, _ inputs: Inputs, key: String? = nil) throws -> StageSummary {
        let (result, seconds) = try measure {
            try BundleEmitter.emit(emitInput(pipeline, inputs), to: pipeline.releaseFolder)
        }
        let summary = StageSummary(
            stage: stage, sources: [], counts: ["resources": result.resources.count], seconds: seconds, key: key)
        try summary.write(to: pipeline.stageFolder(stage))
        return summary
    }

    /// True when the published release still holds every resource its manifest lists, with the
    /// recorded size and SHA-256 (a cheap check before reusing it).
    static func releaseIsIntact(_ folder: URL) -> Bool {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("datapackage.json")),
              let manifest = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let resources = manifest["resources"] as? [[String: Any]], !resources.isEmpty
        else { return false }
        return resources.allSatisfy { resource in
            guard let path = resource["path"] as? String, let bytes = (resource["bytes"] as? NSNumber)?.int64Value,
                  let sha = resource["sha256"] as? String,
                  let actual = try? Checksum.sha256(of: folder.appendingPathComponent(path))
            else { return false }
            return actual.bytes == bytes && actual.hex == sha
        }
    }

    static func emitInput(_ pipeline: Pipeline, _ inputs: Inputs) throws -> EmitInput {
        let config = pipeline.config
        guard let sourceLanguage = inputs.join.summary.sources.first(where: { $0.role == .lexicon })?.language else {
            throw VocabError(.input, file: pipeline.stageFolder(JoinRunner.stage).path, "the join stage recorded no source lexicon")
        }
        // Sources in a fixed order: frequency list, stop list, lexicon, translation lexicons.
        var sources = inputs.read.summary.sources
        sources += inputs.select.summary.sources.filter { $0.role == .stoplist }
        sources += inputs.join.summary.sources
        return EmitInput(
            records: inputs.join.records, config: config, sourceLanguage: sourceLanguage,
            targetLanguages: config.targetLanguages, sources: sources,
            counts: counts(inputs), created: BuildClock.created(),
            exclusions: inputs.read.dropped + inputs.select.result.dropped)
    }

    /// The release's figures, from the records and the stages' drops.
    static func counts(_ inputs: Inputs) -> ReleaseCounts {
        let records = inputs.join.records
        var dropped = SelectRunner.dropCounts(inputs.read.dropped)
        for (reason, count) in SelectRunner.dropCounts(inputs.select.result.dropped) { dropped[reason, default: 0] += count }
        // Words outside the top N are counted apart (BuildReport.notReached), not as drops.
        dropped[DropReason.notReached.rawValue] = nil
        var translated: [String: Int] = [:]
        for record in records {
            for translation in record.translations {
                translated[translation.language, default: 0] += translation.lemmas.isEmpty ? 0 : 1
            }
        }
        return ReleaseCounts(
            frequencyRows: inputs.read.summary.counts["dataRows"] ?? inputs.read.rows.count,
            distinctWords: inputs.select.result.distinctWords,
            words: records.count,
            partsOfSpeech: Dictionary(grouping: records, by: \.partOfSpeech.rawValue).mapValues(\.count),
            dropped: dropped,
            translated: translated,
            senseMoved: records.filter { $0.provenance.senseRank != 1 }.count)
    }
}

/// The `created` time of a release: `SOURCE_DATE_EPOCH` when set (reproducible builds), else now.
public enum BuildClock {
    public static func created(environment: [String: String] = ProcessInfo.processInfo.environment) -> Date {
        if let epoch = environment["SOURCE_DATE_EPOCH"], let seconds = TimeInterval(epoch) {
            return Date(timeIntervalSince1970: seconds)
        }
        // Whole seconds: the manifest records seconds.
        return Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    }
}
