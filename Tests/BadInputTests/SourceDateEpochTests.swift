import Foundation
import TestSupport
import Testing

/// `SOURCE_DATE_EPOCH` follows the reproducible-builds specification: decimal digits only, a
/// time the release can record; anything else stops the build, publishing nothing.
@Suite struct SourceDateEpochTests {
    @Test(arguments: ["garbage", "nan", "inf", "-1", "1.5", "1e9", " 1700000000", "", "253402300800",
                      "99999999999999999999999"])
    func aMalformedValueStopsTheBuild(_ value: String) throws {
        let sandbox = try Sandbox()
        let run = try TestProject.runVocab(["build", "--config", sandbox.config.path],
                                           environment: ["SOURCE_DATE_EPOCH": value])
        #expect(run.status == 1 && !run.signalled, "\(run)")
        let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(errors.count == 1 && errors[0].hasPrefix("error: SOURCE_DATE_EPOCH: "), "\(run.stderr)")
        expectNoPartialRelease(sandbox)
    }

    @Test func theLastSecondOfYear9999IsAccepted() throws {
        let sandbox = try Sandbox()
        let run = try TestProject.runVocab(["build", "--config", sandbox.config.path],
                                           environment: ["SOURCE_DATE_EPOCH": "253402300799"])
        expectSuccess(run, sandbox: sandbox)
        let manifest = try String(contentsOf: sandbox.release.appendingPathComponent("datapackage.json"), encoding: .utf8)
        #expect(manifest.contains(#""created": "9999-12-31T23:59:59Z""#))
        let validate = try TestProject.runVocab(["validate", sandbox.release.path])
        #expect(validate.status == 0, "\(validate.stdout)")
    }
}
