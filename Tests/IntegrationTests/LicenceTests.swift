import Foundation
import SQLiteDatabase
import TestSupport
import Testing
import VocabCore
import VocabPipeline

/// A frequency list that may not be redistributed: nothing under the release folder carries an
/// exact count, a rank or a word of the list the release does not ship, and nothing under the
/// output folder (the report folder included) carries an exact count.
@Suite struct LicenceTests {
    /// Marker words the release cannot ship (dropped for every reason the walk has, or never
    /// reached), spelt so that no lexicon text contains them.
    static let unshipped = ["zqxpronoun", "zqxnoentry", "zqxstop", "zqxunknowntag", "zqxfar"]

    /// The sample list with every count made distinctive (`987650000 + i`), plus the markers.
    static func list() throws -> (text: String, counts: [Int64]) {
        let sample = try String(contentsOf: TestProject.sampleCorpus.appendingPathComponent("frequency.csv"), encoding: .utf8)
        var lines = sample.split(separator: "\n").map(String.init)
        var counts: [Int64] = []
        for index in 1..<lines.count {
            var fields = lines[index].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let count = 987_650_000 - Int64(index) * 1000
            fields[3] = String(count)
            counts.append(count)
            lines[index] = fields.joined(separator: ",")
        }
        let markers: [(String, String, Int64)] = [
            ("zqxpronoun", "p", 987_700_001), ("zqxnoentry", "n", 987_700_002), ("zqxstop", "n", 987_700_003),
            ("zqxunknowntag", "zz", 987_700_004), ("zqxfar", "n", 987_600_005),
        ]
        for (lemma, tag, count) in markers {
            lines.append("0,\(lemma),\(tag),\(count),marker")
            counts.append(count)
        }
        return (lines.joined(separator: "\n") + "\n", counts)
    }

    /// Decimal text and every big-endian width SQLite stores an integer in (4, 6, 8 bytes).
    static func patterns(_ count: Int64) -> [Data] {
        var result = [Data(String(count).utf8)]
        for width in [4, 6, 8] {
            result.append(Data((0..<width).reversed().map { UInt8(truncatingIfNeeded: count >> (8 * $0)) }))
        }
        return result
    }

    static func files(under folder: URL) -> [URL] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        return (walker?.allObjects as? [URL] ?? []).filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }

    @Test func aNonRedistributableListLeavesNoTraceInTheReleaseAndNoCountInTheOutput() throws {
        let root = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let corpus = root.appendingPathComponent("corpus")
        try FileManager.default.copyItem(at: TestProject.sampleCorpus, to: corpus)
        let (text, counts) = try Self.list()
        try Data(text.utf8).write(to: corpus.appendingPathComponent("frequency.csv"))
        try Data("be\nhave\ndo\nzqxstop\n".utf8).write(to: corpus.appendingPathComponent("stoplist.txt"))
        var pipeline = try Pipeline.load(configFile: Project.sampleConfig, corpusOverride: corpus)
        pipeline.config.frequency.redistributable = false
        pipeline.config.frequency.unknownTags = .drop
        pipeline.config.frequency.bands = 2
        let output = root.appendingPathComponent("out")
        pipeline.redirectOutput(to: output)
        pipeline.redirectWork(to: root.appendingPathComponent("work"))
        try pipeline.checkOutputsApartFromInputs()
        let report = try PipelineBuild.run(pipeline)
        #expect(report.counts.words == 19)
        #expect(Set(report.counts.dropped.keys) == ["pos-not-kept", "stoplisted", "no-entry", "unknown-tag"])

        // The release folder: no marker word, no count in any form, in any file.
        let releaseFiles = Self.files(under: pipeline.releaseFolder)
        // The databases, the bundle, the manifest, ATTRIBUTION.md and metadata.json.
        #expect(releaseFiles.count == 6)
        for file in releaseFiles {
            let data = try Data(contentsOf: file)
            for marker in Self.unshipped {
                #expect(data.range(of: Data(marker.utf8)) == nil, "\(file.lastPathComponent) names \(marker)")
            }
            for count in counts {
                for pattern in Self.patterns(count) {
                    #expect(data.range(of: pattern) == nil, "\(file.lastPathComponent) carries the count \(count)")
                }
            }
        }
        // No rank or count either: NULL in the database and the bundle, ids in band and name order.
        let queue = try SQLiteConnection(path: pipeline.releaseFolder.appendingPathComponent("sample-en-es.sqlite").path)
        defer { try? queue.close() }
        try queue.read { db in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM words WHERE freqRank IS NOT NULL OR freq IS NOT NULL") == 0)
            let names = try String.fetchAll(db, sql: "SELECT name FROM words WHERE band = 1 ORDER BY id")
            #expect(names == names.sorted { $0.lowercased() < $1.lowercased() })
        }
        let bundle = try String(contentsOf: pipeline.releaseFolder.appendingPathComponent("sample-en-es.json"), encoding: .utf8)
        #expect(!bundle.contains(#""freqRank":1"#) && bundle.contains(#""freq":null,"freqRank":null"#))
        // The list ships nothing, so its CC0 does not count in the release's licence, and ATTRIBUTION.md says why.
        let attribution = try String(contentsOf: pipeline.releaseFolder.appendingPathComponent("ATTRIBUTION.md"), encoding: .utf8)
        #expect(attribution.contains("not redistributable"), "\(attribution)")
        #expect(attribution.contains("**CC-BY-4.0 AND CC-BY-3.0**"), "\(attribution)")

        // The whole output folder (release, report folder, lock): no exact count.
        let outputFiles = Self.files(under: output)
        #expect(outputFiles.contains { $0.lastPathComponent == "exclusions.json" })
        for file in outputFiles {
            let data = try Data(contentsOf: file)
            for count in counts {
                for pattern in Self.patterns(count) {
                    #expect(data.range(of: pattern) == nil, "\(file.path) carries the count \(count)")
                }
            }
        }
        // The report folder does name the words left out, for `vocab diff`.
        let exclusions = try String(contentsOf: pipeline.reportFolder.appendingPathComponent("exclusions.json"), encoding: .utf8)
        for marker in Self.unshipped { #expect(exclusions.contains(marker), "\(marker)") }
        // The work folder, outside the output folder, keeps the counts for the stages.
        let rows = try String(contentsOf: pipeline.stageFolder(.read).appendingPathComponent("rows.jsonl"), encoding: .utf8)
        #expect(rows.contains(String(counts[0])))
    }

    @Test func aWorkFolderInsideTheOutputIsRefusedForSuchAList() throws {
        let root = try Project.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        var config = try JSONSerialization.jsonObject(with: Data(contentsOf: Project.sampleConfig)) as! [String: Any]
        var frequency = config["frequency"] as! [String: Any]
        frequency["redistributable"] = false
        config["frequency"] = frequency
        TestProject.relocate(&config, corpus: TestProject.sampleCorpus)
        let file = root.appendingPathComponent("pipeline.json")
        try JSONSerialization.data(withJSONObject: config).write(to: file)
        let run = try Project.vocab([
            "build", "--config", file.path, "--output", root.appendingPathComponent("out").path,
            "--work", root.appendingPathComponent("out/cache").path, "--quiet",
        ])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: \(file.path): output.work: the work folder"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("out/cache").path))
    }
}
