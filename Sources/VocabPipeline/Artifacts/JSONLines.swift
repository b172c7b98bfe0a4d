import Foundation
import VocabCore
import VocabJSON

/// JSON Lines (one JSON value per line) for the inspectable artifacts between stages.
/// Keys are sorted so the same records always give the same bytes.
///
/// Lists of millions of rows pass through here, so records are streamed to the file in chunks
/// (never the whole file in memory), records that know their own JSON (``JSONLineRecord``) skip
/// Foundation's encoder, and reading decodes many lines per decoder call.
package enum JSONLines {
    /// The encoder of artifact records and documents: sorted keys, `/` not escaped.
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Writes `values`, one per line, atomically; returns the file's SHA-256 (hex), which the
    /// stage records so that a later build can check the file is the one it wrote.
    @discardableResult
    package static func write<T: Encodable>(_ values: [T], to url: URL) throws -> String {
        let encoder = encoder()
        return try StreamedFile.write(to: url) { sink in
            var line = ""
            for value in values {
                if let record = value as? any JSONLineRecord {
                    line.removeAll(keepingCapacity: true)
                    record.writeJSONLine(into: &line)
                    try sink.append(line.utf8)
                } else {
                    try sink.append(try encoder.encode(value))
                }
                try sink.append(CollectionOfOne(0x0A))
            }
        }
    }

    /// Reads the records of a JSON Lines file; an invalid line is an error naming it. When
    /// `sha256` is given the file must have that digest (else ``ArtifactProblem/modified``).
    package static func read<T: Decodable>(_ type: T.Type, from url: URL, sha256: String? = nil) throws -> [T] {
        let data = try contents(url, sha256: sha256)
        let lines = lineRanges(data)
        if let fast = T.self as? any JSONLineDecodable.Type {
            // Records of a list's size parse each line into the project's JSON value: many times
            // faster than Foundation's decoder.
            var values: [T] = []
            values.reserveCapacity(lines.count)
            for (index, range) in lines.enumerated() where !range.isEmpty {
                do {
                    values.append(try fast.init(jsonLine: try JSONValue.parse(data[range])) as! T)
                } catch {
                    throw ArtifactError(file: url.path, line: index + 1, .invalidRecord(type: "\(T.self)", reason: "\(error)"))
                }
            }
            return values
        }
        let decoder = JSONDecoder()
        var values: [T] = []
        values.reserveCapacity(lines.count)
        // Lines are decoded a chunk at a time as one JSON array: one decoder call per chunk
        // instead of per line. A chunk that fails is decoded line by line to name the line.
        var first = 0
        while first < lines.count {
            let chunk = lines[first ..< min(lines.count, first + 4096)]
            var array = Data([0x5B])
            var empty = true
            for range in chunk where !range.isEmpty {
                if !empty { array.append(0x2C) }
                array.append(data[range])
                empty = false
            }
            array.append(0x5D)
            if let decoded = try? decoder.decode([T].self, from: array) {
                values += decoded
            } else {
                for (offset, range) in zip(chunk.indices, chunk) where !range.isEmpty {
                    do {
                        values.append(try decoder.decode(T.self, from: data[range]))
                    } catch {
                        throw ArtifactError(file: url.path, line: offset + 1, .invalidRecord(type: "\(T.self)", reason: "\(error)"))
                    }
                }
            }
            first += chunk.count
        }
        return values
    }

    /// The byte ranges of `data`'s lines, without their line feeds. Never inlined, as
    /// ``contents(_:sha256:)``: ``read(_:from:sha256:)`` is specialized for every record type,
    /// and neither need be copied with it.
    @inline(never)
    private static func lineRanges(_ data: Data) -> [Range<Int>] {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> [Range<Int>] in
            guard let base = raw.baseAddress else { return [] }
            var ranges: [Range<Int>] = []
            var start = 0
            while start < raw.count {
                if let found = memchr(base + start, 0x0A, raw.count - start) {
                    let end = base.distance(to: UnsafeRawPointer(found))
                    ranges.append(start ..< end)
                    start = end + 1
                } else {
                    ranges.append(start ..< raw.count)
                    break
                }
            }
            return ranges
        }
    }

    /// Writes one JSON document (pretty, sorted keys), atomically; returns its SHA-256 (hex).
    @discardableResult
    package static func writeDocument<T: Encodable>(_ value: T, to url: URL) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(0x0A)
        return try StreamedFile.write(to: url) { try $0.append(data) }
    }

    /// Reads one JSON document; when `sha256` is given the file must have that digest.
    package static func readDocument<T: Decodable>(_ type: T.Type, from url: URL, sha256: String? = nil) throws -> T {
        let data = try contents(url, sha256: sha256)
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw ArtifactError(file: url.path, .invalidDocument(type: "\(T.self)", reason: "\(error)"))
        }
    }

    /// The file's bytes, checked against `sha256` when given.
    @inline(never)
    static func contents(_ url: URL, sha256: String?) throws -> Data {
        let data: Data
        do {
            data = try FileContents.read(url)
        } catch {
            throw ArtifactError(file: url.path, .unreadable)
        }
        if let sha256, Checksum.sha256(of: data) != sha256 {
            throw ArtifactError(file: url.path, .modified)
        }
        return data
    }
}

