import Foundation
import ReleaseValidation
import Testing

@Suite struct ValidateCommandTests {
    @Test func reportsEveryCheckAndExitsZeroOnTheSample() throws {
        let release = try Fixtures.sampleRelease.get()
        let run = try Fixtures.runVocab(["validate", release.path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == ReleaseValidator.checks.count + 1)
        for (line, check) in zip(lines, ReleaseValidator.checks) {
            #expect(line.hasPrefix("ok    \(check) "), "\(line)")
        }
        #expect(lines.last?.contains("0 failed") == true)
        #expect(lines.last?.hasSuffix("valid") == true)
    }

    @Test func jsonOutputIsTheReport() throws {
        let release = try Fixtures.sampleRelease.get()
        let run = try Fixtures.runVocab(["validate", "--json", release.path])
        #expect(run.status == 0)
        let report = try JSONDecoder().decode(ValidationReport.self, from: Data(run.stdout.utf8))
        #expect(report.valid)
        #expect(report.checks.map(\.check) == ReleaseValidator.checks)
        #expect(report.checks.allSatisfy { $0.status == .ok })
    }

    @Test func exitsOneAndNamesTheFailedCheck() throws {
        let release = try Fixtures.sampleCopy()
        defer { Fixtures.discard(release) }
        try Corruption.strayFile.apply(to: release)
        let run = try Fixtures.runVocab(["validate", release.path])
        #expect(run.status == 1)
        let failed = run.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(failed.count == 1)
        #expect(failed.first?.contains("folder.unlisted") == true)
        #expect(failed.first?.contains("notes.txt") == true)
        #expect(run.stdout.contains("INVALID"))

        let json = try Fixtures.runVocab(["validate", "--json", release.path])
        #expect(json.status == 1)
        let report = try JSONDecoder().decode(ValidationReport.self, from: Data(json.stdout.utf8))
        #expect(report.failedChecks == ["folder.unlisted"])
    }

    /// One error line, no report (ReleaseInputTests checks every command's inputs).
    @Test func aMissingFolderExitsOne() throws {
        let path = "/nonexistent/vocab-\(UUID().uuidString)"
        let run = try Fixtures.runVocab(["validate", path])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty, "\(run.stdout)")
        #expect(run.stderr == "error: \(path): no such release folder or file\n", "\(run.stderr)")
    }
}
