import Foundation
import VocabCore

/// One stage's folder of artifacts in the work folder (`<work>/<name>-<version>/<stage>/`).
///
/// It remembers the SHA-256 of every artifact it writes; the stage's `stage.json` records them
/// (``StageSummary/artifacts``), and reading an artifact back checks it against that record, so
/// a stage is reused only with the very files it wrote (not files another build left under the
/// same names).
final class StageFolder: @unchecked Sendable {
    /// The folder.
    let url: URL
    private var written: [String: String] = [:]
    private var recorded: [String: String]?

    init(_ pipeline: Pipeline, _ stage: StageName) {
        url = pipeline.stageFolder(stage)
    }

    /// The artifacts written so far, file name → SHA-256 (hex).
    var artifacts: [String: String] { written }

    /// Writes `records` as `<name>` (JSON Lines) and remembers its digest.
    func write<T: Encodable>(_ records: [T], _ name: String) throws {
        written[name] = try JSONLines.write(records, to: url.appendingPathComponent(name))
    }

    /// Remembers the digest of `<name>`, a file the stage wrote itself (a database).
    func record(existing name: String) throws {
        let url = url.appendingPathComponent(name)
        do {
            written[name] = try Checksum.sha256(of: url).hex
        } catch {
            throw ArtifactError(file: url.path, .unreadable)
        }
    }

    /// Checks that `<name>` is the file `stage.json` recorded.
    func verify(_ name: String) throws {
        let url = url.appendingPathComponent(name)
        guard (try? Checksum.sha256(of: url).hex) == (try recordedDigest(of: name)) else {
            throw ArtifactError(file: url.path, .modified)
        }
    }

    /// Reads the records of `<name>`, after checking the file is the one `stage.json` recorded.
    func read<T: Decodable>(_ type: T.Type, _ name: String) throws -> [T] {
        try JSONLines.read(type, from: url.appendingPathComponent(name), sha256: try recordedDigest(of: name))
    }

    /// The digest `stage.json` records for `name`; a file it does not record is not trusted.
    func recordedDigest(of name: String) throws -> String {
        if recorded == nil {
            struct Recorded: Decodable { var artifacts: [String: String]? }
            let summary = url.appendingPathComponent("stage.json")
            recorded = try JSONLines.readDocument(Recorded.self, from: summary).artifacts ?? [:]
        }
        guard let digest = recorded?[name] else { throw ArtifactError(file: url.appendingPathComponent(name).path, .modified) }
        return digest
    }
}
