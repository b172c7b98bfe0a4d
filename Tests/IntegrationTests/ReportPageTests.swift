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
