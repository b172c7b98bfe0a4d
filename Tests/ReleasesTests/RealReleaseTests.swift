import Foundation
import ReleaseFormat
import Releases
import TestSupport
import Testing
import VocabCore
import VocabJSON

@Suite struct RealReleaseTests {
    /// COCA + OEWN 2025 + omw-es, when `../shared/corpus` is there.
    @Test(.needsRealCorpus) func theRealReleaseValidates() throws {
        let output = try Fixtures.scratchFolder("real")
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try Fixtures.runVocab([
            "build", "--config", Fixtures.realConfig.path, "--corpus", TestProject.sharedCorpus.path,
            "--output", output.appendingPathComponent("out").path, "--work", output.appendingPathComponent("work").path, "--quiet",
        ])
        try #require(run.status == 0, "\(run.stderr)")
        let release = output.appendingPathComponent("out/coca-oewn2025-es-1.0.0")

        let report = ReleaseValidator().validate(release)
        #expect(report.valid, "\(report.text)")
        #expect(report.finding("manifest.schema")?.status == .ok)
        #expect(report.finding("json.schema")?.status == .ok)

        // The schemas themselves, applied directly.
        let manifest = try Data(contentsOf: release.appendingPathComponent("datapackage.json"))
        #expect(try ReleaseSchemas.dataPackageValidator().validate(manifest).isEmpty)
        let object = try JSONValue.parse(manifest)
        let resources = try #require(object["resources"]?.arrayValue)
        let json = try #require(resources.first { $0["format"]?.stringValue == "json" }?["path"]?.stringValue)
        #expect(try ReleaseSchemas.bundleValidator().validate(Data(contentsOf: release.appendingPathComponent(json))).isEmpty)
        // COCA may not be redistributed: bands only.
        #expect(object["frequencies"]?.stringValue == "bands")
    }
}
