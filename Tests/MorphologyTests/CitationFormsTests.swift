import Foundation
import Morphology
import Testing
import VocabCore

/// How an analyzer's lemmas are named in the lexicon (``CitationForms``, issue 46): its markers
/// dropped, its citation forms learned from the lexicon's entries, by rule and without a table.
struct CitationFormsTests {
    /// Analyses as Apertium's Russian (`год²`) and Bulgarian (`има` for имам) analyzers give them.
    static let readings: [String: [(lemma: String, partOfSpeech: PartOfSpeech)]] = [
        "год": [("год²", .noun)], "писать": [("писать¹", .verb), ("писать²", .verb)], "рис": [("риса", .noun)],
        "дом": [("дом", .noun)], "имам": [("има", .verb)], "искам": [("иска", .verb)], "видя": [("види", .verb)],
        "съм": [("е", .verb)], "чета": [("чета", .verb)], "Бремен": [("бремя", .noun)], "къща": [("къща", .noun)],
    ]

    static func learn(_ entries: [(String, PartOfSpeech, Int)]) -> CitationForms {
        CitationForms.learn(entries: entries.map { (form: $0.0, partOfSpeech: $0.1, senses: $0.2) }) { readings[$0] ?? [] }
    }

    @Test func anAnalyzersHomographNumberIsDroppedWhereTheLexiconHasNone() {
        let forms = Self.learn([("год", .noun, 3), ("писать", .verb, 2), ("дом", .noun, 4)])
        #expect(forms.citation(of: "год²", partOfSpeech: .noun) == "год")
        #expect(forms.citation(of: "писать¹", partOfSpeech: .verb) == "писать")
        #expect(forms.citation(of: "писать²", partOfSpeech: .verb) == "писать")
        #expect(forms.aliases.isEmpty)
        // Only the analyzer's marks after a letter: a number is no marker, nor a lone mark.
        #expect(CitationForms.withoutMarkers("catch-22") == "catch-22")
        #expect(CitationForms.withoutMarkers("mp3") == "mp3")
        #expect(CitationForms.withoutMarkers("²") == "²")
        #expect(CitationForms.withoutMarkers("x¹²") == "x")
        // A lexicon that spells an entry with the mark keeps it.
        let marked = CitationForms.learn(entries: [(form: "H₂", partOfSpeech: .noun, senses: 1)]) { _ in [] }
        #expect(marked.citation(of: "H₂", partOfSpeech: .noun) == "H₂")
        #expect(marked.citation(of: "x₂", partOfSpeech: .noun) == "x")
    }

    /// The Bulgarian wordnet cites verbs in the 1st person, the analyzer in the 3rd: analyzing its
    /// entries tells, for a part of speech it mostly cites so; a lemma the lexicon has stays.
    @Test func theLexiconsNameForAnAnalyzersLemmaIsLearnedFromItsEntries() {
        let forms = Self.learn([("имам", .verb, 3), ("искам", .verb, 2), ("видя", .verb, 1), ("съм", .verb, 5), ("чета", .verb, 2), ("къща", .noun, 2)])
        #expect(forms.citation(of: "има", partOfSpeech: .verb) == "имам")
        #expect(forms.citation(of: "иска", partOfSpeech: .verb) == "искам")
        #expect(forms.citation(of: "е", partOfSpeech: .verb) == "съм")
        #expect(forms.citation(of: "чета", partOfSpeech: .verb) == "чета")
        // Another part of speech is not renamed.
        #expect(forms.citation(of: "има", partOfSpeech: .noun) == "има")
        #expect(forms.aliases.map(\.entry) == ["види", "е", "има", "иска"].map { ["види": "видя", "е": "съм", "има": "имам", "иска": "искам"][$0]! })
    }

    /// Where the analyzer mostly reads the entries as themselves (Russian nouns), an entry it reads
    /// as another lemma is a homograph or an inflected form, never a name for it; nor does a
    /// capitalised entry name a common word.
    @Test func noAliasWhereAPartOfSpeechIsMostlyCitedAlike() {
        let forms = Self.learn([("год", .noun, 3), ("дом", .noun, 4), ("рис", .noun, 1), ("Бремен", .noun, 1), ("къща", .noun, 2)])
        #expect(forms.citation(of: "риса", partOfSpeech: .noun) == "риса")
        #expect(forms.citation(of: "бремя", partOfSpeech: .noun) == "бремя")
        #expect(forms.aliases.isEmpty)
    }

    /// The forms survive their artifact (`lemmatize/citations.jsonl`) unchanged.
    @Test func theFormsAreTheSameReadBack() throws {
        let forms = Self.learn([("имам", .verb, 3), ("искам", .verb, 2)])
        let data = try JSONEncoder().encode(forms)
        #expect(try JSONDecoder().decode(CitationForms.self, from: data) == forms)
        #expect(try JSONDecoder().decode(CitationForms.self, from: data).citation(of: "има", partOfSpeech: .verb) == "имам")
    }
}
