import ArgumentParser
import Foundation
import VocabCore
import WNLMF
#if canImport(Glibc)
import Glibc
#endif

/// The benchmark: a release build (the `vocab` executable, as a child process) against a bare
/// libxml2 pass over the same lexicon files, measured in the same run; ratio and peak memory.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vocab-bench",
        abstract: "Time a release build against a bare libxml2 pass over the same inputs; print the ratio and peak memory.")

    @Option(help: "The pipeline file to build.") var config = "pipeline.json"
    @Option(help: "Corpus folder override (e.g. ../shared/corpus).") var corpus: String?
    @Option(help: "Runs of each measurement; the median is reported.") var runs = 3

    func run() throws {
        let configURL = URL.commandLine(config)
        let pipeline = try Pipeline.load(configFile: configURL, corpusOverride: corpus.map(URL.commandLine))
        let lexicons = [(pipeline.lexiconFile, pipeline.config.lexicon.maxBytes)]
            + pipeline.config.translations.map { (pipeline.translationFile($0), $0.lexicon.maxBytes) }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: output) }
        let vocab = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("vocab")

        var bare: [Double] = []
        var nodes = 0
        var builds: [Double] = []
        var peaks: [Int] = []
        for run in 1...max(1, runs) {
            let start = DispatchTime.now().uptimeNanoseconds
            nodes = try lexicons.reduce(0) { $0 + (try BareXMLPass.run($1.0, maxBytes: $1.1)) }
            bare.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)

            var arguments = ["build", "--force", "--config", configURL.path, "--output", output.path, "--quiet"]
            if let corpus { arguments += ["--corpus", URL.commandLine(corpus).path] }
            let (seconds, peakKB, status) = try spawn(vocab.path, arguments)
            guard status == 0 else { throw ValidationError("vocab build failed (status \(status))") }
            builds.append(seconds)
            peaks.append(peakKB)
            print(String(format: "run %d: build %.3f s, bare pass %.3f s, peak %.1f MB", run, seconds, bare.last!, Double(peakKB) / 1024))
        }
        let buildMedian = median(builds)
        let bareMedian = median(bare)
        print("config: \(configURL.path)")
        print("lexicon files: " + lexicons.map { $0.0.lastPathComponent }.joined(separator: ", ") + " (\(nodes) XML nodes)")
        print(String(format: "build (median of %d): %.3f s", builds.count, buildMedian))
        print(String(format: "bare libxml2 pass (median of %d): %.3f s", bare.count, bareMedian))
        print(String(format: "ratio build / bare pass: %.2f (target <= 2)", buildMedian / bareMedian))
        print(String(format: "peak memory of the build (max RSS): %.1f MB (target <= 300 MB)", Double(peaks.max() ?? 0) / 1024))
    }

    func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    /// Runs a child process; returns its wall time, its max RSS in KiB and its exit status.
    func spawn(_ path: String, _ arguments: [String]) throws -> (Double, Int, Int32) {
        var pid: pid_t = 0
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, path, nil, nil, argv, environ)
        guard spawned == 0 else { throw ValidationError("cannot start \(path): error \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (seconds, usage.ru_maxrss, exitStatus)
    }
}

Bench.main()
