import Foundation
import VocabCore

// TEMPORARY (lead's scaffold until the native reader lands): the same API over `lt-proc -z -w`.

package struct AnalyzerReading: Hashable, Sendable {
    package var parts: [Part]
    package struct Part: Hashable, Sendable {
        package var lemma: String
        package var tags: [String]
    }
}

package final class LttoolboxAnalyzer: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()
    private let lock = NSLock()

    package init(path: String) throws(MorphologyError) {
        guard FileManager.default.fileExists(atPath: path) else { throw MorphologyError(file: path, .notAFile) }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/lt-proc")
        process.arguments = ["-z", "-w", path]
        process.standardInput = input
        process.standardOutput = output
        do { try process.run() } catch { throw MorphologyError(file: path, .notCreated) }
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    package func readings(of form: String) -> [AnalyzerReading] {
        lock.lock()
        defer { lock.unlock() }
        let clean = form.replacingOccurrences(of: "\0", with: "")
        input.fileHandleForWriting.write(Data((clean + "\0").utf8))
        while !buffer.contains(0) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return [] }
            buffer.append(chunk)
        }
        let end = buffer.firstIndex(of: 0)!
        let text = String(decoding: buffer[buffer.startIndex ..< end], as: UTF8.self)
        buffer = Data(buffer[(end + 1)...])
        guard text.hasPrefix("^"), text.hasSuffix("$"), text.filter({ $0 == "^" }).count == 1 else { return [] }
        let fields = text.dropFirst().dropLast().split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var result: [AnalyzerReading] = []
        for field in fields {
            if field.hasPrefix("*") { return [] }
            let parts = field.split(separator: "+").map { part -> AnalyzerReading.Part in
                let lemmaEnd = part.firstIndex(of: "<") ?? part.endIndex
                let tags = part[lemmaEnd...].split(separator: ">").map { String($0.dropFirst()) }.filter { !$0.isEmpty }
                return .init(lemma: String(part[..<lemmaEnd]), tags: tags)
            }
            let reading = AnalyzerReading(parts: parts)
            if !result.contains(reading) { result.append(reading) }
        }
        return result
    }
}
