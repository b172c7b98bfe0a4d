import Foundation
import ReleaseFormat
import StageJoin
import VocabCore

/// What a build did, for people (stderr) and machines (`--json`).
package struct BuildReport: Codable, Sendable, Equatable {
    /// The time of one step of the build.
    package struct StageTime: Codable, Sendable, Equatable {
        /// The step: `hash` (the stage keys), `lexicons` (loading them), `gates`, or a stage's name.
        package let stage: BuildStep
        /// Wall-clock seconds; for a reused stage, the time it took to read it back and check it.
        package var seconds: Double
        /// True when the stage's inputs were unchanged and its stored output was reused.
        package var reused = false
    }

    /// `dataset.name`.
    package var dataset: String
    /// `dataset.version`.
    package var version: String
    /// The release folder's path; nil when no release was published.
    package var release: String?
    /// The report folder's path (beside the release), once it is written.
    package var report: String?
    /// The build's figures, as the manifest records them.
    package var counts: ReleaseCounts
    /// Distinct words the walk never reached because the release was full (not counted as drops).
    package var notReached: Int
    /// Translation coverage per target language.
    package var coverage: [String: TranslationShare]
    /// The steps, in the order they ran.
    package var stages: [StageTime]
    /// The sum of the steps' times.
    package var totalSeconds: Double
    /// Things worth a look that did not stop the build (the list ran out before N words, a sense
    /// pin whose word is not in the release).
    package var warnings: [String]
    /// The figures the report's charts draw; nil in a report written before they existed.
    package var figures: ReportFigures?
    /// Every gate of the config with its value and threshold; nil when the config sets none.
    package var gates: GateReport?
    /// What changed against the release given with `--previous`; nil without one.
    package var previous: ReleaseComparison?
    /// The lemmatize step's figures (forms read, lemmatized by each source, no lemma); nil when
    /// the config does not lemmatize.
    package var lemmatization: LemmatizeFigures?
    /// Malformed rows the read stage skipped (`frequency.malformedRows: "skip"`); nil when none.
    package var skippedRows: Int?
    /// The words behind the counts, named (drops per reason, untranslated words, pins applied);
    /// nil in a report written before they were.
    package var words: ReportWords?
    /// Sense-pin candidates for review, with their cards; nil in a report written before the review.
    package var review: ReviewCandidates?
    /// The inputs, tool and schema versions and config; nil in a report written before them.
    package var provenance: ReportProvenance?
    /// The policy the build used (`translation.policy`).
    package var translationPolicy: TranslationPolicy?
    /// Coverage per target language by translation lexicon and by policy (what the other policy
    /// would give too); nil in a report written before.
    package var translationCoverage: TranslationCoverage?
    /// The release's licence (SPDX expression); nil when no release was described.
    package var license: String?
    /// How the cards' senses were chosen: the order, the moves of policy `sense`, the sense
    /// ranking's findings; nil in a report written before the ranking.
    package var senses: SenseFigures?

    init(pipeline: Pipeline, release: URL?, counts: ReleaseCounts, notReached: Int, stages: [StageTime]) {
        dataset = pipeline.config.dataset.name
        version = pipeline.config.dataset.version
        self.release = release?.path
        self.counts = counts
        self.notReached = notReached
        coverage = Dictionary(uniqueKeysWithValues: pipeline.config.targetLanguages.map { language in
            (language, TranslationShare(translated: counts.translated[language] ?? 0, words: counts.words))
        })
        self.stages = stages
        totalSeconds = stages.reduce(0) { $0 + $1.seconds }
        warnings = []
        let wanted = pipeline.config.selection.count
        if counts.words < wanted {
            warnings.append("the frequency list ran out: \(counts.words) of the \(wanted) words asked for")
        }
    }

    /// The readable report.
    package var text: String {
        var lines = ["\(dataset) \(version)" + (release.map { " → \($0)" } ?? "")]
        lines.append("  frequency rows \(counts.frequencyRows), distinct words \(counts.distinctWords), not reached \(notReached)")
        let pos = PartOfSpeech.allCases.compactMap { pos in counts.partsOfSpeech[pos.rawValue].map { "\(pos.rawValue) \($0)" } }
        lines.append("  words \(counts.words): " + (pos.isEmpty ? "none" : pos.joined(separator: ", ")))
        let drops = counts.dropped.stablySorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        lines.append("  dropped: " + (drops.isEmpty ? "none" : drops.joined(separator: ", ")))
        for (language, share) in coverage.stablySorted(by: { $0.key < $1.key }) {
            lines.append("  translations \(language): \(share.translated)/\(share.words) (\(share.percent)%)")
        }
        if let lexicons = figures?.sourceLexicons {
            lines.append("  words by source lexicon: " + lexicons.stablySorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        if let coverage = translationCoverage, counts.words > 0 {
            for language in coverage.bySource.keys.stablySorted() {
                let sources = coverage.bySource[language]!.stablySorted { $0.key < $1.key }
                    .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                lines.append("  translations \(language) by source: \(sources)")
            }
            let policies = coverage.byPolicy.keys.stablySorted().map { policy in
                policy + (policy == translationPolicy?.rawValue ? " (used)" : "") + ": "
                    + coverage.byPolicy[policy]!.stablySorted { $0.key < $1.key }
                        .map { "\($0.key) \(TranslationShare(translated: $0.value, words: counts.words).percent)%" }.joined(separator: ", ")
            }
            if !policies.isEmpty { lines.append("  coverage by policy: " + policies.joined(separator: "; ")) }
        }
        if let license { lines.append("  licence: \(license)") }
        if let lemmatization {
            lines.append("  lemmatization: forms \(lemmatization.formsRead), lemmatized by \(lemmatization.lemmatizedBySource), "
                + "function words \(lemmatization.closedClass ?? 0), no lemma \(lemmatization.noLemma), lemmas \(lemmatization.lemmas)")
        }
        if let skippedRows { lines.append("  malformed rows skipped: \(skippedRows)") }
        if let examples = figures?.examples {
            lines.append("  examples: \(examples.any) words with one, \(examples.lexicon) from the lexicon, \(examples.pairs) with a sentence pair "
                + "(\(examples.source)): \(examples.sameSense) of the card's sense, \(examples.unconfirmed) unconfirmed"
                + (examples.skippedLines.map { "; \($0) malformed lines of the pairs skipped" } ?? ""))
        }
        if let forms = figures?.forms {
            let source = forms.enumerated == true ? "every form the analyzer gives of their lemmas"
                : forms.enumerated == false ? "the forms the analyzer was shown" : "the lexicon's and the list's forms"
            lines.append("  forms: \(forms.forms) of \(forms.words) words (\(source))")
        }
        if let pronounced = figures?.pronunciations {
            lines.append("  pronunciations: \(pronounced.lexicon) from the lexicon, \(pronounced.generated) generated"
                + (figures?.pronunciationEngine.map { " (\($0.name) \($0.version), \($0.voice))" } ?? "")
                + (pronounced.failed.isEmpty ? "" : ", \(pronounced.failed.count) without one (the engine could not say them)")
                + ((pronounced.unread ?? 0) == 0 ? "" : ", \(pronounced.unread ?? 0) without one (no reading)"))
        }
        if let readings = figures?.readings {
            lines.append("  readings: \(readings.read), \(readings.unread.count) without one")
        }
        if let senses {
            lines += senses.lines
        } else if counts.senseMoved > 0 {
            lines.append("  sense moved for translations: \(counts.senseMoved)")
        }
        if let entries = counts.dictionaryEntries { lines.append("  dictionary: \(entries) entries") }
        if let figures, figures.pinned > 0 { lines.append("  sense pins applied: \(figures.pinned)") }
        if let review { lines.append("  sense-pin candidates to review: \(review.counts)") }
        if let previous {
            lines.append("  against \(previous.previous): \(previous.added) added, \(previous.removed) removed, "
                + "\(previous.changed) changed, \(previous.unchanged) unchanged"
                + (previous.bandMoves.map { ", \($0) moved band" } ?? "") + " (suggested bump: \(previous.suggestedBump))")
            if let warning = previous.versionWarning { lines.append("  warning: \(warning)") }
        }
        for gate in gates?.results ?? [] { lines.append("  gate \(gate.text)") }
        if gates?.passed == false { lines.append("  not published: a gate failed") }
        if let report { lines.append("  report: \(report)") }
        let times = stages.map { $0.reused ? "\($0.stage) reused \(Self.seconds($0.seconds))" : "\($0.stage) \(Self.seconds($0.seconds))" }
        lines.append("  time: " + times.joined(separator: ", ") + ", total \(Self.seconds(totalSeconds))")
        for warning in warnings { lines.append("  warning: \(warning)") }
        return lines.joined(separator: "\n")
    }

    static func seconds(_ value: Double) -> String {
        String(format: "%.3f s", value)
    }
}

/// How a build's cards took their senses (``BuildReport/senses``).
package struct SenseFigures: Codable, Sendable, Equatable {
    /// How the source's senses were ordered: `frequency`, `lexicon`, or `evidence <id:version>`
    /// (the lexicon whose evidence ranked them); nil when the join predates the ranking.
    package var order: String?
    /// Cards policy `sense` moved to a later sense (`moved-senses.tsv`).
    package var moved: Int
    /// The sense ranking's findings per kind (`ranked`, `implausible`, `refused-move`;
    /// `sense-review.tsv`); nil when the join predates the ranking.
    package var review: [String: Int]?

    /// The report's lines.
    var lines: [String] {
        var lines: [String] = []
        let review = review ?? [:]
        if let order, order.hasPrefix("evidence ") {
            lines.append("  senses ranked through the ILI by \(order.dropFirst("evidence ".count)): \(review["ranked"] ?? 0) over the lexicon's first, "
                + "\(review["implausible"] ?? 0) implausible (sense-review.tsv)")
        } else if order == "lexicon" {
            lines.append("  senses in the lexicon's order: no frequency-ordered lexicon to rank them by")
        }
        if moved > 0 { lines.append("  sense moved for translations: \(moved)") }
        if let refused = review["refused-move"], refused > 0 { lines.append("  moves refused as implausible: \(refused) (sense-review.tsv)") }
        return lines
    }
}
