import Foundation
import VocabCore

/// Lists of millions of rows: lists of 50 k, 500 k and 5 M rows in the config's own layout (the
/// config's list, then made-up lemmas that no lexicon knows, with falling counts), each built
/// from scratch (dictionary off) and then rebuilt with nothing changed; time and peak memory of
/// both, and the growth from 500 k to 5 M rows.
struct RowsScaling: Measuring {
    var pipeline: Pipeline
    var configURL: URL
    var build: BuildRun
    var work: URL
    var runs: Int
    var sizes = [50_000, 500_000, 5_000_000]

    func run() throws {
        guard case .character(let delimiter) = pipeline.config.frequency.delimiter else {
            print("rows scaling: skipped: the config's list is split on white space (a delimiter is needed to write rows)")
            return
        }
        let source = try String(contentsOf: pipeline.frequencyFile, encoding: .utf8)
        // "\r\n" is one Character in Swift: split on both.
        var lines = source.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        let header = pipeline.config.frequency.header ? lines.removeFirst() : nil
        guard let template = lines.last else {
            print("rows scaling: skipped: the config's list is empty")
            return
        }
        let separator = String(delimiter)
        let names = header?.components(separatedBy: separator)
        func column(_ reference: ColumnRef) -> Int? {
            switch reference {
            case .index(let index): return index - 1
            case .name(let name): return names?.firstIndex(of: name)
            }
        }
        guard let lemmaColumn = column(pipeline.config.frequency.columns.lemma),
              let frequencyReference = pipeline.config.frequency.columns.frequency,
              let frequencyColumn = column(frequencyReference) else {
            print("rows scaling: skipped: cannot find the lemma and frequency columns")
            return
        }
        let fields = template.components(separatedBy: separator)
        var results: [Int: (build: Double, peak: Double, rebuild: Double, rebuildPeak: Double)] = [:]
        for size in sizes {
            let folder = work.appendingPathComponent("rows-\(size)")
            try? FileManager.default.removeItem(at: folder)
            let list = folder.appendingPathComponent("list.txt")
            try Self.writeList(
                to: list, header: header, lines: lines, size: size, template: fields, separator: separator,
                lemma: lemmaColumn, frequency: frequencyColumn)
            let config = try variantConfig(list: list, in: folder)
            var builds: [Double] = [], peaks: [Double] = [], rebuilds: [Double] = [], rebuildPeaks: [Double] = []
            let work = folder.appendingPathComponent("work"), output = folder.appendingPathComponent("out")
            for _ in 1...max(1, runs) {
                let full = try spawn(build.executable.path, ["build", "--force", "--config", config.path, "--output", output.path, "--work", work.path, "--quiet"], quiet: false)
                let again = try spawn(build.executable.path, ["build", "--config", config.path, "--output", output.path, "--work", work.path, "--quiet"], quiet: false)
                guard full.status == 0, again.status == 0 else { throw BenchError("vocab build failed on the \(size)-row list") }
                builds.append(full.seconds); peaks.append(full.peakMB)
                rebuilds.append(again.seconds); rebuildPeaks.append(again.peakMB)
            }
            let result = (median(builds), median(peaks), median(rebuilds), median(rebuildPeaks))
            results[size] = result
            print(String(format: "rows %@: build %.3f s, peak %.1f MB; no-change rebuild %.3f s (%.3f of the build; target < 0.1: %@), peak %.1f MB",
                         Self.label(size), result.0, result.1, result.2, result.2 / result.0, Self.verdict(result.2 / result.0 < 0.1), result.3))
            try? FileManager.default.removeItem(at: folder)
        }
        if let small = results[500_000], let large = results[5_000_000] {
            print(String(format: "rows 5 M / 500 k: time %.2f x (target <= 12: %@), peak at 5 M %.1f MB (target < 600 MB: %@)",
                         large.build / small.build, Self.verdict(large.build / small.build <= 12), large.peak, Self.verdict(large.peak < 600)))
        }
    }

    static func verdict(_ met: Bool) -> String {
        met ? "met" : "NOT MET"
    }

    static func label(_ size: Int) -> String {
        size >= 1_000_000 ? "\(size / 1_000_000) M" : "\(size / 1000) k"
    }

    /// The config with its list replaced by `list` (absolute paths, so that it runs from anywhere).
    func variantConfig(list: URL, in folder: URL) throws -> URL {
        try writeVariantConfig(configURL, pipeline: pipeline, to: folder.appendingPathComponent("pipeline.json")) { json in
            var frequency = json["frequency"] as! [String: Any]
            frequency["path"] = list.path
            // The made-up list has no pin.
            for key in ["url", "sha256", "bytes", "mirrors"] { frequency[key] = nil }
            json["frequency"] = frequency
            // The dictionary does not depend on the list (its stage is reused from the first build
            // on and would only add the same time to every size of list): measure the list's stages.
            json["dictionary"] = ["enabled": false]
        }
    }

    /// The list's own rows, then rows copied from `template` with a made-up lemma (`zz` and a
    /// base-26 number) and a count falling from 700 to 1, up to `size` rows.
    static func writeList(
        to url: URL, header: String?, lines: [String], size: Int, template: [String], separator: String, lemma: Int, frequency: Int
    ) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var buffer = header.map { $0 + "\n" } ?? ""
        var written = 0
        for line in lines.prefix(size) {
            buffer += line + "\n"
            written += 1
        }
        var fields = template
        var number = 0
        while written < size {
            number += 1
            var name = "zz", x = number
            while x > 0 { name.unicodeScalars.append(Unicode.Scalar(UInt8(97 + x % 26))); x /= 26 }
            fields[lemma] = name
            fields[frequency] = String(max(1, 700 - number * 700 / size))
            buffer += fields.joined(separator: separator) + "\n"
            written += 1
            if buffer.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(buffer.utf8))
                buffer = ""
            }
        }
        try handle.write(contentsOf: Data(buffer.utf8))
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
