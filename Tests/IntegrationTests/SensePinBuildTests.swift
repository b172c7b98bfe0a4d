import Foundation
import TestSupport
import Testing
import VocabCore
import VocabPipeline

/// Sense pins through `vocab build` on the sample corpus, with the dictionary off: the source
/// lexicon is then loaded for the list's words only, and must still keep what the pins need.
@Suite struct SensePinBuildTests {
    /// The join's records of a build in `scratch`.
    static func records(_ scratch: GatesTests.Scratch) throws -> [WordRecord] {
        try JSONLines.read(WordRecord.self, from: scratch.work.appendingPathComponent("sample-en-es-0.1.0/join/records.jsonl"))
    }

    /// `spring` pinned to its second sense (i102, Spanish "resorte", "muelle"), which is no entry's
    /// first sense: the filtered load keeps its translations, and the card equals the one a whole
    /// load (the dictionary on) gives. `ditty` is in the lexicon but not in the list: its pin is
    /// checked (the filtered load keeps its entry) and reported as unused.
    @Test func aPinnedSenseKeepsItsTranslationsWhenOnlyTheListsWordsAreLoaded() throws {
        let scratch = try GatesTests.Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let pins = scratch.root.appendingPathComponent("sample.pins")
        try "spring noun i102\nditty noun i126\n".write(to: pins, atomically: true, encoding: .utf8)

        var cards: [Bool: WordRecord] = [:]
        for dictionary in [false, true] {
            let config = try scratch.config {
                $0["sensePins"] = pins.path
                $0["dictionary"] = ["enabled": dictionary]
            }
            // --force: the join must run on each load, not be reused.
            let run = try scratch.build(config, ["--force"])
            #expect(run.status == 0, "\(run)")
            let report = try JSONDecoder().decode(BuildReport.self, from: Data(run.stdout.utf8))
            #expect(report.warnings.contains { $0.contains("ditty noun i126 (line 2)") }, "\(report.warnings)")
            let spring = try #require(try Self.records(scratch).first { $0.sourceLemma == "spring" && $0.partOfSpeech == .noun })
            #expect(spring.provenance.ili == "i102" && spring.provenance.pinned && spring.provenance.senseRank == 2)
            #expect(Set(spring.translations(for: "es")) == ["resorte", "muelle"], "\(spring.translations(for: "es"))")
            cards[dictionary] = spring
        }
        #expect(cards[false] == cards[true])
    }
}
