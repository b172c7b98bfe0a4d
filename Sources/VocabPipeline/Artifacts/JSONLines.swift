import Foundation
import VocabCore

/// JSON Lines (one JSON value per line) for the inspectable artifacts between stages.
/// Keys are sorted so the same records always give the same bytes.
public enum JSONLines {
    /// The encoder of artifact records and documents: sorted keys, `/` not escaped.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Writes `values`, one per line, atomically.
    public static func write<T: Encodable>(_ values: [T], to url: URL) throws {
        let encoder = encoder()
        var data = Data()
        for value in values {
            data.append(try encoder.encode(value))
            data.append(0x0A)
        }
        try AtomicFile.write(data, to: url)
    }

    /// Reads the records of a JSON Lines file; an invalid line is an error naming it.
    public static func read<T: Decodable>(_ type: T.Type, from url: URL) throws -> [T] {
        let data: Data
        do {
            data = try FileContents.read(url)
        } catch {
            throw ArtifactError(file: url.path, .unreadable)
        }
        let decoder = JSONDecoder()
        var values: [T] = []
        var lineNumber = 0
        for line in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.isEmpty { continue }
            do {
                values.append(try decoder.decode(T.self, from: Data(line)))
            } catch {
                throw ArtifactError(file: url.path, line: lineNumber, .invalidRecord(type: "\(T.self)", reason: "\(error)"))
            }
        }
        return values
    }

    /// Writes one JSON document (pretty, sorted keys), atomically.
    public static func writeDocument<T: Encodable>(_ value: T, to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(0x0A)
        try AtomicFile.write(data, to: url)
    }

    /// Reads one JSON document.
    public static func readDocument<T: Decodable>(_ type: T.Type, from url: URL) throws -> T {
        let data: Data
        do {
            data = try FileContents.read(url)
        } catch {
            throw ArtifactError(file: url.path, .unreadable)
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw ArtifactError(file: url.path, .invalidDocument(type: "\(T.self)", reason: "\(error)"))
        }
    }
}

/// Whole-file writes that never leave a half-written file under the final name.
public enum AtomicFile {
    /// Writes `data` to a temporary file beside `url`, then renames it over `url`.
    public static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw ArtifactError(file: url.path, .cannotWrite(reason: SystemReason.describe(error)))
        }
    }
}

/// One stage's folder of artifacts in the work folder (`<work>/<name>-<version>/<stage>/`).
struct StageFolder {
    let url: URL

    init(_ pipeline: Pipeline, _ stage: StageName) {
        url = pipeline.stageFolder(stage)
    }

    /// Writes `records` as `<name>` (JSON Lines).
    func write<T: Encodable>(_ records: [T], _ name: String) throws {
        try JSONLines.write(records, to: url.appendingPathComponent(name))
    }

    /// Reads the records of `<name>`.
    func read<T: Decodable>(_ type: T.Type, _ name: String) throws -> [T] {
        try JSONLines.read(type, from: url.appendingPathComponent(name))
    }
}
