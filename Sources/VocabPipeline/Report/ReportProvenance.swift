import Foundation
import ReleaseFormat
import VocabCore
import VocabJSON

/// Where the release comes from, as the report's provenance block shows it: every input with its
/// label, version, licence, size and SHA-256 (the manifest's `sources`), the tool and schema
/// versions, and the effective config the manifest embeds (its gates are the report's own table).
package struct ReportProvenance: Codable, Sendable, Equatable {
    /// The inputs, in the manifest's order.
    package var sources: [SourceFile]
    /// `vocab-pipeline 0.1.0`.
    package var tool: String
    /// The release schema's version (`PRAGMA user_version`).
    package var schemaVersion: Int
    /// The effective config, pretty-printed JSON with sorted keys (as the manifest embeds it).
    package var config: String

    /// The provenance of a build of `pipeline` from `inputs`.
    init(_ pipeline: Pipeline, _ inputs: EmitStage.Inputs) {
        sources = EmitStage.sources(inputs).map(pipeline.releaseSource)
        tool = "\(ToolInfo.name) \(ToolInfo.version)"
        schemaVersion = Int(ReleaseSchema.version)
        config = (try? pipeline.recordedConfig().pretty()) ?? "{}"
    }
}
