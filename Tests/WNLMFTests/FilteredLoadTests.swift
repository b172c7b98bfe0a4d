import Foundation
import TestSupport
import Testing
import VocabCore
import WNLMF

/// A load that keeps only what a list can reach answers the questions the stages ask exactly as
/// a whole load does: the entries of a form, their senses' synsets (text, members), and the
/// translation synsets of an ILI with their members.
@Suite struct FilteredLoadTests {
    /// Everything the select and join stages can ask about `forms`.
    func answers(_ lexicon: Lexicon, forms: [String]) -> [String] {
        var lines: [String] = []
        for form in forms {
            for entry in lexicon.entries(caseInsensitiveForm: form) {
                lines.append("\(form): \(entry.id) \(entry.writtenForm) \(entry.partOfSpeech.rawValue) \(entry.documentIndex) \(entry.senses)")
                for sense in entry.senses {
                    guard let synset = lexicon.synset(id: sense.synset) else {
                        lines.append("  missing \(sense.synset)")
                        continue
                    }
                    lines.append("  \(synset) \(lexicon.members(of: synset))")
                }
            }
        }
        return lines
    }

    func translations(_ lexicon: Lexicon, ilis: [String]) -> [String] {
        ilis.map { ili in "\(ili): " + lexicon.synsets(ili: ili).map { "\($0) \(lexicon.members(of: $0))" }.joined(separator: "; ") }
    }

    /// The ILIs a load gives before its lexicon is made are those the lexicon then gives: of
    /// each kept entry's first `senses` senses' synsets, in sense order.
    @Test(arguments: [0, 1, 2, 3, 50])
    func theILIsGivenBeforeTheLexiconAreThoseOfItsFirstSenses(senses: Int) throws {
        let english = TestProject.sampleCorpus.appendingPathComponent("lexicon-en.xml")
        let whole = try LexiconReader.read(.file(english), displayPath: "en", keeping: .lexicon())
        let forms = whole.entries.map(\.writtenForm)
        let sets = [forms, forms.enumerated().filter { $0.offset % 3 == 0 }.map(\.element), ["nothing"]]
        for asked in sets.map(Optional.some) + [nil] {
            let given = ILIBox()
            let lexicon = try LexiconReader.read(
                .file(english), displayPath: "en",
                keeping: .lexicon(entryForms: asked.map(FormSet.init), interlingualIdsOfFirst: senses) { given.value = $0 })
            var expected = Set<String>()
            for entry in lexicon.entries {
                for sense in entry.senses.prefix(max(1, senses)) {
                    if let ili = lexicon.synset(id: sense.synset)?.interlingualId { expected.insert(ili) }
                }
            }
            #expect(given.value == expected)
            // The lexicon is the one the plain keep gives.
            let plain = try LexiconReader.read(.file(english), displayPath: "en", keeping: .lexicon(entryForms: asked.map(FormSet.init)))
            #expect(answers(lexicon, forms: forms) == answers(plain, forms: forms))
        }
        // The sample's first senses alone leave out ILIs that later senses have.
        if senses == 1 {
            let all = Set(whole.entries.flatMap { $0.senses.compactMap { whole.synset(id: $0.synset)?.interlingualId } })
            let given = ILIBox()
            _ = try LexiconReader.read(.file(english), displayPath: "en", keeping: .lexicon(entryForms: nil, interlingualIdsOfFirst: 1) { given.value = $0 })
            #expect(given.value?.isSubset(of: all) == true)
            #expect(given.value != all)
        }
    }

