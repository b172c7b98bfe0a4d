import Foundation
import ReleaseFormat
import ReleaseLookup
import ReleaseValidation
import TestSupport
import Testing
import VocabCore
import VocabJSON

@Suite struct RealReleaseTests {
    /// COCA + OEWN 2025 + omw-es, when `../shared/corpus` is there.
    @Test(.needsRealCorpus) func theRealReleaseValidates() throws {
        let release = try ShippedReleases.coca2025().release

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

        // Datasette's metadata names the pinned source lexicon's URL.
        let metadata = try JSONValue.parse(Data(contentsOf: release.appendingPathComponent("metadata.json")))
        #expect(metadata["source_url"]?.stringValue?.hasSuffix("english-wordnet-2025.xml.gz") == true)
        #expect(metadata["license"]?.stringValue == object["licenseExpression"]?.stringValue)

        // `vocab lookup` for a dictionary service: OEWN 2025's `Form`s give criteria → criterion and
        // was → be; año is a Spanish translation of year; recieve suggests receive first.
        let criteria = try WordLookup.lookup("criteria", partOfSpeech: nil, in: release)
        #expect(criteria.map(\.card.lemma) == ["criterion"] && criteria.allSatisfy { $0.match == .form })
        let was = try WordLookup.lookup("was", partOfSpeech: nil, in: release)
        #expect(was.map(\.card.lemma) == ["be"] && was.first?.card.partOfSpeech == .verb)
        #expect(was.first?.source == .release && was.first?.match == .form)
        let year = try WordLookup.lookup("año", partOfSpeech: nil, in: release)
        #expect(year.first?.card.lemma == "year" && year.allSatisfy { $0.match == .translation })
        do {
            _ = try WordLookup.lookup("recieve", partOfSpeech: nil, in: release)
            Issue.record("recieve was found")
        } catch let error as LookupError {
            guard case .notFound(_, _, _, let suggestions) = error.problem else { Issue.record("\(error.problem)"); return }
            #expect(suggestions.first == "receive", "\(suggestions)")
        }
    }
}
