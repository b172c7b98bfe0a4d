import Foundation
import TestSupport
import Testing
import VocabCore
@testable import VocabPipeline

/// The report folder's pages: `report.html` is self-contained and escapes what comes from the
/// inputs, `report.md` keeps input text inside its table cells, and the page really renders
/// (headless Chromium takes a screenshot that is not blank and shows the charts' colours).
@Suite struct ReportPageTests {
    /// A build report whose every text field holds markup, as a hostile input would put it there.
    static func hostileReport() throws -> BuildReport {
        let json = #"""
            {"dataset":"x<script>alert(1)</script>","version":"1.0.0","release":"/out/<b>x</b>","report":null,
             "counts":{"distinctWords":5,"dropped":{"no-entry":1},"frequencyRows":6,"partsOfSpeech":{"noun":3},"senseMoved":0,
                       "translated":{"e\"s":2},"words":3},
             "notReached":1,"coverage":{"e\"s":{"translated":2,"words":3}},"stages":[{"stage":"read","seconds":0.5,"reused":false}],
             "totalSeconds":0.5,"warnings":["<img src=x onerror=alert(1)>"],
             "previous":{"previous":"old & <i>busted</i>","added":0,"removed":0,"changed":1,"unchanged":2,"changeKinds":{"sense":1},
                         "schemaChanged":false,"suggestedBump":"patch","coverage":[],
                         "words":[{"lemma":"a|b<c>","pos":"noun","change":"changed","details":["sense"],
                                   "oldDefinition":"x | y","newDefinition":"<script>z</script>\nnext"}],
                         "pins":[]}}
            """#
        return try JSONDecoder().decode(BuildReport.self, from: Data(json.utf8))
    }

    @Test func thePageEscapesInputsAndLoadsNothing() throws {
        let html = ReportPage(try Self.hostileReport()).html
        for raw in ["<script", "<img", "<b>x", "<i>busted", "onerror=alert(1)>"] {
            #expect(!html.contains(raw), "\(raw) left unescaped")
        }
        #expect(html.contains("x&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(html.contains("a|b&lt;c&gt;/noun"))
        // Self-contained: no script, stylesheet, font, image or frame from anywhere.
        for reference in [#"src=""#, #"href=""#, "<link", "@import", "url(", "<iframe", "<object"] {
            #expect(!html.contains(reference), "\(reference)")
        }
        #expect(html.contains("@media print"))
    }

    @Test func theMarkdownKeepsInputsInsideTheirCells() throws {
        let markdown = ReportMarkdown(try Self.hostileReport()).text
        #expect(markdown.contains(#"| a\|b&lt;c&gt;/noun | changed | sense | x \| y → &lt;script&gt;z&lt;/script&gt; next |"#), "\(markdown)")
        #expect(!markdown.contains("<script") && !markdown.contains("<img"))
        #expect(markdown.contains("### ✅ x&lt;script&gt;alert(1)&lt;/script&gt; 1.0.0: built"), "\(markdown)")
    }

    /// The sample build's report names its words: the drops by reason, the stop-listed, the words
    /// without a translation, the sense-pin candidates with their cards (`god` has the entry
    /// `God`; `run`'s first sense has no Spanish, a later one has), and the provenance block with
    /// each source's SHA-256; the band chart (equal bars by construction) is gone.
    @Test func theReportNamesTheWordsAndTheirSources() throws {
        let root = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let build = try Project.vocab(["build", "--output", root.appendingPathComponent("out").path, "--work", root.appendingPathComponent("work").path])
        #expect(build.status == 0, "\(build)")
        let folder = root.appendingPathComponent("out/sample-en-es-0.1.0.report")
        let report = try JSONDecoder().decode(BuildReport.self, from: Data(contentsOf: folder.appendingPathComponent("build-report.json")))
        let html = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        let markdown = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)

        // The sample list's notes: "be" is stop-listed, "okay" has no lexicon entry, "selfie" no ILI.
        let words = try #require(report.words)
        #expect(words.stoplisted == ["be/verb"], "\(words.dropped)")
        #expect(words.dropped["no-entry"] == ["okay/adjective"], "\(words.dropped)")
        #expect(words.untranslated["es"]?.contains("selfie/noun") == true && words.untranslated["es"]?.contains("run/verb") == true, "\(words.untranslated)")
        #expect(html.contains("okay/adjective") && html.contains("be/verb") && html.contains("selfie/noun"))

        let review = try #require(report.review)
        let variant = try #require(review.of(.capitalisedVariant).first { $0.card.word == "god/noun" }, "\(review.candidates)")
        #expect(variant.options.map(\.lemma).allSatisfy { $0 == "God" } && !variant.options.isEmpty)
        let later = try #require(review.of(.laterSenseTranslated).first { $0.card.word == "run/verb" }, "\(review.candidates)")
        #expect(later.card.senseRank == 1 && later.card.translations["es"] == [])
        #expect(later.options.first.map { $0.senseRank > 1 && $0.language == "es" && $0.translations?.isEmpty == false } == true, "\(later)")
        #expect(review.of(.changedCard).isEmpty, "no --previous")
        #expect(html.contains("Review: sense-pin candidates") && html.contains("<code>god noun i"), "the pin line to copy")
        #expect(markdown.contains("**Review: \(review.candidates.count) sense-pin candidates**"), "\(markdown)")

        // The provenance block: each source's SHA-256 as sha256sum computes it.
        let frequency = TestProject.sampleCorpus.appendingPathComponent("frequency.csv")
        let sum = Process()
        sum.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sum.arguments = ["sha256sum", frequency.path]
        let out = Pipe()
        sum.standardOutput = out
        try sum.run()
        let digest = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).prefix(64)
        sum.waitUntilExit()
        #expect(digest.count == 64)
        #expect(report.provenance?.sources.first { $0.role == .frequency }?.sha256 == String(digest))
        #expect(html.contains(String(digest)) && html.contains("Provenance") && html.contains("release schema"))
        #expect(!html.contains("Band sizes"), "the band chart's bars are equal by construction")
    }

    /// `chromium` on the PATH (Debian's package; `.ci/run` installs it).
    static let chromium: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        .split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("chromium") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    @Test(.enabled(if: chromium != nil, "no chromium on the PATH (Debian's chromium package) to render report.html"),
          .timeLimit(.minutes(3)))
    func headlessChromiumRendersThePageWithItsCharts() throws {
        let root = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let build = try Project.vocab(["build", "--output", root.appendingPathComponent("out").path, "--work", root.appendingPathComponent("work").path])
        #expect(build.status == 0, "\(build)")
        let page = root.appendingPathComponent("out/sample-en-es-0.1.0.report/report.html")
        let screenshot = root.appendingPathComponent("report.png")

        let chrome = Process()
        chrome.executableURL = Self.chromium
        chrome.arguments = ["--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars", "--user-data-dir=\(root.appendingPathComponent("profile").path)",
                            "--screenshot=\(screenshot.path)", "--window-size=1000,2000", page.absoluteString]
        chrome.standardOutput = FileHandle.nullDevice
        chrome.standardError = FileHandle.nullDevice
        try chrome.run()
        chrome.waitUntilExit()
        #expect(chrome.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: screenshot.path), "no screenshot")

        // An independent reader (Python's zlib) decodes the PNG and counts its colours.
        let checker = Process()
        checker.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/png_stats.py")
        // The charts' blue (kept, coverage) and orange (dropped, verbs).
        checker.arguments = ["python3", script.path, screenshot.path, "2b6cb0", "dd6b20"]
        let out = Pipe()
        checker.standardOutput = out
        try checker.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        checker.waitUntilExit()
        #expect(checker.terminationStatus == 0)
        struct Stats: Decodable { var width: Int; var height: Int; var colours: Int; var foreground: Double; var near: [String: Int] }
        let stats = try JSONDecoder().decode(Stats.self, from: data)
        #expect(stats.width == 1000 && stats.height == 2000, "\(stats)")
        #expect(stats.colours > 20, "a blank or near-blank page: \(stats)")
        #expect(stats.foreground > 0.03, "\(stats)")
        #expect(stats.near["2b6cb0", default: 0] > 2000, "the charts' bars did not render: \(stats)")
        #expect(stats.near["dd6b20", default: 0] > 500, "\(stats)")
    }
}
