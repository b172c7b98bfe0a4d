import Foundation
import VocabCore

/// The outcome of one check of ``ReleaseValidator``.
package struct ValidationFinding: Codable, Sendable, Equatable {
    /// Whether a check passed, failed or could not run.
    package enum Status: String, Codable, Sendable {
        /// The check ran and passed.
        case ok
        /// The check ran and found a problem.
        case fail
        /// The check could not run because something it needs is missing or unreadable
        /// (that problem is reported as a failure by another check).
        case skip
    }

    /// Stable check name, `area.what` (`resources.checksums`, `sqlite.user-version`, ...).
    package var check: String
    /// The file the check is about, relative to the release folder (`.` for the folder itself).
    package var file: String
    /// Passed, failed or skipped.
    package var status: Status
    /// Plain-language reason: what was found wrong, or what was verified.
    package var reason: String
}

/// Everything ``ReleaseValidator`` found about one release folder.
package struct ValidationReport: Codable, Sendable, Equatable {
    /// The release folder as given.
    package var release: String
    /// True when no check failed or was skipped.
    package var valid: Bool
    /// One finding per check, in the order the checks ran.
    package var checks: [ValidationFinding]

    /// A report of `checks`; ``valid`` is derived from them (false when there are none).
    package init(release: String, checks: [ValidationFinding]) {
        self.release = release
        self.checks = checks
        self.valid = !checks.isEmpty && checks.allSatisfy { $0.status == .ok }
    }

    /// The findings that did not pass (failed or skipped).
    package var problems: [ValidationFinding] { checks.filter { $0.status != .ok } }

    /// The finding of the check named `check`, if it ran.
    package func finding(_ check: String) -> ValidationFinding? { checks.first { $0.check == check } }

    /// Names of the failed checks.
    package var failedChecks: [String] { checks.filter { $0.status == .fail }.map(\.check) }

    /// One line per check (`ok`, `FAIL` or `skip`, the check, the file, the reason), then a summary.
    /// Values in findings may come from the release (a file name, a value read from it): each
    /// is made printable, so a hostile release cannot break or forge lines.
    package var text: String {
        let checks = checks.map { finding -> ValidationFinding in
            var finding = finding
            finding.file = finding.file.printable()
            finding.reason = finding.reason.printable(limit: 2000)
            return finding
        }
        let checkWidth = checks.map(\.check.count).max() ?? 0
        let fileWidth = checks.map(\.file.count).max() ?? 0
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        var lines = checks.map { finding -> String in
            let status = finding.status == .fail ? "FAIL" : finding.status.rawValue
            return "\(pad(status, 4))  \(pad(finding.check, checkWidth))  \(pad(finding.file, fileWidth))  \(finding.reason)"
        }
        let failed = checks.filter { $0.status == .fail }.count
        let skipped = checks.filter { $0.status == .skip }.count
        var summary = "\(release.printable()): \(checks.count) checks, \(checks.count - failed - skipped) ok, \(failed) failed"
        if skipped > 0 { summary += ", \(skipped) skipped" }
        summary += valid ? " — valid" : " — INVALID"
        lines.append(summary)
        return lines.joined(separator: "\n")
    }

    /// The report as pretty-printed JSON with sorted keys.
    package func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
