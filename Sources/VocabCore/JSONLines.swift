import Foundation

/// JSON Lines (one JSON value per line) for the inspectable artifacts between stages.
/// Keys are sorted so the same records always give the same bytes.
public enum JSONLines {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public static func write<T: Encodable>(_ values: [T], to url: URL) throws {
        let encoder = encoder()
        var data = Data()
        for value in values {
            data.append(try encoder.encode(value))
            data.append(0x0A)
        }
        try AtomicFile.write(data, to: url)
    }

    public static func read<T: Decodable>(_ type: T.Type, from url: URL) throws -> [T] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw VocabError(.io, file: url.path, "cannot read the stage artifact (run the previous stage first)")
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
                throw VocabError(.input, file: url.path, line: lineNumber, "not a valid \(T.self) record: \(error)")
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

    public static func readDocument<T: Decodable>(_ type: T.Type, from url: URL) throws -> T {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw VocabError(.io, file: url.path, "cannot read the file")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw VocabError(.input, file: url.path, "not a valid \(T.self) document: \(error)")
        }
    }
}

/// Whole-file writes that never leave a half-written file under the final name.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw VocabError(.io, file: url.path, "cannot write the file: \(error.localizedDescription)")
        }
    }
}
