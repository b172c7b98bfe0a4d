import ArgumentParser
import Foundation
import SourceFetch
import VocabCore

/// `vocab fetch`: makes the file at each pinned source's path the pinned one, downloading it
/// through the content-addressed cache when it is missing or different.
package struct FetchCommand: ParsableCommand {
    /// `fetch`, its help and its exit statuses.
    package static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Download the pinned sources (url, sha256) the config names into the corpus folder.",
        discussion: """
            For each of frequency, lexicon, translations, glosses and examples that has a sha256: a \
            file at its path that matches is left alone (no network); otherwise the file comes from \
            the cache (<cache>/sha256/<hex>) or is downloaded into it from the source's url, then its \
            mirrors, in order (with --mirror: from those instead), verified by size and SHA-256 as it \
            streams, resumed when cut, and renamed over the path only once verified. Sources \
            without a sha256 are left as they are.

            A source with an "archive" pin is downloaded and cached as its publisher ships it (a \
            .tar, .tar.gz, .tar.xz, .tar.bz2 or .zip archive, the source's sha256); the member the \
            pin names is unpacked to the path once it matches the member's pin. An archive with a \
            path leaving its folder, a member that is a link or a device, missing or there twice, \
            an expansion past archive.maxBytes, a corrupt or truncated archive is refused.

            Exit status:
              0   every pinned source's file matches its pin
              1   an error, on one line ("error: ..."); no file is replaced by a bad one
              64  invalid arguments
            """)

    @OptionGroup var pipeline: PipelineOptions

    @Option(name: .long, help: ArgumentHelp(
        "The download cache, outside the output folder; relative to the current folder.", valueName: "DIR"))
    var cache: String = FetchOptions.defaultCacheName

    @Option(name: .long, help: ArgumentHelp(
        "Give up on a location after SECONDS without data (a slow but steady download is never cut).", valueName: "SECONDS"))
    var timeout: Double = 30

    @Option(name: .long, help: ArgumentHelp(
        "A content-addressed mirror (files at <URL>/sha256/<hex>, the cache's layout) to download from instead of the config's urls; repeatable, tried in order.",
        valueName: "URL"))
    var mirror: [String] = []

    @Flag(name: .long, help: "Do not print what was done for each source.")
    var quiet = false

    /// The command, as ArgumentParser makes it.
    package init() {}

    /// Rejects a time-out that is not a positive number and a mirror that is not a URL (exit 64).
    package mutating func validate() throws {
        guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be a positive number of seconds") }
        for text in mirror where SourcePin.location(text) == nil {
            throw ValidationError("--mirror must be an absolute https, http or file URL, got \"\(text)\"")
        }
    }

    /// Fetches every source, one line each on standard error; an error is one line and exit 1.
    package func run() throws {
        try reportingErrors {
            let pipeline = try self.pipeline.load(requireInputFiles: false)
            let fetcher = SourceFetcher(options: FetchOptions(
                cache: .commandLine(cache), timeout: timeout, mirrors: mirror.compactMap(SourcePin.location)))
            _ = try fetcher.fetch(pipeline) { fetched in
                if !quiet { Console.error(fetched.text) }
            }
        }
    }
}
