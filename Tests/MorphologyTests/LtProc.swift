import Foundation
import Morphology

/// `lt-proc` (Debian's `lttoolbox`), run as the independent reference of the agreement tests,
/// and a parser of its output written apart from the analyzer's own reading of symbols.
enum LtProc {
    /// lt-proc's path, when it is installed.
    static let executable: String? = ["/usr/bin/lt-proc", "/usr/local/bin/lt-proc"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The characters lt-proc reads as markup unless escaped with `\`.
    private static let escaped = Set("[]{}^$/\\@<>".utf8)

    /// One unit lt-proc printed (`^surface/reading/reading$`).
    struct Unit: Equatable {
        var surface: String
        /// `nil` for an unknown word (`*surface`).
        var readings: [AnalyzerReading]?
    }

    /// Runs `lt-proc -w -z analyzer` over `segments` (each followed by a line end and a NUL,
    /// markup characters escaped) and returns the units of each segment's output.
    static func analyse(_ segments: [String], analyzer: String) throws -> [[Unit]] {
        guard let executable else { throw LtProcFailure.notInstalled }
        var input = Data()
        for segment in segments {
            for byte in segment.utf8 {
                if escaped.contains(byte) { input.append(UInt8(ascii: "\\")) }
                input.append(byte)
            }
            input.append(contentsOf: [0x0A, 0x00])
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-w", "-z", analyzer]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Written from another thread, so that a full output pipe cannot block the writer.
        let bytes = input
        let writer = Thread {
            stdin.fileHandleForWriting.write(bytes)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw LtProcFailure.failed(status: process.terminationStatus, message: String(decoding: errors, as: UTF8.self))
        }
        var parts = output.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        // Each segment's output ends with a NUL, and lt-proc adds an empty one at the end of its input.
        while parts.count > segments.count, parts.last?.isEmpty == true { parts.removeLast() }
        guard parts.count == segments.count else { throw LtProcFailure.segments(expected: segments.count, got: parts.count) }
        return try parts.map(units)
    }

    /// The units of one segment of lt-proc's output; what lies between them (blanks,
    /// characters no word) is skipped.
    static func units(_ text: String) throws -> [Unit] {
        var units: [Unit] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\\" { index += 1; continue }
            guard scalar == "^" else { continue }
            // Fields separated by unescaped `/`, up to the unescaped `$`; escapes kept for now.
            var fields: [[Unicode.Scalar]] = [[]]
            var closed = false
            while index < scalars.count {
                let next = scalars[index]
                index += 1
                if next == "\\" {
                    guard index < scalars.count else { break }
                    fields[fields.count - 1] += ["\\", scalars[index]]
                    index += 1
                } else if next == "/" {
                    fields.append([])
                } else if next == "$" {
                    closed = true
                    break
                } else {
                    fields[fields.count - 1].append(next)
                }
            }
            guard closed, fields.count >= 2 else { throw LtProcFailure.malformed(text) }
            let surface = unescape(fields[0])
            if fields.count == 2, fields[1].first == "*" {
                units.append(Unit(surface: surface, readings: nil))
            } else {
                units.append(Unit(surface: surface, readings: try fields.dropFirst().map { try reading($0) }))
            }
        }
        return units
    }

    /// One reading as lt-proc prints it (`de<pr>+el<det><def><m><sg>`, `echar<vblex># de menos`).
    static func reading(_ text: String) throws -> AnalyzerReading {
        try reading(Array(text.unicodeScalars))
    }

    /// One reading as lt-proc prints it: a `+` right after a tag starts a part; characters
    /// after a part's tags go to the end of the first part's lemma.
    static func reading(_ scalars: [Unicode.Scalar]) throws -> AnalyzerReading {
        var parts: [AnalyzerReading.Part] = []
        var lemma = String.UnicodeScalarView()
        var tags: [String] = []
        var rest = String.UnicodeScalarView()
        var afterTag = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\", index + 1 < scalars.count {
                if tags.isEmpty { lemma.append(scalars[index + 1]) } else { rest.append(scalars[index + 1]) }
                index += 2
                afterTag = false
                continue
            }
            if scalar == "<" {
                guard let close = scalars[index...].firstIndex(of: ">") else { throw LtProcFailure.malformed(String(String.UnicodeScalarView(scalars))) }
                tags.append(String(String.UnicodeScalarView(scalars[(index + 1)..<close])))
                index = close + 1
                afterTag = true
                continue
            }
            if scalar == "+", afterTag {
                parts.append(AnalyzerReading.Part(lemma: String(lemma), tags: tags))
                lemma = String.UnicodeScalarView()
                tags = []
            } else if tags.isEmpty {
                lemma.append(scalar)
            } else {
                rest.append(scalar)
            }
            afterTag = false
            index += 1
        }
        parts.append(AnalyzerReading.Part(lemma: String(lemma), tags: tags))
        if !rest.isEmpty { parts[0].lemma.unicodeScalars.append(contentsOf: rest) }
        return AnalyzerReading(parts: parts)
    }

    private static func unescape(_ scalars: [Unicode.Scalar]) -> String {
        var result = String.UnicodeScalarView()
        var escaping = false
        for scalar in scalars {
            if scalar == "\\", !escaping { escaping = true; continue }
            result.append(scalar)
            escaping = false
        }
        return String(result)
    }
}

/// Why lt-proc gave no usable answer.
enum LtProcFailure: Error, CustomStringConvertible {
    case notInstalled
    case failed(status: Int32, message: String)
    case segments(expected: Int, got: Int)
    case malformed(String)

    var description: String {
        switch self {
        case .notInstalled: return "lt-proc is not installed"
        case .failed(let status, let message): return "lt-proc exited with status \(status): \(message)"
        case .segments(let expected, let got): return "lt-proc gave \(got) segments for \(expected)"
        case .malformed(let text): return "lt-proc's output could not be read: \(text.prefix(200))"
        }
    }
}
