import Foundation
import VocabCore
import WNLMF

#if canImport(Glibc)
import Glibc
#endif

/// The project's folders, the real corpus and the built `vocab` executable, for every test target.
package enum TestProject {
    /// The package root.
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    package static let sampleConfig = root.appendingPathComponent("pipeline.json")
    package static let sampleCorpus = root.appendingPathComponent("Corpus/sample")
    package static let releaseConfig = root.appendingPathComponent("Corpus/release/coca-oewn2025-es.json")
    /// `../shared/corpus`: the real inputs, when this machine has them.
    package static let sharedCorpus = root.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    /// Debian's Spanish morphology, which `Corpus/release/wordfreq-es-en.json` names: Apertium's
    /// analyzer and the Hunspell dictionary.
    package static let spanishMorphology: [(package: String, path: String)] = [
        ("apertium-eng-spa", "/usr/share/apertium/apertium-eng-spa/spa-eng.automorf.bin"),
        ("hunspell-es", "/usr/share/hunspell/es_ES.aff"), ("hunspell-es", "/usr/share/hunspell/es_ES.dic"),
    ]
    /// Debian's Finnish Voikko dictionary (`voikko-fi`), read through libvoikko (`libvoikko-dev`).
    package static let finnishVoikko: [(package: String, path: String)] = [
        ("voikko-fi", "/usr/lib/voikko/5/mor-standard/index.txt"),
        ("voikko-fi", "/usr/lib/voikko/5/mor-standard/mor.vfst"),
        ("voikko-fi", "/usr/lib/voikko/5/mor-standard/autocorr.vfst"),
    ]
    /// Whether this machine has the real corpus (`../shared/corpus` with its lexicons and list).
    package static let hasRealCorpus: Bool = ["lexicons/english-wordnet-2025.xml.gz", "lexicons/english-wordnet-2024.xml.gz",
                                             "lexicons/omw-es.xml.gz", "frequency/COCA_WordFrequency.csv", "sentences/spa-eng.txt"]
        .allSatisfy { FileManager.default.fileExists(atPath: sharedCorpus.appendingPathComponent($0).path) }

    /// The Debian files every release config names besides the corpus: Apertium's English and
    /// Spanish analyzers, which read the sentence pairs (`examples`).
    package static let releaseMorphology: [(package: String, path: String)] = [
        ("apertium-eng-spa", "/usr/share/apertium/apertium-eng-spa/eng-spa.automorf.bin"),
        ("apertium-eng-spa", "/usr/share/apertium/apertium-eng-spa/spa-eng.automorf.bin"),
    ]

    /// Why the release configs cannot be built here (no real corpus, or a Debian file they name
    /// missing); nil when they can.
    package static let realCorpusMissing: String? = {
        guard hasRealCorpus else { return "no real corpus at \(sharedCorpus.path)" }
        let missing = releaseMorphology.filter { !FileManager.default.fileExists(atPath: $0.path) }
        guard missing.isEmpty else {
            return "not installed: \(Set(missing.map(\.package)).sorted().joined(separator: ", ")) (\(missing.map(\.path).joined(separator: ", ")))"
        }
        return nil
    }()

    /// A new empty folder under the system's temporary folder.
    package static func temporaryFolder(_ label: String = "tests") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("vocab-\(label)-\(UUID().uuidString.lowercased())", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A folder of the system's temporary folder that is the same for every run in this worktree
    /// (`vocab-<label>-<a hash of the package root>`), emptied first: what a run builds there
    /// replaces the last run's, so runs leave at most one behind instead of one each.
    package static func worktreeFolder(_ label: String) throws -> URL {
        let tag = String(UInt64(bitPattern: Int64(root.path.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) })), radix: 36)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-\(label)-\(tag)")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The `vocab` executable built beside the test bundle.
    package static var vocabExecutable: URL {
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("vocab"),
            Bundle.main.bundleURL.appendingPathComponent("vocab"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("vocab"),
            root.appendingPathComponent(".build/debug/vocab"),
        ].compactMap { $0 }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }

    /// Runs `vocab arguments` in `directory` and waits for it; kills it after `timeout` seconds
    /// (a hang is then reported, not waited for). Both pipes are read at once, so a large
    /// output cannot block the child.
    ///
    /// With `addressSpaceKiB`, the run is limited to that much address space (`ulimit -v`, through
    /// `/bin/sh`): an allocation past it fails, as on a machine with that much memory. With
    /// `input`, that text is its standard input (else it has none to read).
    package static func runVocab(
        _ arguments: [String], in directory: URL = root, environment: [String: String] = [:], timeout: Double = 300,
        addressSpaceKiB: Int? = nil, input: String? = nil
    ) throws -> VocabRun {
        try run(vocabExecutable, arguments, in: directory, environment: environment, timeout: timeout, addressSpaceKiB: addressSpaceKiB,
                input: input)
    }

    /// A Python that imports `module`: the CI's virtual environment's (`.build/ci-python`, where
    /// `.ci/run` installs the independent checkers), else a `python3` of the system or the PATH;
    /// nil when none does.
    package static func python(importing module: String) -> String? {
        let candidates = [root.appendingPathComponent(".build/ci-python/bin/python").path, "/usr/bin/python3", "/usr/local/bin/python3"]
            + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/python3" }
        return candidates.first { path in
            guard FileManager.default.isExecutableFile(atPath: path) else { return false }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = ["-c", "import \(module)"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
    }

    /// Runs `executable arguments` as ``runVocab(_:in:environment:timeout:addressSpaceKiB:input:)`` runs `vocab`.
    package static func run(
        _ executable: URL, _ arguments: [String], in directory: URL = root, environment: [String: String] = [:], timeout: Double = 300,
        addressSpaceKiB: Int? = nil, input: String? = nil
    ) throws -> VocabRun {
        let process = Process()
        if let addressSpaceKiB {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -v \(addressSpaceKiB) && exec \"$0\" \"$@\"", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        let start = Date()
        try process.run()
        if let input {
            // Written on another thread: the child may answer before it has read it all.
            DispatchQueue.global().async {
                stdin.fileHandleForWriting.write(Data(input.utf8))
                try? stdin.fileHandleForWriting.close()
            }
        }
        let timedOut = Flag()
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem {
            timedOut.set()
            kill(pid, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let stdout = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            stdout.data = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        watchdog.cancel()
        return VocabRun(
            status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut.value, stdout: String(decoding: stdout.data, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self), seconds: Date().timeIntervalSince(start))
    }

    /// SHA-256 of every regular file under `folder`, by path relative to it.
    package static func fileDigests(under folder: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return result
        }
        for case let url as URL in walker where (try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            result[relative] = try Checksum.sha256(of: url).hex
        }
        return result
    }

    /// A lexicon of the sample corpus (`lexicon-en.xml`, `lexicon-es.xml`).
    package static func sampleLexicon(_ name: String) throws -> Lexicon {
        let url = sampleCorpus.appendingPathComponent(name)
        return try LexiconReader.read(.file(url), displayPath: url.path, keeping: .lexicon())
    }

    private final class Box: @unchecked Sendable {
        var data = Data()
    }

    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var flag = false
        func set() { lock.withLock { flag = true } }
        var value: Bool { lock.withLock { flag } }
    }
}

/// What one run of `vocab` did.
package struct VocabRun: CustomStringConvertible, Sendable {
    package var status: Int32
    /// True when the process died of a signal (a trap, a crash or the watchdog), not by exiting.
    package var signalled: Bool
    package var timedOut: Bool
    package var stdout: String
    package var stderr: String
    package var seconds: Double

    package var description: String {
        "status \(status)\(signalled ? " (signal)" : "")\(timedOut ? " (timed out)" : ""), "
            + "\(String(format: "%.2f", seconds)) s, stderr: \(stderr.prefix(2000))"
    }
}

/// A failure of a test's own setup (a helper build that did not succeed), with the reason.
package struct TestSetupError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

extension TestProject {
    /// Points a copy of a config at `corpus`: its `corpus` key, and its stop list, which a config names relative to
    /// its own folder (a copy written elsewhere would lose it) and tests keep beside the corpus's other files.
    package static func relocate(_ json: inout [String: Any], corpus: URL) {
        json["corpus"] = corpus.path
        rewrite(&json, "selection", "stopList") { corpus.appendingPathComponent(($0 as NSString).lastPathComponent).path }
    }
}

extension TestProject {
    /// Makes a config's own files (its stop list, lemma table and sense pins, which a config names relative to its
    /// folder) absolute against `folder`, the folder of the config it was read from, so that a copy written elsewhere
    /// still finds them.
    package static func anchor(_ json: inout [String: Any], at folder: URL) {
        func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : folder.appendingPathComponent(path).path }
        rewrite(&json, "selection", "stopList", absolute)
        rewrite(&json, "lemmatization", "lemmaTable", absolute)
        if let pins = json["sensePins"] as? String { json["sensePins"] = absolute(pins) }
    }

    /// Rewrites the path at `key` of the config's `section`, when the config gives one.
    private static func rewrite(_ json: inout [String: Any], _ section: String, _ key: String, _ transform: (String) -> String) {
        guard var object = json[section] as? [String: Any], let path = object[key] as? String else { return }
        object[key] = transform(path)
        json[section] = object
    }
}