/// A record that writes its own JSON line (sorted keys, as ``JSONLines/encoder()`` would), so
/// that lists of millions of rows do not go through Foundation's encoder one by one.
package protocol JSONLineRecord {
    /// Appends the record as one line of compact JSON, without the line feed.
    func writeJSONLine(into line: inout String)
}

/// A record that reads itself from one line's JSON value (the fast path of ``JSONLines/read(_:from:sha256:)``).
package protocol JSONLineDecodable {
    /// The record of one line, parsed; throws when a member is missing or of the wrong type.
    init(jsonLine value: JSONValue) throws
}

/// Whole-file writes that never leave a half-written file under the final name.
package enum AtomicFile {
    /// Writes `data` to a temporary file beside `url`, then renames it over `url`.
    package static func write(_ data: Data, to url: URL) throws {
        _ = try StreamedFile.write(to: url) { try $0.append(data) }
    }
}

/// A file written in chunks to a temporary name beside its final one, hashed as it is written,
/// then renamed over the final name: readers see the old file or the whole new one.
enum StreamedFile {
    /// The open temporary file and the digest of what was appended so far.
    final class Sink {
        fileprivate let handle: FileHandle
        fileprivate var buffer: [UInt8] = []
        fileprivate var hasher = SHA256()

        fileprivate init(handle: FileHandle) {
            self.handle = handle
            buffer.reserveCapacity(1 << 20)
        }

        /// Appends bytes, writing the buffer out each megabyte.
        func append<C: Collection>(_ bytes: C) throws where C.Element == UInt8 {
            buffer.append(contentsOf: bytes)
            if buffer.count >= 1 << 20 { try flush() }
        }

        fileprivate func flush() throws {
            guard !buffer.isEmpty else { return }
            hasher.update(data: buffer)
            try handle.write(contentsOf: buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// Runs `body` with a sink on a temporary file, then renames it over `url`; returns the
    /// SHA-256 (hex) of the bytes written. Any failure is an ``ArtifactError`` naming `url`.
    static func write(to url: URL, _ body: (Sink) throws -> Void) throws -> String {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        func fail(_ error: Error) -> ArtifactError {
            if let error = error as? ArtifactError { return error }
            return ArtifactError(file: url.path, .cannotWrite(reason: SystemReason.describe(error)))
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw ArtifactError(file: url.path, .cannotWrite(reason: String(cString: strerror(errno))))
            }
        } catch {
            throw fail(error)
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            let sink = Sink(handle: handle)
            do {
                try body(sink)
                try sink.flush()
                try handle.close()
            } catch {
                try? handle.close()
                throw error
            }
            guard rename(temporary.path, url.path) == 0 else {
                throw ArtifactError(file: url.path, .cannotWrite(reason: String(cString: strerror(errno))))
            }
            return Checksum.hex(sink.hasher.finalize())
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw fail(error)
        }
    }
}
