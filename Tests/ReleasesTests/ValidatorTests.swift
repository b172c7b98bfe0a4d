import Foundation
import ReleaseValidation
import StageEmit
import Testing
import VocabCore

@Suite struct ValidatorTests {
    @Test func theSampleReleasePassesEveryCheck() throws {
        let release = try Fixtures.sampleRelease.get()
        let report = ReleaseValidator().validate(release)
        #expect(report.valid, "\(report.text)")
        #expect(report.checks.map(\.check) == ReleaseValidator.checks)
        #expect(report.problems.isEmpty)
    }

    @Test func validationChangesNothingInTheRelease() throws {
        let release = try Fixtures.sampleCopy()
        defer { Fixtures.discard(release) }
        let before = try Fixtures.fingerprint(release)
        _ = ReleaseValidator().validate(release)
        #expect(try Fixtures.fingerprint(release) == before)
    }

    @Test(arguments: Corruption.allCases)
    func aDamagedCopyFailsTheRightCheck(_ corruption: Corruption) throws {
        let release = try Fixtures.sampleCopy()
        defer { Fixtures.discard(release) }
        try corruption.apply(to: release)

        let report = ReleaseValidator().validate(release)
        #expect(!report.valid)
        let failed = Set(report.failedChecks)
        #expect(corruption.failingChecks.isSubset(of: failed), "\(corruption): \(report.text)")
        for check in corruption.passingChecks {
            #expect(report.finding(check)?.status == .ok, "\(corruption): \(check) should pass\n\(report.text)")
        }
        for finding in report.checks where finding.status == .fail {
            #expect(!finding.reason.isEmpty)
            #expect(!finding.file.isEmpty)
        }
    }

    @Test func aMissingFolderFailsWithoutCrashing() {
        let report = ReleaseValidator().validate(URL(fileURLWithPath: "/nonexistent/vocab-release-\(UUID().uuidString)"))
        #expect(!report.valid)
        #expect(report.finding("manifest.exists")?.status == .fail)
        #expect(report.checks.count == ReleaseValidator.checks.count)
    }

    @Test func reasonsNameWhatIsWrong() throws {
        let release = try Fixtures.sampleCopy()
        defer { Fixtures.discard(release) }
        try Corruption.deleteResource.apply(to: release)
        let report = ReleaseValidator().validate(release)
        let finding = try #require(report.finding("resources.exist"))
        #expect(finding.reason.contains("sample-en-es.json"))
        #expect(finding.reason.contains("missing"))
        #expect(report.text.contains("FAIL  resources.exist"))
    }
}

@Suite struct ValidationRegistryTests {
    @Test func everyCheckHasACorruptionOfItsOwn() {
        let covered = Set(Corruption.allCases.flatMap(\.failingChecks))
        #expect(Set(ReleaseValidator.checks).subtracting(covered).isEmpty,
                "checks no corruption case makes fail: \(Set(ReleaseValidator.checks).subtracting(covered).sorted())")
    }

    @Test func checkIdsAreUniqueAndDescribed() {
        let ids = ValidationCheck.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ValidationCheck.all.allSatisfy { !$0.summary.isEmpty && $0.id.contains(".") })
    }
}
