import Foundation
import Releases
import Testing
import VocabCore

@Suite struct RealReleaseTests {
    /// COCA + OEWN 2025 + omw-es, when `../shared/corpus` is there.
    @Test func theRealReleaseValidates() throws {
        guard FileManager.default.fileExists(atPath: Fixtures.realCorpus.appendingPathComponent("lexicons").path) else {
            print("SKIPPED theRealReleaseValidates: no real corpus at \(Fixtures.realCorpus.path)")
            return
        }
        let output = try Fixtures.scratchFolder("real")
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try Fixtures.runVocab([
            "build", "--config", Fixtures.realConfig.path, "--corpus", Fixtures.realCorpus.path,
            "--output", output.path, "--quiet",
        ])
        try #require(run.status == 0, "\(run.stderr)")
        let releases = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { !$0.hasPrefix(".") }
        let name = try #require(releases.first)
        let release = output.appendingPathComponent(name)

        let report = ReleaseValidator().validate(release)
        #expect(report.valid, "\(report.text)")
        #expect(report.finding("manifest.schema")?.status == .ok)
        #expect(report.finding("json.schema")?.status == .ok)

        // The schemas themselves, applied directly.
        let manifest = try Data(contentsOf: release.appendingPathComponent("datapackage.json"))
        #expect(try ReleaseSchemas.dataPackageValidator().validate(manifest).isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: manifest) as? [String: Any])
        let resources = try #require(object["resources"] as? [[String: Any]])
        let json = try #require(resources.first { $0["format"] as? String == "json" }?["path"] as? String)
        #expect(try ReleaseSchemas.bundleValidator().validate(Data(contentsOf: release.appendingPathComponent(json))).isEmpty)
        // COCA may not be redistributed: bands only.
        #expect(object["frequencies"] as? String == "bands")
    }
}
