import Foundation
import Morphology
import Testing
import TestSupport

/// `enumerateForms(of:_:)`: every form an lttoolbox analyzer accepts of given lemmas, each with the
/// reading that leads back to its lemma; checked by analysing every form again.
struct LttoolboxFormsTests {
    private static let spanish = "/usr/share/apertium/apertium-eng-spa/spa-eng.automorf.bin"
    private static let english = "/usr/share/apertium/apertium-eng-spa/eng-spa.automorf.bin"

    /// The forms of `lemmas`, by form, each with its readings' descriptions.
    private static func forms(_ analyzer: LttoolboxAnalyzer, _ lemmas: Set<String>) -> [String: [String]] {
        var forms: [String: [String]] = [:]
        let enumerated = analyzer.enumerateForms(of: lemmas) { forms[$0.form, default: []].append($0.reading.description) }
        #expect(enumerated)
        return forms
    }

    /// Every form reads back, as one token, with the reading it was enumerated with.
    private static func expectRoundTrip(_ analyzer: LttoolboxAnalyzer, _ forms: [String: [String]]) {
        for (form, readings) in forms {
            let back = Set(analyzer.readings(of: form).map(\.description))
            for reading in readings { #expect(back.contains(reading), "\(form): \(reading) not among \(back.sorted())") }
        }
    }

    @Test func theSampleAnalyzersFormsReadBackAsTheirLemmas() throws {
        let analyzer = try LttoolboxAnalyzer(path: TestProject.sampleCorpus.appendingPathComponent("analyzer-es.automorf.bin").path)
        let forms = Self.forms(analyzer, ["casa", "ser"])
        #expect(!forms.isEmpty)
        #expect(forms.values.joined().allSatisfy { $0.hasPrefix("casa<") || $0.hasPrefix("ser<") }, "\(forms)")
        Self.expectRoundTrip(analyzer, forms)
        // A lemma the analyzer does not have gives nothing.
        #expect(Self.forms(analyzer, ["xyzzy"]).isEmpty)
    }

    @Test(.needsSystemFiles([("apertium-eng-spa", spanish)]))
    func debiansSpanishAnalyzerGivesEveryFormOfAVerbAndANoun() throws {
        let analyzer = try LttoolboxAnalyzer(path: Self.spanish)
        let forms = Self.forms(analyzer, ["ser", "ir", "casa", "tener", "niño", "hablar"])
        for (form, lemma) in [("fue", "ser<"), ("fue", "ir<"), ("era", "ser<"), ("casas", "casa<"), ("tengo", "tener<"), ("niños", "niño<"),
                              ("hablamos", "hablar<")] {
            #expect(forms[form]?.contains { $0.hasPrefix(lemma) } == true, "\(form) → \(lemma): \(forms[form] ?? [])")
        }
        // One word only: no enclitic (`dámelo`), no joined form; a verb has its dozens of forms.
        #expect(!forms.keys.contains { $0.hasSuffix("lo") && $0.hasPrefix("tené") })
        #expect(forms.values.joined().allSatisfy { !$0.contains("+") })
        #expect(forms.keys.count { forms[$0]!.contains { $0.hasPrefix("hablar<") } } >= 40)
        Self.expectRoundTrip(analyzer, forms)
    }

    @Test(.needsSystemFiles([("apertium-eng-spa", english)]))
    func debiansEnglishAnalyzerGivesIrregularForms() throws {
        let analyzer = try LttoolboxAnalyzer(path: Self.english)
        let forms = Self.forms(analyzer, ["go", "child", "good", "be"])
        for (form, lemma) in [("went", "go<"), ("children", "child<"), ("better", "good<"), ("was", "be<")] {
            #expect(forms[form]?.contains { $0.hasPrefix(lemma) } == true, "\(form) → \(lemma): \(forms[form] ?? [])")
        }
        Self.expectRoundTrip(analyzer, forms)
    }
}
