import Foundation
import ReleaseFormat
import VocabCore

extension BuildReport {
    /// The report of a build that ran (or reused) its stages, with its figures, its gates and its
    /// comparison with the previous release, written to the report folder. When a gate failed
    /// (`published` false) the report says so, `exclusions.json` is left as the published
    /// release's, and ``QualityGateFailure`` is thrown with the report. `exclusions` nil also
    /// leaves `exclusions.json` as it is (a no-change rebuild: it is already this release's).
    ///
    /// Nothing here changes what the exit status says about the release: a report folder that
    /// cannot be written is a warning (with `warnings`, those of the emit stage), not an error.
    static func finish(
        _ pipeline: Pipeline, _ inputs: EmitStage.Inputs, stages: [StageTime], gate: ReleaseGate?, published: Bool,
        exclusions: ExclusionList?, warnings: [String] = []
    ) throws -> BuildReport {
        var report = BuildReport(
            pipeline: pipeline, release: published ? pipeline.releaseFolder : nil, counts: EmitStage.counts(inputs),
            notReached: inputs.notReached, stages: stages)
        report.figures = ReportFigures(inputs, bands: pipeline.config.frequency.bands, pairsSource: pipeline.config.examples?.id)
        report.lemmatization = inputs.lemmatize?.summary.figures
        report.skippedRows = inputs.read.skipped.isEmpty ? nil : inputs.read.skipped.count
        report.gates = gate?.report
        report.translationPolicy = pipeline.config.translation.policy
        report.translationCoverage = inputs.join.summary.figures.coverage
        report.license = try? EmitStage.license(pipeline, inputs).expression
        report.previous = gate?.comparison
        report.words = ReportWords(inputs, targetLanguages: pipeline.config.targetLanguages)
        report.review = ReviewCandidates(
            records: inputs.records, hints: inputs.join.summary.senseHints, comparison: gate?.comparison,
            sourceLanguage: inputs.join.summary.sourceLanguage, reviews: inputs.join.reviews, leftOut: inputs.join.leftOut)
        report.senses = SenseFigures(
            order: inputs.join.summary.figures.senseOrder, moved: inputs.join.moved.count, review: inputs.join.summary.figures.senseReview)
        report.provenance = ReportProvenance(pipeline, inputs)
        for pin in inputs.select.summary.unusedPins ?? [] {
            report.warnings.append("the sense pin \(pin) did not apply: its word is not in the release")
        }
        report.warnings += inputs.lemmatize?.summary.figures.warnings ?? []
        if let failed = inputs.join.summary.pronunciations?.failed, !failed.isEmpty {
            report.warnings.append("words without a pronunciation (the engine could not say them in its voice): \(failed.count), "
                + "listed in \(ReportFiles.unpronounced)")
        }
        if let unread = inputs.join.summary.readings?.unread, !unread.isEmpty {
            report.warnings.append("words without a reading (so without a generated pronunciation): \(unread.count), listed in \(ReportFiles.withoutReading)")
        }
        report.warnings += warnings
        do {
            try ReportFolder.write(report, exclusions: published ? exclusions : nil, to: pipeline.reportFolder)
            try ReportFolder.writeMovedSenses(inputs.join.moved, policy: pipeline.config.translation, to: pipeline.reportFolder)
            try ReportFolder.writeSenseReview(inputs.join.reviews, senseOrder: inputs.join.summary.figures.senseOrder, to: pipeline.reportFolder)
            let listed = pipeline.config.lemmatization?.noLemmaListed ?? 0
            try ReportFolder.writeListLemmatization(
                noLemma: inputs.lemmatize.map { Array($0.dropped.prefix(listed)) },
                closedClass: inputs.lemmatize.map { Array($0.closedClass.prefix(listed)) },
                skipped: inputs.read.skipped, to: pipeline.reportFolder)
            try ReportFolder.writeUnpronounced(inputs.join.summary.pronunciations?.failed ?? [], to: pipeline.reportFolder)
            try ReportFolder.writeWithoutReading(inputs.join.summary.readings?.unread ?? [], to: pipeline.reportFolder)
            try ReportFolder.writeSkippedPairs(inputs.examples?.skipped ?? [], to: pipeline.reportFolder)
            report.report = pipeline.reportFolder.path
        } catch {
            report.warnings.append(
                (published ? "the release is published, but its report folder could not be written: " : "the report folder could not be written: ")
                    + "\(error)")
        }
        if !published { throw QualityGateFailure(report: report) }
        return report
    }
}
