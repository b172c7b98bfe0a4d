import Foundation
import ReleaseFormat
import VocabCore

/// One gate's verdict: its value against its threshold.
package struct GateResult: Codable, Sendable, Equatable {
    /// Whether the release meets the gate.
    package enum Status: String, Codable, Sendable {
        /// The value is within the threshold.
        case passed
        /// The value is beyond the threshold: the release is not published.
        case failed
        /// The gate could not be evaluated (a comparison gate without `--previous`); it stops nothing.
        case skipped
    }

    /// The gate's key path under `gates` (`minimumWords`, `minimumCoverage.es`,
    /// `maximumDropShare.no-entry`, `maximumRemoved`, `maximumBandMoves`).
    package var gate: String
    /// The release's value (words, or a percentage); nil when skipped.
    package var value: Double?
    /// The threshold the config sets.
    package var threshold: Double
    /// `≥` for a minimum, `≤` for a maximum: how the value must stand to the threshold.
    package var comparison: String
    /// `words` or `%`.
    package var unit: String
    /// The verdict.
    package var status: Status
    /// Why a gate was skipped.
    package var note: String?

    /// `minimumCoverage.es: 86.1 % (must be ≥ 90 %): failed`.
    package var text: String {
        let value = self.value.map { "\(Self.format($0, unit: unit))" } ?? "not evaluated"
        return "\(gate): \(value) (must be \(comparison) \(Self.format(threshold, unit: unit))): \(status.rawValue)"
            + (note.map { " (\($0))" } ?? "")
    }

    /// A count as a whole number, a percentage with one decimal (and `%`).
    package static func format(_ value: Double, unit: String) -> String {
        unit == "%" ? String(format: "%.1f %%", value) : String(Int(value.rounded()))
    }
}

/// The verdicts of every gate of the config, in a fixed order: `minimumWords`, words per part of
/// speech (noun, verb, adjective, adverb), coverage per target language (config order), drop
/// shares per reason, then the frequency lost per reason (alphabetical), `maximumUnpronounced`,
/// `maximumWithoutReading`, `maximumImplausible`, `allowedLicenses`, then the comparisons with the
/// previous release.
package struct GateReport: Codable, Sendable, Equatable {
    /// Every gate the config sets.
    package var results: [GateResult]
    /// True when no gate failed (skipped gates do not fail).
    package var passed: Bool { !results.contains { $0.status == .failed } }
    /// The gates that failed.
    package var failures: [GateResult] { results.filter { $0.status == .failed } }

    enum CodingKeys: String, CodingKey { case results, passed }

    /// A report of `results`.
    package init(results: [GateResult]) { self.results = results }

    /// Reads `results` (`passed` is recomputed).
    package init(from decoder: any Decoder) throws {
        results = try decoder.container(keyedBy: CodingKeys.self).decode([GateResult].self, forKey: .results)
    }

    /// Writes `results` and `passed`.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(results, forKey: .results)
        try c.encode(passed, forKey: .passed)
    }
}

