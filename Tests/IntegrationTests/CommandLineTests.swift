import Foundation
import Testing

/// What a person at a terminal sees: exit statuses in every `--help`, `SOURCE_DATE_EPOCH` in
/// `build`'s, completion of every path argument, progress only on a terminal.
@Suite struct CommandLineTests {
    static let commands = ["build", "read", "select", "join", "dictionary", "emit", "validate", "diff", "lookup"]

    @Test(arguments: commands)
    func helpListsTheExitStatuses(_ command: String) throws {
        let run = try Project.vocab([command, "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Exit status:"), "\(command): \(run.stdout)")
        #expect(run.stdout.contains("\n  0 ") && run.stdout.contains("\n  1 "), "\(command): \(run.stdout)")
    }

    @Test func buildDocumentsSourceDateEpoch() throws {
        let run = try Project.vocab(["build", "--help"])
        #expect(run.stdout.contains("SOURCE_DATE_EPOCH"))
        #expect(run.stdout.contains("--work"))
    }

    @Test func completionCompletesFilesAndFoldersForEveryPath() throws {
        let run = try Project.vocab(["--generate-completion-script", "zsh"])
        #expect(run.status == 0)
        let script = run.stdout
        #expect(script.contains(#":config:_files -g '\''*.json'\''"#))
        for option in ["corpus", "output", "work"] { #expect(script.contains(":\(option):_files -/"), "\(option)") }
        // A release is a folder or its .sqlite file: files and folders both complete.
        for argument in ["bundle", "release", "old", "new"] {
            #expect(script.contains(":\(argument):_files") && !script.contains(":\(argument):_files -/"), "\(argument)")
        }
    }

    @Test func noProgressWhenNotATerminal() throws {
        let output = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try Project.vocab(["build", "--output", output.path, "--work", output.appendingPathComponent(".work").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("\r") && !run.stderr.contains("loading the lexicons"))
        #expect(run.stderr.hasPrefix("sample-en-es 0.1.0 → "))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "no script(1) to give the build a terminal"))
    func progressOnATerminalUnlessQuiet() throws {
        let output = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        func onTerminal(_ extra: String) throws -> String {
            let command = "\(Project.vocabExecutable.path) build --force --output \(output.path) --work \(output.path)/.work \(extra)"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qec", command, "/dev/null"]
            process.currentDirectoryURL = Project.root
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            return String(decoding: data, as: UTF8.self)
        }
        let shown = try onTerminal("")
        #expect(shown.contains("\r\u{1B}[Kloading the lexicons…"), "\(shown.debugDescription)")
        #expect(shown.contains("\r\u{1B}[Kemit…"))
        let quiet = try onTerminal("--quiet")
        #expect(!quiet.contains("loading the lexicons") && !quiet.contains("\u{1B}[K"), "\(quiet.debugDescription)")
    }
}
