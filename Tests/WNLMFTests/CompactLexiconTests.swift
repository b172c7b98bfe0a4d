import Foundation
import TestSupport
import Testing
import VocabCore
@testable import WNLMF

/// A lexicon kept compactly answers as the same file loaded whole, and the lexicon cut from it
/// for some forms is the one a load with those forms gives.
@Suite struct CompactLexiconTests {
    /// Every question a card asks of the whole lexicon, answered by `compact`, against `whole`.
    func expectSameAnswers(_ compact: CompactLexicon, _ whole: Lexicon, every step: Int = 1) {
        #expect(compact.info == whole.info)
        #expect(compact.entryCount == whole.entries.count)
        for index in stride(from: 0, to: whole.entries.count, by: step) {
            let entry = whole.entries[index]
            #expect(compact.entry(at: index) == entry)
            #expect(compact.writtenForm(at: index) == entry.writtenForm)
            #expect(compact.entryId(at: index) == entry.id)
            #expect(compact.partOfSpeech(at: index) == entry.partOfSpeech)
            #expect(compact.senseCount(at: index) == entry.senses.count)
        }
        for synset in stride(from: 0, to: whole.synsets.count, by: step).map({ whole.synsets[$0] }) {
            #expect(compact.synset(id: synset.id) == whole.synset(id: synset.id))
            #expect(compact.members(of: synset) == whole.members(of: synset))
        }
        #expect(compact.synset(id: "no-such-synset") == nil)
        // (A linear search each: a sample of a big lexicon's ILIs.)
        let ilis = Set(whole.synsets.compactMap(\.ili)).sorted()
        for ili in stride(from: 0, to: ilis.count, by: step * 20).map({ ilis[$0] }) + ["i999999", "in", ""] {
            #expect(compact.hasSynset(ili: ili) == !whole.synsets(ili: ili).isEmpty, "\(ili)")
        }
    }

    /// The cut of `forms` against a load with `forms`: the same entries and synsets (with their
    /// members), unless `sameContent` is false (a file out of the DTD's order, which the load
    /// reads whole), where only the answers for `forms` must agree.
    func expectSameCut(_ compact: CompactLexicon, file: URL, forms: [String], keepText: Bool, sameContent: Bool = true) throws {
        let cut = compact.lexicon(entryForms: FormSet(forms))
        let loaded = try LexiconReader.read(.file(file), displayPath: "lexicon", keeping: .lexicon(entryForms: FormSet(forms), text: keepText))
        if sameContent {
            #expect(cut.entries == loaded.entries)
            #expect(cut.synsets == loaded.synsets)
            for synset in cut.synsets { #expect(cut.members(of: synset) == loaded.members(of: synset)) }
        }
        for form in forms {
            let entries = cut.entries(caseInsensitiveForm: form)
            #expect(entries == loaded.entries(caseInsensitiveForm: form))
            for sense in entries.flatMap(\.senses) {
                let synset = try #require(cut.synset(id: sense.synset))
                #expect(synset == loaded.synset(id: sense.synset))
                #expect(cut.members(of: synset) == loaded.members(of: synset))
            }
        }
    }

    @Test(arguments: ["lexicon-en.xml", "lexicon-es.xml", "lexicon-de.xml"], [true, false])
    func sampleLexiconsAgree(file: String, keepText: Bool) throws {
        let url = TestProject.sampleCorpus.appendingPathComponent(file)
        let whole = try LexiconReader.read(.file(url), displayPath: "lexicon", keeping: .lexicon(text: keepText))
        let compact = try LexiconReader.read(.file(url), displayPath: "lexicon", keeping: .compact(text: keepText))
        expectSameAnswers(compact, whole)
        let forms = whole.entries.map(\.writtenForm)
        for asked in [forms, forms.enumerated().filter { $0.offset % 3 == 0 }.map { $0.element.uppercased() }, ["nothing", "at all"], []] {
            try expectSameCut(compact, file: url, forms: asked, keepText: keepText)
        }
        // A cut made again (a longer walk) is the one a load of the new forms gives.
        try expectSameCut(compact, file: url, forms: Array(forms.prefix(2)), keepText: keepText)
    }

    /// Unresolved `members` names, members named by sense, a synset without `members`, an
    /// entry after the synsets (outside the DTD's order), and `members` naming that late entry
    /// and its sense before they are read (resolved once the whole file is).
    @Test func membersAndOrderEdgeCases() throws {
        let dir = try TempDir()
        let unresolved = document(validBody.replacingOccurrences(of: #"members="t-a-n""#, with: #"members="nobody t-a-n t-a-n-1""#))
        let noMembers = document(validBody.replacingOccurrences(of: #" members="t-a-n""#, with: ""))
        let outOfOrder = unresolved.withLateEntry
        let namedBeforeRead = document(validBody.replacingOccurrences(of: #"members="t-a-n""#, with: #"members="t-late-n t-a-n t-late-n-1 nobody""#))
            .withLateEntry
        for (name, text, sameContent) in [
            ("unresolved", unresolved, true), ("no-members", noMembers, true), ("out-of-order", outOfOrder, false),
            ("named-before-read", namedBeforeRead, false),
        ] {
            let url = try dir.write("\(name).xml", text)
            let whole = try LexiconReader.read(.file(url), displayPath: "lexicon", keeping: .lexicon())
            let compact = try LexiconReader.read(.file(url), displayPath: "lexicon", keeping: .compact())
            expectSameAnswers(compact, whole)
            for forms in [["a"], ["A", "late"], ["late"]] {
                try expectSameCut(compact, file: url, forms: forms, keepText: true, sameContent: sameContent)
            }
        }
    }

    @Test func aBadFileFailsAsTheWholeLoadFails() throws {
        let dir = try TempDir()
        let url = try dir.write("bad.xml", document(validBody.replacingOccurrences(of: #"synset="t-1-n""#, with: #"synset="t-9-n""#)))
        let expected = try #require(loadError(file: url))
        #expect(throws: expected) { try LexiconReader.read(.file(url), displayPath: url.lastPathComponent, keeping: .compact()) }
    }

    @Test(.needsRealCorpus) func realLexiconAgrees() throws {
        let english = TestProject.sharedCorpus.appendingPathComponent("lexicons/english-wordnet-2025.xml.gz")
        let whole = try LexiconReader.read(.file(english), displayPath: "en", keeping: .lexicon())
        let compact = try LexiconReader.read(.file(english), displayPath: "en", keeping: .compact())
        expectSameAnswers(compact, whole, every: 97)
        try expectSameCut(
            compact, file: english, forms: ["bank", "Earth", "american", "god", "run", "TRUE", "spring", "café", "o'clock", "be"],
            keepText: true)
    }
}
