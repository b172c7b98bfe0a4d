import Foundation
import ReleaseFormat
import VocabCore

/// What the work folder remembers of the last report folder it wrote (`report.json` in the work
/// folder): the emit key of its release and the SHA-256 of its `exclusions.json`. A no-change
/// rebuild whose report folder still holds those exclusions keeps them, instead of reading back
/// up to 100,000 not-reached words to write the same file again.
struct ReportStamp: Codable {
    var emitKey: String
    var exclusionsSHA256: String

    static func file(_ pipeline: Pipeline) -> URL {
        pipeline.workFolder.appendingPathComponent("report.json")
    }

    static func exclusionsDigest(_ pipeline: Pipeline) -> String? {
        try? Checksum.sha256(of: pipeline.reportFolder.appendingPathComponent(ReportFiles.exclusions)).hex
    }

    /// True when the report folder's `exclusions.json` is the one written for `emitKey`.
    static func matches(_ pipeline: Pipeline, emitKey: String) -> Bool {
        guard let stamp = try? JSONLines.readDocument(ReportStamp.self, from: file(pipeline)), stamp.emitKey == emitKey,
              let digest = exclusionsDigest(pipeline)
        else { return false }
        return digest == stamp.exclusionsSHA256
    }

    /// Records the report folder just written for `emitKey`; a stamp that cannot be written only
    /// costs the next rebuild a rewrite of the exclusions.
    static func record(_ pipeline: Pipeline, emitKey: String) {
        guard let digest = exclusionsDigest(pipeline) else { return }
        _ = try? JSONLines.writeDocument(ReportStamp(emitKey: emitKey, exclusionsSHA256: digest), to: file(pipeline))
    }
}
