import Foundation
import VocabCore

/// The files of a build's report folder (`<output>/<name>-<version>.report/`), which holds what
/// a build found out beside what it published: for CI logs, never for the bundle. It never holds
/// an exact count of the frequency list; it may name words of the list the release leaves out.
/// `VocabPipeline` writes it; `vocab diff` reads the exclusions from it.
public enum ReportFiles {
    /// The words of the frequency list left out of the release, and why (``ExclusionList``).
    public static let exclusions = "exclusions.json"
    /// The build report, as `vocab build --json` prints it: the machine-readable report.
    public static let buildReport = "build-report.json"
    /// The report for a person: one self-contained page (inline SVG charts, no network, printable).
    public static let html = "report.html"
    /// The report for a pull-request comment: gates, headline figures, changed words.
    public static let markdown = "report.md"
}

/// `exclusions.json`: frequency-list words left out of a release, with the reason, sorted by
/// reason, lemma, part of speech and tag (no counts, no ranks, no list order), one per line.
///
/// Every word the selection walked past is listed. Words the walk never reached (`not-reached`)
/// are listed down to ``notReachedLimit``, the most frequent first chosen: a list of millions of
/// rows would otherwise give a file of millions of lines; ``notReachedOmitted`` counts the rest.
public struct ExclusionList: Codable, Sendable, Equatable {
    /// Not-reached words listed at most (those nearest the cut-off).
    public static let notReachedLimit = 100_000

    /// Not-reached words left out of the list because of ``notReachedLimit``.
    public var notReachedOmitted: Int
    /// The words, sorted.
    public var exclusions: [Exclusion]

    /// A frequency-list word left out of the release, and why.
    public struct Exclusion: Codable, Sendable, Equatable, Comparable {
        /// The lemma as the frequency list spells it.
        public var sourceLemma: String
        /// Nil for rows whose tag was unknown.
        public var pos: PartOfSpeech?
        /// The source tag, or the tags joined with `|` when rows were merged.
        public var tag: String
        /// The reason code (`not-reached`, `no-entry`, ...).
        public var reason: String

        /// An exclusion.
        public init(sourceLemma: String, pos: PartOfSpeech?, tag: String, reason: String) {
            self.sourceLemma = sourceLemma
            self.pos = pos
            self.tag = tag
            self.reason = reason
        }

        /// By reason, lemma, part of speech (none first) and tag.
        public static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.reason, lhs.sourceLemma, lhs.pos.map { PartOfSpeech.allCases.firstIndex(of: $0)! + 1 } ?? 0, lhs.tag)
                < (rhs.reason, rhs.sourceLemma, rhs.pos.map { PartOfSpeech.allCases.firstIndex(of: $0)! + 1 } ?? 0, rhs.tag)
        }
    }

    /// The list of `dropped` (in walk order: not-reached words most frequent first), without
    /// repeats, sorted, with not-reached words cut at ``notReachedLimit``.
    public init(dropped: [DroppedWord]) {
        var notReached = 0
        var seen = Set<String>()
        var list: [Exclusion] = []
        for word in dropped {
            if word.reason == .notReached {
                notReached += 1
                if notReached > Self.notReachedLimit { continue }
            }
            let exclusion = Exclusion(sourceLemma: word.sourceLemma, pos: word.partOfSpeech, tag: word.tag, reason: word.reason.rawValue)
            if seen.insert("\(exclusion.reason)\t\(exclusion.sourceLemma)\t\(exclusion.pos?.rawValue ?? "")\t\(exclusion.tag)").inserted {
                list.append(exclusion)
            }
        }
        exclusions = list.sorted()
        notReachedOmitted = max(0, notReached - Self.notReachedLimit)
    }

    /// A list from its parts.
    public init(notReachedOmitted: Int, exclusions: [Exclusion]) {
        self.notReachedOmitted = notReachedOmitted
        self.exclusions = exclusions
    }

    /// The file's bytes: the count, then one exclusion per line.
    public func rendered() throws -> Data {
        let encoder = JSONValueEncoder()
        var out = "{\n  \"notReachedOmitted\": \(notReachedOmitted),\n  \"exclusions\": ["
        out.reserveCapacity(80 * (exclusions.count + 1))
        for (index, exclusion) in exclusions.enumerated() {
            out += index == 0 ? "\n    " : ",\n    "
            try encoder.encode(exclusion).writeCompact(into: &out)
        }
        out += exclusions.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return Data(out.utf8)
    }
}
