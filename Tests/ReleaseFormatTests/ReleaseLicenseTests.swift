import Testing
@testable import VocabCore
@testable import ReleaseFormat

/// The release's licence, computed from the licences of the sources whose data it ships.
@Suite struct ReleaseLicenseTests {
    static func source(_ role: SourceFile.Role, _ lexicon: String?, url: String? = nil, name: String? = nil, path: String? = nil) -> SourceFile {
        SourceFile(
            role: role, path: path ?? "lexicons/\(lexicon ?? "list").xml.gz", bytes: 1, sha256: String(repeating: "0", count: 64),
            lexicon: lexicon, language: "es", title: nil, license: SourceLicense(name: name, path: url, attribution: "credit for \(lexicon ?? "list")"))
    }

    static let coca = LicenseInput(
        source: source(.frequency, nil, name: nil, path: "frequency/COCA_WordFrequency.csv"), shipped: false, note: "not redistributable")
    static let oewn = LicenseInput(source: source(.lexicon, "oewn:2025", url: "https://creativecommons.org/licenses/by/4.0/"), shipped: true)
    static let mcr = LicenseInput(source: source(.translation, "omw-es:1.4", url: "https://creativecommons.org/licenses/by/3.0/"), shipped: true)
    static let wiktionary = LicenseInput(
        source: source(.translation, "wikt-es:2.0", url: "https://creativecommons.org/licenses/by-sa/3.0/"), shipped: true)

    @Test func attributionOnlySourcesGiveTheConjunctionOfTheirLicences() throws {
        let license = try ReleaseLicense.compute([Self.coca, Self.oewn, Self.mcr])
        #expect(license.expression == "CC-BY-4.0 AND CC-BY-3.0")
        #expect(license.licenses.map(\.name) == ["CC-BY-4.0", "CC-BY-3.0"])
        // The list that is not redistributed does not count, and says why.
        #expect(license.counted.map(\.name) == ["oewn:2025", "omw-es:1.4"])
        #expect(license.notCounted.map(\.source.path) == ["frequency/COCA_WordFrequency.csv"])
    }

    @Test func aShareAlikeSourceMakesTheReleaseShareAlikeAtTheVersionEverySourceAllows() throws {
        // CC BY-SA 3.0 allows a later version; CC BY 4.0 material goes into CC BY-SA 4.0.
        let license = try ReleaseLicense.compute([Self.coca, Self.oewn, Self.mcr, Self.wiktionary])
        #expect(license.expression == "CC-BY-SA-4.0")
        #expect(license.licenses == [DataPackage.License(
            name: "CC-BY-SA-4.0", path: "https://creativecommons.org/licenses/by-sa/4.0/", title: "Creative Commons Attribution-ShareAlike 4.0 International")])
        #expect(license.reason.contains("wikt-es:2.0"))
        // Every counted source's attribution is in ATTRIBUTION.md, the uncounted list apart.
        let document = license.attributionDocument(release: "coca 1.0.0")
        for credit in ["credit for oewn:2025", "credit for omw-es:1.4", "credit for wikt-es:2.0", "**CC-BY-SA-4.0**"] {
            #expect(document.contains(credit), "\(credit)")
        }
        #expect(document.contains("not part of the licence"))
        // With only CC BY 3.0 beside it, the release stays at the share-alike source's own version.
        #expect(try ReleaseLicense.compute([Self.mcr, Self.wiktionary]).expression == "CC-BY-SA-3.0")
    }

    /// Tatoeba's sentence pairs: CC BY 2.0 FR, a port of CC BY 2.0 (no SPDX id of its own).
    static let tatoeba = LicenseInput(
        source: source(.examples, nil, url: "https://creativecommons.org/licenses/by/2.0/fr/", name: "CC-BY-2.0-FR", path: "sentences/spa-eng.txt"),
        shipped: true)

    @Test func attributionPairsUnderAPortedLicenceGoIntoAShareAlikeRelease() throws {
        // CC BY material (any version or port) goes into CC BY-SA adaptations: the release stays CC BY-SA 4.0.
        let license = try ReleaseLicense.compute([Self.coca, Self.oewn, Self.mcr, Self.wiktionary, Self.tatoeba])
        #expect(license.expression == "CC-BY-SA-4.0")
        #expect(license.counted.map(\.source.path).contains("sentences/spa-eng.txt"))
        #expect(license.attributionDocument(release: "coca 1.0.0").contains("credit for list"))
        // Without a share-alike source the port is one of the release's licences, with its URL.
        let attributionOnly = try ReleaseLicense.compute([Self.oewn, Self.tatoeba])
        #expect(attributionOnly.expression == "CC-BY-4.0 AND CC-BY-2.0-FR")
        #expect(attributionOnly.licenses.last == DataPackage.License(
            name: "CC-BY-2.0-FR", path: "https://creativecommons.org/licenses/by/2.0/fr/", title: "Creative Commons Attribution 2.0 (FR port)"))
        // A name that is no port stays unknown.
        #expect(LicenseTerms("CC-BY-2.0-France").isOther)
        #expect(LicenseTerms("CC-BY-9.0-FR").isOther)
    }

    @Test func aSourceWhoseDataDidNotReachTheReleaseDoesNotCount() throws {
        var unused = Self.wiktionary
        unused.shipped = false
        #expect(try ReleaseLicense.compute([Self.oewn, Self.mcr, unused]).expression == "CC-BY-4.0 AND CC-BY-3.0")
    }

    @Test func twoIncompatibleShareAlikeLicencesAreAnErrorNamingBothSources() throws {
        let osm = LicenseInput(source: Self.source(.translation, "osm-es:1.0", name: "ODbL-1.0"), shipped: true)
        #expect(throws: LicenseError.self) { try ReleaseLicense.compute([Self.oewn, Self.wiktionary, osm]) }
        do {
            _ = try ReleaseLicense.compute([Self.oewn, Self.wiktionary, osm])
        } catch {
            #expect(error.problem == .incompatibleShareAlike(
                first: "wikt-es:2.0", firstLicense: "CC-BY-SA-3.0", second: "osm-es:1.0", secondLicense: "ODbL-1.0"))
            #expect(error.message.contains("wikt-es:2.0") && error.message.contains("osm-es:1.0"))
        }
        // CC BY-SA 1.0 allows no later version: it cannot join CC BY-SA 3.0.
        let old = LicenseInput(source: Self.source(.translation, "old-es:1.0", name: "CC-BY-SA-1.0"), shipped: true)
        #expect(throws: LicenseError.self) { try ReleaseLicense.compute([Self.wiktionary, old]) }
    }

    @Test func theGateListsEveryCountedSourceUnderALicenceNotAllowed() throws {
        let license = try ReleaseLicense.compute([Self.coca, Self.oewn, Self.mcr, Self.wiktionary])
        #expect(license.disallowed(by: ["CC-BY-4.0", "CC-BY-3.0"]).map(\.name) == ["wikt-es:2.0"])
        #expect(license.disallowed(by: ["CC-BY-4.0", "CC-BY-3.0", "CC-BY-SA-3.0"]).isEmpty)
    }
}