/// Evaluates a config's gates (`gates` in `pipeline.json`) on a build's figures and, with
/// `--previous`, on its comparison with the previous release.
package enum QualityGates {
    /// The verdict of every gate of `gates`. `comparison` is nil without a previous release: the
    /// comparison gates are then skipped, not failed.
    ///
    /// `allowedLicenses` counts the sources whose data reaches the release (`license`'s counted
    /// sources) under a licence it does not list; the note names each with its licence.
    /// `maximumUnpronounced` counts `unpronounced`, the words without a pronunciation (skipped
    /// when nil: the config generates none); `maximumWithoutReading`, `withoutReading`, the words
    /// without a reading (skipped when nil: the config gives none); `maximumImplausible`,
    /// `implausible`, the cards whose doubted sense the pairs did not confirm (left out or kept
    /// unconfirmed). `maximumFrequencyLost` reads `frequencyLost`, the select stage's share of the
    /// considered words' frequency each reason dropped (skipped when nil: a stage summary written
    /// before it).
    package static func evaluate(
        _ gates: GatesConfig, counts: ReleaseCounts, targetLanguages: [String], comparison: ReleaseComparison?,
        license: ReleaseLicense? = nil, unpronounced: Int? = nil, withoutReading: Int? = nil, implausible: Int = 0,
        frequencyLost: [String: Double]? = nil
    ) -> GateReport {
        var results: [GateResult] = []
        func minimum(_ gate: String, _ value: Double?, _ threshold: Double, unit: String, note: String? = nil) {
            let status: GateResult.Status = value.map { $0 >= threshold ? .passed : .failed } ?? .skipped
            results.append(GateResult(gate: gate, value: value, threshold: threshold, comparison: "≥", unit: unit, status: status, note: note))
        }
        func maximum(_ gate: String, _ value: Double?, _ threshold: Double, unit: String, note: String? = nil) {
            let status: GateResult.Status = value.map { $0 <= threshold ? .passed : .failed } ?? .skipped
            results.append(GateResult(gate: gate, value: value, threshold: threshold, comparison: "≤", unit: unit, status: status, note: note))
        }

        if let words = gates.minimumWords { minimum("minimumWords", Double(counts.words), Double(words), unit: "words") }
        for partOfSpeech in GatesConfig.gatedPartsOfSpeech {
            guard let words = gates.minimumPartsOfSpeech[partOfSpeech.rawValue] else { continue }
            minimum("minimumPartsOfSpeech.\(partOfSpeech.rawValue)", Double(counts.partsOfSpeech[partOfSpeech.rawValue] ?? 0), Double(words), unit: "words")
        }
        for language in targetLanguages {
            guard let percent = gates.minimumCoverage[language] else { continue }
            minimum("minimumCoverage.\(language)", Self.percent(counts.translated[language] ?? 0, of: counts.words),
                    Double(percent), unit: "%")
        }
        let considered = counts.words + counts.dropped.values.reduce(0, +)
        for reason in GatesConfig.dropReasons {
            guard let percent = gates.maximumDropShare[reason.rawValue] else { continue }
            maximum("maximumDropShare.\(reason.rawValue)", Self.percent(counts.dropped[reason.rawValue] ?? 0, of: considered),
                    Double(percent), unit: "%")
        }
        for reason in GatesConfig.dropReasons {
            guard let percent = gates.maximumFrequencyLost[reason.rawValue] else { continue }
            maximum("maximumFrequencyLost.\(reason.rawValue)", frequencyLost.map { $0[reason.rawValue] ?? 0 }, Double(percent), unit: "%",
                    note: frequencyLost == nil ? "the select stage's figures have no frequencies" : nil)
        }
        if let percent = gates.maximumUnpronounced {
            maximum("maximumUnpronounced", unpronounced.map { Self.percent($0, of: counts.words) }, Double(percent), unit: "%",
                    note: unpronounced == nil ? "the config generates no pronunciation" : nil)
        }
        if let percent = gates.maximumWithoutReading {
            maximum("maximumWithoutReading", withoutReading.map { Self.percent($0, of: counts.words) }, Double(percent), unit: "%",
                    note: withoutReading == nil ? "the config gives no reading" : nil)
        }
        if let limit = gates.maximumImplausible {
            maximum("maximumImplausible", Double(implausible), Double(limit), unit: "words")
        }
        if let allowed = gates.allowedLicenses {
            let refused = license?.disallowed(by: allowed) ?? []
            let note = refused.isEmpty
                ? nil : "not allowed: " + refused.map { "\($0.name) (\($0.source.path)) under \($0.spdx)" }.joined(separator: "; ")
            maximum("allowedLicenses", Double(refused.count), 0, unit: "sources", note: note)
        }
        let note = comparison == nil ? "no --previous release to compare with" : nil
        for (gate, limit, value) in [("maximumRemoved", gates.maximumRemoved, comparison?.removed),
                                     ("maximumAdded", gates.maximumAdded, comparison?.added),
                                     ("maximumChanged", gates.maximumChanged, comparison?.changed),
                                     ("maximumBandMoves", gates.maximumBandMoves, comparison.map { $0.bandMoves ?? 0 })] {
            guard let limit else { continue }
            maximum(gate, value.map(Double.init), Double(limit), unit: "words", note: note)
        }
        return GateReport(results: results)
    }

    /// `part` as a percentage of `whole` (0 for nothing), unrounded: a gate compares the exact
    /// share, so 89.96 % misses a gate of 90 %.
    static func percent(_ part: Int, of whole: Int) -> Double {
        whole == 0 ? 0 : Double(part) * 100 / Double(whole)
    }
}
