import Foundation
import TestSupport
import Testing
import VocabJSON

/// The cards of the shipped English release checked by an independent lemmatizer (simplemma, PyPI:
/// `.ci/run` installs it in `.build/ci-python`; `Scripts/card_checks.py`), never the project's
/// analyzers: the first example shows the card's word (issue 43: 97 %), and a sentence pair's
/// translation names the card's first translation (80 %).
@Suite(.serialized, .needsRealCorpus,
       .enabled(if: TestProject.python(importing: "simplemma") != nil, "simplemma is not installed (pip install simplemma, in .build/ci-python or for python3)"))
struct CardChecksTests {
    static let script = TestProject.root.appendingPathComponent("Tests/IntegrationTests/Scripts/card_checks.py")

    @Test func theEnglishReleasesExamplesShowTheWordAndTheirTranslationsNameIt() throws {
        let build = try ShippedReleases.coca2025()
        let python = try #require(TestProject.python(importing: "simplemma"))
        let run = try TestProject.run(
            URL(fileURLWithPath: python), [Self.script.path, build.release.appendingPathComponent("coca-oewn2025-es.json").path, "en", "es"])
        #expect(run.status == 0, "\(run.stderr)")
        let figures = try JSONValue.parse(Data(run.stdout.utf8))
        let count = { (key: String) in Int(figures[key]?.int64Value ?? -1) }
        print("coca-oewn2025-es by simplemma: \(run.stdout)")
        #expect(count("cards") == 3000)
        #expect(count("firstShowsWord") * 100 >= count("withExample") * 97, "\(run.stdout)")
        #expect(count("pairNamesFirstWord") * 100 >= count("cards") * 80, "\(run.stdout)")
    }
}
