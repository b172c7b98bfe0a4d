import Foundation
import ReleaseFormat
import VocabCore

extension BuildReport {
    /// The report of a build that ran (or reused) its stages, with its figures, its gates and its
    /// comparison with the previous release, written to the report folder. When a gate failed
    /// (`published` false) the report says so, `exclusions.json` is left as the published
    /// release's, and ``QualityGateFailure`` is thrown with the report.
    static func finish(
        _ pipeline: Pipeline, _ inputs: EmitStage.Inputs, stages: [StageTime], gate: ReleaseGate?, published: Bool,
        exclusions: ExclusionList
    ) throws -> BuildReport {
        var report = BuildReport(
            pipeline: pipeline, release: published ? pipeline.releaseFolder : nil, counts: EmitStage.counts(inputs),
            notReached: inputs.select.result.notReached, stages: stages)
        report.figures = ReportFigures(inputs, bands: pipeline.config.frequency.bands)
        report.gates = gate?.report
        report.previous = gate?.comparison
        for pin in inputs.select.summary.unusedPins ?? [] {
            report.warnings.append("the sense pin \(pin) did not apply: its word is not in the release")
        }
        try ReportFolder.write(report, exclusions: published ? exclusions : nil, to: pipeline.reportFolder)
        report.report = pipeline.reportFolder.path
        if !published { throw QualityGateFailure(report: report) }
        return report
    }
}
