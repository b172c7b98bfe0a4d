import Morphology
import StageLemmatize
import Testing
import TestSupport
import VocabCore
@testable import VocabPipeline

private let polishAnalyzer = "/usr/share/apertium/apertium-pol-szl/pol-szl.automorf.bin"
private let bulgarianAnalyzer = "/usr/share/apertium/apertium-mkd-bul/bul-mkd.automorf.bin"

/// The lemmatize step's readings of a list's form (issue 46), on Debian's analyzers.
@Suite(.needsSystemFiles([("apertium-pol-szl", polishAnalyzer), ("apertium-mkd-bul", bulgarianAnalyzer)]))
struct LemmatizeReadingsTests {
    /// A lower-cased `b` is no boron: the analyzer knows only `B`, a symbol, which the capitalised
    /// look-up finds; a form without capitals takes no symbol's reading.
    @Test func aCommonFormTakesNoSymbolsReading() throws {
        let analyzer = try LttoolboxAnalyzer(path: polishAnalyzer)
        let config = AnalyzerConfig(path: polishAnalyzer)
        #expect(!analyzer.readings(of: "B").isEmpty)
        #expect(LemmatizeStage.readings(of: "b", analyzer: analyzer, config: config).isEmpty)
        #expect(LemmatizeStage.readings(of: "B", analyzer: analyzer, config: config).map(\.lemma) == ["B"])
        #expect(LemmatizeStage.readings(of: "dom", analyzer: analyzer, config: config).first?.lemma == "dom")
    }

    /// Bulgarian verbs: the sample wordnet's 1st-person entries read as the analyzer's
    /// 3rd-person lemmas; the step learns the names from every entry.
    @Test func theCitationFormsAreLearnedFromTheLexiconsEntries() throws {
        let analyzer = try LttoolboxAnalyzer(path: bulgarianAnalyzer)
        let lexicon = try TestProject.sampleLexicon("lexicon-bg.xml")
        let entries = lexicon.entries.map { (form: $0.writtenForm, partOfSpeech: $0.partOfSpeech.coarse, senses: $0.senses.count) }
        let config = AnalyzerConfig(path: bulgarianAnalyzer)
        // The list's forms, analysed first: its verbs that are entries read as other lemmas.
        let known = Dictionary(uniqueKeysWithValues: ["имам", "искам", "съм", "къща", "има"].map {
            ($0, LemmatizeStage.readings(of: $0, analyzer: analyzer, config: config))
        })
        let forms = LemmatizeStage.citationForms(entries, analyzer: analyzer, config: config, known: known)
        #expect(forms.citation(of: "има", partOfSpeech: .verb) == "имам")
        #expect(forms.citation(of: "е", partOfSpeech: .verb) == "съм")
        // правя is no form of the list: its verb entries are analysed too, once verbs are known to be cited otherwise.
        #expect(forms.citation(of: "прави", partOfSpeech: .verb) == "правя")
        #expect(LemmatizeStage.citationForms(entries, analyzer: analyzer, config: config).isEmpty)
        #expect(forms.citation(of: "къща", partOfSpeech: .noun) == "къща")
        let readings = LemmatizeStage.named(["имаше": LemmatizeStage.readings(of: "имаше", analyzer: analyzer, config: config)], by: forms)
        #expect(readings["имаше"]?.map(\.lemma) == ["имам", "имам"])  // its 2nd and 3rd person
    }
}
