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
    /// lemmatize step found no lemma for, most frequent first, with their lines: no count),
    /// `closed-class.txt` (the forms it found to be function words, the same way) and
    /// `skipped-rows.txt` (the malformed rows skipped, with their lines and reasons). A file
    /// with nothing to list is removed, so that a folder never shows an earlier build's.
    package static func writeListLemmatization(
        noLemma: [DroppedWord]?, closedClass: [DroppedWord]? = nil, skipped: [SkippedRow], to folder: URL
    ) throws {
        for (name, words, title) in [
            (noLemmaFileName, noLemma, "forms without a lemma"),
            (closedClassFileName, closedClass.flatMap { $0.isEmpty ? nil : $0 }, "function words (closed classes: never cards)"),
        ] {
            try writeLines(words.map { words in
                ["# \(title), most frequent first: form<TAB>line of the list"] + words.map { "\($0.sourceLemma)\t\($0.line)" }
            }, to: folder.appendingPathComponent(name))
        }
        try writeLines(skippedLines(skipped, header: "# malformed rows skipped (frequency.malformedRows: \"skip\"): line<TAB>field<TAB>reason"),
                       to: folder.appendingPathComponent(skippedFileName))
    }

    /// `moved-senses.tsv`: every card policy `sense` moved off its entry's first sense, in the
    /// release's order, with the sense before and after (rank, concept, definition), the
    /// translations it gained with their sources, and the pin line that would keep the first
    /// sense. Removed when no card moved. No rank or count of the list.
    package static func writeMovedSenses(_ moved: [MovedSense], policy: TranslationConfig, to folder: URL) throws {
        let file = folder.appendingPathComponent(ReportFiles.movedSenses)
        guard !moved.isEmpty else { return try writeLines(nil, to: file) }
        let clean = tsvCell
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
        try writeLines(lines, to: file)
    }

    /// `sense-review.tsv`: what the sense ranking found (``SenseReview``), in the release's order,
    /// grouped by kind (implausible senses, refused moves, senses ranked over the lexicon's first):
    /// the card's sense and the other of the finding (rank, concept, definition), each with its
    /// witness, the card's translations and the pin line that would choose the other sense.
    /// Removed when there is nothing to list. No rank or count of the list.
    package static func writeSenseReview(_ reviews: [SenseReview], senseOrder: String?, to folder: URL) throws {
        let file = folder.appendingPathComponent(ReportFiles.senseReview)
        guard !reviews.isEmpty else { return try writeLines(nil, to: file) }
        let clean = tsvCell
        func translations(_ list: [Translation]?) -> String {
            (list ?? []).map { "\($0.language): " + ($0.lemmas.isEmpty ? "-" : $0.lemmas.joined(separator: ", ")) }.joined(separator: "; ")
        }
        let order: [SenseReview.Kind] = [.leftOut, .implausible, .replaced, .confirmed, .refusedMove, .ranked]
        let counts = order.map { kind in "\(kind.rawValue) \(reviews.count { $0.kind == kind })" }.joined(separator: ", ")
        var lines = [
            "# the sense ranking's findings (senses ordered by \(senseOrder ?? "the lexicon")): \(counts)",
            "# ranked: the evidence put the card's sense first over the lexicon's first (other); implausible: the card's sense is the last of its witness's senses and its witness does not name the concept first, and the sentence pairs neither confirm nor refute it (kept, senseCheck unconfirmed); left-out: the same, refuted by the pairs, no other sense plausible (the card left the release); replaced: the card moved off such a sense (other) to the plausible one the pairs name most; confirmed: the pairs name the implausible sense's concept (kept, senseCheck confirmed); refused-move: policy sense did not move the card to the translated, implausible other sense",
            "# review each; where the evidence is wrong for a learner, add a pin line to the sense pins",
            "kind\tword\tpos\trank\tili\tdefinition\twitness\tother rank\tother ili\tother definition\tother witness\ttranslations\tpin to choose the other sense",
        ]
        for kind in order {
            for review in reviews where review.kind == kind {
                let pin = review.other?.ili.map { "\(review.word) \(review.partOfSpeech.rawValue) \($0)" } ?? "-"
                lines.append([
                    kind.rawValue, clean(review.word), review.partOfSpeech.rawValue, String(review.sense.rank), clean(review.sense.ili),
                    clean(review.sense.definition), clean(review.witness?.text), review.other.map { String($0.rank) } ?? "-",
                    clean(review.other?.ili), clean(review.other?.definition), clean(review.otherWitness?.text),
                    clean(translations(kind == .refusedMove ? review.otherTranslations : review.translations)), clean(pin),
                ].joined(separator: "\t"))
            }
        }
        try writeLines(lines, to: file)
    }

    /// `no-lemma.txt`.
    package static let noLemmaFileName = "no-lemma.txt"
    /// The function words the lemmatize step found (``writeListLemmatization(noLemma:closedClass:skipped:to:)``).
    package static let closedClassFileName = "closed-class.txt"

    /// `unpronounced.txt`: the release's words the pronunciation engine could not say in the
    /// config's voice (a loanword its voice hands to another language, a symbol), in card order,
    /// for review. Removed when every word has a pronunciation.
    package static func writeUnpronounced(_ lemmas: [String], to folder: URL) throws {
        try writeLines(lemmas.isEmpty ? nil : ["# words without a pronunciation (the engine could not say them in the config's voice), in card order"] + lemmas,
                       to: folder.appendingPathComponent(ReportFiles.unpronounced))
    }
    /// `no-reading.txt`: the release's words without a reading (the config's `reading`: a lemma
    /// the analyzer does not know or reads only in part), in card order, for review; they have no
    /// generated pronunciation either. Removed when every word has one.
    package static func writeWithoutReading(_ lemmas: [String], to folder: URL) throws {
        try writeLines(lemmas.isEmpty ? nil : ["# words without a reading (so without a generated pronunciation), in card order"] + lemmas,
                       to: folder.appendingPathComponent(ReportFiles.withoutReading))
    }

    /// `skipped-rows.txt`.
    package static let skippedFileName = "skipped-rows.txt"

    /// `skipped-pairs.txt`: the malformed lines of the sentence pairs skipped
    /// (`examples.malformedRows: "skip"`), with their lines and reasons; removed when none were.
    package static func writeSkippedPairs(_ skipped: [SkippedRow], to folder: URL) throws {
        try writeLines(skippedLines(skipped, header: "# malformed lines of the sentence pairs skipped (examples.malformedRows: \"skip\"): line<TAB>field<TAB>reason"),
                       to: folder.appendingPathComponent(skippedPairsFileName))
    }

    /// `skipped-pairs.txt`.
    package static let skippedPairsFileName = "skipped-pairs.txt"

    /// A list file of the report folder: `lines`, each ended by a newline, written atomically;
    /// the file removed when there is nothing to list (nil).
    private static func writeLines(_ lines: [String]?, to file: URL) throws {
        guard let lines else {
            try? FileManager.default.removeItem(at: file)
            return
        }
        try writeFile(file) { Data((lines.joined(separator: "\n") + "\n").utf8) }
    }

    /// The skipped rows' lines under `header`: line, field (or `-`) and reason; nil for none.
    private static func skippedLines(_ skipped: [SkippedRow], header: String) -> [String]? {
        skipped.isEmpty ? nil : [header] + skipped.map { "\($0.line)\t\($0.field.map(String.init) ?? "-")\t\($0.reason)" }
    }

    /// A cell of a tab-separated list: `-` for none, tabs and line ends as spaces.
    private static func tsvCell(_ text: String?) -> String {
        (text ?? "-").replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
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