    /// A cut answers its synsets from the reader's store (made when asked, not up front): they are
    /// the synsets of its entries' senses, each as the whole lexicon's, with the same members, in
    /// document order; a synset of another entry is not in it. So for a cut of a store kept whole.
    @Test func aCutAnswersItsSynsetsFromTheStoreAsTheWholeLexiconDoes() throws {
        let english = TestProject.sampleCorpus.appendingPathComponent("lexicon-en.xml")
        let whole = try LexiconReader.read(.file(english), displayPath: "en", keeping: .lexicon())
        let compact = try LexiconReader.read(.file(english), displayPath: "en", keeping: .compact())
        let forms = Array(Set(whole.entries.map(\.writtenForm))).sorted()
        for asked in [forms, forms.enumerated().filter { $0.offset % 2 == 1 }.map(\.element), []] {
            let cuts = [
                try LexiconReader.read(.file(english), displayPath: "en", keeping: .lexicon(entryForms: FormSet(asked))),
                compact.lexicon(entryForms: FormSet(asked)),
            ]
            let wanted = Set(whole.entries.filter { asked.contains($0.writtenForm) }.flatMap { $0.senses.map(\.synset) })
            let expected = whole.synsets.filter { wanted.contains($0.id) }
            for cut in cuts {
                #expect(cut.synsets == expected)
                for synset in whole.synsets {
                    if wanted.contains(synset.id) {
                        #expect(cut.synset(id: synset.id) == synset)
                        #expect(cut.members(of: synset) == whole.members(of: synset))
                        if let ili = synset.interlingualId { #expect(cut.synsets(ili: ili).contains(synset)) }
                    } else {
                        #expect(cut.synset(id: synset.id) == nil)
                    }
                }
            }
        }
        #expect(!whole.synsets.isEmpty)
    }

    final class ILIBox: @unchecked Sendable {
        var value: Set<String>?
    }

    @Test(arguments: [true, false])
    func sampleLexiconsAgree(keepText: Bool) throws {
        let english = TestProject.sampleCorpus.appendingPathComponent("lexicon-en.xml")
        let whole = try LexiconReader.read(.file(english), displayPath: "en", keeping: .lexicon(text: keepText))
        let forms = whole.entries.map(\.writtenForm)
        // Every form, half the forms in upper case, and forms no entry has.
        for asked in [forms, forms.enumerated().filter { $0.offset % 2 == 0 }.map { $0.element.uppercased() }, ["nothing", "at all"]] {
            let cut = try LexiconReader.read(.file(english), displayPath: "en", keeping: .lexicon(entryForms: FormSet(asked), text: keepText))
            #expect(answers(cut, forms: asked) == answers(whole, forms: asked))
            // Nothing else is kept.
            let lower = Set(asked.map { $0.lowercased() })
            #expect(cut.entries.allSatisfy { lower.contains($0.writtenForm.lowercased()) })
        }

        let spanish = TestProject.sampleCorpus.appendingPathComponent("lexicon-es.xml")
        let wholeSpanish = try LexiconReader.read(.file(spanish), displayPath: "es", keeping: .lexicon(text: false))
        let ilis = wholeSpanish.synsets.compactMap(\.interlingualId)
        let scan = try LexiconReader.read(.file(spanish), displayPath: "es", keeping: .concepts)
        let some = Array(ilis.prefix(ilis.count / 2))
        let cut = scan.lexicon(interlingualIds: Set(some))
        #expect(translations(cut, ilis: ilis).filter { !$0.hasSuffix(": ") } == translations(wholeSpanish, ilis: some))
    }

    /// A `members` name that resolves to nothing stays in the synset's `members` (found by the
    /// fuzzer), but is no member.
    @Test func unresolvedMemberNamesAreKept() throws {
        let text = document(validBody.replacingOccurrences(of: #"members="t-a-n""#, with: #"members="nobody t-a-n t-a-n-1""#))
        let whole = try load(text)
        let cut = try load(text, keeping: .lexicon(entryForms: FormSet(["A"])))
        #expect(cut.synsets == whole.synsets)
        #expect(cut.synsets.first?.members == ["nobody", "t-a-n", "t-a-n-1"])
        #expect(cut.members(of: cut.synsets[0]).map(\.entryId) == ["t-a-n", "t-a-n"])
        #expect(answers(cut, forms: ["a"]) == answers(whole, forms: ["a"]))
        let dir = try TempDir()
        let scan = try LexiconReader.read(.file(try dir.write("t.xml", text)), displayPath: "t", keeping: .concepts)
        let wholeWithoutText = try load(text, keeping: .lexicon(text: false))
        #expect(translations(scan.lexicon(interlingualIds: ["i1"]), ilis: ["i1"]) == translations(wholeWithoutText, ilis: ["i1"]))
    }

    @Test(.needsRealCorpus) func realLexiconsAgree() throws {
        let lexicons = TestProject.sharedCorpus.appendingPathComponent("lexicons")
        let english = lexicons.appendingPathComponent("english-wordnet-2025.xml.gz")
        let forms = ["bank", "Earth", "american", "god", "run", "TRUE", "spring", "café", "o'clock", "be", "nonexistent-form"]
        let whole = try LexiconReader.read(.file(english), displayPath: "en", keeping: .lexicon())
        let cut = try LexiconReader.read(.file(english), displayPath: "en", keeping: .lexicon(entryForms: FormSet(forms)))
        #expect(answers(cut, forms: forms) == answers(whole, forms: forms))
        #expect(cut.entries.count < 100)

        let spanish = lexicons.appendingPathComponent("omw-es.xml.gz")
        let wholeSpanish = try LexiconReader.read(.file(spanish), displayPath: "es", keeping: .lexicon(text: false))
        var ilis: [String] = []
        for entry in cut.entries {
            for sense in entry.senses { if let ili = cut.synset(id: sense.synset)?.interlingualId { ilis.append(ili) } }
        }
        let scan = try LexiconReader.read(.file(spanish), displayPath: "es", keeping: .concepts)
        let cutSpanish = scan.lexicon(interlingualIds: Set(ilis))
        #expect(translations(cutSpanish, ilis: ilis) == translations(wholeSpanish, ilis: ilis))
        #expect(!cutSpanish.synsets.isEmpty && cutSpanish.synsets.count < 500)
    }
}
