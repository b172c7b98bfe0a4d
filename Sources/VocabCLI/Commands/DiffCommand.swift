import ArgumentParser
import Foundation
import ReleaseDiffing
import Releases
import VocabCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension DiffRenderer.Format: ExpressibleByArgument {}

/// `vocab diff OLD NEW`: what changed between two releases, word by word.
package struct DiffCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two releases word by word, keyed on (lemma, part of speech).",
        discussion: """
            Reports the words added and removed (with the reason from the exclusions in the other \
            release's report folder, <release>.report/exclusions.json beside it; without one the reason \
            is unknown, and the report says so), and for words in both: sense switches (another ILI or synset), definition edits of \
            the same sense, synonyms, examples and translations added or removed (the content changes), \
            and rank (or band) moves, counted apart. Then the summary counts, translation coverage per language before and after, and the \
            suggested version bump (schema change: major; words added or removed: minor; other \
            changes: patch; nothing: none), with a warning when the new dataset version is not above \
            the old one by at least that bump. When either release has a dictionary, its entries added, \
            removed and changed are counted and listed (every one in JSON). The forms a learner reads \
            (schema 8's forms tables, the release's and the dictionary's) are counted, added and removed, \
            with the first 10 of each and of the words whose forms changed (in JSON too: never all); a release \
            without the tables has none, and the other's are new. Like the dictionary's entries, they set \
            neither the suggested bump, nor --exit-code, nor a threshold. A release of an older schema \
            (1 to 7) is read too: the diff then reports the schema change.

            Exit status:
              0   no threshold exceeded (with --exit-code: and no differences)
              1   differences, with --exit-code; or an error ("error: ...")
              2   a threshold exceeded (each named on standard error)
              64  invalid arguments
            """)

    @Argument(help: "The old release: a release folder or its .sqlite file.", completion: .file()) var old: String
    @Argument(help: "The new release: a release folder or its .sqlite file.", completion: .file()) var new: String

    @Option(name: .long, help: "Output format: text, json (complete, stable key order) or markdown (for a pull-request comment).")
    var format: DiffRenderer.Format = .text

    @Option(name: .long, help: "Items listed per category in text and markdown (JSON lists everything).")
    var limit: Int = 50

    @Flag(name: .long, help: "No colours in the text report (colours are used only when standard output is a terminal).")
    var noColor = false

    @Flag(name: .long, help: "Exit with status 1 when the releases differ.")
    var exitCode = false

    @Option(name: .long, help: ArgumentHelp("Exit with status 2 when more than N words were removed.", valueName: "N"))
    var maxRemoved: Int?

    @Option(name: .long, help: ArgumentHelp("Exit with status 2 when more than N words were added.", valueName: "N"))
    var maxAdded: Int?

    @Option(name: .long, help: ArgumentHelp("Exit with status 2 when the content of more than N words changed (band or rank moves aside).", valueName: "N"))
    var maxChanged: Int?

    @Option(name: .long, help: ArgumentHelp("Exit with status 2 when more than N words moved to another band (or rank).", valueName: "N"))
    var maxBandMoves: Int?

    @Option(name: .long, help: ArgumentHelp(
        "Exit with status 2 when fewer than PERCENT of the new release's words have a translation into LANG (repeatable).",
        valueName: "LANG=PERCENT"))
    var minCoverage: [String] = []

    package init() {}

    package func validate() throws {
        if limit < 0 { throw ValidationError("--limit must be 0 or more") }
        for (name, value) in [("--max-removed", maxRemoved), ("--max-added", maxAdded), ("--max-changed", maxChanged),
                              ("--max-band-moves", maxBandMoves)] {
            if let value, value < 0 { throw ValidationError("\(name) must be 0 or more") }
        }
        for item in minCoverage where DiffThresholds.coverage(item) == nil {
            throw ValidationError("--min-coverage \(item): expected LANG=PERCENT with PERCENT between 0 and 100 (e.g. es=75)")
        }
    }

    package func run() throws {
        var diff: ReleaseDiff!
        try reportingErrors {
            let oldBundle = try PublishedRelease.open(.commandLine(old))
            let newBundle = try PublishedRelease.open(.commandLine(new))
            diff = try ReleaseDiff.reading(old: oldBundle, new: newBundle)
        }
        let color = format == .text && !noColor && isatty(1) != 0
            && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) != false
        let renderer = DiffRenderer(limit: limit, color: color)
        let output: String
        do {
            output = try renderer.render(diff, as: format)
        } catch {
            Console.error("error: cannot write the diff: \(error)")
            throw ExitCode(1)
        }
        print(output)

        let thresholds = DiffThresholds(
            maxRemoved: maxRemoved, maxAdded: maxAdded, maxChanged: maxChanged, maxBandMoves: maxBandMoves,
            minCoverage: minCoverage.compactMap(DiffThresholds.coverage))
        let violations = thresholds.violations(of: diff)
        if !violations.isEmpty {
            for violation in violations { Console.error("threshold exceeded: \(violation)") }
            throw ExitCode(2)
        }
        if exitCode && !diff.isEmpty { throw ExitCode(1) }
    }
}
