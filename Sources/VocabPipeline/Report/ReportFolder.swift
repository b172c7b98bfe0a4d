import Foundation
import ReleaseFormat
import VocabCore

/// The one writer of a build's report folder (`<output>/<name>-<version>.report/`, beside the
/// release): the build's diagnostics as named files (``ReportFiles``), for CI logs, never part
/// of the release. It holds no exact count and no rank of the frequency list: the exclusions name
/// words and reasons only, the build report and its pages have counts of rows and words, not
/// frequencies.
package enum ReportFolder {
    /// Writes `exclusions.json` (the words left out, from `dropped`), `build-report.json`
    /// (`report`), `report.html` and `report.md` into `folder`, each file atomically.
    package static func write(_ report: BuildReport, dropped: [DroppedWord], to folder: URL) throws {
        try write(report, exclusions: ExclusionList(dropped: dropped, notReached: report.notReached), to: folder)
    }

    /// As ``write(_:dropped:to:)``; `exclusions` nil leaves `exclusions.json` as it is: a build
    /// stopped by a gate published nothing, and `vocab diff` reads that file as the exclusions of
    /// the release that *is* published.
    package static func write(_ report: BuildReport, exclusions: ExclusionList?, to folder: URL) throws {
        if let exclusions {
            try writeFile(folder.appendingPathComponent(ReportFiles.exclusions)) { try exclusions.rendered() }
        }
        var withFolder = report
        withFolder.report = folder.path
        try JSONLines.writeDocument(withFolder, to: folder.appendingPathComponent(ReportFiles.buildReport))
        try writeFile(folder.appendingPathComponent(ReportFiles.html)) { Data(ReportPage(withFolder).html.utf8) }
        try writeFile(folder.appendingPathComponent(ReportFiles.markdown)) { Data(ReportMarkdown(withFolder).text.utf8) }
    }

    private static func writeFile(_ url: URL, _ contents: () throws -> Data) throws {
        do {
            try AtomicFile.write(try contents(), to: url)
        } catch let error as ArtifactError {
            throw error
        } catch {
            throw ArtifactError(file: url.path, .cannotWrite(reason: "\(error)"))
        }
    }

}
