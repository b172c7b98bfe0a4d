import Foundation

/// Checks a published release folder the way the app and CI rely on it (see
/// `Sources/ReleaseFormat/SCHEMA.md`), without changing anything in it: every check of
/// ``ValidationCheck/all`` runs once and gives one ``ValidationFinding``.
package struct ReleaseValidator: Sendable {
    /// The ids of every check, in the order they run.
    package static var checks: [String] { ValidationCheck.all.map(\.id) }

    /// Problems listed in one finding before "and N more".
    static let shownProblems = 5

    /// A validator; it keeps no state between releases.
    package init() {}

    /// Validates the release folder `folder`.
    package func validate(_ folder: URL) -> ValidationReport {
        let context = ValidationContext(folder: folder.standardizedFileURL)
        let findings = ValidationCheck.all.map { check -> ValidationFinding in
            let result = check.run(context)
            switch result.outcome {
            case .ok(let reason):
                return ValidationFinding(check: check.id, file: result.file, status: .ok, reason: reason)
            case .skip(let reason):
                return ValidationFinding(check: check.id, file: result.file, status: .skip, reason: reason)
            case .fail(let problems):
                var reason = problems.prefix(Self.shownProblems).joined(separator: "; ")
                if problems.count > Self.shownProblems { reason += "; and \(problems.count - Self.shownProblems) more" }
                return ValidationFinding(check: check.id, file: result.file, status: .fail, reason: reason)
            }
        }
        return ValidationReport(release: folder.path, checks: findings)
    }
}
