import Foundation
import ReleaseFormat
import VocabCore

/// The one writer of a build's report folder (`<output>/<name>-<version>.report/`, beside the
/// release): the build's diagnostics as named files (``ReportFiles``), for CI logs, never part
/// of the release. It holds no exact count and no rank of the frequency list: the exclusions name
/// words and reasons only, the build report has counts of rows and words, not frequencies.
public enum ReportFolder {
    /// Writes `exclusions.json` (the words left out, from `dropped`) and `build-report.json`
    /// (`report`) into `folder`, each file atomically.
    public static func write(_ report: BuildReport, dropped: [DroppedWord], to folder: URL) throws {
        let exclusions = ExclusionList(dropped: dropped, notReached: report.notReached)
        do {
            try AtomicFile.write(try exclusions.rendered(), to: folder.appendingPathComponent(ReportFiles.exclusions))
        } catch let error as ArtifactError {
            throw error
        } catch {
            throw ArtifactError(file: folder.appendingPathComponent(ReportFiles.exclusions).path, .cannotWrite(reason: "\(error)"))
        }
        var withFolder = report
        withFolder.report = folder.path
        try JSONLines.writeDocument(withFolder, to: folder.appendingPathComponent(ReportFiles.buildReport))
    }

    /// Writes the report folder of a build that has published its release, and returns the
    /// report: the build has succeeded, so a failure here is a warning in the report (and on
    /// standard error), never an error that would make the exit status say nothing was published.
    public static func writeAfterPublishing(_ report: BuildReport, dropped: [DroppedWord], to folder: URL) -> BuildReport {
        var written = report
        do {
            try write(report, dropped: dropped, to: folder)
            written.report = folder.path
        } catch {
            written.warnings.append("the release is published, but its report folder could not be written: \(error)")
        }
        return written
    }
}
