/// Limits a CI job puts on a diff (`--max-removed`, `--max-added`, `--max-changed`,
/// `--max-band-moves`, `--min-coverage LANG=PERCENT`); `violations` names each one exceeded.
/// The release's words only: the dictionary's entries and the forms a learner reads have no
/// threshold (they follow from the words and the sources, as the suggested bump has it).
package struct DiffThresholds: Sendable, Equatable {
    /// `--max-removed`: the most words NEW may drop; nil for no limit.
    package var maxRemoved: Int?
    /// `--max-added`: the most words NEW may add; nil for no limit.
    package var maxAdded: Int?
    /// `--max-changed`: the most words whose content may change (band moves aside); nil for no limit.
    package var maxChanged: Int?
    /// `--max-band-moves`: the most words that may move to another band (or rank); nil for no limit.
    package var maxBandMoves: Int?
    /// Language → the lowest acceptable percentage of NEW's words with a translation.
    package var minCoverage: [(language: String, percent: Double)]

    /// Thresholds; none by default.
    package init(maxRemoved: Int? = nil, maxAdded: Int? = nil, maxChanged: Int? = nil, maxBandMoves: Int? = nil,
                minCoverage: [(language: String, percent: Double)] = []) {
        self.maxRemoved = maxRemoved
        self.maxAdded = maxAdded
        self.maxChanged = maxChanged
        self.maxBandMoves = maxBandMoves
        self.minCoverage = minCoverage
    }

    /// Field by field (an array of tuples is not `Equatable` by itself).
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.maxRemoved == rhs.maxRemoved && lhs.maxAdded == rhs.maxAdded && lhs.maxChanged == rhs.maxChanged
            && lhs.maxBandMoves == rhs.maxBandMoves
            && lhs.minCoverage.map(\.language) == rhs.minCoverage.map(\.language)
            && lhs.minCoverage.map(\.percent) == rhs.minCoverage.map(\.percent)
    }

    /// Parses `LANG=PERCENT` (`es=75`, `es=75.5%`).
    package static func coverage(_ text: String) -> (language: String, percent: Double)? {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty else { return nil }
        var number = parts[1]
        if number.hasSuffix("%") { number.removeLast() }
        guard let percent = Double(number), percent >= 0, percent <= 100 else { return nil }
        return (parts[0], percent)
    }

    /// One message per threshold exceeded, naming it.
    package func violations(of diff: ReleaseDiff) -> [String] {
        var messages: [String] = []
        if let maxRemoved, diff.removed.count > maxRemoved {
            messages.append("--max-removed \(maxRemoved) exceeded: \(diff.removed.count) words removed")
        }
        if let maxAdded, diff.added.count > maxAdded {
            messages.append("--max-added \(maxAdded) exceeded: \(diff.added.count) words added")
        }
        if let maxChanged, diff.changed.count > maxChanged {
            messages.append("--max-changed \(maxChanged) exceeded: \(diff.changed.count) words changed")
        }
        if let maxBandMoves, diff.summary.rankMoved > maxBandMoves {
            messages.append("--max-band-moves \(maxBandMoves) exceeded: \(diff.summary.rankMoved) words moved band or rank")
        }
        for (language, percent) in minCoverage {
            let share = diff.coverage.first { $0.language == language }?.after
                ?? ReleaseDiff.Share(translated: 0, words: diff.new.words)
            let exact = share.words == 0 ? 0 : Double(share.translated) * 100 / Double(share.words)
            if exact < percent {
                messages.append("--min-coverage \(language)=\(Self.format(percent)) not met: \(share.translated)/\(share.words) words (\(Self.format(share.percent))%) translated into \(language)")
            }
        }
        return messages
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
