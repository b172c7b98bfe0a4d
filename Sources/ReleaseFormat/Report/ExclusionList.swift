import Foundation
import VocabCore
import VocabJSON

/// The files of a build's report folder (`<output>/<name>-<version>.report/`), which holds what
/// a build found out beside what it published: for CI logs, never for the bundle. It never holds
/// an exact count of the frequency list; it may name words of the list the release leaves out.
/// `VocabPipeline` writes it; `vocab diff` reads the exclusions from it.
package enum ReportFiles {
    /// The words of the frequency list left out of the release, and why (``ExclusionList``).
    package static let exclusions = "exclusions.json"
    /// The build report, as `vocab build --json` prints it: the machine-readable report.
    package static let buildReport = "build-report.json"
    /// The report for a person: one self-contained page (inline SVG charts, no network, printable).
    package static let html = "report.html"
    /// The report for a pull-request comment: gates, headline figures, changed words.
    package static let markdown = "report.md"
    /// The cards policy `sense` moved to a later sense, for review (one per line, tab-separated).
    package static let movedSenses = "moved-senses.tsv"
    /// The release's words the pronunciation engine could not say, for review (one per line).
    package static let unpronounced = "unpronounced.txt"
    /// The release's words without a reading (with the config's `reading`), for review.
    package static let withoutReading = "no-reading.txt"
    /// What the sense ranking found, for review (one per line, tab-separated): the cards whose
    /// sense it ranked over the lexicon's first, the cards whose sense it finds implausible, the
    /// moves it refused.
    package static let senseReview = "sense-review.tsv"
}

/// `exclusions.json`: frequency-list words left out of a release, with the reason, sorted by
/// reason, lemma, part of speech and tag (no counts, no ranks, no list order), one per line.
///
/// Every word the selection walked past is listed. Words the walk never reached (`not-reached`)
/// are listed down to ``notReachedLimit``, the most frequent first chosen: a list of millions of
/// rows would otherwise give a file of millions of lines; ``notReachedOmitted`` counts the rest.
package struct ExclusionList: Codable, Sendable, Equatable {
    /// Not-reached words listed at most (those nearest the cut-off).
    package static let notReachedLimit = 100_000

    /// Not-reached words left out of the list because of ``notReachedLimit``.
    package var notReachedOmitted: Int
    /// The words, sorted.
    package var exclusions: [Exclusion]

    /// A frequency-list word left out of the release, and why.
    package struct Exclusion: Codable, Sendable, Equatable, Comparable {
        /// The lemma as the frequency list spells it.
        package var sourceLemma: String
        /// Nil for rows whose tag was unknown.
        package var pos: PartOfSpeech?
        /// The source tag, or the tags joined with `|` when rows were merged.
        package var tag: String
        /// The reason code (`not-reached`, `no-entry`, ...).
        package var reason: String

        /// An exclusion.
        package init(sourceLemma: String, pos: PartOfSpeech?, tag: String, reason: String) {
            self.sourceLemma = sourceLemma
            self.pos = pos
            self.tag = tag
            self.reason = reason
        }

        /// By reason, lemma, part of speech (none first) and tag.
        package static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.reason, lhs.sourceLemma, ordinal(lhs.pos), lhs.tag) < (rhs.reason, rhs.sourceLemma, ordinal(rhs.pos), rhs.tag)
        }

        /// 0 for none, then the order of `PartOfSpeech.allCases` (looked up once, not per comparison).
        private static func ordinal(_ pos: PartOfSpeech?) -> Int {
            pos.map { posOrdinals[$0]! } ?? 0
        }

        private static let posOrdinals = Dictionary(
            uniqueKeysWithValues: PartOfSpeech.allCases.enumerated().map { ($0.element, $0.offset + 1) })
    }

    /// The list of `dropped` (in walk order: not-reached words most frequent first), without
    /// repeats, sorted, with not-reached words cut at ``notReachedLimit``. `notReached` is the
    /// number of not-reached words when `dropped` lists only the first of them (the select stage
    /// keeps no more than the limit); nil counts those in `dropped`.
    package init(dropped: [DroppedWord], notReached total: Int? = nil) {
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
        exclusions = Self.sorted(list)
        notReachedOmitted = max(0, (total ?? notReached) - min(notReached, Self.notReachedLimit))
    }

    /// `list` in ``Exclusion``'s order. When every string is ASCII, that order is the byte order
    /// of the fields joined with NULs: sorting on those keys is many times faster than comparing
    /// strings (a list may hold 100,000 exclusions).
    private static func sorted(_ list: [Exclusion]) -> [Exclusion] {
        let ascii = list.allSatisfy { exclusion in
            [exclusion.reason, exclusion.sourceLemma, exclusion.tag].allSatisfy { $0.utf8.allSatisfy { $0 > 0 && $0 < 0x80 } }
        }
        guard ascii else { return list.stablySorted() }
        let ordinals = Dictionary(uniqueKeysWithValues: PartOfSpeech.allCases.enumerated().map { ($0.element, UInt8($0.offset + 1)) })
        let keyed = list.map { exclusion -> ([UInt8], Exclusion) in
            var key = Array(exclusion.reason.utf8)
            key.append(0)
            key += exclusion.sourceLemma.utf8
            key.append(0)
            key.append(exclusion.pos.map { ordinals[$0]! } ?? 0)
            key += exclusion.tag.utf8
            return (key, exclusion)
        }
        return keyed.stablySorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1)
    }

    /// A list from its parts.
    package init(notReachedOmitted: Int, exclusions: [Exclusion]) {
        self.notReachedOmitted = notReachedOmitted
        self.exclusions = exclusions
    }

    /// The file's bytes: the count, then one exclusion per line.
    package func rendered() throws -> Data {
        var out = "{\n  \"notReachedOmitted\": \(notReachedOmitted),\n  \"exclusions\": ["
        out.reserveCapacity(80 * (exclusions.count + 1))
        for (index, exclusion) in exclusions.enumerated() {
            out += index == 0 ? "\n    " : ",\n    "
            // Built by hand in the encoder's member order: a list may hold 100,000 of them.
            var members: [(key: String, value: JSONValue)] = [("sourceLemma", .string(exclusion.sourceLemma))]
            if let pos = exclusion.pos { members.append(("pos", .string(pos.rawValue))) }
            members += [("tag", .string(exclusion.tag)), ("reason", .string(exclusion.reason))]
            JSONValue.object(members).writeCompact(into: &out)
        }
        out += exclusions.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return Data(out.utf8)
    }
}
