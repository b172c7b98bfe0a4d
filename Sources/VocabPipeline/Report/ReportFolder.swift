import Foundation
import ReleaseFormat
import StageJoin
import StageRead
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

    /// The list's own files, when there is something to say: `no-lemma.txt` (the forms the
    /// lemmatize step found no lemma for, most frequent first, with their lines: no count) and
    /// `skipped-rows.txt` (the malformed rows skipped, with their lines and reasons). A file
    /// with nothing to list is removed, so that a folder never shows an earlier build's.
    package static func writeListLemmatization(noLemma: [DroppedWord]?, skipped: [SkippedRow], to folder: URL) throws {
        let noLemmaFile = folder.appendingPathComponent(noLemmaFileName)
        if let noLemma {
            let lines = ["# forms without a lemma, most frequent first: form<TAB>line of the list"]
                + noLemma.map { "\($0.sourceLemma)\t\($0.line)" }
            try writeFile(noLemmaFile) { Data((lines.joined(separator: "\n") + "\n").utf8) }
        } else {
            try? FileManager.default.removeItem(at: noLemmaFile)
        }
        let skippedFile = folder.appendingPathComponent(skippedFileName)
        if !skipped.isEmpty {
            let lines = ["# malformed rows skipped (frequency.malformedRows: \"skip\"): line<TAB>field<TAB>reason"]
                + skipped.map { "\($0.line)\t\($0.field.map(String.init) ?? "-")\t\($0.reason)" }
            try writeFile(skippedFile) { Data((lines.joined(separator: "\n") + "\n").utf8) }
        } else {
            try? FileManager.default.removeItem(at: skippedFile)
        }
    }

    /// `moved-senses.tsv`: every card policy `sense` moved off its entry's first sense, in the
    /// release's order, with the sense before and after (rank, concept, definition), the
    /// translations it gained with their sources, and the pin line that would keep the first
    /// sense. Removed when no card moved. No rank or count of the list.
    package static func writeMovedSenses(_ moved: [MovedSense], policy: TranslationConfig, to folder: URL) throws {
        let file = folder.appendingPathComponent(ReportFiles.movedSenses)
        guard !moved.isEmpty else {
            try? FileManager.default.removeItem(at: file)
            return
        }
        func clean(_ text: String?) -> String {
            (text ?? "-").replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
        }
        var lines = [
            "# cards moved to a later sense for a translation (translation.policy sense, maxSenseRank \(policy.senseRankLimit)): \(moved.count)",
            "# review each; where the move is wrong for a learner, add its pin line to the sense pins (keeps the first sense)",
            "word\tpos\tfrom rank\tfrom ili\tfrom definition\tto rank\tto ili\tto definition\ttranslations\tpin to keep the first sense",
        ]
        for card in moved {
            let translations = card.translations.map { translation in
                "\(translation.language): " + zip(translation.lemmas, translation.sources + Array(repeating: "?", count: max(0, translation.lemmas.count - translation.sources.count)))
                    .map { "\($0) [\($1)]" }.joined(separator: ", ")
            }.joined(separator: "; ")
            let pin = card.from.ili.map { "\(card.word) \(card.partOfSpeech.rawValue) \($0)" } ?? "-"
            lines.append([
                clean(card.word), card.partOfSpeech.rawValue, String(card.from.rank), clean(card.from.ili), clean(card.from.definition),
                String(card.to.rank), clean(card.to.ili), clean(card.to.definition), clean(translations), clean(pin),
            ].joined(separator: "\t"))
        }
        try writeFile(file) { Data((lines.joined(separator: "\n") + "\n").utf8) }
    }

    /// `no-lemma.txt`.
    package static let noLemmaFileName = "no-lemma.txt"
    /// `skipped-rows.txt`.
    package static let skippedFileName = "skipped-rows.txt"

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
