import Foundation
import ReleaseFormat
import VocabCore

/// The build's last step before publishing: with `--previous`, compare the complete candidate
/// release with the previous one; then evaluate the config's gates. Called by the emitter on the
/// temporary folder before the swap (or on the published release when the emit stage is reused),
/// so a release that misses a gate is never published.
final class ReleaseGate: @unchecked Sendable {
    private let gates: GatesConfig
    private let counts: ReleaseCounts
    private let license: ReleaseLicense
    private let targetLanguages: [String]
    private let exclusions: ExclusionList
    private let previous: (any ReleaseComparing)?
    private let unpronounced: Int?
    private let withoutReading: Int?
    private let implausible: Int
    private let frequencyLost: [String: Double]?

    /// The gates' verdicts, once ``check(candidate:)`` ran; nil when the config sets no gate.
    private(set) var report: GateReport?
    /// The comparison with the previous release, once ``check(candidate:)`` ran with one.
    private(set) var comparison: ReleaseComparison?
    /// The time the comparison and the gates took.
    private(set) var seconds: Double = 0

    /// The step for a build of `pipeline` with `counts`; nil when there is nothing to do (no gate
    /// and no previous release).
    init?(
        _ pipeline: Pipeline, counts: ReleaseCounts, license: ReleaseLicense, exclusions: ExclusionList,
        previous: (any ReleaseComparing)?, unpronounced: Int? = nil, withoutReading: Int? = nil, implausible: Int = 0,
        frequencyLost: [String: Double]? = nil
    ) {
        guard !pipeline.config.gates.isEmpty || previous != nil else { return nil }
        gates = pipeline.config.gates
        self.counts = counts
        self.license = license
        targetLanguages = pipeline.config.targetLanguages
        self.exclusions = exclusions
        self.previous = previous
        self.unpronounced = unpronounced
        self.withoutReading = withoutReading
        self.implausible = implausible
        self.frequencyLost = frequencyLost
    }

    /// Compares and evaluates; throws ``GateStop`` when a gate failed (the report is kept here).
    func check(candidate: URL) throws {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        comparison = try previous?.compare(candidate: candidate, exclusions: exclusions)
        guard !gates.isEmpty else { return }
        let report = QualityGates.evaluate(
            gates, counts: counts, targetLanguages: targetLanguages, comparison: comparison, license: license,
            unpronounced: unpronounced, withoutReading: withoutReading, implausible: implausible,
            frequencyLost: frequencyLost)
        self.report = report
        if !report.passed { throw GateStop() }
    }

    /// Thrown through the emitter when a gate failed: nothing is published.
    struct GateStop: Error {}
}

/// A release that missed one or more of its gates (`gates` in `pipeline.json`): the build
/// stopped before publishing, and the report folder says why. Not an error of the inputs (the
/// command line exits with status 3, errors with 1), so not a `LocatedError`.
package struct QualityGateFailure: Error, CustomStringConvertible {
    /// The build's report: every gate with its value and threshold, `release` nil.
    package var report: BuildReport

    /// The failed gates, one per line.
    package var description: String {
        (report.gates?.failures ?? []).map { "gate failed: \($0.text)" }.joined(separator: "\n")
    }
}
