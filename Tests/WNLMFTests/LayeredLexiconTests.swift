import Foundation
import TestSupport
import Testing
import VocabCore
@testable import WNLMF

/// Layered source lexicons (issue 46): a later layer gives the entries whose word the ones before
/// it lack in that part of speech, each entry keeping its own lexicon; the cut and the whole
/// (compact) layered lexicon answer alike.
@Suite struct LayeredLexiconTests {
    static let corpus = TestProject.sampleCorpus
    static let files = ["lexicon-pl.xml", "lexicon-pl-wikt.xml"].map { corpus.appendingPathComponent($0) }

    static func cut(_ forms: [String]) throws -> Lexicon {
        let layers = try files.map { try LexiconReader.read(.file($0), displayPath: $0.lastPathComponent, keeping: .lexicon(entryForms: FormSet(forms))) }
        return try Lexicon.layered(layers, files: files.map(\.path))
    }

    static func compact() throws -> CompactLexicon {
        let layers = try files.map { try LexiconReader.read(.file($0), displayPath: $0.lastPathComponent, keeping: .compact()) }
        return try CompactLexicon.layered(layers, files: files.map(\.path))
    }

    @Test func aLaterLayerGivesOnlyWhatTheFirstLacks() throws {
        let lexicon = try Self.cut(["być", "mieć", "dom", "robić", "rok"])
        // The wordnet's noun and verb stay its own; the verbs it lacks come from the next layer.
        #expect(lexicon.entries(caseInsensitiveForm: "dom").map(\.id) == ["sample-pl-dom-n"])
        #expect(lexicon.entries(caseInsensitiveForm: "robić").map(\.id) == ["sample-pl-robić-v"])
        #expect(lexicon.entries(caseInsensitiveForm: "być").map(\.id) == ["sample-pl-wikt-być-v"])
        #expect(lexicon.lexiconInfo(ofEntry: "sample-pl-wikt-być-v").idVersion == "sample-pl-wikt:2.0")
        #expect(lexicon.lexiconInfo(ofEntry: "sample-pl-dom-n").idVersion == "sample-pl:1.0")
        #expect(lexicon.info.idVersion == "sample-pl:1.0")
        #expect(lexicon.layerInfos.map(\.idVersion) == ["sample-pl:1.0", "sample-pl-wikt:2.0"])
        // A later layer's entry comes after the first's in document order, with its synset and members.
        let be = try #require(lexicon.entries(caseInsensitiveForm: "być").first)
        #expect(be.documentIndex > lexicon.entries(caseInsensitiveForm: "dom")[0].documentIndex)
        let synset = try #require(lexicon.synset(id: be.senses[0].synset))
        #expect(synset.interlingualId == "i123")
        #expect(lexicon.members(of: synset).map(\.writtenForm) == ["być"])
        // The later layer's own dom (another concept) is not given: the wordnet has the word.
        #expect(lexicon.synset(id: "sample-pl-wikt-914-n") == nil)
    }

    @Test func theWholeLayeredLexiconAnswersAsItsCuts() throws {
        let compact = try Self.compact()
        let forms = ["być", "mieć", "móc", "wiedzieć", "robić", "dom", "rok", "nowy", "In"]
        let cut = compact.lexicon(entryForms: FormSet(forms))
        let loaded = try Self.cut(forms)
        #expect(cut.entries == loaded.entries)
        #expect(cut.synsets == loaded.synsets)
        // Every entry of the wordnet, then the wikt layer's verbs it lacks (its robić and dom left out).
        let names = (0..<compact.entryCount).map { "\(compact.writtenForm(at: $0))/\(compact.partOfSpeech(at: $0).rawValue)" }
        #expect(names.suffix(4) == ["być/v", "mieć/v", "móc/v", "wiedzieć/v"])
        #expect(names.filter { $0 == "dom/n" || $0 == "robić/v" }.count == 2)
        let index = try #require((0..<compact.entryCount).first { compact.writtenForm(at: $0) == "mieć" })
        #expect(compact.lexiconInfo(ofEntry: compact.entryId(at: index)).idVersion == "sample-pl-wikt:2.0")
        #expect(compact.entry(at: index).senses.count == 1)
        #expect(compact.synset(id: compact.entry(at: index).senses[0].synset)?.interlingualId == "i905")
        #expect(compact.hasSynset(ili: "i913") && compact.hasSynset(ili: "i118") && !compact.hasSynset(ili: "i999"))
    }

    /// A layer whose ids an earlier one uses would answer with the other's elements: an error
    /// naming the later file.
    @Test func layersWhoseIdsMeetAreAnError() throws {
        let first = Self.files[0]
        let layers = try [first, first].map { try LexiconReader.read(.file($0), displayPath: "l", keeping: .lexicon()) }
        // The same file twice gives nothing new (its words are the first's): no clash.
        #expect(try Lexicon.layered(layers, files: ["a", "b"]).entries.count == layers[0].entries.count)
        let clashing = try load("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE LexicalResource SYSTEM "http://globalwordnet.github.io/schemas/WN-LMF-1.1.dtd">
        <LexicalResource><Lexicon id="x" label="x" language="pl" email="e" license="l" version="1">
          <LexicalEntry id="x-być-v"><Lemma writtenForm="być" partOfSpeech="v" /><Sense id="x-s" synset="sample-pl-118-n" /></LexicalEntry>
          <Synset id="sample-pl-118-n" ili="i1" partOfSpeech="v" />
        </Lexicon></LexicalResource>
        """)
        #expect(throws: LexiconError.self) { try Lexicon.layered([layers[0], clashing], files: ["first.xml", "second.xml"]) }
        do {
            _ = try Lexicon.layered([layers[0], clashing], files: ["first.xml", "second.xml"])
        } catch {
            #expect(error.location.file == "second.xml")
            #expect(error.problem == .idInEarlierLexicon("sample-pl-118-n", lexicon: "sample-pl:1.0"))
        }
    }
}
