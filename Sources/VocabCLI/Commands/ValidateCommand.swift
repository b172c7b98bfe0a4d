import ArgumentParser
import Foundation
import ReleaseValidation
import Releases
import VocabCore

/// `vocab validate BUNDLE`: check a built release the way the app and CI would.
package struct ValidateCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a built release: manifest, checksums, SQLite, JSON, and that they agree.",
        discussion: """
            Prints one line per check (ok, FAIL or skip, the check, the file, the reason) and a summary, \
            and exits with status 1 when any check fails. Checks: \(ReleaseValidator.checks.joined(separator: ", ")).

            Exit status:
              0   every check passed
              1   a check failed or could not run; or no release at the path ("error: ...", one line)
              64  invalid arguments
            """)

    @Argument(help: "A release folder (<output>/<name>-<version>) or its .sqlite file.", completion: .file())
    var bundle: String

    @Flag(name: .long, help: "Print the report as JSON on standard output instead of text.")
    var json = false

    package init() {}

    package func run() throws {
        // A path that is no release is one error line, not a report of checks that cannot run.
        var folder: URL!
        try reportingErrors { folder = try ReleaseLocation.folder(.commandLine(bundle)) }
        var report = ReleaseValidator().validate(folder)
        report.release = bundle
        if json {
            print(String(decoding: try report.json(), as: UTF8.self))
        } else {
            print(report.text)
        }
        if !report.valid { throw ExitCode(1) }
    }
}
